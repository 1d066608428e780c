import type { SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { menuLinks, type MenuEntry, type MenuLink } from '@freguesia/shared/domain/menu';
import type { Crumb } from '../route-types';

/** Local-storage key of the last menu entry the user picked (spec part 1 §2). */
export const MENU_KEY_STORAGE = 'menu_key';

export const HOME_TEXT = 'Home';

/**
 * The menu entry that represents `pathname`: the entry of that exact route, else the one a
 * breadcrumb links to (a form under its list: /customer/edit/1 → Clientes), else the
 * longest entry route that is a path prefix (/campaign/sell/new → Descontos).
 */
export function activeMenuLink(
  entries: readonly MenuEntry[],
  pathname: string,
  crumbs: readonly Crumb[] = [],
): MenuLink | undefined {
  const links = menuLinks(entries);
  const exact = links.find((link) => link.route === pathname);
  if (exact) return exact;
  for (const crumb of [...crumbs].reverse()) {
    const linked = links.find((link) => link.route === crumb.href);
    if (linked) return linked;
  }
  const prefixed = links
    .filter((link) => pathname.startsWith(`${link.route}/`))
    .sort((a, b) => b.route.length - a.route.length);
  return prefixed[0];
}

/** Key of the group holding the link with key `linkKey`, if it is in a group. */
export function groupKeyOf(entries: readonly MenuEntry[], linkKey: string | undefined): string | undefined {
  if (!linkKey) return undefined;
  return entries.find((entry) => entry.type === 'group' && entry.children.some((c) => c.key === linkKey))
    ?.key;
}

/** Key of the menu link whose route is `href`. */
export function keyOfHref(entries: readonly MenuEntry[], href: string): string | undefined {
  return menuLinks(entries).find((link) => link.route === href)?.key;
}

/**
 * Cloudscape SideNavigation items for the visible menu. Only the group of the current (or
 * last picked) entry starts expanded, so a long menu stays short.
 */
export function navigationItems(
  entries: readonly MenuEntry[],
  expandedGroupKey: string | undefined,
): SideNavigationProps.Item[] {
  const items: SideNavigationProps.Item[] = [{ type: 'link', text: 'Início', href: '/' }];
  if (entries.length > 0) items.push({ type: 'divider' });
  for (const entry of entries) {
    if (entry.type === 'link') {
      items.push({ type: 'link', text: entry.title, href: entry.route });
    } else {
      items.push({
        type: 'section',
        text: entry.title,
        defaultExpanded: entry.key === expandedGroupKey,
        items: entry.children.map((child) => ({ type: 'link', text: child.title, href: child.route })),
      });
    }
  }
  return items;
}

/** Replaces `:param` segments of `href` with the current route's values. */
export function fillParams(href: string, params: Readonly<Record<string, string | undefined>>): string {
  return href.replace(/:(\w+)/g, (whole: string, name: string) => params[name] ?? whole);
}

export interface BreadcrumbItem {
  text: string;
  href: string;
}

/** Home first, then the route's crumbs; the last crumb points at the current page. */
export function breadcrumbItems(
  crumbs: readonly Crumb[],
  params: Readonly<Record<string, string | undefined>>,
  pathname: string,
): BreadcrumbItem[] {
  return [
    { text: HOME_TEXT, href: '/' },
    ...crumbs.map((crumb, index) => ({
      text: crumb.text,
      href: crumb.href ? fillParams(crumb.href, params) : index === crumbs.length - 1 ? pathname : '#',
    })),
  ];
}
