import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { currentNotices, subscribe } from './notify';
import './notifications.css';

// Cloudscape's Flashbar (with its icons) is not part of the app entry: most page loads show no
// notice, and the public pages must stay small.
const NoticeBar = lazy(() => import('./notice-bar'));

// Where notices go. The staff shell mounts a host inside AppLayout's notifications slot, so a
// notice takes its own room above the page and never lies over the page header's primary button.
// Public pages have no host: the notices float at the top right (their forms sit mid-page). When
// the host is scrolled out of sight (the user is at the bottom of a long form), notices float too.
type HostState = 'none' | 'visible' | 'scrolled-away';
let host: HostState = 'none';
const hostListeners = new Set<() => void>();
const setHost = (next: HostState) => {
  if (next === host) return;
  host = next;
  for (const listener of hostListeners) listener();
};
const subscribeHost = (listener: () => void) => {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
};
const hostState = () => host;

/** Height of the sticky top navigation: a host under it is out of sight. */
const TOP_NAVIGATION_HEIGHT = 64;

/**
 * Whether a Cloudscape modal is open (it marks the body with its `modal-open` class): notices
 * raised by a form in a modal must float above the overlay, or the user would not see them.
 */
const modalOpen = () => typeof document !== 'undefined' && /\bawsui_modal-open/.test(document.body.className);
function subscribeModal(listener: () => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => undefined;
  const observer = new MutationObserver(listener);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function NoticeRegion({ className }: { className: string }) {
  const notices = useSyncExternalStore(subscribe, currentNotices);
  if (notices.length === 0) return null;
  return (
    <div className={className} data-testid="notifications" role="region" aria-label="Notificações">
      <Suspense fallback={null}>
        <NoticeBar notices={notices} />
      </Suspense>
    </div>
  );
}

/** The notices raised with `notify()`, floating at the top right (pages without an inline host, modals). */
export function Notifications() {
  const inline = useSyncExternalStore(subscribeHost, hostState) === 'visible';
  const modal = useSyncExternalStore(subscribeModal, modalOpen, () => false);
  if (inline && !modal) return null;
  return <NoticeRegion className="app-notifications" />;
}

/**
 * The notices inside the page flow (AppLayout's `notifications` slot of the staff shell): they
 * push the page down instead of covering its buttons. While a modal is open, or when the slot is
 * scrolled out of sight, they float instead.
 */
export function InlineNotifications() {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setHost('visible');
    const element = sentinel.current;
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver(
        ([entry]) => setHost(entry?.isIntersecting === false ? 'scrolled-away' : 'visible'),
        { rootMargin: `-${TOP_NAVIGATION_HEIGHT}px 0px 0px 0px` },
      );
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      setHost('none');
    };
  }, []);
  const inline = useSyncExternalStore(subscribeHost, hostState) === 'visible';
  const modal = useSyncExternalStore(subscribeModal, modalOpen, () => false);
  return (
    <>
      <div ref={sentinel} className="app-notifications-sentinel" aria-hidden="true" />
      {inline && !modal ? <NoticeRegion className="app-notifications-inline" /> : null}
    </>
  );
}
