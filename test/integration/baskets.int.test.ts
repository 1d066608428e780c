import { beforeAll, describe, expect, it } from 'vitest';
import { IntegrationTokenEntity, hashToken } from '@freguesia/functions/lib/auth/integration';
import { handler as customers } from '@freguesia/functions/customers/handler';
import { handler as integration } from '@freguesia/functions/integration/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { createStore, posBasket, randomCpf, staffCustomer } from './customers-fixtures';

interface Setup {
  t: TestTenant;
  token: string;
  storeId: number;
  otherStoreId: number;
}

async function setup(): Promise<Setup> {
  const t = await createTestTenant('bsk');
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
  return { t, token, storeId: store.id, otherStoreId: other.id };
}

const ingest = (s: Setup, body: unknown, headers: Record<string, string> = { 'x-api-key': s.token }) =>
  call(integration, { method: 'POST', path: '/api/integration/baskets', tenant: s.t.tenant, headers, body });
const staff = (s: Setup, req: Parameters<typeof call>[1], token = s.t.adminToken) =>
  call(customers, { tenant: s.t.tenant, token, ...req });

async function newCustomer(s: Setup, overrides: Record<string, unknown> = {}) {
  const body = staffCustomer(overrides);
  const res = await staff(s, { method: 'POST', path: '/api/web/customer/new', body });
  return { id: res.body.id as number, document: body.document as string };
}

describe('POS purchase ingestion', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });

  it('stores a purchase and answers a replay with the same id as a duplicate', async () => {
    const basket = posBasket(s.storeId);
    const first = await ingest(s, basket);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 0,
      results: [{ index: 0, id: expect.any(Number) }],
    });
    const replay = await ingest(s, { baskets: [basket] });
    expect(replay.body.results).toEqual([{ index: 0, id: first.body.results[0].id, duplicate: true }]);
    // Racing replays store it once.
    const fresh = posBasket(s.storeId);
    const racing = await Promise.all([1, 2, 3].map(() => ingest(s, fresh)));
    const ids = racing.map((r) => r.body.results[0].id);
    expect(new Set(ids).size).toBe(1);
    expect(racing.filter((r) => r.body.results[0].duplicate)).toHaveLength(2);
  });

  it('links purchases to the customer by document and keeps the aggregates on write', async () => {
    const customer = await newCustomer(s);
    const rows = [
      posBasket(s.storeId, { document: customer.document, date: '2026-03-10 09:00:00', origin: 'PDV' }),
      posBasket(s.storeId, {
        document: customer.document.replace(/^0+/, ''),
        date: '2026-03-12T15:00:00Z',
        origin: 'E-commerce',
        amount: '25.00',
        discount: 0,
      }),
      // Older than the one above: counted, but the last purchase stays the newest.
      posBasket(s.otherStoreId, {
        document: customer.document,
        date: '2026-03-11 08:00:00',
        origin: 'App',
        amount: 24.01,
        discount: 0.99,
      }),
    ];
    const res = await ingest(s, { baskets: rows });
    expect(res.body.accepted).toBe(3);
    const details = (await staff(s, { path: `/api/web/customer/${customer.id}` })).body;
    expect(details).toMatchObject({
      basket_count: 3,
      basket_total: 73.01,
      average_basket: 24.34,
      dt_last_basket: '2026-03-12 12:00:00',
      last_basket_origin: 'E-commerce',
    });
    const purchases = details.events.filter((e: { type: string }) => e.type === 'purchase');
    expect(purchases).toHaveLength(3);
    expect(purchases[0].description).toMatch(/^Compra de R\$ \d+,\d{2} na loja/);
  });

  it('keeps the aggregates right under concurrent requests for one customer', async () => {
    const customer = await newCustomer(s);
    const days = [1, 2, 3, 4, 5, 6, 7, 8];
    await Promise.all(
      days.map((d) =>
        ingest(s, posBasket(s.storeId, { document: customer.document, date: `2026-04-0${d} 10:00:00` })),
      ),
    );
    const details = (await staff(s, { path: `/api/web/customer/${customer.id}` })).body;
    expect(details).toMatchObject({
      basket_count: 8,
      basket_total: 192,
      average_basket: 24,
      dt_last_basket: '2026-04-08 10:00:00',
    });
  });

  it('reports rejected rows with Portuguese messages and stores the accepted ones', async () => {
    const good = posBasket(s.storeId);
    const res = await ingest(s, {
      baskets: [
        good,
        posBasket(s.storeId, {
          id_store: undefined,
          checkout: '',
          coupon: null,
          date: '15/01/2026',
          amount: 'dez',
          items: [],
        }),
        posBasket(s.storeId, { document: '123.456.789-00', amount: 23.999 }),
        posBasket(s.storeId, { amount: 30 }),
        posBasket(999999),
        posBasket(s.storeId, { date: '2999-01-01 00:00:00' }),
        posBasket(s.storeId, {
          items: [{ code: 'ABC', description: '', quantity: 0, unit_value: -1, total_value: 1.234 }],
        }),
        posBasket(s.storeId, { payments: [{ method: 'Pix', value: 10 }] }),
        posBasket(s.storeId, {
          items: [
            {
              code: '789',
              description: 'QUEIJO KG',
              quantity: 0.355,
              unit_value: 59.9,
              total_value: 21.26,
              discount: 0,
            },
          ],
          amount: 20.26,
          discount: 1,
          payments: [],
        }),
      ],
    });
    expect(res.status).toBe(200);
    const r = res.body.results;
    expect(r[0]).toEqual({ index: 0, id: expect.any(Number) });
    expect(r[1].errors).toMatchObject({
      id_store: 'Informe a loja (id_store).',
      checkout: 'Informe o caixa (checkout), até 20 caracteres.',
      coupon: 'Informe o cupom (coupon), até 30 caracteres.',
      date: 'Data inválida: use AAAA-MM-DD HH:mm:ss ou ISO 8601.',
      amount: 'Valor da compra (amount) inválido: use um número com até 2 casas decimais.',
      items: 'Informe os itens da compra (items).',
    });
    expect(r[2].errors).toEqual({
      document: 'Documento (CPF/CNPJ) inválido.',
      amount: 'Valor da compra (amount) inválido: use um número com até 2 casas decimais.',
    });
    expect(r[3].errors).toEqual({
      amount: 'O valor da compra (amount) não confere com a soma dos itens menos o desconto.',
    });
    expect(r[4].errors).toEqual({ id_store: 'Loja não encontrada.' });
    expect(r[5].errors).toEqual({ date: 'A data da compra não pode estar no futuro.' });
    expect(r[6].errors).toMatchObject({
      'items.0.code': 'Código do item inválido: use de 1 a 14 dígitos.',
      'items.0.description': 'Informe a descrição do item.',
      'items.0.quantity': 'Quantidade inválida: use um número maior que zero com até 3 casas decimais.',
      'items.0.unit_value': 'Valor unitário inválido: use um número com até 2 casas decimais.',
      'items.0.total_value': 'Valor total do item inválido: use um número com até 2 casas decimais.',
    });
    expect(r[7].errors).toEqual({ payments: 'A soma dos pagamentos é menor que o valor da compra.' });
    expect(r[8]).toEqual({ index: 8, id: expect.any(Number) });
    expect(r.every((row: { index: number }, i: number) => row.index === i)).toBe(true);
    expect(res.body).toMatchObject({ accepted: 2, duplicates: 0, rejected: 7 });
  });

  it('refuses an empty or oversized envelope and a missing or foreign token', async () => {
    expect((await ingest(s, { baskets: [] })).body.message).toBe('Envie ao menos uma compra.');
    const many = Array.from({ length: 101 }, () => posBasket(s.storeId));
    const big = await ingest(s, { baskets: many });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('Envie no máximo 100 compras por requisição.');
    expect((await ingest(s, posBasket(s.storeId), {})).status).toBe(401);
    expect((await ingest(s, posBasket(s.storeId), { 'x-api-key': 'frg_wrong' })).status).toBe(401);
    expect((await ingest(s, posBasket(s.storeId), { authorization: `Bearer ${s.token}` })).status).toBe(200);
    const other = await setup();
    expect((await ingest(other, posBasket(other.storeId), { 'x-api-key': s.token })).status).toBe(401);
  });
});

describe('purchases on the customer details page', () => {
  let s: Setup;
  let customer: { id: number; document: string };
  beforeAll(async () => {
    s = await setup();
    customer = await newCustomer(s);
    const rows = Array.from({ length: 20 }, (_, i) =>
      posBasket(i % 2 ? s.storeId : s.otherStoreId, {
        document: customer.document,
        date: `2026-05-${String(i + 1).padStart(2, '0')} 10:00:00`,
      }),
    );
    await ingest(s, { baskets: rows });
    await ingest(s, {
      baskets: [
        posBasket(s.storeId, { checkout: '7', coupon: '5001', date: '2026-06-10 11:00:00' }),
        posBasket(s.storeId, {
          checkout: '7',
          coupon: '5002',
          date: '2026-06-10 12:00:00',
          origin: 'Balcão',
        }),
        posBasket(s.storeId, { checkout: '70', coupon: '5003', date: '2026-06-10 13:00:00' }),
        posBasket(s.otherStoreId, { checkout: '7', coupon: '5004', date: '2026-06-10 14:00:00' }),
        posBasket(s.storeId, {
          checkout: '7',
          coupon: '5005',
          date: '2026-06-10 15:00:00',
          document: customer.document,
        }),
      ],
    });
  });

  it("lists a customer's purchases of a period, newest first, 15 per page", async () => {
    const res = await staff(s, {
      path: '/api/web/baskets/get',
      query: { id: customer.id, gte_date: '2026-05-01', lte_date: '2026-05-31' },
    });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 20, page: 1, per_page: 15, last_page: 2 });
    expect(res.body.data).toHaveLength(15);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      id_customer: customer.id,
      id_store: s.storeId,
      store_name: 'Loja Centro',
      checkout: '3',
      coupon: expect.any(String),
      date: '2026-05-20 10:00:00',
      created_at: expect.any(String),
      amount: 24,
      discount: 1,
      origin: 'PDV',
      itens: 2,
      products: [
        {
          code: '7891000100103',
          description: 'ARROZ 5KG',
          quantity: 2,
          unit_value: 10,
          total_value: 20,
          discount: 0,
        },
        {
          code: '7891000055502',
          description: 'FEIJAO 1KG',
          quantity: 1,
          unit_value: 5.5,
          total_value: 5,
          discount: 0.5,
        },
      ],
      payments: [{ method: 'Dinheiro', value: 30, installments: 1 }],
    });
    const dates = res.body.data.map((b: { date: string }) => b.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const page2 = await staff(s, {
      path: '/api/web/baskets/get',
      query: { id: customer.id, gte_date: '2026-05-01', lte_date: '2026-05-31', page: 2 },
    });
    expect(page2.body.data.at(-1).date).toBe('2026-05-01 10:00:00');
    const narrow = await staff(s, {
      path: '/api/web/baskets/get',
      query: { id: customer.id, gte_date: '2026-05-10', lte_date: '2026-05-10' },
    });
    expect(narrow.body.data.map((b: { date: string }) => b.date)).toEqual(['2026-05-10 10:00:00']);
    const defaults = await staff(s, { path: '/api/web/baskets/get', query: { id: customer.id } });
    expect(defaults.body.period.lte_date >= defaults.body.period.gte_date).toBe(true);
  });

  it("finds a day's purchases by store, checkout, coupon and identification", async () => {
    const find = (query: Record<string, string | number>) =>
      staff(s, { path: '/api/web/baskets/filter', query: { date: '2026-06-10', ...query } });
    const coupons = (res: { body: { data: { coupon: string }[] } }) => res.body.data.map((b) => b.coupon);
    expect(coupons(await find({}))).toEqual(['5005', '5004', '5003', '5002', '5001']);
    expect(coupons(await find({ id_store: s.storeId }))).toEqual(['5005', '5003', '5002', '5001']);
    expect(coupons(await find({ id_store: s.storeId, checkout: '7' }))).toEqual(['5005', '5002', '5001']);
    expect(coupons(await find({ checkout: '7' }))).toEqual(['5005', '5004', '5002', '5001']);
    expect(coupons(await find({ id_store: s.storeId, checkout: '7', coupon: '5002' }))).toEqual(['5002']);
    expect(coupons(await find({ basket_loyal: 'N', id_store: s.storeId, checkout: '7' }))).toEqual([
      '5002',
      '5001',
    ]);
    expect(coupons(await find({ basket_loyal: 'Y' }))).toEqual(['5005']);
    const paged = await find({ per_page: 2, page: 2 });
    expect(paged.body.pagination).toEqual({ total: 5, page: 2, per_page: 2, last_page: 3 });
    expect(coupons(paged)).toEqual(['5003', '5002']);
    expect((await staff(s, { path: '/api/web/baskets/filter', query: {} })).body.errors.date).toBe(
      'Informe a data da compra (AAAA-MM-DD).',
    );
    const storeUser = await s.t.userWith([{ action: 'read', subject: 'Customers' }], {
      allStores: false,
      storeId: s.otherStoreId,
    });
    expect(
      coupons(
        await staff(s, { path: '/api/web/baskets/filter', query: { date: '2026-06-10' } }, storeUser.token),
      ),
    ).toEqual(['5004']);
  });

  it('associates unidentified coupons to a customer, with aggregates and timeline', async () => {
    const other = await newCustomer(s);
    const day = await staff(s, {
      path: '/api/web/baskets/filter',
      query: { date: '2026-06-10', basket_loyal: 'N', id_store: s.storeId },
    });
    const ids = day.body.data.map((b: { id: number }) => b.id);
    expect(ids).toHaveLength(3);
    const res = await staff(s, {
      method: 'POST',
      path: '/api/web/baskets/associate',
      query: { id_customer: other.id },
      body: ids,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Cupom associado ao cliente com sucesso !', associated: 3 });
    const details = (await staff(s, { path: `/api/web/customer/${other.id}` })).body;
    expect(details).toMatchObject({
      basket_count: 3,
      average_basket: 24,
      dt_last_basket: '2026-06-10 13:00:00',
      last_basket_origin: 'PDV',
    });
    expect(details.events.filter((e: { type: string }) => e.type === 'associated')).toHaveLength(3);
    expect(details.events.find((e: { type: string }) => e.type === 'associated')).toMatchObject({
      channel: 'Plataforma',
      user_id: s.t.adminId,
    });
    const listed = await staff(s, {
      path: '/api/web/baskets/get',
      query: { id: other.id, gte_date: '2026-06-01', lte_date: '2026-06-30' },
    });
    expect(listed.body.data.map((b: { coupon: string }) => b.coupon)).toEqual(['5003', '5002', '5001']);

    const again = await staff(s, {
      method: 'POST',
      path: '/api/web/baskets/associate',
      query: { id_customer: customer.id },
      body: [ids[0]],
    });
    expect(again.status).toBe(409);
    expect(
      (
        await staff(s, {
          method: 'POST',
          path: '/api/web/baskets/associate',
          query: { id_customer: other.id },
          body: [987654],
        })
      ).status,
    ).toBe(404);
    const elsewhere = await staff(s, {
      path: '/api/web/baskets/filter',
      query: { date: '2026-06-10', id_store: s.otherStoreId },
    });
    const unknown = await staff(s, {
      method: 'POST',
      path: '/api/web/baskets/associate',
      query: { id_customer: 987654 },
      body: [elsewhere.body.data[0].id],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Cliente não encontrado.');
    expect(
      (
        await staff(s, {
          method: 'POST',
          path: '/api/web/baskets/associate',
          query: { id_customer: other.id },
          body: [],
        })
      ).body.message,
    ).toBe('Escolha ao menos uma compra.');
  });

  it('lists the distinct origins', async () => {
    const res = await staff(s, { path: '/api/web/baskets/origins' });
    expect(res.body).toEqual(expect.arrayContaining([{ origin: 'PDV' }, { origin: 'Balcão' }]));
    expect(res.body).toHaveLength(2);
  });

  it('needs read Customers to see and write Customers to associate', async () => {
    const reader = await s.t.userWith([{ action: 'read', subject: 'Customers' }]);
    const nobody = await s.t.userWith([{ action: 'read', subject: 'Products' }]);
    const get = { path: '/api/web/baskets/get', query: { id: customer.id } };
    const filter = { path: '/api/web/baskets/filter', query: { date: '2026-06-10' } };
    expect((await staff(s, get, reader.token)).status).toBe(200);
    expect((await staff(s, filter, reader.token)).status).toBe(200);
    expect((await staff(s, get, nobody.token)).status).toBe(403);
    expect((await staff(s, filter, nobody.token)).status).toBe(403);
    expect(
      (
        await staff(
          s,
          {
            method: 'POST',
            path: '/api/web/baskets/associate',
            query: { id_customer: customer.id },
            body: [1],
          },
          reader.token,
        )
      ).status,
    ).toBe(403);
    expect((await staff(s, { path: '/api/web/baskets/origins' }, nobody.token)).status).toBe(200);
  });

  it('unlinks the purchases of a deleted customer (the sale stays, the person goes)', async () => {
    const gone = await newCustomer(s);
    await ingest(
      s,
      posBasket(s.storeId, { document: gone.document, coupon: '7001', date: '2026-07-01 10:00:00' }),
    );
    expect(
      (await staff(s, { method: 'DELETE', path: '/api/web/customer/delete', query: { id: gone.id } })).status,
    ).toBe(200);
    const day = await staff(s, { path: '/api/web/baskets/filter', query: { date: '2026-07-01' } });
    expect(
      day.body.data.map((b: { coupon: string; id_customer: number | null }) => [b.coupon, b.id_customer]),
    ).toEqual([['7001', null]]);
    const list = await staff(s, {
      path: '/api/web/baskets/get',
      query: { id: gone.id, gte_date: '2026-07-01', lte_date: '2026-07-01' },
    });
    expect(list.body.data).toEqual([]);
  });

  it('keeps purchases inside their tenant', async () => {
    const other = await setup();
    const get = await call(customers, {
      tenant: other.t.tenant,
      token: other.t.adminToken,
      path: '/api/web/baskets/get',
      query: { id: customer.id, gte_date: '2026-01-01', lte_date: '2026-12-31' },
    });
    expect(get.body.data).toEqual([]);
    const filter = await call(customers, {
      tenant: other.t.tenant,
      token: other.t.adminToken,
      path: '/api/web/baskets/filter',
      query: { date: '2026-06-10' },
    });
    expect(filter.body.data).toEqual([]);
    const mine = await staff(s, { path: '/api/web/baskets/filter', query: { date: '2026-06-10' } });
    const theirs = await newCustomer(other, { document: randomCpf() });
    const steal = await call(customers, {
      method: 'POST',
      tenant: other.t.tenant,
      token: other.t.adminToken,
      path: '/api/web/baskets/associate',
      query: { id_customer: theirs.id },
      body: [mine.body.data[0].id],
    });
    expect(steal.status).toBe(404);
    expect(
      (
        await call(customers, {
          tenant: other.t.tenant,
          token: s.t.adminToken,
          path: '/api/web/baskets/filter',
          query: { date: '2026-06-10' },
        })
      ).status,
    ).toBe(401);
    // A POS of tenant B sending A's customer document does not link to A's customer.
    const res = await ingest(other, posBasket(other.storeId, { document: customer.document }));
    expect(res.body.accepted).toBe(1);
    const b = await call(customers, {
      tenant: other.t.tenant,
      token: other.t.adminToken,
      path: '/api/web/baskets/filter',
      query: { date: '2026-01-15', basket_loyal: 'Y' },
    });
    expect(b.body.data).toEqual([]);
  });
});
