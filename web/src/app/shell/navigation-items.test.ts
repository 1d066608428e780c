import { MENU, visibleMenu } from '@freguesia/shared/domain/menu';
import { describe, expect, it } from 'vitest';
import { activeMenuLink, breadcrumbItems, groupKeyOf, keyOfHref, navigationItems } from './navigation-items';

describe('activeMenuLink', () => {
  it('matches the exact route, then a breadcrumb link, then the longest prefix', () => {
    expect(activeMenuLink(MENU, '/cms/shortlinks')?.key).toBe('10.2');
    expect(
      activeMenuLink(MENU, '/customer/edit/7', [{ text: 'Clientes', href: '/customers' }, { text: 'Editar' }])
        ?.key,
    ).toBe('2');
    expect(activeMenuLink(MENU, '/campaign/sell/new')?.key).toBe('7.1');
    expect(activeMenuLink(MENU, '/')).toBeUndefined();
  });
});

describe('navigationItems', () => {
  it('renders links and groups, expanding only the given group', () => {
    const menu = visibleMenu(
      MENU,
      [
        { action: 'read', subject: 'Customers' },
        { action: 'read', subject: 'CMS' },
        { action: 'read', subject: 'Shortlink' },
      ],
      new Set(['/customers', '/cms', '/cms/shortlinks']),
    );
    expect(navigationItems(menu, '10')).toEqual([
      { type: 'link', text: 'Início', href: '/' },
      { type: 'divider' },
      { type: 'link', text: 'Clientes', href: '/customers' },
      {
        type: 'section',
        text: 'CMS',
        defaultExpanded: true,
        items: [
          { type: 'link', text: 'Arquivos', href: '/cms' },
          { type: 'link', text: 'Link Reduzido', href: '/cms/shortlinks' },
        ],
      },
    ]);
    expect(keyOfHref(menu, '/cms/shortlinks')).toBe('10.2');
    expect(groupKeyOf(menu, '10.2')).toBe('10');
    expect(groupKeyOf(menu, '2')).toBeUndefined();
  });

  it('shows only Início when nothing is available', () => {
    expect(navigationItems([], undefined)).toEqual([{ type: 'link', text: 'Início', href: '/' }]);
  });
});

describe('breadcrumbItems', () => {
  it('starts at Home and fills route params', () => {
    expect(breadcrumbItems([], {}, '/')).toEqual([{ text: 'Home', href: '/' }]);
    expect(
      breadcrumbItems(
        [
          { text: 'Clientes', href: '/customers' },
          { text: 'Detalhes', href: '/customer/details/:id' },
          { text: 'Editar' },
        ],
        { id: '42' },
        '/customer/edit/42',
      ),
    ).toEqual([
      { text: 'Home', href: '/' },
      { text: 'Clientes', href: '/customers' },
      { text: 'Detalhes', href: '/customer/details/42' },
      { text: 'Editar', href: '/customer/edit/42' },
    ]);
  });
});
