import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import type { Ability } from '@freguesia/shared/domain/permissions';
import type {
  CustomerPrincipal,
  IntegrationPrincipal,
  ServiceContext,
  StaffPrincipal,
  TenantInfo,
} from '../context';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - `staff` (default): a staff JWT of this tenant; `permission` is then checked.
 * - `customer`: a portal customer's JWT of this tenant.
 * - `integration`: the tenant's integration token (POS / ERP).
 * - `integration-or-staff`: the integration token, or a staff JWT whose `permission` is checked
 *   (point-of-sale calls that staff sales screens make too).
 * - `public`: anyone on a known tenant (rate-limit it in the route).
 * - `none`: no tenant at all (health check).
 */
export type AuthMode = 'staff' | 'customer' | 'integration' | 'integration-or-staff' | 'public' | 'none';

export type { CustomerPrincipal, IntegrationPrincipal, StaffPrincipal, TenantInfo } from '../context';
export type Principal = StaffPrincipal | CustomerPrincipal | IntegrationPrincipal;

/** Everything a route handler receives, already validated. */
export interface RouteContext<
  Q = unknown,
  P = unknown,
  B = unknown,
  A extends Principal | undefined = Principal | undefined,
> {
  tenant: TenantInfo;
  principal: A;
  query: Q;
  params: P;
  body: B;
  event: APIGatewayProxyEventV2;
  /** Caller's IP as seen by API Gateway (for rate limits). */
  sourceIp: string;
  requestId: string;
  /** The service context of this request (tenant, actor, clock): pass it to the service. */
  service: ServiceContext;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

type PrincipalFor<M extends AuthMode> = M extends 'staff'
  ? StaffPrincipal
  : M extends 'customer'
    ? CustomerPrincipal
    : M extends 'integration'
      ? IntegrationPrincipal
      : M extends 'integration-or-staff'
        ? IntegrationPrincipal | StaffPrincipal
        : undefined;

export interface RouteDefinition<
  M extends AuthMode = AuthMode,
  QS extends z.ZodType | undefined = z.ZodType | undefined,
  PS extends z.ZodType | undefined = z.ZodType | undefined,
  BS extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Full API path, `{name}` marks a path parameter: `/api/web/customer/{id}`. */
  path: string;
  auth?: M;
  /**
   * Required for staff routes (explicitly `null` for any signed-in staff user); a list is "any of
   * these" (a screen the spec puts under two menus, e.g. the categories under Produtos and Mobile).
   */
  permission?: Ability | readonly Ability[] | null;
  query?: QS;
  params?: PS;
  body?: BS;
  /** Maximum request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  handler: (ctx: RouteContext<Infer<QS>, Infer<PS>, Infer<BS>, PrincipalFor<M>>) => Promise<unknown>;
}

/** Declares a route with full type inference of its context. */
export function route<
  M extends AuthMode = 'staff',
  QS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
>(definition: RouteDefinition<M, QS, PS, BS>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

/**
 * The service context of a request: tenant, the caller as actor (public callers are
 * `{ kind: 'public' }`), the clock and the caller's address. Routes pass it as the first
 * argument of the one service function they call.
 */
export function contextOf(
  ctx: { tenant: TenantInfo | undefined; principal: Principal | undefined; sourceIp: string },
  now: () => Date = () => new Date(),
): ServiceContext {
  // Routes without a tenant (`auth: 'none'`, the health check) get an empty tenant id.
  return {
    tenant: ctx.tenant?.id ?? '',
    tenantInfo: ctx.tenant,
    actor: ctx.principal ?? { kind: 'public' },
    now,
    sourceIp: ctx.sourceIp,
  };
}
