import { startTransition, type ReactNode } from 'react';
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
 */
export function startPublicPage(page: ReactNode): void {
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
  // As a transition, hydration yields to the browser every few milliseconds instead of being one
  // long task (the page is already on screen; a click or key during it is handled in between).
  startTransition(() => {
    hydrateRoot(container, tree);
  });
}
