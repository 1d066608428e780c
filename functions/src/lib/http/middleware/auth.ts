import type { MiddlewareObj } from '@middy/core';
import type { Ability } from '@freguesia/shared/domain/permissions';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { verifyIntegrationToken } from '../../auth/integration';
import { verifyToken } from '../../auth/jwt';
import { resolveStaffPrincipal } from '../../auth/principals';
import { logger } from '../../logger';
import { forbidden, unauthenticated } from '../../errors';
import type { AppRequest } from '../state';

function bearer(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization;
  if (!value) return undefined;
  const [scheme, token] = value.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Authenticates by the route's mode. Every failure is the same 401 without detail, so a
 * caller learns nothing about why a token was refused (other tenant, expired, disabled user).
 */
export const authMiddleware = (): MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async (request) => {
    const state = (request as AppRequest).state;
    const mode = state.route.auth ?? 'staff';
    if (mode === 'none' || mode === 'public') return;
    const tenant = state.tenant!.id;
    const headers = request.event.headers ?? {};

    // Point-of-sale calls that staff screens make too: an integration token (x-api-key, or a
    // bearer that is not a JWT) is the integration; a JWT is a staff session with its permission.
    const integrationToken =
      headers['x-api-key'] ?? (bearer(headers)?.split('.').length === 3 ? undefined : bearer(headers));
    if (mode === 'integration' || (mode === 'integration-or-staff' && integrationToken)) {
      const token = headers['x-api-key'] ?? bearer(headers);
      if (!token || !(await verifyIntegrationToken(tenant, token))) {
        throw unauthenticated('Token de integração inválido.');
      }
      state.principal = { kind: 'integration' };
      return;
    }

    const token = bearer(headers);
    const claims = token ? await verifyToken(token, tenant) : undefined;
    const expected = mode === 'integration-or-staff' ? 'staff' : mode;
    if (!claims || claims.typ !== expected) throw unauthenticated();
    if (mode === 'customer') {
      state.principal = { kind: 'customer', customerId: Number(claims.sub) };
    } else {
      const principal = await resolveStaffPrincipal(tenant, claims);
      if (!principal) throw unauthenticated();
      state.principal = principal;
    }
    logger.appendKeys({ principal: `${mode}:${claims.sub}` });
  },
});

/** Checks the route's `{action, subject}` against the staff user's abilities. */
export const permissionMiddleware = (): MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async (request) => {
    const state = (request as AppRequest).state;
    const required = state.route.permission;
    const principal = state.principal;
    if (!required || principal?.kind !== 'staff') return;
    const anyOf: readonly Ability[] = Array.isArray(required) ? required : [required as Ability];
    const allowed = anyOf.some((r) =>
      principal.abilities.some((a) => a.action === r.action && a.subject === r.subject),
    );
    if (!allowed) throw forbidden();
  },
});
