/*
 * The TV display page's service worker (scope /tv): the page and its hashed assets stay available
 * when the store's network drops, so a TV that reloads offline still shows the last prices (which
 * the page keeps in localStorage). The page: network first, the cached copy when offline. Assets:
 * cached once (their names change with their content). The API is never cached here.
 */
const CACHE = 'freguesia-tv-v1';

// The page and the assets it names, at once: the page that registered this worker loaded them
// before the worker controlled it, so they would otherwise be cached only on the next visit.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        const page = await fetch('/tv', { cache: 'no-cache' });
        if (!page.ok) return;
        const html = await page.clone().text();
        await cache.put('/tv', page);
        const assets = [...new Set(html.match(/\/assets\/[\w.-]+/g) || [])];
        await cache.addAll(assets);
      })
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put('/tv', copy)));
          }
          return response;
        })
        .catch(() =>
          caches
            .open(CACHE)
            .then((cache) => cache.match('/tv'))
            .then((hit) => hit || Response.error()),
        ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) event.waitUntil(cache.put(request, response.clone()));
              return response;
            }),
        ),
      ),
    );
  }
});
