import type { Ability } from '@freguesia/shared/domain/permissions';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { landingPath } from './landing';
import { notify } from './notifications/notify';
import { PageLoading } from './page-loading';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import type { AppRoute, RouteHandle } from './route-types';
import { APP_ROUTES } from './routes';
import { readSession } from './session';

type PageModule = { default: ComponentType };

/** Adapts `() => import('./page')` (default export) to react-router's `lazy`. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** Element of redirect-only routes: their loader always redirects, so it never shows. */
const Redirecting = () => null;

export const NO_PERMISSION_MESSAGE = 'Você não tem permissão para acessar esta página';

/**
 * Refuses a screen the user may not open: the notice, and back to Home. The check itself is
 * a lazily loaded chunk (the permission catalogue pulls zod, kept out of the app entry).
 */
function requirePermission(permission: Ability): LoaderFunction {
  return async () => {
    const { allowed } = await import('./permission-guard');
    if (allowed(permission)) return null;
    notify({ type: 'warning', content: NO_PERMISSION_MESSAGE });
    return redirect('/');
  };
}

function appRoute(route: AppRoute): RouteObject {
  const handle: RouteHandle = { breadcrumbs: route.breadcrumbs };
  return {
    path: route.path,
    handle,
    loader: route.permission ? requirePermission(route.permission) : undefined,
    lazy: page(route.lazy),
  };
}

const registerPage = page(() => import('../pages/portal/register-page'));
const termsPage = page(() => import('../pages/portal/terms-page'));
const surveyPage = page(() => import('../pages/nps/survey-page'));
const unsubscribePage = page(() => import('../pages/unsubscribe/unsubscribe-page'));

// Public pages customers reach from links, whatever the staff session.
const portalRoutes: RouteObject[] = [
  { path: '/cadastro', lazy: registerPage },
  { path: '/cadastro/termos', lazy: termsPage },
  // The unsubscribe link of a marketing e-mail (issue 20).
  { path: '/descadastro', lazy: unsubscribePage },
];

/** What the route table depends on; the abilities are read by the permission guard. */
export interface SessionState {
  loggedIn: boolean;
}

/**
 * The route table for this page load. Every session change is a full page load (login,
 * logout, 401), so the tree is chosen once from the session: logged out only the public
 * routes exist and everything else goes to /login; logged in the shell serves APP_ROUTES.
 */
export function buildRoutes(
  session: SessionState,
  location: Pick<Location, 'pathname' | 'search'>,
): RouteObject[] {
  const children: RouteObject[] = session.loggedIn
    ? [
        ...portalRoutes,
        // A survey link (/nps?hash=...) opened by a signed-in staff member still shows the
        // survey; a plain /nps is the staff NPS screen when one is registered.
        ...(isSurveyLink(location) ? [{ path: '/nps', lazy: surveyPage }] : []),
        { path: '/login', loader: () => redirect(landingPath(readSession())), Component: Redirecting },
        {
          lazy: page(() => import('./shell/app-shell')),
          children: [
            {
              path: '/',
              handle: { breadcrumbs: [] } satisfies RouteHandle,
              lazy: page(() => import('./shell/home-page')),
            },
            ...APP_ROUTES.map(appRoute),
          ],
        },
        // Unknown paths, and screens not built yet, fall back to Home.
        { path: '*', loader: () => redirect('/'), Component: Redirecting },
      ]
    : [
        { path: '/login', lazy: page(() => import('../pages/login/login-page')) },
        ...portalRoutes,
        { path: '/nps', lazy: surveyPage },
        { path: '*', loader: () => redirect('/login'), Component: Redirecting },
      ];
  return [{ Component: RootLayout, HydrateFallback: PageLoading, ErrorBoundary: RouteError, children }];
}

export function isSurveyLink(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return location.pathname === '/nps' && new URLSearchParams(location.search).has('hash');
}

export function createAppRouter(session: SessionState) {
  return createBrowserRouter(buildRoutes(session, window.location));
}
