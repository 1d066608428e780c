import { Service, type EntityItem } from 'electrodb';
import { normalizeUserDocument } from '@freguesia/shared/schemas/identity';
import { countersFor } from '../lib/ddb/counters';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { assertCommitted, writeTransaction, type TransactionOutcome } from '../lib/ddb/transactions';
import {
  ADMIN_COUNTER,
  IDENTITY_SCOPES,
  RoleEntity,
  UserEntity,
  roleUsersCounter,
} from '../lib/identity/entities';

export type UserRecord = EntityItem<typeof UserEntity>;

/** What the API may set on a user (the rest — id, tenant, timestamps — is the repository's). */
export interface UserFields {
  email: string;
  fullname: string;
  shortname: string;
  document: string;
  allStores: boolean;
  storeId: number | null;
  roleId: number;
  active: boolean;
}

/**
 * How a write changes the count of active administrators (users of a non-removable role).
 * `-1` carries the message to answer when it would leave none.
 */
export type AdminChange = { delta: 0 } | { delta: 1 } | { delta: -1; lastAdminMessage: string };

export const USER_CONFLICTS = {
  email: 'Já existe um usuário com este e-mail.',
  document: 'Já existe um usuário com este documento.',
  stale: 'Este usuário foi alterado ou removido por outra pessoa. Recarregue e tente novamente.',
  role: 'A permissão selecionada não existe mais. Recarregue e tente novamente.',
  foreignMarker: 'O e-mail ou documento deste usuário está registrado para outro usuário. Contate o suporte.',
} as const;

const identity = new Service({
  user: UserEntity,
  role: RoleEntity,
  unique: UniqueEntity,
  counter: CounterEntity,
});

type Ops = Parameters<Parameters<typeof identity.transaction.write>[0]>[0];
type Op = ReturnType<Parameters<typeof identity.transaction.write>[0]>[number];

/**
 * Collects the operations of one transaction with the 409 message of each operation
 * whose condition may fail, so optional operations do not shift the message indexes.
 */
class Plan {
  readonly ops: Op[] = [];
  readonly conflicts: Record<number, string> = {};
  add(op: Op, conflict?: string): void {
    if (conflict) this.conflicts[this.ops.length] = conflict;
    this.ops.push(op);
  }
}

/**
 * Runs the transaction `build` puts into a plan, retrying transaction conflicts. Each attempt
 * starts from an empty plan, so the conflict messages stay aligned with the operations.
 */
async function planned(
  build: (plan: Plan) => Promise<{ canceled: boolean; data: unknown[] }>,
): Promise<{ result: TransactionOutcome; plan: Plan }> {
  let plan = new Plan();
  const result = await writeTransaction(() => {
    plan = new Plan();
    return build(plan);
  });
  return { result, plan };
}

/**
 * Staff users of one tenant. Every write is one transaction holding the user, its
 * uniqueness markers (e-mail, document) and the counters: `total:user`, the users per
 * role (guards role deletion) and the active administrators (guards the last one).
 */
export function usersRepository(tenant: string) {
  const counterName = (name: string) => ({ tenant, name: `total:${name}` });

  function adminOps(plan: Plan, c: Ops['counter'], change: AdminChange): void {
    if (change.delta === 1) plan.add(c.upsert(counterName(ADMIN_COUNTER)).add({ value: 1 }).commit());
    if (change.delta === -1) {
      plan.add(
        c
          .update(counterName(ADMIN_COUNTER))
          .add({ value: -1 })
          .where(({ value }, { gt }) => gt(value, 1))
          .commit(),
        change.lastAdminMessage,
      );
    }
  }

  /**
   * Frees a uniqueness marker only if this user owns it (or it is missing, for records
   * written before markers existed): never another user's marker.
   */
  function release(plan: Plan, u: Ops['unique'], scope: string, value: string, ownerId: number): void {
    plan.add(
      u
        .delete({ tenant, scope, value })
        .where((attr, { notExists, eq }) => `${notExists(attr.ownerId)} OR ${eq(attr.ownerId, ownerId)}`)
        .commit(),
      USER_CONFLICTS.foreignMarker,
    );
  }

  function roleExists(plan: Plan, r: Ops['role'], roleId: number): void {
    plan.add(
      r
        .check({ tenant, id: roleId })
        .where(({ id }, { exists }) => exists(id))
        .commit(),
      USER_CONFLICTS.role,
    );
  }

  return {
    /** Every user (a small collection read whole). */
    async list(): Promise<UserRecord[]> {
      const { data } = await UserEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<UserRecord | null> {
      // Strongly consistent: updates are conditioned on the `updatedAt` read here.
      const { data } = await UserEntity.get({ tenant, id }).go({ consistent: true });
      return data;
    },

    /** Reads back a record just written (the entity stamps `updatedAt` itself). */
    async stored(id: number): Promise<UserRecord> {
      const { data } = await UserEntity.get({ tenant, id }).go({ consistent: true });
      if (!data) throw new Error(`user ${id} vanished after its write`);
      return data;
    },

    async create(fields: UserFields, passwordHash: string, admin: AdminChange): Promise<UserRecord> {
      const id = await countersFor(tenant).next('user');
      const { storeId, ...rest } = fields;
      const record = {
        tenant,
        id,
        ...rest,
        ...(storeId === null ? {} : { storeId }),
        passwordHash,
        tokenVersion: 1,
      };
      const { result, plan } = await planned((plan) =>
        identity.transaction
          .write(({ user, role, unique, counter }) => {
            plan.add(user.create(record).commit(), USER_CONFLICTS.stale);
            plan.add(
              unique
                .create({ tenant, scope: IDENTITY_SCOPES.userEmail, value: fields.email, ownerId: id })
                .commit(),
              USER_CONFLICTS.email,
            );
            plan.add(
              unique
                .create({ tenant, scope: IDENTITY_SCOPES.userDocument, value: fields.document, ownerId: id })
                .commit(),
              USER_CONFLICTS.document,
            );
            plan.add(counter.upsert(counterName('user')).add({ value: 1 }).commit());
            plan.add(
              counter
                .upsert(counterName(roleUsersCounter(fields.roleId)))
                .add({ value: 1 })
                .commit(),
            );
            roleExists(plan, role, fields.roleId);
            adminOps(plan, counter, admin);
            return plan.ops;
          })
          .go(),
      );
      assertCommitted(result, plan.conflicts);
      return this.stored(id);
    },

    /**
     * Rewrites a user from the version `previous` was read at. A new password hash bumps the
     * token version, as does disabling: the user's open sessions end at their next request.
     */
    async update(
      previous: UserRecord,
      fields: UserFields,
      passwordHash: string | undefined,
      admin: AdminChange,
    ): Promise<UserRecord> {
      const bump = passwordHash !== undefined || (previous.active && !fields.active);
      const tokenVersion = previous.tokenVersion + (bump ? 1 : 0);
      const { storeId, ...rest } = fields;
      const key = { tenant, id: previous.id };
      const { result, plan } = await planned((plan) =>
        identity.transaction
          .write(({ user, role, unique, counter }) => {
            const set = {
              ...rest,
              tokenVersion,
              ...(passwordHash ? { passwordHash } : {}),
              ...(storeId === null ? {} : { storeId }),
            };
            const patch = user.patch(key).set(set);
            plan.add(
              (storeId === null ? patch.remove(['storeId']) : patch)
                .where(({ updatedAt: at }, { eq }) => eq(at, previous.updatedAt ?? ''))
                .commit(),
              USER_CONFLICTS.stale,
            );
            const swap = (scope: string, from: string, to: string, message: string) => {
              if (from === to) return;
              plan.add(unique.create({ tenant, scope, value: to, ownerId: previous.id }).commit(), message);
              release(plan, unique, scope, from, previous.id);
            };
            swap(IDENTITY_SCOPES.userEmail, previous.email, fields.email, USER_CONFLICTS.email);
            swap(
              IDENTITY_SCOPES.userDocument,
              normalizeUserDocument(previous.document),
              fields.document,
              USER_CONFLICTS.document,
            );
            if (previous.roleId !== fields.roleId) {
              plan.add(
                counter
                  .upsert(counterName(roleUsersCounter(previous.roleId)))
                  .add({ value: -1 })
                  .commit(),
              );
              plan.add(
                counter
                  .upsert(counterName(roleUsersCounter(fields.roleId)))
                  .add({ value: 1 })
                  .commit(),
              );
              roleExists(plan, role, fields.roleId);
            }
            adminOps(plan, counter, admin);
            return plan.ops;
          })
          .go(),
      );
      assertCommitted(result, plan.conflicts);
      return this.stored(previous.id);
    },

    async remove(previous: UserRecord, admin: AdminChange): Promise<void> {
      const { result, plan } = await planned((plan) =>
        identity.transaction
          .write(({ user, unique, counter }) => {
            plan.add(
              user
                .delete({ tenant, id: previous.id })
                .where(({ updatedAt: at }, { eq }) => eq(at, previous.updatedAt ?? ''))
                .commit(),
              USER_CONFLICTS.stale,
            );
            release(plan, unique, IDENTITY_SCOPES.userEmail, previous.email, previous.id);
            release(
              plan,
              unique,
              IDENTITY_SCOPES.userDocument,
              normalizeUserDocument(previous.document),
              previous.id,
            );
            plan.add(counter.upsert(counterName('user')).add({ value: -1 }).commit());
            plan.add(
              counter
                .upsert(counterName(roleUsersCounter(previous.roleId)))
                .add({ value: -1 })
                .commit(),
            );
            adminOps(plan, counter, admin);
            return plan.ops;
          })
          .go(),
      );
      assertCommitted(result, plan.conflicts);
    },
  };
}
