import type { ComponentType } from 'react';
import type { Ability, Subject } from '@freguesia/shared/domain/permissions';

/** One breadcrumb after Home. `href` may contain the route's `:params`; omit it on the last one. */
export interface Crumb {
  text: string;
  href?: string;
}

/**
 * An authenticated screen, registered in `routes.tsx`.
 *
 * - `path`: absolute react-router path, e.g. '/customers' or '/customer/edit/:id'.
 * - `lazy`: the page module, imported lazily so that every area is its own chunk; the
 *   module's default export is the page component.
 * - `permission`: what the user must hold; without it the user is sent to '/' with the
 *   notice 'Você não tem permissão para acessar esta página' (checked before the chunk loads).
 * - `breadcrumbs`: the trail after Home; the last crumb is the current page.
 *
 * A screen whose `path` equals a menu route (shared/src/domain/menu.ts) makes that menu
 * entry appear, for users holding the entry's permission.
 */
export interface AppRoute {
  path: string;
  lazy: () => Promise<{ default: ComponentType }>;
  permission?: Ability;
  breadcrumbs: Crumb[];
}

/** `read('Customers')` — shorthand for route permissions. */
export const read = (subject: Subject): Ability => ({ action: 'read', subject });
/** `write('Customers')` — shorthand for route permissions. */
export const write = (subject: Subject): Ability => ({ action: 'write', subject });

/** What the shell reads from the matched route (react-router `handle`). */
export interface RouteHandle {
  breadcrumbs: Crumb[];
}
