import { describe, expect, it } from 'vitest';
import { MENU, findMenuLink, menuLinks, visibleMenu, type MenuEntry } from './menu';
import { PERMISSIONS, type Ability } from './permissions';

const ALL_ABILITIES: Ability[] = PERMISSIONS.map(({ action, subject }) => ({ action, subject }));
const ALL_ROUTES = new Set(menuLinks(MENU).map((l) => l.route));
const routesOf = (tree: MenuEntry[]) => menuLinks(tree).map((l) => l.route);

describe('menu tree', () => {
  it('has unique keys and routes, with the keys the spec fixes', () => {
    const keys = MENU.flatMap((e) =>
      e.type === 'link' ? [e.key] : [e.key, ...e.children.map((c) => c.key)],
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(ALL_ROUTES.size).toBe(menuLinks(MENU).length);
    const groups = Object.fromEntries(MENU.filter((e) => e.type === 'group').map((g) => [g.key, g.title]));
    expect(groups).toMatchObject({ '10': 'CMS', '11': 'Mobile', '12': 'Relatórios', '13': 'Ajustes' });
    expect(findMenuLink(MENU, '/cms/shortlinks')?.link).toMatchObject({
      key: '10.2',
      title: 'Link Reduzido',
    });
    expect(findMenuLink(MENU, '/settings/roles')?.group?.key).toBe('13');
  });
});

describe('visibleMenu', () => {
  it('shows an administrator every available route', () => {
    const available = new Set(['/customers', '/cms/shortlinks', '/settings/users']);
    expect(routesOf(visibleMenu(MENU, ALL_ABILITIES, available)).sort()).toEqual([...available].sort());
    expect(routesOf(visibleMenu(MENU, ALL_ABILITIES, ALL_ROUTES))).toEqual([...ALL_ROUTES]);
  });

  it('shows a user with only read Customers only Clientes', () => {
    const visible = visibleMenu(MENU, [{ action: 'read', subject: 'Customers' }], ALL_ROUTES);
    expect(visible).toEqual([
      {
        type: 'link',
        key: '2',
        title: 'Clientes',
        route: '/customers',
        permission: { action: 'read', subject: 'Customers' },
      },
    ]);
  });

  it('hides a group with no visible child', () => {
    const visible = visibleMenu(MENU, [{ action: 'read', subject: 'Reports' }], new Set(['/customers']));
    expect(visible).toEqual([]);
  });

  it('hides a group whose own permission is missing, even if a child is allowed', () => {
    // Tags sits in Segmentação, which needs read Leads.
    const tagsOnly = visibleMenu(MENU, [{ action: 'read', subject: 'Tags' }], ALL_ROUTES);
    expect(tagsOnly).toEqual([]);
    const withLeads = visibleMenu(
      MENU,
      [
        { action: 'read', subject: 'Tags' },
        { action: 'read', subject: 'Leads' },
      ],
      ALL_ROUTES,
    );
    expect(withLeads.map((e) => e.key)).toEqual(['6']);
    expect(routesOf(withLeads)).toEqual(['/leads', '/tags']);
  });

  it('hides routes whose screen does not exist yet', () => {
    const visible = visibleMenu(MENU, ALL_ABILITIES, new Set(['/cms/shortlinks']));
    expect(visible).toHaveLength(1);
    expect(visible[0]).toMatchObject({ key: '10', children: [{ key: '10.2' }] });
    expect(visibleMenu(MENU, ALL_ABILITIES, new Set())).toEqual([]);
  });

  it('does not mutate the tree it filters', () => {
    const before = JSON.stringify(MENU);
    visibleMenu(MENU, [{ action: 'read', subject: 'CMS' }], ALL_ROUTES);
    expect(JSON.stringify(MENU)).toBe(before);
  });
});
