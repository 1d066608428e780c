import type { Ability } from '@freguesia/shared/domain/permissions';
import { browserStorage } from './storage';

/**
 * The staff session, kept in local storage under `user` exactly as the spec names it:
 * `{token, ability, shortname, fullname}`. A user is logged in iff it holds a token.
 *
 * Every session change is followed by a full page load (login → '/', logout and 401 →
 * '/login'), so the rest of the app reads the session once at start-up.
 */
export interface StoredUser {
  token: string;
  /** Raw list from the login answer; validated when the access-control object is built. */
  ability: Ability[];
  shortname: string;
  fullname: string;
}

export const SESSION_KEY = 'user';

/** The stored user, or null when logged out or when the stored value is unreadable. */
export function readSession(storage = browserStorage('local')): StoredUser | null {
  const raw = storage?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.token !== 'string' || record.token === '') return null;
    return {
      token: record.token,
      ability: Array.isArray(record.ability) ? (record.ability as Ability[]) : [],
      shortname: typeof record.shortname === 'string' ? record.shortname : '',
      fullname: typeof record.fullname === 'string' ? record.fullname : '',
    };
  } catch {
    return null;
  }
}

export function saveSession(user: StoredUser, storage = browserStorage('local')): void {
  storage?.setItem(SESSION_KEY, JSON.stringify(user));
}

export function clearSession(storage = browserStorage('local')): void {
  storage?.removeItem(SESSION_KEY);
}

export function sessionToken(storage = browserStorage('local')): string | undefined {
  return readSession(storage)?.token;
}
