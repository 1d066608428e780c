import { useSyncExternalStore } from 'react';

/** Below 992 px the side menu starts closed (spec part 1 §9: sidebar collapse width). */
export const NARROW_SCREEN_QUERY = '(max-width: 991.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_SCREEN_QUERY).matches);
}
