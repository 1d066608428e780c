import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useMemo, useSyncExternalStore } from 'react';
import { currentNotices, dismiss, subscribe } from './notify';
import './notifications.css';

/** The notices raised with `notify()`, stacked at the top right above every page. */
export function Notifications() {
  const notices = useSyncExternalStore(subscribe, currentNotices);
  const items = useMemo<FlashbarProps.MessageDefinition[]>(
    () =>
      notices.map((notice) => ({
        id: notice.id,
        type: notice.type,
        header: notice.header,
        content: notice.content,
        dismissible: true,
        dismissLabel: 'Fechar',
        onDismiss: () => dismiss(notice.id),
      })),
    [notices],
  );
  if (items.length === 0) return null;
  return (
    <div className="app-notifications" data-testid="notifications" role="region" aria-label="Notificações">
      <Flashbar items={items} />
    </div>
  );
}
