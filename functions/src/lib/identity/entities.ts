import { Entity } from 'electrodb';
import { normalizeText } from '@freguesia/shared/domain/text';
import { documentClient, tableName } from '../ddb/client';
import { key } from '../ddb/indexes';

const now = () => new Date().toISOString();

/** A staff user. E-mail uniqueness is enforced by a UniqueEntity marker (`user-email`). */
export const UserEntity = new Entity(
  {
    model: { entity: 'user', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      email: { type: 'string', required: true },
      fullname: { type: 'string', required: true },
      shortname: { type: 'string', required: true },
      document: { type: 'string', required: true },
      passwordHash: { type: 'string', required: true },
      allStores: { type: 'boolean', required: true, default: false },
      storeId: { type: 'number' },
      roleId: { type: 'number', required: true },
      active: { type: 'boolean', required: true, default: true },
      /** Bumped on password change, disable or delete: older tokens stop working. */
      tokenVersion: { type: 'number', required: true, default: 1 },
      createdAt: { type: 'string', readOnly: true, default: now },
      updatedAt: { type: 'string', default: now, set: () => now(), watch: '*' },
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
      byEmail: key('gsi1', ['tenant', 'email'], []),
      byRole: key('gsi2', ['tenant', 'roleId'], ['id']),
    },
  },
  { client: documentClient, table: tableName() },
);

/** A role: a named set of permission ids from the shared catalogue. */
export const RoleEntity = new Entity(
  {
    model: { entity: 'role', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      role: { type: 'string', required: true },
      description: { type: 'string', required: true },
      permissions: { type: 'list', items: { type: 'number' }, required: true, default: () => [] },
      /** Seeded Administrador role cannot be removed. */
      canRemove: { type: 'boolean', required: true, default: true },
      createdAt: { type: 'string', readOnly: true, default: now },
      updatedAt: { type: 'string', default: now, set: () => now(), watch: '*' },
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
    },
  },
  { client: documentClient, table: tableName() },
);

/**
 * Names shared by tenant provisioning and the settings API (users and roles): the
 * uniqueness scopes and the counters kept in the same transactions as the writes.
 */
export const IDENTITY_SCOPES = {
  userEmail: 'user-email',
  userDocument: 'user-document',
  roleName: 'role-name',
} as const;

/** Counter (read with `countersFor(t).total(...)`) of active users holding a non-removable role. */
export const ADMIN_COUNTER = 'admin';
/** Counter of the users holding role `roleId` (all users, active or not). */
export const roleUsersCounter = (roleId: number): string => `role-users:${roleId}`;

/** Uniqueness value of a role name: case-, accent- and space-insensitive ('  Gerência ' → 'GERENCIA'). */
export const roleNameKey = (name: string): string => normalizeText(name);
