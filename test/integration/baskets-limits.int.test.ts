import { beforeAll, describe, expect, it } from 'vitest';
import { NumberValue, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { IntegrationTokenEntity, hashToken } from '@freguesia/functions/lib/auth/integration';
import { documentClient, tableName } from '@freguesia/functions/lib/ddb/client';
import { CustomerEntity } from '@freguesia/functions/customers/entities';
import { handler as customers } from '@freguesia/functions/customers/handler';
import { handler as integration } from '@freguesia/functions/integration/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { createStore, posBasket, staffCustomer } from './customers-fixtures';

/**
 * Money and quantity bounds of the customers domain (issue 9, item 1) and the store scope of
 * its purchase reads (item 3): what a POS, a staff form or a store-bound user can do to a
 * customer record.
 */

interface Setup {
  t: TestTenant;
  token: string;
  storeId: number;
  otherStoreId: number;
}

async function setup(): Promise<Setup> {
  const t = await createTestTenant('lim');
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

const ingest = (s: Setup, body: unknown) =>
  call(integration, {
    method: 'POST',
    path: '/api/integration/baskets',
    tenant: s.t.tenant,
    headers: { 'x-api-key': s.token },
    body,
  });
const staff = (s: Setup, req: Parameters<typeof call>[1], token = s.t.adminToken) =>
  call(customers, { tenant: s.t.tenant, token, ...req });

async function newCustomer(s: Setup, overrides: Record<string, unknown> = {}) {
  const body = staffCustomer(overrides);
  const res = await staff(s, { method: 'POST', path: '/api/web/customer/new', body });
  expect(res.status).toBe(200);
  return { id: res.body.id as number, document: body.document as string };
}

/** One purchase of a single item worth `value` (a number or a decimal string). */
const single = (
  s: Setup,
  document: string,
  value: number | string,
  overrides: Record<string, unknown> = {},
) =>
  posBasket(s.storeId, {
    document,
    amount: value,
    discount: 0,
    items: [
      {
        code: '7891000100103',
        description: 'TELEVISOR',
        quantity: 1,
        unit_value: value,
        total_value: value,
        discount: 0,
      },
    ],
    payments: [],
    ...overrides,
  });

/** Sets a stored number directly, as an old version (or a bug) could have left it. */
async function forceNumber(tenant: string, id: number, field: 'basketTotal' | 'basketCount', value: string) {
  const { Key } = CustomerEntity.get({ tenant, id }).params() as { Key: Record<string, unknown> };
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key,
      UpdateExpression: 'SET #f = :v',
      ExpressionAttributeNames: { '#f': field },
      // A wrapped number keeps every digit (a plain JS number cannot hold it).
      ExpressionAttributeValues: { ':v': NumberValue.from(value) },
    }),
  );
}

describe('money and quantity bounds', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });

  it('refuses 91 purchases of R$ 999.999.999.999,99 one by one and the customer stays readable', async () => {
    // Prepare
    const customer = await newCustomer(s);
    const huge = '999999999999.99';
    const rows = Array.from({ length: 91 }, (_, i) =>
      single(s, customer.document, huge, {
        date: `2026-02-0${1 + (i % 9)} 10:${String(i % 60).padStart(2, '0')}:00`,
        coupon: `H${i}`,
      }),
    );
    // Act
    const res = await ingest(s, { baskets: rows });
    const details = await staff(s, { path: `/api/web/customer/${customer.id}` });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 0, rejected: 91 });
    expect(res.body.results[0].errors).toMatchObject({
      amount: 'Valor da compra (amount) acima do limite de R$ 99.999.999,99.',
      'items.0.unit_value': 'Valor unitário acima do limite de R$ 9.999.999,99.',
      'items.0.total_value': 'Valor total do item acima do limite de R$ 99.999.999,99.',
    });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ basket_count: 0, basket_total: 0 });
  });

  it('accepts the largest purchase a store can have, 91 times, with exact totals', async () => {
    // Prepare
    const customer = await newCustomer(s);
    const rows = Array.from({ length: 91 }, (_, i) => ({
      ...single(s, customer.document, '99999999.99'),
      coupon: `B${i}`,
      date: `2026-02-10 11:${String(i % 60).padStart(2, '0')}:${String(Math.floor(i / 60)).padStart(2, '0')}`,
      items: [
        {
          code: '789',
          description: 'LOTE',
          quantity: 1,
          unit_value: '9999999.99',
          total_value: '9999999.99',
          discount: 0,
        },
      ],
      amount: '9999999.99',
    }));
    // Act
    const res = await ingest(s, { baskets: rows });
    const details = await staff(s, { path: `/api/web/customer/${customer.id}` });
    // Assess
    expect(res.body).toMatchObject({ accepted: 91, rejected: 0 });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      basket_count: 91,
      basket_total: 909_999_999.09,
      average_basket: 9_999_999.99,
    });
  });

  it('refuses quantities and payments beyond a store’s reach with field messages', async () => {
    const res = await ingest(s, {
      baskets: [
        posBasket(s.storeId, {
          amount: 100_000_000,
          items: [
            {
              code: '1',
              description: 'AREIA',
              quantity: '100000',
              unit_value: 1000,
              total_value: 100_000_000,
              discount: 0,
            },
          ],
          payments: [{ method: 'Pix', value: '100000000', installments: 1 }],
          discount: 0,
        }),
        posBasket(s.storeId, { payments: [{ method: 'Pix', value: '999999999999.99', installments: 1 }] }),
      ],
    });
    expect(res.body.results[0].errors).toMatchObject({
      'items.0.quantity': 'Quantidade acima do limite de 99.999,999.',
      'items.0.total_value': 'Valor total do item acima do limite de R$ 99.999.999,99.',
      amount: 'Valor da compra (amount) acima do limite de R$ 99.999.999,99.',
      'payments.0.value': 'Valor do pagamento acima do limite de R$ 99.999.999,99.',
    });
    expect(res.body.results[1].errors).toEqual({
      'payments.0.value': 'Valor do pagamento acima do limite de R$ 99.999.999,99.',
    });
  });

  it('answers 400 with a field message for an income of 1e308, on create and update', async () => {
    const created = await staff(s, {
      method: 'POST',
      path: '/api/web/customer/new',
      body: staffCustomer({ income: 1e308 }),
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual({
      income: 'Renda inválida: informe um valor de R$ 0,00 a R$ 99.999.999,99.',
    });
    const customer = await newCustomer(s, { income: '12500,50' });
    const updated = await staff(s, {
      method: 'PUT',
      path: '/api/web/customer/update',
      body: { ...staffCustomer({ document: customer.document, income: '1e308' }), id: customer.id },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.errors).toEqual({
      income: 'Renda inválida: informe um valor de R$ 0,00 a R$ 99.999.999,99.',
    });
    expect((await staff(s, { path: `/api/web/customer/${customer.id}` })).body.income).toBe(12500.5);
  });

  it('serves a customer whose stored total is already past 2^53 and saturates further purchases', async () => {
    // Prepare: what 91 purchases of R$ 999.999.999.999,99 left behind before the bounds.
    const customer = await newCustomer(s);
    await forceNumber(s.t.tenant, customer.id, 'basketTotal', '9099999999999909');
    await forceNumber(s.t.tenant, customer.id, 'basketCount', '91');
    // Act
    const before = await staff(s, { path: `/api/web/customer/${customer.id}` });
    const res = await ingest(s, single(s, customer.document, '10.00', { date: '2026-03-01 09:00:00' }));
    const after = await staff(s, { path: `/api/web/customer/${customer.id}` });
    const list = await staff(s, { path: '/api/web/customers', query: { q: customer.document } });
    // Assess
    expect(before.status).toBe(200);
    expect(before.body.basket_count).toBe(91);
    expect(Number.isSafeInteger(Math.round(before.body.basket_total * 100))).toBe(true);
    expect(res.body).toMatchObject({ accepted: 1, rejected: 0 });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      basket_count: 92,
      basket_total: 9_999_999_999_999.99,
      dt_last_basket: '2026-03-01 09:00:00',
    });
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([customer.id]);
  });

  it('stops the purchase total at R$ 9.999.999.999.999,99 instead of overflowing', async () => {
    // Prepare
    const customer = await newCustomer(s);
    await forceNumber(s.t.tenant, customer.id, 'basketTotal', '999999999000000');
    // Act
    const res = await ingest(s, {
      baskets: [1, 2, 3].map((k) =>
        single(s, customer.document, '99999999.90', {
          coupon: `S${k}`,
          date: `2026-03-0${k} 10:00:00`,
          items: [
            {
              code: '789',
              description: 'LOTE',
              quantity: 10,
              unit_value: '9999999.99',
              total_value: '99999999.90',
              discount: 0,
            },
          ],
        }),
      ),
    });
    const details = await staff(s, { path: `/api/web/customer/${customer.id}` });
    // Assess
    expect(res.body).toMatchObject({ accepted: 3 });
    expect(details.body).toMatchObject({ basket_count: 3, basket_total: 9_999_999_999_999.99 });
  });
});
