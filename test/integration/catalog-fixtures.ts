import { handler as catalog } from '@freguesia/functions/catalog/handler';
import { IntegrationTokenEntity, hashToken } from '@freguesia/functions/lib/auth/integration';
import type { Product } from '@freguesia/shared/schemas/catalog';
import { call } from '../support/api';
import type { TestTenant } from '../support/tenant';

/** Shared helpers of the catalog integration tests (API calls as a tenant's administrator). */

/** A JSON object of an answer, for assertions. */
export type Row = Record<string, unknown>;

export { catalog };

export function api(t: TestTenant, token = t.adminToken) {
  return {
    get: (path: string, query?: Record<string, string | number | undefined>) =>
      call(catalog, { path, query, tenant: t.tenant, token }),
    post: (path: string, body: unknown) =>
      call(catalog, { method: 'POST', path, body, tenant: t.tenant, token }),
    put: (path: string, body: unknown) =>
      call(catalog, { method: 'PUT', path, body, tenant: t.tenant, token }),
  };
}

export const paulista = {
  name: 'Loja Paulista',
  zipcode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  latitude: -23.5613,
  longitude: -46.6565,
};

export async function createStore(t: TestTenant, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await api(t).post('/api/web/store/new', { ...paulista, ...overrides });
  if (res.status !== 200) throw new Error(`store: ${res.status} ${res.text}`);
  return res.body.id;
}

export async function createCategory(
  t: TestTenant,
  reference_code: string,
  description: string,
  level_up = 0,
): Promise<number> {
  const res = await api(t).post('/api/web/category/new', {
    reference_code,
    description,
    level_up,
    active: 'Y',
    show_app: 'Y',
  });
  if (res.status !== 200) throw new Error(`category: ${res.status} ${res.text}`);
  return res.body.id;
}

export async function createProduct(
  t: TestTenant,
  overrides: Record<string, unknown> = {},
): Promise<Product> {
  const res = await api(t).post('/api/web/product/new', {
    code: '7891000100103',
    description: 'Arroz Tipo 1 5kg',
    pack: 1,
    ...overrides,
  });
  if (res.status !== 200) throw new Error(`product: ${res.status} ${res.text}`);
  return res.body;
}

/** Gives the tenant an integration token and returns it. */
export async function integrationToken(t: TestTenant): Promise<string> {
  const token = `frg_test_${t.tenant}`;
  await IntegrationTokenEntity.create({
    tenant: t.tenant,
    tokenHash: hashToken(token),
    hint: token.slice(-4),
  }).go();
  return token;
}

/** EAN-13 with a valid check digit from 12 digits. */
export { ean13 } from '@freguesia/shared/schemas/catalog';
