import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addDays, localDateTime, localDay } from '@freguesia/shared/domain/dates';
import { CAMPAIGN_MESSAGES, NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as checkoutHandler } from '@freguesia/functions/checkout/handler';
import {
  CampaignBudgetEntity,
  CheckoutSessionEntity,
} from '@freguesia/functions/campaigns/campaigns.entities';
import {
  releaseExpiredSessions,
  settlePurchases,
  HOLD_MINUTES,
} from '@freguesia/functions/campaigns/checkout.service';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { handler as integration } from '@freguesia/functions/integration/handler';
import { createLeadFromList } from '@freguesia/functions/segmentation/leads.service';
import { call } from '../support/api';
import { exportFile, startExportsConsumer } from '../support/exports';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { integrationToken } from './catalog-fixtures';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Discount campaigns (spec part 2 §7) and the checkout that applies them (part 3 §7) against
 * DynamoDB Local, through the real Lambda handlers (campaigns; the checkout's own function): validation, the list and its
 * filters, the active set reaching the next checkout after an edit, budgets under concurrent
 * checkouts, one hold per session, settlement by the POS purchase (the export rows), the release
 * of abandoned holds, the lead audience and the store scope.
 */

const EAN_A = '7891000100103';
const EAN_B = '7891000055502';
const today = localDay();

describe('campaigns and checkout', () => {
  let t: TestTenant;
  let pos: string;
  let store: number;
  let otherStore: number;
  const staff = (request: Parameters<typeof call>[1], token = t.adminToken) =>
    call(campaigns, { tenant: t.tenant, token, ...request });
  const checkout = (body: unknown, headers: Record<string, string> = { 'x-api-key': pos }) =>
    call(checkoutHandler, {
      method: 'POST',
      path: '/api/checkout/subtotal',
      tenant: t.tenant,
      headers,
      body,
    });

  /** A D campaign with one product row; `row` and `info` override the defaults. */
  const itemCampaign = (
    description: string,
    code: string,
    row: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => ({
    description,
    type: 'D',
    active: 'Y',
    start_at: today,
    end_at: NO_END_DATE,
    stores: [{ id_store: store }],
    info: { can_accumulate: 'N', need_terms: 'N', ...(extra.info as object) },
    products: [{ code, trigger_discount: 'D', ...row }],
    ...extra,
  });
  const create = async (campaign: unknown) => {
    const res = await staff({ method: 'POST', path: '/api/web/campaign/new', body: campaign });
    expect(res.status, res.text).toBe(200);
    const id = res.body.id as number;
    // Removed even when the test fails, so an active campaign never leaks into the next test's prices.
    onTestFinished(async () => void (await remove(id)));
    return id;
  };
  const remove = (id: number) => staff({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id } });
  /** A basket of `units` × `price` of `code` (money in reais, as the POS sends it). */
  const basket = (
    session: string,
    items: { code: string; units: number; price: number }[],
    extra: Record<string, unknown> = {},
  ) => ({
    session,
    customer: { document: '' },
    basket: {
      coupon: session,
      id_store: store,
      checkout: '01',
      operator: 'Caixa 1',
      items: items.map((item, i) => ({
        sequence: i + 1,
        barcode: item.code,
        quantity: item.units,
        unit_value: item.price,
        total_value: Math.round(item.units * item.price * 100) / 100,
        discounts: 0,
      })),
    },
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestTenant('cmp');
    startExportsConsumer();
    pos = await integrationToken(t);
    store = (await createStore(t.tenant, 'Loja Centro')).id;
    otherStore = (await createStore(t.tenant, 'Loja Norte')).id;
  });

  it('refuses an incomplete campaign with the spec messages and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ...itemCampaign('x', EAN_A, { type: 2, price: 10 }), description: '' },
        'description',
        CAMPAIGN_MESSAGES.description,
      ],
      [
        { ...itemCampaign('Sem loja', EAN_A, { type: 2, price: 10 }), stores: [] },
        'stores',
        CAMPAIGN_MESSAGES.store,
      ],
      [itemCampaign('Sem valor', EAN_A, { type: 6 }), 'products.0.price', CAMPAIGN_MESSAGES.subtractValue],
      [
        itemCampaign('Loja inexistente', EAN_A, { type: 2, price: 10 }, { stores: [{ id_store: 999 }] }),
        'stores',
        'Loja 999 não encontrada.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff({ method: 'POST', path: '/api/web/campaign/new', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], res.text).toBe(message);
    }
    expect(
      (await staff({ path: '/api/web/campaigns', query: { show_actives: 'N' } })).body.pagination.total,
    ).toBe(0);
  });

  it('lists, details, filters, edits and deletes a campaign', async () => {
    const id = await create(itemCampaign('Arroz 10% off', EAN_A, { type: 2, price: 10 }));
    const inactive = await create({
      ...itemCampaign('Campanha pausada', EAN_B, { type: 1, price: 3 }),
      active: 'N',
      end_at: addDays(today, 30),
    });

    const list = await staff({ path: '/api/web/campaigns' });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(list.body.data[0]).toMatchObject({
      description: 'Arroz 10% off',
      status: 'running',
      end_at: NO_END_DATE,
      product_count: 1,
    });
    const all = await staff({ path: '/api/web/campaigns', query: { show_actives: 'N', q: 'pausa' } });
    expect(all.body.data.map((c: { id: number }) => c.id)).toEqual([inactive]);
    expect(
      (await staff({ path: '/api/web/campaigns', query: { show_actives: 'N', types: 'DB,DC' } })).body
        .pagination.total,
    ).toBe(0);

    const details = await staff({ path: '/api/web/campaign/details', query: { id } });
    expect(details.body).toMatchObject({
      id,
      type: 'D',
      campaign_stores: [{ id_store: store }],
      products: [{ code: EAN_A, type: 2, price: 10 }],
    });

    const calendar = await staff({
      path: '/api/web/campaigns/calendar',
      query: { start: today, end: addDays(today, 6) },
    });
    expect(calendar.body.map((c: { id: number }) => c.id).sort()).toEqual([id, inactive].sort());

    const edited = await staff({
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: {
        ...itemCampaign('Arroz 15% off', EAN_A, { type: 2, price: 15 }),
        id,
        updated_at: details.body.updated_at,
      },
    });
    expect(edited.status, edited.text).toBe(200);
    // A second edit from the same stale form is refused: someone saved in between.
    const stale = await staff({
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: {
        ...itemCampaign('Arroz 20% off', EAN_A, { type: 2, price: 20 }),
        id,
        updated_at: details.body.updated_at,
      },
    });
    expect(stale.status).toBe(409);
    expect((await staff({ path: '/api/web/campaign/details', query: { id } })).body.description).toBe(
      'Arroz 15% off',
    );

    expect((await remove(id)).status).toBe(200);
    expect((await remove(inactive)).status).toBe(200);
    expect((await staff({ path: '/api/web/campaign/details', query: { id } })).status).toBe(404);
    expect(
      (await staff({ path: '/api/web/campaigns', query: { show_actives: 'N' } })).body.pagination.total,
    ).toBe(0);
  });

  it('applies a campaign at checkout at once, and the edit of it on the next call', async () => {
    const plain = await checkout(basket('s-none', [{ code: EAN_A, units: 3, price: 10 }]));
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.basket.total_discount).toBe(0);

    const id = await create(itemCampaign('Leve 3 pague 2', EAN_A, { type: 5, take: 3, pay: 2 }));
    const three = await checkout(
      basket('s-3p2', [
        { code: EAN_A, units: 3, price: 10 },
        { code: EAN_B, units: 1, price: 7.5 },
      ]),
    );
    expect(three.body.basket.items[0]).toMatchObject({
      sequence: 1,
      discounts: 10,
      campaigns: [{ id_campaign: id, value: 10 }],
    });
    expect(three.body.basket.items[1].discounts).toBe(0);
    expect(three.body.basket).toMatchObject({ total_discount: 10, total_with_discount: 27.5 });

    const details = await staff({ path: '/api/web/campaign/details', query: { id } });
    await staff({
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: {
        ...itemCampaign('Arroz R$ 8', EAN_A, { type: 1, price: 8 }),
        id,
        updated_at: details.body.updated_at,
      },
    });
    const fixed = await checkout(basket('s-fixed', [{ code: EAN_A, units: 3, price: 10 }]));
    expect(fixed.body.basket.items[0].discounts).toBe(6);

    await remove(id);
    expect(
      (await checkout(basket('s-gone', [{ code: EAN_A, units: 3, price: 10 }]))).body.basket.total_discount,
    ).toBe(0);
  });

  it('lets staff with the Sell permission price a basket, and nobody else', async () => {
    const seller = await t.userWith([{ action: 'write', subject: 'Sell' }]);
    const reader = await t.userWith([{ action: 'read', subject: 'Campaigns' }]);
    const body = basket('s-auth', [{ code: EAN_A, units: 1, price: 10 }]);
    expect((await checkout(body, { authorization: `Bearer ${seller.token}` })).status).toBe(200);
    expect((await checkout(body, { authorization: `Bearer ${reader.token}` })).status).toBe(403);
    expect((await checkout(body, { 'x-api-key': 'frg_wrong' })).status).toBe(401);
    expect((await checkout(body, {})).status).toBe(401);
  });

  it('never grants more than a budget holds, whatever the number of simultaneous checkouts', async () => {
    await create(
      itemCampaign('Feijão R$ 1 off, 10 unidades', EAN_B, { type: 6, price: 1, budget_limit: 10 }),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        checkout(basket(`s-budget-${i}`, [{ code: EAN_B, units: 1, price: 7.5 }])),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const granted = answers.filter((a) => a.body.basket.total_discount > 0);
    expect(granted).toHaveLength(10);
    expect(granted.every((a) => a.body.basket.total_discount === 1)).toBe(true);
  });

  it('grants exactly the whole budget when simultaneous checkouts want more than it holds', async () => {
    await create(
      itemCampaign('Feijão R$ 1 off, 10 unidades, 3 por venda', EAN_B, {
        type: 6,
        price: 1,
        budget_limit: 10,
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        checkout(basket(`s-three-${i}`, [{ code: EAN_B, units: 3, price: 7.5 }])),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // R$ 1 off per unit: the discounts add up to the units granted.
    expect(answers.reduce((sum, a) => sum + a.body.basket.total_discount, 0)).toBe(10);
  });

  it('gives one sale the whole budget, and what it drops to the next sales', async () => {
    await create(
      itemCampaign('Dez unidades para quem chegar', EAN_B, { type: 6, price: 1, budget_limit: 10 }),
    );
    const big = await checkout(basket('s-whole-a', [{ code: EAN_B, units: 12, price: 7.5 }]));
    expect(big.body.basket.total_discount).toBe(10);
    expect(
      (await checkout(basket('s-whole-b', [{ code: EAN_B, units: 1, price: 7.5 }]))).body.basket
        .total_discount,
    ).toBe(0);
    // The big sale keeps 4 units: the 6 it gives back go to the others, and no more.
    expect(
      (await checkout(basket('s-whole-a', [{ code: EAN_B, units: 4, price: 7.5 }]))).body.basket
        .total_discount,
    ).toBe(4);
    const others = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        checkout(basket(`s-whole-${i}`, [{ code: EAN_B, units: 1, price: 7.5 }])),
      ),
    );
    expect(others.reduce((sum, a) => sum + a.body.basket.total_discount, 0)).toBe(6);
  });

  it('counts holds made before budgets were split, and gets them back when they are released', async () => {
    const id = await create(
      itemCampaign('Orçamento com reservas antigas', EAN_B, { type: 6, price: 1, budget_limit: 10 }),
    );
    // A session priced before the split: 7 units held on the budget's original item.
    const at = new Date().toISOString();
    await CampaignBudgetEntity.put({
      tenant: t.tenant,
      campaign: id,
      code: EAN_B,
      used_cents: 700,
      used_units: 7000,
    }).go();
    await CheckoutSessionEntity.create({
      tenant: t.tenant,
      session: 's-legacy',
      id_store: store,
      checkout: '01',
      coupon: 's-legacy',
      reservations: [{ campaign: id, code: EAN_B, cents: 700, units: 7000 }],
      granted: [],
      status: 'open',
      version: 1,
      createdAt: at,
      updatedAt: at,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    }).go();
    const race = async (prefix: string) =>
      (
        await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            checkout(basket(`${prefix}-${i}`, [{ code: EAN_B, units: 1, price: 7.5 }])),
          ),
        )
      ).reduce((sum, a) => sum + a.body.basket.total_discount, 0);
    expect(await race('s-after-split')).toBe(3);
    // The sweep gives the old hold back: its 7 units are granted again, and no more.
    expect(
      await releaseExpiredSessions(staffContext(t, { now: () => new Date(Date.now() + 120_000) })),
    ).toBeGreaterThanOrEqual(1);
    expect(await race('s-after-release')).toBe(7);
  });

  it('holds a budget once per session, however often the point of sale asks', async () => {
    await create(itemCampaign('Última unidade', EAN_B, { type: 6, price: 2, budget_limit: 1 }));
    const first = await checkout(basket('s-hold-a', [{ code: EAN_B, units: 1, price: 7.5 }]));
    const again = await checkout(basket('s-hold-a', [{ code: EAN_B, units: 1, price: 7.5 }]));
    const other = await checkout(basket('s-hold-b', [{ code: EAN_B, units: 1, price: 7.5 }]));
    expect([
      first.body.basket.total_discount,
      again.body.basket.total_discount,
      other.body.basket.total_discount,
    ]).toEqual([2, 2, 0]);

    // Session A drops the item: its hold goes back and session B gets it.
    await checkout(basket('s-hold-a', [{ code: EAN_A, units: 1, price: 10 }]));
    expect(
      (await checkout(basket('s-hold-b', [{ code: EAN_B, units: 1, price: 7.5 }]))).body.basket
        .total_discount,
    ).toBe(2);

    // Session B is never paid: after the hold time the sweep releases it for session C.
    expect(
      (await checkout(basket('s-hold-c', [{ code: EAN_B, units: 1, price: 7.5 }]))).body.basket
        .total_discount,
    ).toBe(0);
    const later = staffContext(t, { now: () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000) });
    expect(await releaseExpiredSessions(later)).toBeGreaterThanOrEqual(1);
    expect(await releaseExpiredSessions(later)).toBe(0);
    expect(
      (await checkout(basket('s-hold-c', [{ code: EAN_B, units: 1, price: 7.5 }]))).body.basket
        .total_discount,
    ).toBe(2);
  });

  it('keeps the holds of two sales apart when the point of sale sends neither session nor coupon', async () => {
    await create(itemCampaign('Duas unidades', EAN_B, { type: 6, price: 1, budget_limit: 2 }));
    const anonymous = () => {
      const body = basket('', [{ code: EAN_B, units: 1, price: 7.5 }]);
      return checkout({ ...body, basket: { ...body.basket, coupon: '' } });
    };
    // Three sales of one checkout, none named: two get the last units, the third nothing.
    const discounts = [];
    for (let i = 0; i < 3; i++) discounts.push((await anonymous()).body.basket.total_discount);
    expect(discounts).toEqual([1, 1, 0]);
  });

  it('records the discounts of a session once its purchase arrives from the point of sale', async () => {
    const id = await create(itemCampaign('Arroz 10%', EAN_A, { type: 2, price: 10 }));
    const priced = await checkout(basket('9001', [{ code: EAN_A, units: 2, price: 10 }]));
    expect(priced.body.basket.total_discount).toBe(2);
    const stored = await call(integration, {
      method: 'POST',
      path: '/api/integration/baskets',
      tenant: t.tenant,
      headers: { 'x-api-key': pos },
      body: {
        id_store: store,
        checkout: '01',
        coupon: '9001',
        // A minute ago in Brasília: a fixed hour of today is still in the future after midnight there.
        date: localDateTime(Date.now() - 60_000),
        amount: 18,
        discount: 0,
        origin: 'PDV',
        items: [
          { code: EAN_A, description: 'ARROZ', quantity: 2, unit_value: 10, total_value: 18, discount: 2 },
        ],
      },
    });
    expect(stored.body.accepted, stored.text).toBe(1);
    const purchase = {
      tenant: t.tenant,
      id: stored.body.results[0].id,
      store,
      checkout: '01',
      coupon: '9001',
      customerId: 0,
      amountCentavos: 1800,
      itens: 1,
    };
    const ctx = staffContext(t);
    expect(await settlePurchases(ctx, [purchase])).toBe(1);
    // The same stream record delivered again changes nothing.
    expect(await settlePurchases(ctx, [purchase])).toBe(0);

    const exported = await exportFile({ tenant: t.tenant, token: t.adminToken }, '/api/web/campaign/export', {
      id,
      type: 'D',
    });
    expect(exported.accepted.status, exported.accepted.text).toBe(202);
    expect(exported.job.body).toMatchObject({ status: 'done', file_name: `campanha-${id}.xlsx`, rows: 1 });
    const XLSX = await import('@e965/xlsx');
    const sheet = XLSX.read(exported.file, { type: 'buffer' }).Sheets['Descontos']!;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows).toEqual([
      expect.objectContaining({
        coupon: '9001',
        id_basket: purchase.id,
        sequence: 1,
        code: EAN_A,
        quantity: 2,
        price: 10,
        amount: 20,
        discount: 2,
        discount_perc: 10,
        final_price: 18,
      }),
    ]);
  });

  it('gives a lead campaign to its members only, and a terms campaign to who accepted the terms', async () => {
    const member = randomCpf();
    const outsider = randomCpf();
    const ctx = staffContext(t);
    const inLead = await createCustomer(
      ctx,
      CustomerForm.parse(staffCustomer({ document: member, gdpr_agreement: 'Y' })),
    );
    await createCustomer(ctx, CustomerForm.parse(staffCustomer({ document: outsider })));
    const lead = await createLeadFromList(ctx, {
      description: 'Clientes VIP',
      customers: [{ id_customer: inLead.id }],
    });
    const id = await create(itemCampaign('VIP 20%', EAN_A, { type: 2, price: 20 }, { id_lead: lead.id }));
    const priceFor = async (document: string, session: string) =>
      (await checkout({ ...basket(session, [{ code: EAN_A, units: 1, price: 10 }]), customer: { document } }))
        .body.basket.total_discount;
    expect(await priceFor(member, 's-lead-1')).toBe(2);
    expect(await priceFor(outsider, 's-lead-2')).toBe(0);
    expect(await priceFor('', 's-lead-3')).toBe(0);
    await remove(id);

    await create(
      itemCampaign('Só com regulamento aceito', EAN_A, { type: 2, price: 30 }, { info: { need_terms: 'Y' } }),
    );
    expect(await priceFor(member, 's-terms-1')).toBe(3);
    expect(await priceFor(outsider, 's-terms-2')).toBe(0);
  });

  it('keeps a single-store user to the campaigns of their store', async () => {
    const mine = await create(itemCampaign('Da minha loja', EAN_A, { type: 2, price: 5 }));
    const theirs = await create(
      itemCampaign('Da outra loja', EAN_A, { type: 2, price: 5 }, { stores: [{ id_store: otherStore }] }),
    );
    const user = await t.userWith(
      [
        { action: 'read', subject: 'Campaigns' },
        { action: 'write', subject: 'Campaigns' },
      ],
      { allStores: false, storeId: store },
    );
    const listed = await staff({ path: '/api/web/campaigns' }, user.token);
    const ids = listed.body.data.map((c: { id: number }) => c.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(
      (await staff({ path: '/api/web/campaign/details', query: { id: theirs } }, user.token)).status,
    ).toBe(404);
    const other = await staff(
      {
        method: 'POST',
        path: '/api/web/campaign/new',
        body: itemCampaign(
          'Para a outra',
          EAN_A,
          { type: 2, price: 5 },
          { stores: [{ id_store: otherStore }] },
        ),
      },
      user.token,
    );
    expect(other.status).toBe(403);
  });
});
