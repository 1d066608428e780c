import { beforeAll, describe, expect, it } from 'vitest';
import { IntegrationTokenEntity, hashToken } from '@freguesia/functions/lib/auth/integration';
import { handler as customers } from '@freguesia/functions/customers/handler';
import { handler as integration } from '@freguesia/functions/integration/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { createStore, posBasket, staffCustomer } from './customers-fixtures';

/**
 * The store scope of the customers domain's purchase reads (issue 9, item 3): a staff user
 * without "all stores" sees only their own store's purchases, wherever purchases show.
 */

interface Setup {
  t: TestTenant;
  storeId: number;
  otherStoreId: number;
  customerId: number;
  /** A user of store 1 only, reading customers (and writing, to associate). */
  storeUser: string;
  /** A user bound to no store, without all stores. */
  noStoreUser: string;
  ids: { own: number; foreign: number; unidentifiedForeign: number };
}

async function setup(): Promise<Setup> {
  const t = await createTestTenant('scp');
  const token = `frg_test_${t.tenant}`;
  await IntegrationTokenEntity.create({
    tenant: t.tenant,
    tokenHash: hashToken(token),
    hint: token.slice(-4),
  }).go();
  const [store, other] = [
    await createStore(t.tenant, 'Loja Centro'),
    await createStore(t.tenant, 'Loja Norte'),
  ];
  const body = staffCustomer();
  const created = await call(customers, {
    method: 'POST',
    path: '/api/web/customer/new',
    tenant: t.tenant,
    token: t.adminToken,
    body,
  });
  const document = body.document as string;
  const ingest = await call(integration, {
    method: 'POST',
    path: '/api/integration/baskets',
    tenant: t.tenant,
    headers: { 'x-api-key': token },
    body: [
      posBasket(store.id, { document, date: '2026-05-10 10:00:00' }),
      posBasket(other.id, { document, date: '2026-05-11 10:00:00' }),
      posBasket(other.id, { date: '2026-05-11 11:00:00' }),
    ],
  });
  const [own, foreign, unidentifiedForeign] = ingest.body.results.map((r: { id: number }) => r.id);
  const abilities = [
    { action: 'read', subject: 'Customers' },
    { action: 'write', subject: 'Customers' },
  ] as const;
  const storeUser = await t.userWith([...abilities], { allStores: false, storeId: store.id });
  const noStoreUser = await t.userWith([...abilities], { allStores: false });
  return {
    t,
    storeId: store.id,
    otherStoreId: other.id,
    customerId: created.body.id,
    storeUser: storeUser.token,
    noStoreUser: noStoreUser.token,
    ids: { own, foreign, unidentifiedForeign },
  };
}

const get = (s: Setup, token: string, path: string, query: Record<string, string | number> = {}) =>
  call(customers, { tenant: s.t.tenant, token, path, query });

describe('store scope of purchases', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });

  it('lists only the user’s store purchases of a customer (GET /web/baskets/get)', async () => {
    const query = { id: s.customerId, gte_date: '2026-05-01', lte_date: '2026-05-31' };
    const scoped = await get(s, s.storeUser, '/api/web/baskets/get', query);
    const admin = await get(s, s.t.adminToken, '/api/web/baskets/get', query);
    const none = await get(s, s.noStoreUser, '/api/web/baskets/get', query);
    expect(scoped.status).toBe(200);
    expect(scoped.body.data.map((b: { id: number; id_store: number }) => [b.id, b.id_store])).toEqual([
      [s.ids.own, s.storeId],
    ]);
    expect(scoped.body.pagination.total).toBe(1);
    expect(admin.body.data.map((b: { id: number }) => b.id)).toEqual([s.ids.foreign, s.ids.own]);
    expect(none.body.data).toEqual([]);
  });

  it('leaves other stores’ purchases out of the customer’s timeline', async () => {
    const scoped = await get(s, s.storeUser, `/api/web/customer/${s.customerId}`);
    const admin = await get(s, s.t.adminToken, `/api/web/customer/${s.customerId}`);
    const purchases = (body: { events: { type: string; description: string }[] }) =>
      body.events.filter((e) => e.type === 'purchase').map((e) => e.description);
    expect(scoped.status).toBe(200);
    expect(purchases(scoped.body)).toHaveLength(1);
    expect(purchases(scoped.body)[0]).toContain(`na loja ${s.storeId},`);
    expect(purchases(admin.body)).toHaveLength(2);
    // The customer's own loyalty figures stay whole.
    expect(scoped.body.basket_count).toBe(2);
  });

  it('refuses a day filter naming another store and keeps one without a store in the user’s store', async () => {
    const asked = await get(s, s.storeUser, '/api/web/baskets/filter', {
      date: '2026-05-11',
      id_store: s.otherStoreId,
    });
    expect(asked.status).toBe(403);
    expect(asked.body.message).toBe('Você só pode consultar os dados da sua loja.');
    const unnamed = await get(s, s.storeUser, '/api/web/baskets/filter', { date: '2026-05-11' });
    expect(unnamed.status).toBe(200);
    expect(unnamed.body.data).toEqual([]);
    const own = await get(s, s.storeUser, '/api/web/baskets/filter', {
      date: '2026-05-10',
      id_store: s.storeId,
    });
    expect(own.body.data.map((b: { id: number }) => b.id)).toEqual([s.ids.own]);
    const admin = await get(s, s.t.adminToken, '/api/web/baskets/filter', {
      date: '2026-05-11',
      id_store: s.otherStoreId,
    });
    expect(admin.body.data.map((b: { id: number }) => b.id).sort()).toEqual(
      [s.ids.foreign, s.ids.unidentifiedForeign].sort(),
    );
  });

  it('does not let a store-bound user associate another store’s purchase', async () => {
    const res = await call(customers, {
      method: 'POST',
      path: '/api/web/baskets/associate',
      tenant: s.t.tenant,
      token: s.storeUser,
      query: { id_customer: s.customerId },
      body: [s.ids.unidentifiedForeign],
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`Compra ${s.ids.unidentifiedForeign} não encontrada.`);
    const still = await get(s, s.t.adminToken, '/api/web/baskets/filter', {
      date: '2026-05-11',
      basket_loyal: 'N',
    });
    expect(still.body.data.map((b: { id: number }) => b.id)).toEqual([s.ids.unidentifiedForeign]);
  });
});
