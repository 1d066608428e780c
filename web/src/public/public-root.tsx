import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { Notifications } from '../app/notifications/notifications';
import { TenantNotFound, useUnknownTenant } from '../app/tenant-not-found';
import { useHydrated } from './hydration';
import '../app/app.css';

/**
 * Around a prerendered public page (/login, /cadastro): what RootLayout gives the app's pages,
 * without react-router (the page is the whole document). Notices float, so showing them only
 * after hydration moves nothing; an unknown tenant replaces the page as in the app.
 */
function PublicRoot({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const unknownTenant = useUnknownTenant();
  if (hydrated && unknownTenant) return <TenantNotFound message={unknownTenant} />;
  return (
    <>
      {hydrated && <Notifications />}
      {children}
    </>
  );
}

/**
 * The whole React tree of a public page. The build's prerender (prerender.tsx) and the browser's
 * hydration (public-entry.tsx) both render it, so their markup cannot drift apart.
 */
export function publicTree(page: ReactNode, client: QueryClient): ReactNode {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <PublicRoot>{page}</PublicRoot>
      </QueryClientProvider>
    </StrictMode>
  );
}
