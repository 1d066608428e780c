import { useQuery } from '@tanstack/react-query';
import { tenantQuery } from '../api/auth';
import { ApiError } from '../api/client';

/** The API's text for a host whose tenant does not exist (spec: 404 on an unknown tenant). */
export const UNKNOWN_TENANT_MESSAGE = 'Ambiente não encontrado. Verifique o endereço acessado.';

/**
 * The API's message when this host's tenant does not exist (GET /api/web/tenant answered 404),
 * else undefined (also while the answer is pending or when the call failed for another reason:
 * a login that may work is better than a false 'not found'). The same query as the theme's, so
 * no extra request in the usual case.
 */
export function useUnknownTenant(): string | undefined {
  const tenant = useQuery(tenantQuery());
  const error = tenant.error;
  if (!(error instanceof ApiError) || error.status !== 404) return undefined;
  return error.message || UNKNOWN_TENANT_MESSAGE;
}

/**
 * What an unknown tenant's address shows instead of a login (or a portal) that can only fail.
 * Plain HTML: it lives in the app entry, which carries no Cloudscape component.
 */
export function TenantNotFound({ message }: { message: string }) {
  return (
    <main className="app-route-error" data-testid="tenant-not-found">
      <h1>Ambiente não encontrado</h1>
      <p>{message}</p>
      <p>Confira o endereço com o administrador da sua empresa.</p>
    </main>
  );
}
