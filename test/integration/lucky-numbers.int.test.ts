import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localDay } from '@freguesia/shared/domain/dates';
import { parseLuckyNumber, SERIES_SIZE } from '@freguesia/shared/domain/lucky';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { LUCKY_MESSAGES } from '@freguesia/shared/schemas/lucky';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { settlePurchases } from '@freguesia/functions/campaigns/settlement.service';
import { handler as checkoutHandler } from '@freguesia/functions/checkout/handler';
import type { StoredPurchase } from '@freguesia/functions/customers/changes.service';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { documentClient, tableName } from '@freguesia/functions/lib/ddb/client';
import { LuckyNumberEntity } from '@freguesia/functions/loyalty/lucky.entities';
import { grantPurchases } from '@freguesia/functions/loyalty/grants.service';
import { luckyRepository } from '@freguesia/functions/loyalty/lucky.repository';
import { handler as loyalty } from '@freguesia/functions/loyalty/handler';
import { leadsRepository } from '@freguesia/functions/segmentation/leads.repository';
import { isMember, recordParticipation } from '@freguesia/functions/segmentation/population.service';
import { call } from '../support/api';
import { exportFile, startExportsConsumer } from '../support/exports';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { integrationToken } from './catalog-fixtures';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Lucky-number campaigns (spec part 2 §2.3; issue 21 item 1) against DynamoDB Local: the save
 * through /web/campaign/new, issuance on purchase under duplicate and concurrent delivery,
 * accumulation and terms, exhaustion, the audit of the hash chain, the draw helper and the
 * participation the CAMP condition reads.
 */
describe('lucky numbers', () => {
  let t: TestTenant;
  let store: number;
  const today = localDay();
  let basketId = 1_000;
  const staff = (handler: typeof campaigns, request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  const luckyCampaign = (info: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
    description: 'Sorte de Natal',
    type: 'L',
    active: 'Y',
    start_at: today,
    end_at: '9999-12-31',
    info: { value: 50, need_terms: 'N', can_accumulate: 'N', series_quantity: 1, ...info },
    ...extra,
  });
  const create = async (campaign: unknown): Promise<number> => {
    const res = await staff(campaigns, { method: 'POST', path: '/api/web/campaign/new', body: campaign });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const customer = async (overrides: Record<string, unknown> = {}) =>
    (
      await createCustomer(
        staffContext(t),
        CustomerForm.parse(staffCustomer({ document: randomCpf(), ...overrides })),
      )
    ).id;
  const purchase = (
    customerId: number,
    reais: number,
    overrides: Partial<StoredPurchase> = {},
  ): StoredPurchase => ({
    tenant: t.tenant,
    id: ++basketId,
    store,
    checkout: '01',
    coupon: String(basketId),
    customerId,
    amountCentavos: Math.round(reais * 100),
    itens: 1,
    at: `${today}T12:00:00`,
    day: today,
    origin: 'PDV',
    ...overrides,
  });
  const numbersOf = async (campaign: number, customerId: number) =>
    (await luckyRepository(t.tenant).ofCustomer(customerId, campaign)).map((n) => n.value);

  beforeAll(async () => {
    t = await createTestTenant('lky');
    store = (await createStore(t.tenant, 'Loja Centro')).id;
    startExportsConsumer();
  });

  it('refuses an incomplete lucky form with the spec messages and saves a complete one', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...luckyCampaign(), description: '' }, LUCKY_MESSAGES.description],
      [{ ...luckyCampaign(), start_at: '' }, LUCKY_MESSAGES.period],
      [luckyCampaign({ series_quantity: 0 }), LUCKY_MESSAGES.series],
      [luckyCampaign({ series_quantity: 101 }), LUCKY_MESSAGES.series],
      [luckyCampaign({ value: 0 }), LUCKY_MESSAGES.value],
    ];
    for (const [body, message] of cases) {
      const res = await staff(campaigns, { method: 'POST', path: '/api/web/campaign/new', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const id = await create(luckyCampaign({ series_quantity: 3 }));
    const details = await staff(campaigns, {
      method: 'GET',
      path: '/api/web/campaign/details',
      query: { id },
    });
    expect(details.body).toMatchObject({ type: 'L', info: { value: 50, series_quantity: 3 } });
    const status = await staff(loyalty, { method: 'GET', path: `/api/web/lucky-numbers/${id}` });
    expect(status.body).toMatchObject({ capacity: 300_000, generated: 0, progress: 0, exhausted: false });
    // The kind never changes: a lucky campaign cannot become a discount.
    const turned = await staff(campaigns, {
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...luckyCampaign(), id, type: 'D', stores: [{ id_store: store }], products: [] },
    });
    expect(turned.status).toBe(400);
  });

  it('issues floor(total / value) numbers once per purchase, however often the purchase is delivered', async () => {
    const id = await create(luckyCampaign());
    const maria = await customer();
    const bought = purchase(maria, 125.9);
    // Five deliveries of the same record at once, then a replay.
    await Promise.all(Array.from({ length: 5 }, () => grantPurchases(staffContext(t), [bought])));
    await grantPurchases(staffContext(t), [bought]);
    const values = await numbersOf(id, maria);
    expect(values).toHaveLength(2);
    expect(new Set(values).size).toBe(2);
    expect(values.every((v) => v >= 0 && v < SERIES_SIZE)).toBe(true);
    // A purchase below the value earns nothing; an unidentified one neither.
    await grantPurchases(staffContext(t), [purchase(maria, 49.99), purchase(0, 500)]);
    expect(await numbersOf(id, maria)).toHaveLength(2);
    const customerView = await staff(loyalty, {
      method: 'GET',
      path: `/api/web/lucky-numbers/customer/${maria}`,
    });
    const mine = customerView.body.filter((n: { id_campaign: number }) => n.id_campaign === id);
    expect(mine).toHaveLength(2);
    expect(mine[0].lucky_number).toMatch(/^00-\d{5}$/);
    // The list shows the lucky quantity and the progress.
    const list = await staff(campaigns, {
      method: 'GET',
      path: '/api/web/campaigns',
      query: { types: 'L', q: '' },
    });
    expect(list.body.data.find((r: { id: number }) => r.id === id)).toMatchObject({
      lucky_quantity: 2,
      progress: 2 / SERIES_SIZE,
    });
  });

  it('never gives one number to two customers when many purchases are issued at once', async () => {
    const id = await create(luckyCampaign({ value: 10 }));
    const people = await Promise.all(Array.from({ length: 8 }, () => customer()));
    const purchases = people.flatMap((p) => [purchase(p, 50), purchase(p, 30)]);
    await Promise.all(purchases.map((p) => grantPurchases(staffContext(t), [p])));
    const all = (await Promise.all(people.map((p) => numbersOf(id, p)))).flat();
    expect(all).toHaveLength(8 * 8);
    expect(new Set(all).size).toBe(all.length);
    const audit = await staff(loyalty, { method: 'GET', path: `/api/web/lucky-numbers/${id}/audit` });
    expect(audit.body).toMatchObject({ ok: true, checked: 64, generated: 64, broken: null });
  }, 180_000);

  it('carries the rest to the next purchase when the campaign accumulates, and asks for the terms when required', async () => {
    const id = await create(luckyCampaign({ can_accumulate: 'Y', need_terms: 'Y' }));
    const agreed = await customer({ gdpr_agreement: 'Y' });
    const refused = await customer({ gdpr_agreement: 'N' });
    await grantPurchases(staffContext(t), [purchase(agreed, 30)]);
    expect(await numbersOf(id, agreed)).toHaveLength(0);
    const second = purchase(agreed, 30);
    await grantPurchases(staffContext(t), [second]);
    await grantPurchases(staffContext(t), [second]); // replayed: the balance is not counted twice
    expect(await numbersOf(id, agreed)).toHaveLength(1);
    await grantPurchases(staffContext(t), [purchase(agreed, 40)]); // 10 carried + 40
    expect(await numbersOf(id, agreed)).toHaveLength(2);
    await grantPurchases(staffContext(t), [purchase(refused, 500)]);
    expect(await numbersOf(id, refused)).toHaveLength(0);
  });

  it('counts only purchases in the period and at the campaign stores', async () => {
    const other = (await createStore(t.tenant, 'Loja Norte')).id;
    const id = await create(
      luckyCampaign({}, { start_at: '2020-01-01', end_at: '2020-12-31', stores: [{ id_store: store }] }),
    );
    const ana = await customer();
    await grantPurchases(staffContext(t), [
      purchase(ana, 100), // today: after the period
      purchase(ana, 100, { day: '2020-06-01', store: other }), // another store
    ]);
    expect(await numbersOf(id, ana)).toHaveLength(0);
    await grantPurchases(staffContext(t), [purchase(ana, 100, { day: '2020-06-01' })]);
    expect(await numbersOf(id, ana)).toHaveLength(2);
  });

  it('ends in a clear state when the space is exhausted: the purchase records what it could not receive', async () => {
    const id = await create(luckyCampaign({ value: 1 }));
    // A space of 6 numbers (the pool's size as a 1-series campaign would hold after 99,994 issued).
    expect(await luckyRepository(t.tenant).resizePool(id, 6)).toBe(true);
    const joao = await customer();
    const first = purchase(joao, 4);
    const second = purchase(joao, 5);
    await grantPurchases(staffContext(t), [first]);
    await grantPurchases(staffContext(t), [second]);
    await grantPurchases(staffContext(t), [second]);
    const values = await numbersOf(id, joao);
    expect(values.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await luckyRepository(t.tenant).grant(id, second.id)).toMatchObject({
      earned: 5,
      issued: 2,
      missing: 3,
    });
    const status = await staff(loyalty, { method: 'GET', path: `/api/web/lucky-numbers/${id}` });
    expect(status.body).toMatchObject({ generated: 6, exhausted: true, missing: 3, progress: 1 });
  });

  it('names the first broken link when a record of the chain is altered or deleted', async () => {
    const id = await create(luckyCampaign({ value: 1 }));
    const pedro = await customer();
    await grantPurchases(staffContext(t), [purchase(pedro, 5)]);
    const audit = () => staff(loyalty, { method: 'GET', path: `/api/web/lucky-numbers/${id}/audit` });
    expect((await audit()).body).toMatchObject({ ok: true, checked: 5 });
    const third = (await luckyRepository(t.tenant).bySeq(id, null, 10)).rows.find((n) => n.seq === 3)!;
    const key = LuckyNumberEntity.get({ tenant: t.tenant, campaign: id, value: third.value }).params().Key;
    // Someone gives number 3 to another customer.
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET customer = :c',
        ExpressionAttributeValues: { ':c': pedro + 1 },
      }),
    );
    expect((await audit()).body).toMatchObject({ ok: false, broken: { seq: 3 } });
    // And then deletes it.
    await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: key }));
    const deleted = (await audit()).body;
    expect(deleted).toMatchObject({ ok: false, broken: { seq: 3 } });
    expect(deleted.broken.reason).toContain('ausente');
  });

  it('shows each series winner under the documented rule: the exact element, else the next higher issued, wrapping', async () => {
    const id = await create(luckyCampaign({ value: 1, series_quantity: 2 }));
    const lia = await customer({ fullname: 'Lia Souza' });
    await grantPurchases(staffContext(t), [purchase(lia, 40)]);
    const issued = (await numbersOf(id, lia)).sort((a, b) => a - b);
    const draw = (first_prize: string) =>
      staff(loyalty, { method: 'POST', path: `/api/web/lucky-numbers/${id}/draw`, body: { first_prize } });
    const exact = issued.find((v) => v < SERIES_SIZE)!;
    const element = String(exact).padStart(5, '0');
    const res = await draw(`9${element}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.series[0]).toMatchObject({
      serie: '00',
      lucky_number: `00-${element}`,
      exact: true,
      id_customer: lia,
      fullname: 'LIA SOUZA',
    });
    // An element above every issued number of series 01 wraps to its lowest one.
    const series1 = issued.filter((v) => v >= SERIES_SIZE);
    if (series1.length > 0) {
      const top = series1[series1.length - 1]! - SERIES_SIZE;
      if (top < SERIES_SIZE - 1) {
        const wrapped = await draw(String(top + 1).padStart(5, '0'));
        expect(parseLuckyNumber(wrapped.body.series[1].lucky_number)).toBe(series1[0]);
        expect(wrapped.body.series[1].exact).toBe(false);
      }
    }
    const bad = await draw('12');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(LUCKY_MESSAGES.drawResult);
  });

  it('makes the customer a member of a CAMP lead at issuance (incremental membership), once', async () => {
    const id = await create(luckyCampaign());
    const rafa = await customer();
    const filter = [{ key: 'CAMP', option: 'L', value: [String(id)] }] as unknown as LeadCondition[];
    const lead = await leadsRepository(t.tenant).create(
      {
        description: 'Participou da sorte',
        origin: 'S',
        filter,
        always_valid: 'Y',
        valid_until: null,
        auto_refresh: 'N',
        frequency_refresh: null,
      },
      { status: 'D', population: 0 },
      new Date().toISOString(),
    );
    expect(await isMember(staffContext(t), lead.id, rafa)).toBe(false);
    await grantPurchases(staffContext(t), [purchase(rafa, 50)]);
    expect(await isMember(staffContext(t), lead.id, rafa)).toBe(true);
    // Discount kinds through the same service (the checkout's settlement calls it).
    const discountLead = await leadsRepository(t.tenant).create(
      {
        description: 'Participou do desconto no ticket',
        origin: 'S',
        filter: [{ key: 'CAMP', option: 'DB', value: ['*'] }] as unknown as LeadCondition[],
        always_valid: 'Y',
        valid_until: null,
        auto_refresh: 'N',
        frequency_refresh: null,
      },
      { status: 'D', population: 0 },
      new Date().toISOString(),
    );
    await recordParticipation(staffContext(t), {
      customerId: rafa,
      campaignType: 'DB',
      campaignId: 999,
      at: new Date().toISOString(),
    });
    expect(await isMember(staffContext(t), discountLead.id, rafa)).toBe(true);
  });

  it('exports the Lucky numbers rows of §3 through the campaign export, valid while the record is intact', async () => {
    const id = await create(luckyCampaign({ value: 20 }));
    const bia = await customer({ fullname: 'Bia Lima' });
    await grantPurchases(staffContext(t), [purchase(bia, 45)]);
    const exported = await exportFile({ tenant: t.tenant, token: t.adminToken }, '/api/web/campaign/export', {
      id,
      type: 'L',
    });
    expect(exported.accepted.status, exported.accepted.text).toBe(202);
    expect(exported.job.body).toMatchObject({
      status: 'done',
      rows: 2,
      file_name: `numeros-da-sorte-${id}.xlsx`,
    });
    const XLSX = await import('@e965/xlsx');
    const sheet = XLSX.read(exported.file, { type: 'buffer' }).Sheets['Números da sorte']!;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(Object.keys(rows[0]!)).toEqual([
      'id_campaign',
      'description',
      'id_customer',
      'document',
      'fullname',
      'serie',
      'lucky_number',
      'is_valid',
      'id_store',
      'origin',
      'basket_at',
      'created_at',
    ]);
    expect(rows.map((r) => r.id_customer)).toEqual([bia, bia]);
    expect(rows[0]).toMatchObject({
      fullname: 'BIA LIMA',
      serie: '00',
      is_valid: 'Y',
      id_store: store,
      origin: 'PDV',
    });
    expect(String(rows[0]!.lucky_number)).toMatch(/^00-\d{5}$/);
  });

  it('lists points campaigns (C) and credits each qualifying purchase once, exported as the Points rows', async () => {
    const res = await staff(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: {
        description: 'Pontos de Natal',
        type: 'C',
        active: 'Y',
        start_at: today,
        end_at: '',
        info: { value: 5, expiration_days: 30 },
      },
    });
    expect(res.status, res.text).toBe(200);
    const id = res.body.id as number;
    const caio = await customer();
    const bought = purchase(caio, 27);
    await grantPurchases(staffContext(t), [bought]);
    await grantPurchases(staffContext(t), [bought]);
    const list = await staff(campaigns, { method: 'GET', path: '/api/web/campaigns', query: { type: 'C' } });
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(id);
    const exported = await exportFile({ tenant: t.tenant, token: t.adminToken }, '/api/web/campaign/export', {
      id,
    });
    expect(exported.job.body).toMatchObject({ status: 'done', rows: 1 });
    const XLSX = await import('@e965/xlsx');
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      XLSX.read(exported.file, { type: 'buffer' }).Sheets['Pontos']!,
    );
    const expires = new Date(Date.parse(`${today}T12:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(rows).toEqual([{ type: 'CREDIT', date: today, quantity: 5, value: 27, expiration_at: expires }]);
  });

  it('records participation in a discount campaign when its checkout session settles (CAMP D), once', async () => {
    const pos = await integrationToken(t);
    const res = await staff(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: {
        description: 'Arroz 10%',
        type: 'D',
        active: 'Y',
        start_at: today,
        end_at: '',
        stores: [{ id_store: store }],
        info: { can_accumulate: 'N', need_terms: 'N' },
        products: [{ code: '7891000100103', trigger_discount: 'D', type: 2, price: 10 }],
      },
    });
    expect(res.status, res.text).toBe(200);
    const discount = res.body.id as number;
    const document = randomCpf();
    const buyer = await customer({ document });
    const lead = await leadsRepository(t.tenant).create(
      {
        description: 'Participou do desconto',
        origin: 'S',
        filter: [{ key: 'CAMP', option: 'D', value: [String(discount)] }] as unknown as LeadCondition[],
        always_valid: 'Y',
        valid_until: null,
        auto_refresh: 'N',
        frequency_refresh: null,
      },
      { status: 'D', population: 0 },
      new Date().toISOString(),
    );
    const priced = await call(checkoutHandler, {
      method: 'POST',
      path: '/api/checkout/subtotal',
      tenant: t.tenant,
      headers: { 'x-api-key': pos },
      body: {
        session: 'camp-1',
        customer: { document },
        basket: {
          coupon: 'camp-1',
          id_store: store,
          checkout: '01',
          operator: 'Caixa 1',
          items: [
            {
              sequence: 1,
              barcode: '7891000100103',
              quantity: 2,
              unit_value: 10,
              total_value: 20,
              discounts: 0,
            },
          ],
        },
      },
    });
    expect(priced.status, priced.text).toBe(200);
    expect(priced.body.basket.total_discount).toBe(2);
    expect(await isMember(staffContext(t), lead.id, buyer)).toBe(false);
    const settled = { ...purchase(buyer, 18), checkout: '01', coupon: 'camp-1' };
    expect(await settlePurchases(staffContext(t), [settled])).toBe(1);
    expect(await settlePurchases(staffContext(t), [settled])).toBe(0);
    expect(await isMember(staffContext(t), lead.id, buyer)).toBe(true);
    await staff(campaigns, { method: 'DELETE', path: '/api/web/campaign/delete', query: { id: discount } });
  });
});
