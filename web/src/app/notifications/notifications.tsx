import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentNotices, subscribe } from './notify';
import './notifications.css';

// Cloudscape's Flashbar (with its icons) is not part of the app entry: most page loads show no
// notice, and the public pages must stay small.
const NoticeBar = lazy(() => import('./notice-bar'));

/** The notices raised with `notify()`, stacked at the top right above every page. */
export function Notifications() {
  const notices = useSyncExternalStore(subscribe, currentNotices);
  if (notices.length === 0) return null;
  return (
    <div className="app-notifications" data-testid="notifications" role="region" aria-label="Notificações">
      <Suspense fallback={null}>
        <NoticeBar notices={notices} />
      </Suspense>
    </div>
  );
}
