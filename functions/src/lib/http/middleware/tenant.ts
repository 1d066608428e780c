import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from '../../config';
import { findTenant } from '../../ddb/tenants';
import { logger } from '../../logger';
import { HttpError } from '../errors';
import type { AppRequest } from '../state';

const TENANT_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/**
 * The tenant is the first label of the viewer host: CloudFront forwards it as
 * `x-forwarded-host`; locally the `host` header carries it. `localhost` and bare IPs map to
 * the default tenant so `http://localhost:3000` works without DNS.
 */
export function tenantLabelFromHost(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const hostname = host.split(',')[0]!.trim().toLowerCase().replace(/:\d+$/, '');
  if (hostname === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[')) {
    return config.defaultTenant;
  }
  const label = hostname.split('.')[0];
  return label && TENANT_LABEL.test(label) ? label : undefined;
}

export const tenantMiddleware = (): MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async (request) => {
    const state = (request as AppRequest).state;
    if (state.route.auth === 'none') return;
    const headers = request.event.headers ?? {};
    const label = tenantLabelFromHost(headers['x-forwarded-host'] ?? headers.host);
    const tenant = label ? await findTenant(label) : null;
    if (!tenant) throw new HttpError(404, 'Ambiente não encontrado. Verifique o endereço acessado.');
    state.tenant = tenant;
    logger.appendKeys({ tenant: tenant.id });
  },
});
