/**
 * A tiny notification store (no React, no Cloudscape) so that any module — the API client,
 * a route loader, the login page — can raise a notice cheaply. `<Notifications/>` renders it.
 */
export type NoticeType = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  id: string;
  type: NoticeType;
  header?: string;
  content?: string;
  /** Work in progress (a spinner instead of the icon): an export being written. */
  loading?: boolean;
}

export interface NotifyOptions {
  type?: NoticeType;
  header?: string;
  content?: string;
  /** Milliseconds before it disappears by itself; 0 keeps it until dismissed. */
  timeout?: number;
  loading?: boolean;
}

/** Default lifetimes: errors stay longer because they usually ask the user to act. */
const DEFAULT_TIMEOUT: Record<NoticeType, number> = {
  success: 5_000,
  info: 8_000,
  warning: 10_000,
  error: 10_000,
};

type Listener = () => void;

let notices: readonly Notice[] = [];
const listeners = new Set<Listener>();
let sequence = 0;

function emit(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

/** Shows a notice at the top right and returns its id (for an early `dismiss`). */
export function notify(options: NotifyOptions): string {
  const type = options.type ?? 'info';
  const id = `notice-${++sequence}`;
  // Same text twice in a row (e.g. two failing calls) is shown once.
  const same = notices.find(
    (n) => n.type === type && n.header === options.header && n.content === options.content,
  );
  if (same) return same.id;
  emit([
    ...notices,
    { id, type, header: options.header, content: options.content, loading: options.loading },
  ]);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT[type];
  if (timeout > 0) setTimeout(() => dismiss(id), timeout);
  return id;
}

/** Changes a notice in place (an export's progress); nothing if it was dismissed. */
export function updateNotice(id: string, changes: Partial<Omit<Notice, 'id'>>): void {
  if (notices.some((n) => n.id === id)) emit(notices.map((n) => (n.id === id ? { ...n, ...changes } : n)));
}

export function dismiss(id: string): void {
  if (notices.some((n) => n.id === id)) emit(notices.filter((n) => n.id !== id));
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentNotices(): readonly Notice[] {
  return notices;
}
