import type { Ability } from '@freguesia/shared/domain/permissions';

/**
 * Who calls and for which tenant: what every service function receives first
 * (`createCustomer(ctx, input)`). Routes build it from the request (`contextOf` in
 * lib/http/route.ts); queue consumers, schedules and stream processors build it with
 * `systemContext`. Services read the clock through `ctx.now()` so tests can fix the time.
 */
export interface TenantInfo {
  id: string;
  name: string;
  primaryColor: string;
}

export interface StaffPrincipal {
  kind: 'staff';
  userId: number;
  roleId: number;
  abilities: Ability[];
  allStores: boolean;
  storeId: number | null;
  fullname: string;
  shortname: string;
}

export interface CustomerPrincipal {
  kind: 'customer';
  customerId: number;
}

export interface IntegrationPrincipal {
  kind: 'integration';
}

/** A job of the platform itself (a queue consumer, a schedule, a stream processor, the seed). */
export interface SystemPrincipal {
  kind: 'system';
  /** What acts, for logs and timelines: 'segmentation-refresh', 'seed'. */
  name: string;
}

/** Anyone who may call a service. `undefined`-free: public callers are `{ kind: 'public' }`. */
export type Actor =
  StaffPrincipal | CustomerPrincipal | IntegrationPrincipal | SystemPrincipal | { kind: 'public' };

export interface ServiceContext {
  /** Tenant id: the first label of the host name. Every read and write is bound to it. */
  tenant: string;
  /** Tenant name and colour, when the caller has them (HTTP requests do). */
  tenantInfo?: TenantInfo;
  actor: Actor;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  /** Caller's address (public endpoints rate-limit on it). */
  sourceIp?: string;
}

/** A context for platform jobs (consumers, schedules, stream processors, scripts). */
export function systemContext(
  tenant: string,
  name: string,
  now: () => Date = () => new Date(),
): ServiceContext {
  return { tenant, actor: { kind: 'system', name }, now };
}

/** The staff user behind a context, or undefined for any other actor. */
export const staffOf = (ctx: ServiceContext): StaffPrincipal | undefined =>
  ctx.actor.kind === 'staff' ? ctx.actor : undefined;
