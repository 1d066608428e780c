import type { TvScreen, TvScreenRow } from '@freguesia/shared/schemas/tv';
import {
  cacheKey,
  readCached,
  rowsPerPage,
  shelfPrice,
  slidesOf,
  tokenOf,
  writeCached,
  type Slide,
} from './screen-model';

/**
 * The TV display page (/tv#{token}): a public, full-screen price screen of one TV campaign at one
 * store. It polls the screen every POLL_MS with the last ETag (an unchanged screen is a 304 with no
 * body), rotates the slides, and keeps showing the last prices while offline (localStorage; the
 * service worker /tv-sw.js keeps the page itself). Plain DOM, no framework: a few KB of JavaScript.
 */

const POLL_MS = 30_000;
const NOT_FOUND = 'Tela não encontrada.';

const root = document.getElementById('tv')!;
const token = tokenOf(location.hash);
const storageKey = cacheKey(token);

let screen: TvScreen | undefined;
let fetchedAt = 0;
let offline = false;
let slides: Slide[] = [];
let slideIndex = 0;
let rotation: ReturnType<typeof setTimeout> | undefined;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

function price(row: TvScreenRow): HTMLElement {
  const box = el('div', 'tv-price');
  if (row.before !== null) box.append(el('span', 'tv-before', shelfPrice(row.before)));
  if (row.kind === 'club') box.append(el('span', 'tv-club', 'CLUBE'));
  box.append(el('span', 'tv-now', shelfPrice(row.now)));
  return box;
}

function image(row: TvScreenRow): HTMLElement | undefined {
  if (!/^https?:\/\//i.test(row.url)) return undefined;
  const img = el('img');
  img.src = row.url;
  img.alt = '';
  img.onerror = () => img.remove();
  return img;
}

function description(row: TvScreenRow): HTMLElement {
  const desc = el('div', 'tv-desc', row.description);
  if (row.qt_packing > 1) desc.append(el('span', 'tv-pack', `C/${row.qt_packing}`));
  return desc;
}

function slideNode(slide: Slide): HTMLElement {
  if (slide.kind === 'banner') {
    const banner = el('div', 'tv-banner');
    const img = image(slide.row);
    if (img) banner.append(img);
    const text = el('div');
    text.append(description(slide.row), price(slide.row));
    banner.append(text);
    return banner;
  }
  const list = el('div', 'tv-rows');
  list.style.gridTemplateRows = `repeat(${rowsPerPage(window.innerHeight)}, 1fr)`;
  for (const row of slide.rows) {
    const line = el('div', 'tv-row');
    line.dataset.code = row.code;
    const img = image(row);
    if (img) line.append(img);
    line.append(description(row), price(row));
    list.append(line);
  }
  return list;
}

const time = (at: number) =>
  new Date(at).toLocaleTimeString('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  });

function frame(body: HTMLElement): void {
  const head = el('div', 'tv-head');
  const left = el('div');
  left.append(el('div', 'tv-title', screen?.title ?? ''), el('div', 'tv-store', screen?.store ?? ''));
  head.append(left, el('div', 'tv-clock', time(Date.now())));
  const main = el('div', 'tv-body');
  main.append(body);
  const foot = el('div', 'tv-foot');
  foot.append(
    el(
      'span',
      offline ? 'tv-offline' : '',
      offline ? `Sem conexão: preços de ${time(fetchedAt)}` : `Atualizado às ${time(fetchedAt)}`,
    ),
    el('span', '', slides.length > 1 ? `${slideIndex + 1}/${slides.length}` : ''),
  );
  root.replaceChildren(head, main, foot);
}

function message(text: string): void {
  clearTimeout(rotation);
  const body = el('div', 'tv-body');
  body.append(el('p', 'tv-msg', text));
  root.replaceChildren(body);
}

function show(): void {
  clearTimeout(rotation);
  if (!screen) return;
  if (slides.length === 0) {
    frame(el('p', 'tv-msg', 'Sem ofertas no momento.'));
    return;
  }
  slideIndex %= slides.length;
  frame(slideNode(slides[slideIndex]!));
  rotation = setTimeout(() => {
    slideIndex += 1;
    show();
  }, screen.rotate_seconds * 1000);
}

function apply(next: TvScreen, at: number): void {
  const changed = next.version !== screen?.version;
  screen = next;
  fetchedAt = at;
  if (changed) {
    slides = slidesOf(next.rows, rowsPerPage(window.innerHeight));
    slideIndex = 0;
  }
  show();
}

async function poll(): Promise<void> {
  try {
    // The token in a header, not the URL: it stays out of every access log.
    const res = await fetch('/api/tv/screen', {
      headers: { 'x-tv-token': token, ...(screen ? { 'if-none-match': `"${screen.version}"` } : {}) },
      cache: 'no-store',
    });
    if (res.status === 304 && screen) {
      offline = false;
      fetchedAt = Date.now();
      localStorage.setItem(storageKey, writeCached(token, screen, fetchedAt));
    } else if (res.ok) {
      offline = false;
      const next = (await res.json()) as TvScreen;
      localStorage.setItem(storageKey, writeCached(token, next, Date.now()));
      apply(next, Date.now());
    } else if (res.status === 404) {
      // A definitive answer: the link was revoked or the campaign is off the air.
      localStorage.removeItem(storageKey);
      screen = undefined;
      message(NOT_FOUND);
    } else {
      offline = true;
    }
  } catch {
    offline = true;
  }
  if (screen) show();
  else if (offline) message('Sem conexão. Tentando novamente…');
}

if (!token) message(NOT_FOUND);
else {
  const cached = readCached(localStorage.getItem(storageKey), token);
  if (cached) apply(cached.screen, cached.at);
  void poll();
  setInterval(() => void poll(), POLL_MS);
  addEventListener('hashchange', () => location.reload());
  if ('serviceWorker' in navigator)
    void navigator.serviceWorker.register('/tv-sw.js', { scope: '/tv' }).catch(() => undefined);
}
