import { Outlet, ScrollRestoration } from 'react-router';
import { Notifications } from './notifications/notifications';
import './app.css';

/** Around every page, logged in or not: the notices and the matched route. */
export function RootLayout() {
  return (
    <>
      <Notifications />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
