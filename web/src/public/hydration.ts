import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates markup prerendered at build time (and in that prerender itself),
 * true from the render right after. What only the browser knows (the tenant of the host, cached
 * answers, stored notices) is shown once this is true, so the first client render matches the
 * prerendered HTML exactly and React keeps it instead of throwing it away. In a page the app
 * renders from scratch (no prerender) it is true from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
