import type { AppRoute } from './route-types';
// import { read, write } from './route-types';

/**
 * THE list of authenticated screens (inside the shell). Adding a screen is one entry here:
 *
 *   { path: '/customers', permission: read('Customers'), breadcrumbs: [{ text: 'Clientes' }], lazy: () => import('../pages/customers/list-page') },
 *   { path: '/customer/edit/:id', permission: write('Customers'), breadcrumbs: [{ text: 'Clientes', href: '/customers' }, { text: 'Alterar cliente' }], lazy: () => import('../pages/customers/form-page') },
 *
 * The side menu shows an entry only when its route is registered here (no dead links), so
 * registering '/customers' is also what makes 'Clientes' appear. '/' (Home) and the public
 * pages (/login, /cadastro, /cadastro/termos, /nps) are wired in router.tsx.
 */
export const APP_ROUTES: readonly AppRoute[] = [];

/** Paths whose screen exists: the menu's `availableRoutes`. */
export const AVAILABLE_ROUTES: ReadonlySet<string> = new Set(APP_ROUTES.map((route) => route.path));
