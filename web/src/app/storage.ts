/** The part of the Web Storage API the session helpers use (a Map-backed fake in unit tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * `window.localStorage` / `sessionStorage`, or undefined where storage is unavailable
 * (unit tests in node, or a browser that blocks storage — then we behave as logged out).
 */
export function browserStorage(kind: 'local' | 'session'): KeyValueStorage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
