import SideNavigation from '@cloudscape-design/components/side-navigation';
import type { MenuEntry } from '@freguesia/shared/domain/menu';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { Crumb } from '../route-types';
import { browserStorage } from '../storage';
import { activeMenuLink, groupKeyOf, keyOfHref, MENU_KEY_STORAGE, navigationItems } from './navigation-items';
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

  // Which group starts open is decided once, from where the user is (or last was);
  // afterwards the user's own expanding and collapsing is left alone.
  const [expandedGroup] = useState(() => groupKeyOf(entries, active?.key ?? rememberedKey));
  const items = useMemo(() => navigationItems(entries, expandedGroup), [entries, expandedGroup]);

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
