import SideNavigation from '@cloudscape-design/components/side-navigation';
import type { MenuEntry } from '@freguesia/shared/domain/menu';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { browserStorage } from '../storage';
import { groupKeyOf, keyOfHref, MENU_KEY_STORAGE, navigationItems, activeMenuLink } from './navigation-items';
import type { Crumb } from '../route-types';
import { useFollow } from './use-follow';

interface SideMenuProps {
  entries: readonly MenuEntry[];
  crumbs: readonly Crumb[];
  /** Called after a menu entry was followed (the shell closes the menu on narrow screens). */
  onFollowed?: () => void;
}

export function SideMenu({ entries, crumbs, onFollowed }: SideMenuProps) {
  const { pathname } = useLocation();
  const active = activeMenuLink(entries, pathname, crumbs);
  const storage = browserStorage('local');
  const rememberedKey = storage?.getItem(MENU_KEY_STORAGE) ?? undefined;

  // Expanded state is only a default: computed once per mount from where the user is.
  const items = useMemo(
    () => navigationItems(entries, groupKeyOf(entries, active?.key ?? rememberedKey)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see comment above
    [entries],
  );

  const remember = useCallback(
    (href: string) => {
      const key = keyOfHref(entries, href);
      if (key) storage?.setItem(MENU_KEY_STORAGE, key);
      onFollowed?.();
    },
    [entries, storage, onFollowed],
  );
  const onFollow = useFollow(remember);

  return (
    <div data-testid="side-navigation">
      <SideNavigation
        activeHref={active?.route ?? (pathname === '/' ? '/' : undefined)}
        items={items}
        onFollow={onFollow}
      />
    </div>
  );
}
