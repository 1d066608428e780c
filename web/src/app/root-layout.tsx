import { Outlet, ScrollRestoration } from 'react-router';
import { Notifications } from './notifications/notifications';
import { TenantNotFound, useUnknownTenant } from './tenant-not-found';
import './app.css';

/** Around every page, logged in or not: the notices and the matched route (or the unknown-tenant page). */
export function RootLayout() {
  const unknownTenant = useUnknownTenant();
  if (unknownTenant) return <TenantNotFound message={unknownTenant} />;
  return (
    <>
      <Notifications />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
