import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Ability } from '@freguesia/shared/domain/permissions';
import { domains } from '@freguesia/functions/domains';
import type { RouteDefinition } from '@freguesia/functions/lib/http/route';
import { handler as campaignsHandler } from '@freguesia/functions/campaigns/handler';
import { handler as catalogHandler } from '@freguesia/functions/catalog/handler';
import { handler as customersHandler } from '@freguesia/functions/customers/handler';
import { handler as integrationHandler } from '@freguesia/functions/integration/handler';
import { localDay } from '@freguesia/shared/domain/dates';
import { call, type DomainHandler } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { integrationToken } from './catalog-fixtures';
import { staffCustomer } from './customers-fixtures';

/**
 * Every staff route of every registered domain, found through the domain registry, so a
 * domain added later is covered without touching this file:
 * - a user holding every permission except the route's own gets 403;
 * - a valid administrator token of another tenant gets 401.
 * Path parameters are '1' and the body is empty: both answers must come before validation.
 *
 * Store scope: a user bound to one store (all stores N) holding every permission calls every
 * staff GET route that takes a store parameter (a query or path key such as `id_store` or
 * `store_id`, found in the route's schemas) with ANOTHER store, plus the reads scoped by data
 * rather than by a parameter (`SCOPED_BY_DATA`). The answer must be 403/404 or must not carry
 * that store's data (no store-id field equal to it, none of its marker amounts).
 */
interface Case {
  domain: string;
  handler: DomainHandler;
  route: RouteDefinition;
  path: string;
}

const loaded: string[] = [];

async function loadCases(): Promise<Case[]> {
  const cases: Case[] = [];
  for (const domain of domains) {
    const file = (name: string) =>
      new URL(`../../functions/src/${domain.name}/${name}.ts`, import.meta.url).href;
    const [{ routes }, { handler }] = await Promise.all([
      import(/* @vite-ignore */ file('routes')) as Promise<{ routes: RouteDefinition[] }>,
      import(/* @vite-ignore */ file('handler')) as Promise<{ handler: DomainHandler }>,
    ]);
    loaded.push(domain.name);
    for (const route of routes) {
      if ((route.auth ?? 'staff') !== 'staff') continue;
      cases.push({ domain: domain.name, handler, route, path: route.path.replace(/\{[^}]+\}/g, '1') });
    }
  }
  return cases;
}

const cases = await loadCases();

/** Keys that name a store in a route's query or path parameters. */
const STORE_KEYS = ['id_store', 'store_id', 'idStore', 'storeId'];
/** Reads without a store parameter whose answers still belong to stores (a customer's purchases). */
const SCOPED_BY_DATA = ['GET /api/web/baskets/get'];

/** The keys of a zod object schema, through optional/default/pipe/transform wrappers. */
function schemaKeys(schema: unknown): string[] {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current && depth < 10; depth++) {
    const def = current._zod?.def;
    if (!def) return [];
    if (def.type === 'object') return Object.keys(def.shape as object);
    current = (def.in ?? def.innerType ?? def.schema) as typeof current;
  }
  return [];
}

const routeKey = (c: Case) => `${c.route.method} ${c.route.path}`;
const storeParam = (c: Case): string | undefined =>
  [...schemaKeys(c.route.query), ...schemaKeys(c.route.params)].find((k) => STORE_KEYS.includes(k));
const scopedCases = cases.filter(
  (c) => c.route.method === 'GET' && (storeParam(c) !== undefined || SCOPED_BY_DATA.includes(routeKey(c))),
);
const guarded = cases.filter((c) => c.route.permission);
const label = (c: Case) => `${c.domain}: ${c.route.method} ${c.route.path}`;
const withBody = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

describe('authorization matrix', () => {
  let home: TestTenant;
  let elsewhere: TestTenant;
  const allBut = new Map<string, Promise<{ token: string }>>();

  /**
   * A user of `home` holding every permission but the route's (all of them when the route takes any
   * of several; one user per set, reused).
   */
  function userWithout(required: Ability | readonly Ability[]): Promise<{ token: string }> {
    const missing: readonly Ability[] = Array.isArray(required) ? required : [required as Ability];
    const id = missing.map((m) => `${m.action}:${m.subject}`).join('|');
    let user = allBut.get(id);
    if (!user) {
      const abilities = PERMISSIONS.filter(
        (p) => !missing.some((m) => p.action === m.action && p.subject === m.subject),
      ).map(({ action, subject }) => ({ action, subject }));
      user = home.userWith(abilities);
      allBut.set(id, user);
    }
    return user;
  }

  beforeAll(async () => {
    [home, elsewhere] = await Promise.all([createTestTenant('mx'), createTestTenant('mx')]);
  });

  it('finds the staff routes of every registered domain', () => {
    expect(loaded).toEqual(domains.map((d) => d.name));
    expect(guarded.map(label)).toContain('settings: POST /api/web/user/new');
    expect(guarded.map(label)).toContain('auth: GET /api/web/permissions');
  });

  it.each(guarded.map((c) => [label(c), c] as const))('%s → 403 without its permission', async (_, c) => {
    const user = await userWithout(c.route.permission!);
    const res = await call(c.handler, {
      method: c.route.method,
      path: c.path,
      tenant: home.tenant,
      token: user.token,
      body: withBody(c.route.method),
    });
    expect(res.status, `${label(c)} answered ${res.status}: ${res.text}`).toBe(403);
  });

  it.each(cases.map((c) => [label(c), c] as const))(
    '%s → 401 with another tenant’s admin token',
    async (_, c) => {
      const res = await call(c.handler, {
        method: c.route.method,
        path: c.path,
        tenant: home.tenant,
        token: elsewhere.adminToken,
        body: withBody(c.route.method),
      });
      expect(res.status, `${label(c)} answered ${res.status}: ${res.text}`).toBe(401);
    },
  );
});

/** What the store-scope cases read: two stores, a product priced in both, a customer who bought in both. */
interface ScopeFixture {
  own: number;
  other: number;
  productId: number;
  productCode: string;
  customerId: number;
  day: string;
  /** A discount campaign of both stores on the product. */
  campaignId: number;
}

/** Amounts that exist only in the other store: any of them in an answer is a leak. */
const OTHER_STORE_MARKERS = ['8765.43', '5432.19', '6543.21'];

/** Other parameters a scoped read needs to answer (a product, a customer, a day); none by default. */
const SCOPE_INPUTS: Record<
  string,
  (f: ScopeFixture) => { path?: string; query?: Record<string, string | number> }
> = {
  'GET /api/web/product/{id}': (f) => ({ path: `/api/web/product/${f.productId}` }),
  'GET /api/web/product/find': (f) => ({ query: { code: f.productCode } }),
  'GET /api/web/product/prices': (f) => ({ query: { id: f.productId } }),
  'GET /api/web/prices': (f) => ({ query: { id_product: f.productId } }),
  'GET /api/web/baskets/get': (f) => ({ query: { id: f.customerId } }),
  'GET /api/web/baskets/filter': (f) => ({ query: { date: f.day } }),
  'GET /api/web/campaigns/{id}/labels': (f) => ({ path: `/api/web/campaigns/${f.campaignId}/labels` }),
};

/** Store-id fields equal to `store` anywhere in an answer. */
function storeFields(value: unknown, store: number, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => storeFields(v, store, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    STORE_KEYS.includes(k) && v === store ? [`${path}.${k}`] : storeFields(v, store, `${path}.${k}`),
  );
}

describe('authorization matrix: store scope of a single-store user', () => {
  let t: TestTenant;
  let f: ScopeFixture;
  let clerk: { token: string };

  beforeAll(async () => {
    t = await createTestTenant('mx');
    const admin = (handler: DomainHandler, method: string, path: string, body: unknown) =>
      call(handler, { method, path, body, tenant: t.tenant, token: t.adminToken });
    const store = async (name: string) =>
      (
        await admin(catalogHandler, 'POST', '/api/web/store/new', {
          name,
          zipcode: '01310-100',
          address: 'Avenida Paulista',
        })
      ).body.id as number;
    const own = await store('Loja Própria');
    const other = await store('Loja Vizinha');
    const product = (
      await admin(catalogHandler, 'POST', '/api/web/product/new', {
        code: '7891000100103',
        description: 'Arroz Camil 5kg',
        pack: 1,
      })
    ).body;
    const prices = await admin(catalogHandler, 'POST', '/api/web/price/new', [
      { id_product: product.id, id_store: own, cust_price: '10,00', regular_price: '12,00', stock: 5 },
      { id_product: product.id, id_store: other, cust_price: '5432,19', regular_price: '8765,43', stock: 77 },
    ]);
    expect(prices.status).toBe(200);
    const customer = staffCustomer();
    const created = await admin(customersHandler, 'POST', '/api/web/customer/new', customer);
    expect(created.status, created.text).toBe(200);
    const day = localDay(new Date(Date.now() - 86_400_000));
    const key = await integrationToken(t);
    const basket = (idStore: number, amount: number, coupon: string) => ({
      id_store: idStore,
      checkout: '1',
      coupon,
      date: `${day} 10:00:00`,
      document: customer.document,
      amount,
      items: [
        { code: '7891000100103', description: 'ARROZ', quantity: 1, unit_value: amount, total_value: amount },
      ],
    });
    const ingested = await call(integrationHandler, {
      method: 'POST',
      path: '/api/integration/baskets',
      tenant: t.tenant,
      headers: { 'x-api-key': key },
      body: { baskets: [basket(own, 12, '1001'), basket(other, 6543.21, '1002')] },
    });
    expect(ingested.body.accepted, ingested.text).toBe(2);
    const campaign = await admin(campaignsHandler, 'POST', '/api/web/campaign/new', {
      description: 'Campanha das duas lojas',
      type: 'D',
      start_at: day,
      stores: [{ id_store: own }, { id_store: other }],
      info: {},
      products: [{ code: product.code, type: 2, price: 10 }],
    });
    expect(campaign.status, campaign.text).toBe(200);
    f = {
      own,
      other,
      productId: product.id,
      productCode: product.code,
      customerId: created.body.id,
      day,
      campaignId: campaign.body.id,
    };
    clerk = await t.userWith(
      PERMISSIONS.map(({ action, subject }) => ({ action, subject }) as Ability),
      { allStores: false, storeId: own },
    );
  });

  it('finds the reads that take a store', () => {
    expect(scopedCases.map(label)).toEqual(
      expect.arrayContaining([
        'catalog: GET /api/web/product/{id}',
        'catalog: GET /api/web/products',
        'catalog: GET /api/web/product/find',
        'customers: GET /api/web/baskets/get',
        'campaigns: GET /api/web/campaigns/{id}/labels',
      ]),
    );
  });

  const request = (c: Case, store: number | undefined) => {
    const inputs = SCOPE_INPUTS[routeKey(c)]?.(f) ?? {};
    const param = storeParam(c);
    return call(c.handler, {
      method: 'GET',
      path: inputs.path ?? c.path,
      query: { ...inputs.query, ...(param && store !== undefined ? { [param]: store } : {}) },
      tenant: t.tenant,
      token: clerk.token,
    });
  };

  it.each(scopedCases.map((c) => [label(c), c] as const))('%s → answers for the own store', async (_, c) => {
    const res = await request(c, f.own);
    expect(res.status, `${label(c)} answered ${res.status}: ${res.text}`).toBe(200);
  });

  it.each(scopedCases.map((c) => [label(c), c] as const))('%s → never shows another store', async (_, c) => {
    const res = await request(c, f.other);
    if (res.status === 403 || res.status === 404) return;
    expect(res.status, `${label(c)} answered ${res.status}: ${res.text}`).toBe(200);
    expect(storeFields(res.body, f.other), `${label(c)} shows store ${f.other}: ${res.text}`).toEqual([]);
    for (const marker of OTHER_STORE_MARKERS)
      expect(res.text, `${label(c)} shows ${marker}`).not.toContain(marker);
  });
});
