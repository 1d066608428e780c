import { browserStorage, type KeyValueStorage } from './storage';

/**
 * A one-shot notice that survives a full page load: the 401 handler and a failed session
 * store it before leaving for /login, and the app shows it once on the next start.
 */
export interface FlashNotice {
  type: 'success' | 'error' | 'warning' | 'info';
  header: string;
  content: string;
}

const FLASH_KEY = 'flash';

export function setFlash(notice: FlashNotice, storage = browserStorage('session')): void {
  storage?.setItem(FLASH_KEY, JSON.stringify(notice));
}

/** Whether a notice is waiting to be shown (without taking it). */
export function hasFlash(storage: KeyValueStorage | undefined = browserStorage('session')): boolean {
  return !!storage?.getItem(FLASH_KEY);
}

/** Returns the stored notice and forgets it, so that it is shown exactly once. */
export function takeFlash(
  storage: KeyValueStorage | undefined = browserStorage('session'),
): FlashNotice | null {
  const raw = storage?.getItem(FLASH_KEY);
  if (!raw) return null;
  storage?.removeItem(FLASH_KEY);
  try {
    const value = JSON.parse(raw) as Partial<FlashNotice>;
    if (typeof value.header !== 'string' || typeof value.content !== 'string') return null;
    const type = value.type ?? 'info';
    return { type, header: value.header, content: value.content };
  } catch {
    return null;
  }
}
