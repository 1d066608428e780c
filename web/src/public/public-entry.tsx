import { startTransition, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from '../api/query-client';
import { takeFlash } from '../app/flash';
import { notify } from '../app/notifications/notify';
import { documentTitle } from '../app/tenant';
import { loadTenantTheme } from '../app/theme';
import { publicTree } from './public-root';

/**
 * Starts a public page whose markup was prerendered into its HTML file at build time: the same
 * start-up as the app's entry (title, tenant colour, a notice left by the previous page), then
 * React takes over the markup already on screen instead of painting it again. Without
 * prerendered markup (the Vite dev server) the page is rendered from scratch.
 *
 * `fresh`: the markup on screen is no longer the prerendered one (the portal's entry filled it
 * in with the tenant's content): React draws the same page over it at once, and the control
 * that had the focus gets it back.
 */
export function startPublicPage(page: ReactNode, { fresh = false }: { fresh?: boolean } = {}): void {
  document.title = documentTitle();
  void loadTenantTheme();
  const flash = takeFlash();
  if (flash) notify(flash);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root not found');
  const tree = publicTree(page, queryClient);
  if (!container.firstElementChild) {
    createRoot(container).render(tree);
    return;
  }
  if (fresh) {
    const focused = document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid');
    const root = createRoot(container);
    // In one go: the markup is replaced within a single frame, never shown half drawn.
    flushSync(() => root.render(tree));
    if (focused) container.querySelector<HTMLElement>(`[data-testid="${CSS.escape(focused)}"]`)?.focus();
    return;
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of being one
  // long task (the page is already on screen; a click or key during it is handled in between).
  startTransition(() => {
    hydrateRoot(container, tree);
  });
}
