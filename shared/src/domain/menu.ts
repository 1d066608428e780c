import { can, type Ability } from './permissions';

/**
 * The staff side menu: the whole tree of the three spec parts, in display order.
 *
 * Keys are stable strings (the last selected one is kept in local storage as `menu_key`).
 * The spec fixes 10 CMS, 11 Mobile, 12 Relatórios, 13 Ajustes and 10.2 Link Reduzido;
 * the other keys follow the same numbering. Where the spec gives no permission for an
 * entry (e-mail, SMS and template lists, the Mobile and CMS groups), the permission chosen
 * is the one of its area and is marked "chosen" below.
 */

export interface MenuLink {
  type: 'link';
  key: string;
  title: string;
  /** Exact route of the screen (no parameters). */
  route: string;
  permission: Ability;
}

export interface MenuGroup {
  type: 'group';
  key: string;
  title: string;
  /** Needed in addition to a child's own permission (e.g. Segmentação needs read Leads). */
  permission?: Ability;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const read = (subject: Ability['subject']): Ability => ({ action: 'read', subject });
const write = (subject: Ability['subject']): Ability => ({ action: 'write', subject });

const link = (key: string, title: string, route: string, permission: Ability): MenuLink => ({
  type: 'link',
  key,
  title,
  route,
  permission,
});

export const MENU: readonly MenuEntry[] = [
  link('1', 'Dashboard', '/dashboard', read('Dashboard')),
  link('2', 'Clientes', '/customers', read('Customers')),
  {
    type: 'group',
    key: '3',
    title: 'Mercadorias',
    children: [
      link('3.1', 'Mercadorias', '/products', read('Products')),
      link('3.2', 'Categorias', '/categories', read('Products')),
      link('3.3', 'Precificação', '/products/prices', read('Products')),
      link('3.4', 'Lojas', '/stores', read('Stores')),
      // Not in the spec's menu; campaigns pick brands and partners, so they need a screen.
      link('3.5', 'Marcas', '/brands', read('Products')),
      link('3.6', 'Fornecedores', '/partners', read('Products')),
    ],
  },
  link('4', 'Vendas', '/sell', read('Sell')),
  link('5', 'Formas de pagamento', '/payments', read('Payments')),
  {
    type: 'group',
    key: '6',
    title: 'Segmentação',
    permission: read('Leads'),
    children: [
      link('6.1', 'Leads', '/leads', read('Leads')),
      link('6.2', 'Tags', '/tags', read('Tags')),
      link('6.3', 'Geográfica', '/geolocation', write('Leads')),
    ],
  },
  {
    type: 'group',
    key: '7',
    title: 'Campanhas',
    permission: read('Campaigns'),
    children: [
      link('7.1', 'Descontos', '/campaign/sell', read('Campaigns')),
      link('7.2', 'TV', '/campaign/tv', read('Campaigns')),
      link('7.3', 'Nros. da sorte', '/campaign/lucky', read('Campaigns')),
      link('7.4', 'Tickets', '/campaign/tickets', read('Campaigns')),
      link('7.5', 'Calendário', '/campaign/calendar', read('Campaigns')),
    ],
  },
  {
    type: 'group',
    key: '8',
    title: 'Comunicações',
    permission: read('Communications'),
    children: [
      link('8.1', 'WhatsApp', '/communication/whatsapp', write('Campaigns')),
      link('8.2', 'E-mail', '/communications/mail', read('Communications')), // chosen
      link('8.3', 'SMS', '/communications/sms', read('Communications')), // chosen
      link('8.4', 'Templates', '/communications/template', read('Communications')), // chosen
    ],
  },
  {
    type: 'group',
    key: '9',
    title: 'Atendimento',
    children: [
      link('9.1', 'Central de Atendimento', '/customer-service', write('Attendances')),
      // The staff NPS analysis shares /nps with the public survey (which carries ?hash=).
      link('9.2', 'NPS', '/nps', write('Customers')),
    ],
  },
  {
    type: 'group',
    key: '10',
    title: 'CMS',
    children: [
      link('10.1', 'Arquivos', '/cms', read('CMS')),
      link('10.2', 'Link Reduzido', '/cms/shortlinks', read('Shortlink')),
    ],
  },
  {
    type: 'group',
    key: '11',
    title: 'Mobile',
    children: [
      link('11.1', 'Dashboard', '/mobile/dashboard', read('Mobile')),
      link('11.2', 'Push', '/mobile/push', read('Mobile')),
      link('11.3', 'Arte', '/mobile/art', read('Mobile')),
      link('11.4', 'Categorias', '/mobile/categories', read('Mobile')),
    ],
  },
  {
    type: 'group',
    key: '12',
    title: 'Relatórios',
    children: [
      link('12.1', 'Investimentos', '/reports/expenses', read('Reports')),
      link('12.2', 'Dashboard WhatsApp', '/reports/whatsapp', read('Reports')),
    ],
  },
  {
    type: 'group',
    key: '13',
    title: 'Ajustes',
    permission: read('Settings'),
    children: [
      link('13.1', 'Plataforma', '/settings/platform', write('Settings')),
      link('13.2', 'Permissões', '/settings/roles', read('Settings')),
      link('13.3', 'Usuários', '/settings/users', read('Settings')),
      link('13.4', 'Vendas', '/settings/sell', read('Settings')),
      link('13.5', 'Auditoria', '/settings/audit', write('Settings')),
      link('13.6', 'Migrações de dados', '/settings/migrations', read('Settings')),
    ],
  },
];

/**
 * The part of `tree` the user may use right now.
 *
 * A link is kept when the user holds its permission AND its route is in `availableRoutes`
 * (the routes whose screen exists), so the menu never offers a dead link. A group is kept
 * when the user holds the group's own permission (if any) and at least one child remains.
 */
export function visibleMenu(
  tree: readonly MenuEntry[],
  abilities: readonly Ability[],
  availableRoutes: ReadonlySet<string>,
): MenuEntry[] {
  const allowed = (permission: Ability | undefined): boolean =>
    permission === undefined || can(abilities, permission.action, permission.subject);
  const visibleLink = (entry: MenuLink): boolean =>
    availableRoutes.has(entry.route) && allowed(entry.permission);

  const result: MenuEntry[] = [];
  for (const entry of tree) {
    if (entry.type === 'link') {
      if (visibleLink(entry)) result.push(entry);
      continue;
    }
    if (!allowed(entry.permission)) continue;
    const children = entry.children.filter(visibleLink);
    if (children.length > 0) result.push({ ...entry, children });
  }
  return result;
}

/** Every link of the tree, groups flattened, in display order. */
export function menuLinks(tree: readonly MenuEntry[]): MenuLink[] {
  return tree.flatMap((entry) => (entry.type === 'link' ? [entry] : entry.children));
}

/** The menu link whose route is `route`, with its group when it has one. */
export function findMenuLink(
  tree: readonly MenuEntry[],
  route: string,
): { link: MenuLink; group?: MenuGroup } | undefined {
  for (const entry of tree) {
    if (entry.type === 'link') {
      if (entry.route === route) return { link: entry };
      continue;
    }
    const child = entry.children.find((c) => c.route === route);
    if (child) return { link: child, group: entry };
  }
  return undefined;
}
