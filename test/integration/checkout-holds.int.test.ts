import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { localDateTime, localDay } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as checkoutHandler } from '@freguesia/functions/checkout/handler';
import { handler as integration } from '@freguesia/functions/integration/handler';
import { CheckoutSessionEntity } from '@freguesia/functions/campaigns/campaigns.entities';
import { releaseExpiredSessions, settlePurchases } from '@freguesia/functions/campaigns/checkout.service';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { createLeadFromList } from '@freguesia/functions/segmentation/leads.service';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { integrationToken } from './catalog-fixtures';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Issue 20, items 1, 2 and 21 against DynamoDB Local through the real handlers: vouchers at the
 * checkout (and their uses counted at settlement), per-customer limits held at checkout like
 * budgets, and payment-method (DBP) campaigns that hold and settle their budget and see the
 * customer and the items.
 */

const EAN_A = '7891000100103';
const EAN_B = '7891000055502';
const PIX = 7;
const today = localDay();

describe('checkout holds: vouchers, per-customer limits, payment methods', () => {
  let t: TestTenant;
  let pos: string;
  let store: number;
  const staff = (request: Parameters<typeof call>[1]) =>
    call(campaigns, { tenant: t.tenant, token: t.adminToken, ...request });
  const post = (path: string, body: unknown) =>
    call(checkoutHandler, { method: 'POST', path, tenant: t.tenant, headers: { 'x-api-key': pos }, body });
  const subtotal = (body: unknown) => post('/api/checkout/subtotal', body);
  const payment = (body: unknown) => post('/api/checkout/discounts/payments', body);

  const create = async (campaign: Record<string, unknown>) => {
    const res = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: {
        active: 'Y',
        start_at: today,
        end_at: NO_END_DATE,
        stores: [{ id_store: store }],
        ...campaign,
        info: { can_accumulate: 'N', need_terms: 'N', ...(campaign.info as object) },
      },
    });
    expect(res.status, res.text).toBe(200);
    const id = res.body.id as number;
    onTestFinished(async () => {
      await staff({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id } });
    });
    return id;
  };
  const item = (description: string, code: string, row: Record<string, unknown>, info = {}) =>
    create({ description, type: 'D', info, products: [{ code, trigger_discount: 'D', ...row }] });
  const basket = (coupon: string, extra: Record<string, unknown> = {}, units = 1, price = 10) => ({
    customer: { document: '' },
    basket: {
      coupon,
      id_store: store,
      checkout: '01',
      operator: 'Caixa 1',
      items: [
        { sequence: 1, barcode: EAN_A, quantity: units, unit_value: price, total_value: units * price },
      ],
    },
    ...extra,
  });
  /** Stores the POS purchase of a coupon and settles its sessions (the stream processor's work). */
  const settle = async (coupon: string, amount: number, document = '') => {
    const stored = await call(integration, {
      method: 'POST',
      path: '/api/integration/baskets',
      tenant: t.tenant,
      headers: { 'x-api-key': pos },
      body: {
        id_store: store,
        checkout: '01',
        coupon,
        date: localDateTime(Date.now() - 60_000),
        ...(document ? { document } : {}),
        amount,
        discount: 0,
        origin: 'PDV',
        items: [
          {
            code: EAN_A,
            description: 'ARROZ',
            quantity: 1,
            unit_value: amount,
            total_value: amount,
            discount: 0,
          },
        ],
      },
    });
    expect(stored.body.accepted, stored.text).toBe(1);
    return settlePurchases(staffContext(t), [
      {
        tenant: t.tenant,
        id: stored.body.results[0].id,
        store,
        checkout: '01',
        coupon,
        customerId: 0,
        amountCentavos: Math.round(amount * 100),
        itens: 1,
      },
    ]);
  };
  /** Makes the open sessions of the tenant expire now and runs the sweep. */
  const expireAll = async () => {
    const { data } = await CheckoutSessionEntity.query
      .byStatus({ tenant: t.tenant, status: 'open' })
      .go({ pages: 'all' });
    for (const s of data)
      await CheckoutSessionEntity.patch({ tenant: t.tenant, session: s.session }).set({ expiresAt: 1 }).go();
    return releaseExpiredSessions(staffContext(t));
  };
  const newCustomer = async (extra: Record<string, unknown> = {}) => {
    const document = randomCpf();
    const customer = await createCustomer(
      staffContext(t),
      CustomerForm.parse(staffCustomer({ document, ...extra })),
    );
    return { document, id: customer.id };
  };

  beforeAll(async () => {
    t = await createTestTenant('chk');
    pos = await integrationToken(t);
    store = (await createStore(t.tenant, 'Loja Centro')).id;
  });

  describe('vouchers (item 1)', () => {
    it('applies a voucher campaign only to a sale that presents its code, and counts its use at settlement', async () => {
      const id = await item('Arroz com voucher', EAN_A, { type: 2, price: 20 }, { voucher_code: 'Natal10' });
      const without = await subtotal(basket('v-1'));
      expect(without.status, without.text).toBe(200);
      expect(without.body.basket.total_discount).toBe(0);
      expect((await subtotal(basket('v-2', { vouchers: ['OUTRO'] }))).body.basket.total_discount).toBe(0);
      // Compared without case or surrounding spaces; the fiscal coupon stays the sale's key.
      const withCode = await subtotal(basket('v-3', { vouchers: ['  natal10 ', 'OUTRO'] }));
      expect(withCode.body.basket.items[0].campaigns).toEqual([{ id_campaign: id, value: 2 }]);

      expect((await staff({ path: '/api/web/campaign/details', query: { id } })).body.voucher_uses).toBe(0);
      expect(await settle('v-3', 8)).toBe(1);
      expect(await settle('v-1', 10)).toBe(0);
      expect((await staff({ path: '/api/web/campaign/details', query: { id } })).body.voucher_uses).toBe(1);
    });

    it('refuses malformed vouchers with a Portuguese message', async () => {
      for (const vouchers of [
        'NATAL10',
        [{}],
        Array.from({ length: 11 }, (_, i) => `V${i}`),
        ['x'.repeat(61)],
      ]) {
        const res = await subtotal(basket('v-bad', { vouchers }));
        expect(res.status, JSON.stringify(vouchers)).toBe(400);
        expect(res.body.message).toMatch(/voucher/i);
      }
    });
  });

  describe('per-customer limits (item 21)', () => {
    it('gives a "1 per customer" discount to exactly one of 10 parallel checkouts, and releases it like a hold', async () => {
      await item('1 por cliente', EAN_A, { type: 2, price: 10 }, { customer_limit: 1 });
      const { document } = await newCustomer();
      const sale = (coupon: string) => subtotal(basket(coupon, { customer: { document } }));
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sale(`lim-${i}`)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(answers.filter((a) => a.body.basket.total_discount > 0)).toHaveLength(1);
      // The same sale asking again keeps its own use.
      const winner = answers.findIndex((a) => a.body.basket.total_discount > 0);
      expect((await sale(`lim-${winner}`)).body.basket.total_discount).toBe(1);
      // Another customer is not limited by this one's use.
      const other = await newCustomer();
      expect(
        (await subtotal(basket('lim-other', { customer: { document: other.document } }))).body.basket
          .total_discount,
      ).toBe(1);

      // Abandoned: the hold goes back and the customer may use it again.
      await expireAll();
      expect((await sale('lim-again')).body.basket.total_discount).toBe(1);
      // Settled: the use stays, even after the sweep.
      expect(await settle('lim-again', 9)).toBe(1);
      await expireAll();
      expect((await sale('lim-after')).body.basket.total_discount).toBe(0);
    });

    it('releases the use when the sale drops the discounted item', async () => {
      await item('1 por cliente B', EAN_A, { type: 2, price: 10 }, { customer_limit: 1 });
      const { document } = await newCustomer();
      expect((await subtotal(basket('drop-1', { customer: { document } }))).body.basket.total_discount).toBe(
        1,
      );
      const dropped = basket('drop-1', { customer: { document } });
      dropped.basket.items[0]!.barcode = EAN_B;
      expect((await subtotal(dropped)).body.basket.total_discount).toBe(0);
      expect((await subtotal(basket('drop-2', { customer: { document } }))).body.basket.total_discount).toBe(
        1,
      );
    });
  });

  describe('payment-method campaigns (item 2)', () => {
    const pay = (coupon: string, total: number, extra: Record<string, unknown> = {}) => ({
      ...extra,
      basket: {
        id_store: store,
        payment_method: PIX,
        total_value: total,
        checkout: '01',
        coupon,
        ...(extra.basket as object),
      },
    });

    it('holds a DBP budget, so R$ 15 grants R$ 10 and then R$ 5, settled or released like the subtotal', async () => {
      await create({
        description: 'Pix R$ 10, orçamento R$ 15',
        type: 'DBP',
        payments: [{ id_payment_method: PIX, factor: 1 }],
        info: { type: 6, value: 10, budget: 15 },
        products: [],
      });
      const first = await payment(pay('p-1', 50));
      expect(first.status, first.text).toBe(200);
      expect(first.body).toEqual({ method: PIX, totalDiscount: 10, totalWithDiscount: 40 });
      // Asking again for the same sale keeps its own hold.
      expect((await payment(pay('p-1', 50))).body.totalDiscount).toBe(10);
      expect((await payment(pay('p-2', 50))).body.totalDiscount).toBe(5);
      expect((await payment(pay('p-3', 50))).body.totalDiscount).toBe(0);
      // Another payment method gets nothing.
      expect(
        (await payment(pay('p-4', 50, { basket: { payment_method: PIX + 1 } }))).body.totalDiscount,
      ).toBe(0);

      expect(await settle('p-1', 40)).toBe(1);
      // The abandoned sale's R$ 5 come back; the settled R$ 10 stay spent.
      await expireAll();
      expect((await payment(pay('p-5', 50))).body.totalDiscount).toBe(5);
      expect((await payment(pay('p-6', 50))).body.totalDiscount).toBe(0);
    });

    it('never grants more than the DBP budget to simultaneous payments', async () => {
      await create({
        description: 'Pix R$ 10, orçamento R$ 30',
        type: 'DBP',
        payments: [{ id_payment_method: PIX, factor: 1 }],
        info: { type: 6, value: 10, budget: 30 },
        products: [],
      });
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => payment(pay(`pp-${i}`, 50))));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(answers.reduce((s, a) => s + a.body.totalDiscount, 0)).toBe(30);
    });

    it('applies lead, terms and per-customer DBP campaigns when the call names the customer', async () => {
      const member = await newCustomer({ gdpr_agreement: 'Y' });
      const outsider = await newCustomer();
      const lead = await createLeadFromList(staffContext(t), {
        description: 'Pix VIP',
        customers: [{ id_customer: member.id }],
      });
      await create({
        description: 'Pix 10% VIP, 1 por cliente',
        type: 'DBP',
        id_lead: lead.id,
        payments: [{ id_payment_method: PIX, factor: 1 }],
        info: { type: 2, value: 10, customer_limit: 1, need_terms: 'Y' },
        products: [],
      });
      const forCustomer = (coupon: string, document: string) =>
        payment(pay(coupon, 100, { customer: { document } }));
      expect((await payment(pay('c-0', 100))).body.totalDiscount).toBe(0);
      expect((await forCustomer('c-1', outsider.document)).body.totalDiscount).toBe(0);
      const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => forCustomer(`c-m${i}`, member.document)));
      expect(answers.filter((a) => a.body.totalDiscount === 10)).toHaveLength(1);
      expect(answers.filter((a) => a.body.totalDiscount === 0)).toHaveLength(4);
    });

    it('sees the items when the point of sale sends them, and refuses items that do not add up', async () => {
      await create({
        description: 'Pix 10% sobre os itens',
        type: 'DBP',
        payments: [{ id_payment_method: PIX, factor: 1 }],
        info: { type: 2, value: 10 },
        products: [],
      });
      const items = [
        { sequence: 1, barcode: EAN_A, quantity: 2, unit_value: 10, total_value: 20, discounts: 2 },
        { sequence: 2, barcode: EAN_B, quantity: 1, unit_value: 12, total_value: 12 },
      ];
      const ok = await payment(pay('i-1', 30, { basket: { items } }));
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body).toEqual({ method: PIX, totalDiscount: 3, totalWithDiscount: 27 });
      const wrong = await payment(pay('i-2', 32, { basket: { items } }));
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toMatch(/não confere com os itens/);
    });
  });
});
