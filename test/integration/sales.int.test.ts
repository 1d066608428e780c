import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SALE_MESSAGES } from '@freguesia/shared/domain/sales';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as catalog } from '@freguesia/functions/catalog/handler';
import { handler as customers } from '@freguesia/functions/customers/handler';
import { handler as sales } from '@freguesia/functions/sales/handler';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { HOLD_MINUTES, releaseExpiredSessions } from '@freguesia/functions/campaigns/checkout.service';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { discountCampaign } from './campaigns-fixtures';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Sales orders (spec part 3 §2–§9, issue 22): the carts API through the sales function's handler
 * with real tokens — drafts priced by the promotion engine with budgets held per draft, the status
 * machine, concurrent edits, the Sell sub-permissions and the store scope, the order's life.
 */

const EAN_A = '7891000100103';
const EAN_B = '7891000055502';

describe('sales orders', () => {
  let t: TestTenant;
  let store: number;
  let otherStore: number;
  let customerId: number;
  let customerDoc: string;
  let posMethod: number;
  let cardMethod: number;

  const api = (handler: typeof sales, request: Parameters<typeof call>[1], token = t.adminToken) =>
    call(handler, { tenant: t.tenant, token, ...request });
  const carts = (request: Parameters<typeof call>[1], token?: string) => api(sales, request, token);

  /** A draft body: `lines` of [code, units, price]. */
  const draft = (
    lines: [string, number, number][] = [[EAN_A, 2, 10]],
    extra: Record<string, unknown> = {},
  ) => ({
    store_id: store,
    customer_id: customerId,
    shipping_type: 'delivery',
    delivery_start_at: '2030-01-10 09:00:00',
    delivery_end_at: '2030-01-10 18:00:00',
    shipping_name: 'Maria',
    shipping_zipcode: '01310-100',
    shipping_address: 'Avenida Paulista',
    shipping_number: '1000',
    shipping_neighborhood: 'Bela Vista',
    shipping_city: 'SÃO PAULO',
    shipping_state: 'SP',
    products: lines.map(([barcode, quantity, unit_value], i) => ({
      id: i + 1,
      barcode,
      description: `Produto ${i + 1}`,
      quantity,
      unit_value,
    })),
    ...extra,
  });

  const campaign = async (description: string, code: string, row: Record<string, unknown>) => {
    const res = await api(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: discountCampaign(store, description, [{ code, trigger_discount: 'D', ...row }]),
    });
    expect(res.status, res.text).toBe(200);
    const id = res.body.id as number;
    onTestFinished(async () => {
      await api(campaigns, { method: 'DELETE', path: '/api/web/campaign/delete', query: { id } });
    });
    return id;
  };

  beforeAll(async () => {
    t = await createTestTenant('sale');
    store = (await createStore(t.tenant, 'Loja Centro')).id;
    otherStore = (await createStore(t.tenant, 'Loja Norte')).id;
    customerDoc = randomCpf();
    const created = await api(customers, {
      method: 'POST',
      path: '/api/web/customer/new',
      body: staffCustomer({ document: customerDoc }),
    });
    expect(created.status, created.text).toBe(200);
    customerId = created.body.id;
    const method = async (description: string) => {
      const res = await api(catalog, {
        method: 'POST',
        path: '/api/web/payments',
        body: { description, visible: true, max_installments: 3, has_change: true },
      });
      expect(res.status, res.text).toBe(200);
      return res.body.id as number;
    };
    posMethod = await method('Dinheiro [ pos ]');
    cardMethod = await method('Cartão de crédito');
  });

  it('creates a draft with the sale fields and lists it with its total', async () => {
    const res = await carts({ method: 'POST', path: '/api/web/carts', body: draft() });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'Rascunho',
      channel: 'Freguesia',
      store_name: 'Loja Centro',
      customer: { id: customerId, fullname: 'MARIA JOSÉ DA CONCEIÇÃO', state: 'SP' },
      subtotal_value: 20,
      total_value: 20,
      item_quantity: 2,
      version: 1,
    });
    const list = await carts({
      path: '/api/web/carts',
      query: { status: 'Rascunho', customer_id: customerId },
    });
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(res.body.id);
    expect(list.body.pagination.total).toBe(list.body.data.length);
    await carts({ method: 'DELETE', path: `/api/web/carts/${res.body.id}` });
  });

  it('prices a draft with the campaign discounts and holds their budget until the draft is deleted', async () => {
    await campaign('Última unidade', EAN_B, { type: 6, price: 2, budget_limit: 1 });
    const first = await carts({ method: 'POST', path: '/api/web/carts', body: draft([[EAN_B, 1, 7.5]]) });
    const second = await carts({ method: 'POST', path: '/api/web/carts', body: draft([[EAN_B, 1, 7.5]]) });
    expect([first.body.discount_value, second.body.discount_value]).toEqual([2, 0]);
    expect(first.body.total_value).toBe(5.5);
    // Saving the first draft again keeps its hold (the same session), it does not take a second one.
    const again = await carts({
      method: 'PUT',
      path: `/api/web/carts/${first.body.id}`,
      body: { ...draft([[EAN_B, 1, 7.5]]), version: first.body.version },
    });
    expect(again.body.discount_value).toBe(2);
    // Deleting the first draft gives the unit back at once: the second draft gets it on its next save.
    expect((await carts({ method: 'DELETE', path: `/api/web/carts/${first.body.id}` })).status).toBe(200);
    const resaved = await carts({
      method: 'PUT',
      path: `/api/web/carts/${second.body.id}`,
      body: { ...draft([[EAN_B, 1, 7.5]]), version: second.body.version },
    });
    expect(resaved.body.discount_value).toBe(2);
    await carts({ method: 'DELETE', path: `/api/web/carts/${second.body.id}` });
  });

  it('gives a forgotten draft’s budget back after the hold time, and its next save takes a fresh hold', async () => {
    await campaign('Uma unidade', EAN_B, { type: 6, price: 3, budget_limit: 1 });
    const first = (await carts({ method: 'POST', path: '/api/web/carts', body: draft([[EAN_B, 1, 9]]) }))
      .body;
    expect(first.discount_value).toBe(3);
    const later = staffContext(t, { now: () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000) });
    expect(await releaseExpiredSessions(later)).toBeGreaterThanOrEqual(1);
    // Another draft now gets the unit; the forgotten one, saved again, opens a new session without it.
    const second = (await carts({ method: 'POST', path: '/api/web/carts', body: draft([[EAN_B, 1, 9]]) }))
      .body;
    expect(second.discount_value).toBe(3);
    const resaved = await carts({
      method: 'PUT',
      path: `/api/web/carts/${first.id}`,
      body: { ...draft([[EAN_B, 1, 9]]), version: first.version },
    });
    expect(resaved.status, resaved.text).toBe(200);
    expect(resaved.body.discount_value).toBe(0);
    // Deleting the second draft frees the unit for the first one's next save.
    await carts({ method: 'DELETE', path: `/api/web/carts/${second.id}` });
    const again = await carts({
      method: 'PUT',
      path: `/api/web/carts/${first.id}`,
      body: { ...draft([[EAN_B, 1, 9]]), version: resaved.body.version },
    });
    expect(again.body.discount_value).toBe(3);
    await carts({ method: 'DELETE', path: `/api/web/carts/${first.id}` });
  });

  it('refuses the second of two saves made on the same version and keeps the first', async () => {
    const created = (await carts({ method: 'POST', path: '/api/web/carts', body: draft() })).body;
    const [a, b] = await Promise.all([
      carts({
        method: 'PUT',
        path: `/api/web/carts/${created.id}`,
        body: { ...draft([[EAN_A, 3, 10]]), version: 1 },
      }),
      carts({
        method: 'PUT',
        path: `/api/web/carts/${created.id}`,
        body: { ...draft([[EAN_A, 5, 10]]), version: 1 },
      }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? a : b;
    expect(loser.body.message).toBe(SALE_MESSAGES.stale);
    const stored = await carts({ path: `/api/web/carts/${created.id}` });
    expect(stored.body.item_quantity).toBe(winner.body.item_quantity);
    expect(stored.body.version).toBe(2);
    await carts({ method: 'DELETE', path: `/api/web/carts/${created.id}` });
  });

  it('finalises with a POS method as Faturado: the purchase is the customer’s once, and cannot be deleted', async () => {
    const created = (await carts({ method: 'POST', path: '/api/web/carts', body: draft() })).body;
    // Payments not matching the total: the spec's message, nothing changes.
    const wrong = await carts({
      method: 'PUT',
      path: `/api/web/carts/${created.id}`,
      body: { ...draft(), version: 1, status: 'Faturado', payments: [{ id: posMethod, total_value: 15 }] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SALE_MESSAGES.payment);
    expect((await carts({ path: `/api/web/carts/${created.id}` })).body.status).toBe('Rascunho');

    const done = await carts({
      method: 'PUT',
      path: `/api/web/carts/${created.id}`,
      body: {
        ...draft(),
        version: 1,
        status: 'Aguardando Pagamento',
        payments: [{ id: posMethod, total_value: 25, change_value: 5 }],
      },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe('Faturado');
    expect(done.body.basket_id).toBeGreaterThan(0);
    const synced = await carts({ method: 'POST', path: `/api/web/carts/${created.id}/sync` });
    expect(synced.body.message).toBe('Venda sincronizada com sucesso');
    expect(synced.body.sale.basket_id).toBe(done.body.basket_id);
    const details = await api(customers, { path: `/api/web/customer/${customerId}` });
    expect(details.body.basket_count).toBe(1);
    expect(details.body.basket_total).toBe(20);

    const del = await carts({ method: 'DELETE', path: `/api/web/carts/${created.id}` });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(SALE_MESSAGES.notDeletable);
    const edit = await carts({
      method: 'PUT',
      path: `/api/web/carts/${created.id}`,
      body: { ...draft([[EAN_A, 9, 10]]), version: synced.body.sale.version },
    });
    expect(edit.status).toBe(409);
  });

  it('finalises without a POS method as Aguardando Pagamento, then moves only as the machine allows', async () => {
    const created = (await carts({ method: 'POST', path: '/api/web/carts', body: draft() })).body;
    const waiting = await carts({
      method: 'PUT',
      path: `/api/web/carts/${created.id}`,
      body: {
        ...draft(),
        version: 1,
        status: 'Faturado',
        payments: [{ id: cardMethod, total_value: 20, installments: 2 }],
      },
    });
    expect(waiting.body.status).toBe('Aguardando Pagamento');
    const back = await carts({
      method: 'PUT',
      path: `/api/web/carts/${created.id}`,
      body: { ...draft(), version: waiting.body.version, status: 'Rascunho' },
    });
    expect(back.status).toBe(409);
    const confirmed = await carts({
      method: 'PUT',
      path: `/api/web/carts/${created.id}`,
      body: { ...draft(), version: waiting.body.version, status: 'Confirmado' },
    });
    expect(confirmed.body.status).toBe('Confirmado');
    const cancelled = await carts({
      method: 'PUT',
      path: `/api/web/carts/${created.id}`,
      body: { ...draft(), version: confirmed.body.version, status: 'Cancelado' },
    });
    expect(cancelled.body.status).toBe('Cancelado');
    expect(cancelled.body.basket_id).toBeNull();
  });

  it('applies the Sell sub-permissions: discount, filter_sellers and change_seller', async () => {
    const seller = await t.userWith([
      { action: 'read', subject: 'Sell' },
      { action: 'write', subject: 'Sell' },
    ]);
    const manager = await t.userWith([
      { action: 'read', subject: 'Sell' },
      { action: 'write', subject: 'Sell' },
      { action: 'discount', subject: 'Sell' },
      { action: 'filter_sellers', subject: 'Sell' },
    ]);
    const discounted = draft([[EAN_A, 2, 10]], {
      products: [
        { id: 1, barcode: EAN_A, quantity: 2, unit_value: 10, discount_type: 'percent', discount: 12.5 },
      ],
    });
    const refused = await carts({ method: 'POST', path: '/api/web/carts', body: discounted }, seller.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SALE_MESSAGES.discountForbidden);
    const given = await carts({ method: 'POST', path: '/api/web/carts', body: discounted }, manager.token);
    expect(given.body).toMatchObject({ discount_value: 2.5, total_value: 17.5 });

    const own = await carts({ method: 'POST', path: '/api/web/carts', body: draft() }, seller.token);
    expect(own.body.user_id).toBe(seller.id);
    // Without filter_sellers a seller lists only their own sales, whatever seller they ask for.
    const sellerList = await carts({ path: '/api/web/carts', query: { user_id: manager.id } }, seller.token);
    expect(sellerList.body.data.map((r: { id: number }) => r.id)).toEqual([own.body.id]);
    const filtered = await carts({ path: '/api/web/carts', query: { user_id: seller.id } }, manager.token);
    expect(filtered.body.data.map((r: { id: number }) => r.id)).toEqual([own.body.id]);
    expect(filtered.body.pagination.total).toBe(1);

    // Without change_seller the seller of a draft can be chosen; holding it makes the seller read-only (§6).
    const moved = await carts(
      {
        method: 'PUT',
        path: `/api/web/carts/${own.body.id}`,
        body: { ...draft(), user_id: manager.id, version: 1 },
      },
      seller.token,
    );
    expect(moved.body.user_id).toBe(manager.id);
    const locked = await carts({
      method: 'PUT',
      path: `/api/web/carts/${own.body.id}`,
      body: { ...draft(), user_id: seller.id, version: moved.body.version },
    });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(SALE_MESSAGES.sellerForbidden);

    const readOnly = await t.userWith([{ action: 'read', subject: 'Sell' }]);
    expect(
      (await carts({ method: 'POST', path: '/api/web/carts', body: draft() }, readOnly.token)).status,
    ).toBe(403);
    for (const id of [given.body.id, own.body.id])
      await carts({ method: 'DELETE', path: `/api/web/carts/${id}` });
  });

  it('keeps a store-bound user to their store’s sales', async () => {
    const bound = await t.userWith(
      [
        { action: 'read', subject: 'Sell' },
        { action: 'write', subject: 'Sell' },
        { action: 'filter_sellers', subject: 'Sell' },
      ],
      { allStores: false, storeId: otherStore },
    );
    const elsewhere = (await carts({ method: 'POST', path: '/api/web/carts', body: draft() })).body;
    expect((await carts({ path: `/api/web/carts/${elsewhere.id}` }, bound.token)).status).toBe(404);
    expect((await carts({ method: 'POST', path: '/api/web/carts', body: draft() }, bound.token)).status).toBe(
      403,
    );
    const mine = await carts(
      { method: 'POST', path: '/api/web/carts', body: draft([[EAN_A, 1, 10]], { store_id: otherStore }) },
      bound.token,
    );
    expect(mine.status, mine.text).toBe(200);
    const list = await carts({ path: '/api/web/carts' }, bound.token);
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([mine.body.id]);
    expect(list.body.pagination.total).toBe(1);
    for (const id of [elsewhere.id, mine.body.id])
      await carts({ method: 'DELETE', path: `/api/web/carts/${id}` });
  });

  it('refuses to finalise a sale outside the coverage states', async () => {
    const saved = await api(settings, {
      method: 'PUT',
      path: '/api/web/settings',
      body: { key: 'sales_coverage_states', value: JSON.stringify(['RJ']) },
    });
    expect(saved.status, saved.text).toBe(200);
    onTestFinished(async () => {
      await api(settings, {
        method: 'PUT',
        path: '/api/web/settings',
        body: { key: 'sales_coverage_states', value: '[]' },
      });
    });
    const created = (await carts({ method: 'POST', path: '/api/web/carts', body: draft() })).body;
    const res = await carts({
      method: 'PUT',
      path: `/api/web/carts/${created.id}`,
      body: { ...draft(), version: 1, status: 'Faturado', payments: [{ id: posMethod, total_value: 20 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SALE_MESSAGES.outOfCoverage);
    await carts({ method: 'DELETE', path: `/api/web/carts/${created.id}` });
  });

  it('does not show one tenant’s sales to another', async () => {
    const other = await createTestTenant('sale2');
    const created = (await carts({ method: 'POST', path: '/api/web/carts', body: draft() })).body;
    const res = await call(sales, {
      tenant: t.tenant,
      token: other.adminToken,
      path: `/api/web/carts/${created.id}`,
    });
    expect(res.status).toBe(401);
    const own = await call(sales, { tenant: other.tenant, token: other.adminToken, path: '/api/web/carts' });
    expect(own.body.pagination.total).toBe(0);
    await carts({ method: 'DELETE', path: `/api/web/carts/${created.id}` });
    void customerDoc;
  });
});
