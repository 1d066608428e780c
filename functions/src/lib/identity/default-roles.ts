import { PERMISSIONS, type Action, type Subject } from '@freguesia/shared/domain/permissions';

export interface RoleTemplate {
  role: string;
  description: string;
  canRemove: boolean;
  permissions: number[];
}

const ids = (pairs: Array<[Action, Subject]>): number[] =>
  PERMISSIONS.filter((p) => pairs.some(([a, s]) => p.action === a && p.subject === s)).map((p) => p.id);

const readWrite = (...subjects: Subject[]): Array<[Action, Subject]> =>
  subjects.flatMap((s): Array<[Action, Subject]> => [
    ['read', s],
    ['write', s],
  ]);

/**
 * Roles every new tenant starts with. Administrador holds every permission and cannot be
 * removed; the others are sensible starting points the tenant can edit.
 */
export const DEFAULT_ROLES: RoleTemplate[] = [
  {
    role: 'Administrador',
    description: 'Acesso total à plataforma',
    canRemove: false,
    permissions: PERMISSIONS.map((p) => p.id),
  },
  {
    role: 'Marketing',
    description: 'Segmentação, campanhas, comunicações e relatórios',
    canRemove: true,
    permissions: ids([
      ['read', 'Auth'],
      ['read', 'Dashboard'],
      ['read', 'Customers'],
      ['read', 'Products'],
      ['read', 'Stores'],
      ['read', 'Reports'],
      ...readWrite('Leads', 'Tags', 'Campaigns', 'Communications', 'Mobile', 'CMS', 'Shortlink'),
    ]),
  },
  {
    role: 'Loja',
    description: 'Equipe de loja: clientes, mercadorias e preços',
    canRemove: true,
    permissions: ids([
      ['read', 'Auth'],
      ['read', 'Dashboard'],
      ['read', 'Payments'],
      ...readWrite('Customers', 'Products', 'Stores'),
    ]),
  },
  {
    role: 'Vendedor',
    description: 'Vendas e cadastro de clientes',
    canRemove: true,
    permissions: ids([
      ['read', 'Auth'],
      ['read', 'Products'],
      ['read', 'Payments'],
      ['read', 'Stores'],
      ...readWrite('Customers', 'Sell'),
      ['change_seller', 'Sell'],
    ]),
  },
];
