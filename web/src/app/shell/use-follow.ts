import { useCallback } from 'react';
import { useNavigate } from 'react-router';

interface FollowDetail {
  href?: string;
  external?: boolean;
}

/**
 * Cloudscape `onFollow` handler that navigates through react-router instead of a page load.
 * Cloudscape only fires it for plain left clicks, so ctrl/⌘-click still opens a new tab.
 */
export function useFollow(onNavigate?: (href: string) => void) {
  const navigate = useNavigate();
  return useCallback(
    (event: CustomEvent<FollowDetail>) => {
      const { href, external } = event.detail;
      if (external || !href || href === '#') return;
      event.preventDefault();
      onNavigate?.(href);
      navigate(href);
    },
    [navigate, onNavigate],
  );
}
