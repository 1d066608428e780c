import * as z from 'zod';

/**
 * The permission catalogue: every (action, subject) pair named in the three spec parts.
 *
 * A staff user's role holds a set of these; the login answer sends them as the `ability`
 * list, the role API sends them as `[{id}]` (hence the stable numeric ids below — never
 * renumber an existing entry, only append).
 */

export const SUBJECTS = [
  'Auth',
  'Customers',
  'Stores',
  'Products',
  'Leads',
  'Tags',
  'Campaigns',
  'Communications',
  'Mobile',
  'CMS',
  'Shortlink',
  'Reports',
  'Settings',
  'Sell',
  'Payments',
  'Dashboard',
  'Attendances',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** read/write for every subject; the last three are Sell's sub-permissions (spec part 3 §6). */
export const ACTIONS = ['read', 'write', 'filter_sellers', 'discount', 'change_seller'] as const;
export type Action = (typeof ACTIONS)[number];

// Marked pure so that bundles using only the catalogue (the web entry chunk) drop zod.
export const abilitySchema = /* @__PURE__ */ z.object({
  action: /* @__PURE__ */ z.enum(ACTIONS),
  subject: /* @__PURE__ */ z.enum(SUBJECTS),
});
/** One granted permission, as stored in the session's `ability` list. */
export type Ability = z.infer<typeof abilitySchema>;

export interface Permission extends Ability {
  /** Stable id used by the role API (`permissions: [{id}]`). */
  id: number;
  /** Label of the leaf in the role editor's permission tree, e.g. 'Visualizar'. */
  label: string;
}

/** Group labels of the permission tree (role editor), one per subject. */
export const SUBJECT_LABELS: Readonly<Record<Subject, string>> = {
  Auth: 'Autenticação',
  Customers: 'Clientes',
  Stores: 'Lojas',
  Products: 'Mercadorias',
  Leads: 'Leads',
  Tags: 'Tags',
  Campaigns: 'Campanhas',
  Communications: 'Comunicações',
  Mobile: 'Mobile',
  CMS: 'CMS',
  Shortlink: 'Link Reduzido',
  Reports: 'Relatórios',
  Settings: 'Ajustes',
  Sell: 'Vendas',
  Payments: 'Formas de pagamento',
  Dashboard: 'Dashboard',
  Attendances: 'Atendimentos',
};

export const ACTION_LABELS: Readonly<Record<Action, string>> = {
  read: 'Visualizar',
  write: 'Alterar',
  filter_sellers: 'Filtrar vendedores',
  discount: 'Conceder desconto',
  change_seller: 'Trocar vendedor',
};

// [id, action, subject]. Written out literally so that an id never moves when a line is added.
const CATALOGUE: ReadonlyArray<readonly [number, Action, Subject]> = [
  [1, 'read', 'Auth'],
  [2, 'read', 'Customers'],
  [3, 'write', 'Customers'],
  [4, 'read', 'Stores'],
  [5, 'write', 'Stores'],
  [6, 'read', 'Products'],
  [7, 'write', 'Products'],
  [8, 'read', 'Leads'],
  [9, 'write', 'Leads'],
  [10, 'read', 'Tags'],
  [11, 'write', 'Tags'],
  [12, 'read', 'Campaigns'],
  [13, 'write', 'Campaigns'],
  [14, 'read', 'Communications'],
  [15, 'write', 'Communications'],
  [16, 'read', 'Mobile'],
  [17, 'write', 'Mobile'],
  [18, 'read', 'CMS'],
  [19, 'write', 'CMS'],
  [20, 'read', 'Shortlink'],
  [21, 'write', 'Shortlink'],
  [22, 'read', 'Reports'],
  [23, 'write', 'Reports'],
  [24, 'read', 'Settings'],
  [25, 'write', 'Settings'],
  [26, 'read', 'Sell'],
  [27, 'write', 'Sell'],
  [28, 'filter_sellers', 'Sell'],
  [29, 'discount', 'Sell'],
  [30, 'change_seller', 'Sell'],
  [31, 'read', 'Payments'],
  [32, 'write', 'Payments'],
  [33, 'read', 'Dashboard'],
  [34, 'write', 'Dashboard'],
  [35, 'read', 'Attendances'],
  [36, 'write', 'Attendances'],
];

/** Every permission, in permission-tree order (grouped by subject). */
export const PERMISSIONS: readonly Permission[] = CATALOGUE.map(([id, action, subject]) => ({
  id,
  action,
  subject,
  label: ACTION_LABELS[action],
}));

const BY_ID = new Map(PERMISSIONS.map((permission) => [permission.id, permission]));

/** The permission with this id, or undefined for an unknown id. */
export function permissionById(id: number): Permission | undefined {
  return BY_ID.get(id);
}

/**
 * The abilities of a role's permission ids (the role API's `[{id}]`, or bare ids).
 * Unknown ids are ignored (a permission removed from the catalogue grants nothing);
 * duplicates are dropped.
 */
export function permissionsFromIds(ids: ReadonlyArray<number | { id: number }>): Ability[] {
  const seen = new Set<number>();
  const abilities: Ability[] = [];
  for (const entry of ids) {
    const id = typeof entry === 'number' ? entry : entry.id;
    const permission = BY_ID.get(id);
    if (!permission || seen.has(id)) continue;
    seen.add(id);
    abilities.push({ action: permission.action, subject: permission.subject });
  }
  return abilities;
}

/** The catalogue id of an (action, subject) pair, or undefined when the pair is not in it. */
export function permissionId(action: Action, subject: Subject): number | undefined {
  return PERMISSIONS.find((p) => p.action === action && p.subject === subject)?.id;
}

/** What a user without an ability list may do (spec part 1 §6). */
export const DEFAULT_ABILITY: readonly Ability[] = [{ action: 'read', subject: 'Auth' }];

/**
 * Whether `abilities` grants `action` on `subject`.
 *
 * Read and write are independent, exactly as in the spec: holding write does NOT imply read
 * (a role meant to edit a list must also hold read to see it in the menu), and no action
 * implies another. Role editors should therefore tick both where both are wanted.
 */
export function can(abilities: readonly Ability[], action: Action, subject: Subject): boolean {
  return abilities.some((ability) => ability.action === action && ability.subject === subject);
}

/** Type guard for one element of an untrusted ability list (no zod, for small bundles). */
export function isAbility(value: unknown): value is Ability {
  if (typeof value !== 'object' || value === null) return false;
  const { action, subject } = value as Record<string, unknown>;
  return (
    (ACTIONS as readonly unknown[]).includes(action) && (SUBJECTS as readonly unknown[]).includes(subject)
  );
}

export interface PermissionGroup {
  subject: Subject;
  label: string;
  permissions: Permission[];
}

/** The role editor's checkable tree: one group per subject, in catalogue order. */
export function permissionTree(): PermissionGroup[] {
  return SUBJECTS.map((subject) => ({
    subject,
    label: SUBJECT_LABELS[subject],
    permissions: PERMISSIONS.filter((p) => p.subject === subject),
  }));
}
