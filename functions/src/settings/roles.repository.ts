import { Service, type EntityItem } from 'electrodb';
import { countersFor } from '../lib/ddb/counters';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { assertCommitted, writeTransaction } from '../lib/ddb/transactions';
import {
  IDENTITY_SCOPES,
  RoleEntity,
  UserEntity,
  roleNameKey,
  roleUsersCounter,
} from '../lib/identity/entities';

export type RoleRecord = EntityItem<typeof RoleEntity>;

export interface RoleFields {
  role: string;
  description: string;
  permissions: number[];
}

export const ROLE_MESSAGES = {
  duplicate: 'Já existe uma permissão com este nome.',
  stale: 'Esta permissão foi alterada ou removida por outra pessoa. Recarregue e tente novamente.',
  inUse: 'Esta permissão está em uso por usuários e não pode ser removida.',
  notFound: 'Permissão não encontrada.',
  foreignMarker: 'O nome desta permissão está registrado para outra. Contate o suporte.',
} as const;

const identity = new Service({ role: RoleEntity, unique: UniqueEntity, counter: CounterEntity });

/**
 * Roles of one tenant. Names are unique through a `role-name` marker written in the same
 * transaction; each write is conditioned on the `updatedAt` it was based on, so two editors
 * can never leave an orphan name marker behind.
 */
export function rolesRepository(tenant: string) {
  return {
    /** Every role (a small collection read whole). */
    async list(): Promise<RoleRecord[]> {
      const { data } = await RoleEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<RoleRecord | null> {
      // Strongly consistent: updates are conditioned on the `updatedAt` read here.
      const { data } = await RoleEntity.get({ tenant, id }).go({ consistent: true });
      return data;
    },

    /** Reads back a record just written (the entity stamps `updatedAt` itself). */
    async stored(id: number): Promise<RoleRecord> {
      const { data } = await RoleEntity.get({ tenant, id }).go({ consistent: true });
      if (!data) throw new Error(`role ${id} vanished after its write`);
      return data;
    },

    /** Whether any user holds the role (one item read on the byRole index). */
    async hasUsers(id: number): Promise<boolean> {
      const { data } = await UserEntity.query.byRole({ tenant, roleId: id }).go({ limit: 1 });
      return data.length > 0;
    },

    async create(fields: RoleFields): Promise<RoleRecord> {
      const id = await countersFor(tenant).next('role');
      const result = await writeTransaction(() =>
        identity.transaction
          .write(({ role, unique }) => [
            role.create({ tenant, id, ...fields, canRemove: true }).commit(),
            unique
              .create({
                tenant,
                scope: IDENTITY_SCOPES.roleName,
                value: roleNameKey(fields.role),
                ownerId: id,
              })
              .commit(),
          ])
          .go(),
      );
      assertCommitted(result, { 1: ROLE_MESSAGES.duplicate });
      return this.stored(id);
    },

    /** Rewrites a role; a rename swaps its name marker in the same transaction. */
    async update(previous: RoleRecord, fields: RoleFields): Promise<RoleRecord> {
      const oldKey = roleNameKey(previous.role);
      const newKey = roleNameKey(fields.role);
      const result = await writeTransaction(() =>
        identity.transaction
          .write(({ role, unique }) => [
            role
              .patch({ tenant, id: previous.id })
              .set(fields)
              .where(({ updatedAt: at }, { eq }) => eq(at, previous.updatedAt ?? ''))
              .commit(),
            ...(oldKey === newKey
              ? []
              : [
                  unique
                    .create({ tenant, scope: IDENTITY_SCOPES.roleName, value: newKey, ownerId: previous.id })
                    .commit(),
                  unique
                    .delete({ tenant, scope: IDENTITY_SCOPES.roleName, value: oldKey })
                    .where(
                      (attr, { notExists, eq }) =>
                        `${notExists(attr.ownerId)} OR ${eq(attr.ownerId, previous.id)}`,
                    )
                    .commit(),
                ]),
          ])
          .go(),
      );
      assertCommitted(result, {
        0: ROLE_MESSAGES.stale,
        1: ROLE_MESSAGES.duplicate,
        2: ROLE_MESSAGES.foreignMarker,
      });
      return this.stored(previous.id);
    },

    /**
     * Deletes a role no user holds. Besides the caller's index check, the transaction
     * checks the role's user counter, which every user write keeps in its own transaction:
     * a user assigned to the role at the same moment makes one of the two fail.
     */
    async remove(previous: RoleRecord): Promise<void> {
      const result = await writeTransaction(() =>
        identity.transaction
          .write(({ role, unique, counter }) => [
            role
              .delete({ tenant, id: previous.id })
              .where(({ updatedAt: at }, { eq }) => eq(at, previous.updatedAt ?? ''))
              .commit(),
            counter
              .check({ tenant, name: `total:${roleUsersCounter(previous.id)}` })
              .where(({ value }, { notExists, lte }) => `${notExists(value)} OR ${lte(value, 0)}`)
              .commit(),
            unique
              .delete({ tenant, scope: IDENTITY_SCOPES.roleName, value: roleNameKey(previous.role) })
              .where(
                (attr, { notExists, eq }) => `${notExists(attr.ownerId)} OR ${eq(attr.ownerId, previous.id)}`,
              )
              .commit(),
          ])
          .go(),
      );
      assertCommitted(result, {
        0: ROLE_MESSAGES.stale,
        1: ROLE_MESSAGES.inUse,
        2: ROLE_MESSAGES.foreignMarker,
      });
    },
  };
}
