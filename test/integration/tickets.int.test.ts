import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import { localDateTime, localDay } from '@freguesia/shared/domain/dates';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { TICKET_MESSAGES } from '@freguesia/shared/schemas/ticket';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { ingestBaskets } from '@freguesia/functions/customers/baskets.service';
import {
  identifiedPurchaseOf,
  type IdentifiedPurchase,
} from '@freguesia/functions/customers/changes.service';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { BasketInput } from '@freguesia/functions/integration/baskets.schema';
import { LocalStreamPoller } from '@freguesia/functions/lib/ports/local/stream-poller';
import { streamProcessors, wantsRecord } from '@freguesia/functions/streams';
import { handler as grantsHandler } from '@freguesia/functions/tickets/grants.stream';
import { handler as tickets } from '@freguesia/functions/tickets/handler';
import { grantTickets } from '@freguesia/functions/tickets/issuance.service';
import { call } from '../support/api';
import { exportFile, startExportsConsumer, xlsxRows } from '../support/exports';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createStore, posBasket, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Ticket campaigns end to end below the browser (issue 21 item 2, spec part 2 §2.4, §2.5, §7):
 * the campaign saved through the campaigns function, purchases ingested as the point of sale
 * sends them, the real table stream read by the local poller into the `tickets-grants`
 * processor, then the customer's tickets and prizes through the spec's routes.
 */

const EAN_BOOST = '7891000100103';
const now = new Date();
const today = localDay(now);
const minutesAgo = (m: number) => localDateTime(now.getTime() - m * 60_000);
/** A release instant with the business offset, `m` minutes before now. */
const releasedAgo = (m: number) => `${minutesAgo(m).replace(' ', 'T')}-03:00`;

describe('ticket campaigns', () => {
  let t: TestTenant;
  let store: number;
  let other: number;
  let poller: LocalStreamPoller;
  const delivered: DynamoDBRecord[] = [];
  const admin = () => staffContext(t);
  const processor = streamProcessors.find((p) => p.name === 'tickets-grants')!;
  const api = (handler: typeof campaigns, request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });

  beforeAll(async () => {
    t = await createTestTenant('tick');
    store = (await createStore(t.tenant, 'Loja Centro')).id;
    other = (await createStore(t.tenant, 'Loja Norte')).id;
    startExportsConsumer();
    poller = new LocalStreamPoller({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      startAt: 'LATEST',
      processors: [
        {
          name: processor.name,
          accepts: (r) => wantsRecord(processor, r) && identifiedPurchaseOf(r)?.tenant === t.tenant,
          handler: async (event) => {
            delivered.push(...event.Records);
            return grantsHandler(event);
          },
          batchSize: processor.batchSize,
          maxAttempts: 1,
        },
      ],
    });
    await poller.pollOnce();
  });

  afterAll(() => poller.stop());

  const campaignBody = (overrides: Record<string, unknown> = {}) => ({
    description: 'Troque e Ganhe',
    type: 'T',
    active: 'Y',
    id_lead: null,
    start_at: today,
    end_at: '',
    info: {
      need_terms: 'N',
      value: '20,00',
      layout_body: '<p>Ticket {{ticket}} - {{customer}}</p>',
      can_accumulate: 'N',
      layout_gift: '<p>Você ganhou {{gift}}</p>',
    },
    accelerators: [
      {
        logical_operator: 'and',
        type: 'product',
        multiplier_factor: 2,
        condition: null,
        requisite: 'any',
        items: [{ item_id: EAN_BOOST }],
      },
    ],
    stores: [{ id_store: store }],
    gifts: [
      { id_store: store, available_at: releasedAgo(60), gift: 'Bicicleta', qt_print: 0 },
      { id_store: store, available_at: '2099-01-01T10:00:00-03:00', gift: 'Viagem', qt_print: 0 },
    ],
    ...overrides,
  });

  it('refuses an incomplete campaign with the spec messages and saves a complete one with its prizes', async () => {
    const bad = await api(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: campaignBody({ description: '', info: { value: '', layout_body: '' }, stores: [] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      description: TICKET_MESSAGES.description,
      'info.value': TICKET_MESSAGES.value,
      'info.layout_body': TICKET_MESSAGES.layout,
      stores: TICKET_MESSAGES.store,
    });

    const created = await api(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: campaignBody(),
    });
    expect(created.status, created.text).toBe(200);
    const details = await api(campaigns, {
      method: 'GET',
      path: '/api/web/campaign/details',
      query: { id: created.body.id },
    });
    expect(details.body).toMatchObject({
      type: 'T',
      end_at: '9999-12-31',
      instant_prize: true,
      info: { value: 20, can_accumulate: 'N' },
      accelerators: [{ type: 'product', multiplier_factor: 2, items: [{ item_id: EAN_BOOST }] }],
      gifts: [
        { gift: 'Bicicleta', id_store: store, qt_print: 0, id_customer: null },
        { gift: 'Viagem', id_store: store },
      ],
    });
    const list = await api(campaigns, { method: 'GET', path: '/api/web/campaigns', query: { types: 'T' } });
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
  });

  it('issues floor(total × factor / value) tickets once per purchase, however often it is delivered, and gives the released prize to it', async () => {
    // Prepare
    const shop = (await createStore(t.tenant, 'Loja Sul')).id;
    const base = campaignBody();
    const created = await api(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: {
        ...base,
        description: 'Campanha entrega dupla',
        info: { ...base.info, value: '4,00' },
        stores: [{ id_store: shop }],
        gifts: base.gifts.map((g) => ({ ...g, id_store: shop })),
      },
    });
    const id = created.body.id as number;
    const cpf = randomCpf();
    const customer = (await createCustomer(admin(), CustomerForm.parse(staffCustomer({ document: cpf })))).id;
    // Act: 24.00 with the accelerated product (×2) → floor(24 × 2 / 4) = 12 tickets; an unidentified one earns none.
    const ingested = await ingestBaskets(
      staffContext(t, { actor: { kind: 'integration' } }),
      [posBasket(shop, { document: cpf, date: minutesAgo(5) }), posBasket(shop, { date: minutesAgo(4) })].map(
        (b, index) => ({ index, basket: BasketInput.parse(b) }),
      ),
    );
    expect(ingested.every((r) => r.id)).toBe(true);
    await poller.drain();
    // The same records again, then in reverse order (redelivery, replay).
    await grantsHandler({ Records: delivered });
    await grantsHandler({ Records: [...delivered].reverse() });

    // Assess
    const list = await api(campaigns, {
      method: 'GET',
      path: `/api/web/campaigns/${id}/tickets/${customer}`,
      query: { gteDate: today, lteDate: today },
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toHaveLength(12);
    expect(list.body.map((x: { status: string }) => x.status)).toEqual(Array(12).fill('CREATED'));
    expect(list.body.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(list.body[0]).toMatchObject({ campaign_description: 'Campanha entrega dupla', reprint: false });

    const prizes = await api(tickets, {
      method: 'GET',
      path: '/api/web/campaign/gifts/customer',
      query: { id_customer: customer },
    });
    expect(prizes.body).toEqual([
      expect.objectContaining({ id_campaign: id, gift: 'Bicicleta', id_store: shop, validated_by: null }),
    ]);

    // Print: CREATED → PRINTED; printing again is refused until a reprint is released.
    const ids = list.body.map((x: { id: number }) => x.id) as number[];
    const printed = await api(tickets, {
      method: 'PUT',
      path: '/api/web/tickets/print',
      body: { id_campaign: id, ids },
    });
    expect(printed.body.tickets).toHaveLength(12);
    expect(printed.body.layout_body).toContain('{{ticket}}');
    const again = await api(tickets, {
      method: 'PUT',
      path: '/api/web/tickets/print',
      body: { id_campaign: id, ids: [ids[0]] },
    });
    expect(again.body).toMatchObject({ tickets: [], refused: [ids[0]] });
    const released = await api(campaigns, {
      method: 'PUT',
      path: `/api/web/campaigns/${id}/tickets/reprint`,
      body: [ids[0]],
    });
    expect(released.status, released.text).toBe(200);
    expect(released.body.released).toEqual([ids[0]]);
    const reprinted = await api(tickets, {
      method: 'PUT',
      path: '/api/web/tickets/print',
      body: { id_campaign: id, ids: [ids[0]] },
    });
    expect(reprinted.body.tickets.map((x: { id: number }) => x.id)).toEqual([ids[0]]);

    // Validation: once, by the signed-in user.
    const prizeId = prizes.body[0].id as number;
    const validated = await api(tickets, {
      method: 'PUT',
      path: '/api/web/campaign/gifts/validate',
      body: { id: prizeId, validated_by: 'forjado', id_user_binding: 1, dt_binding: '2020-01-01' },
    });
    expect(validated.status, validated.text).toBe(200);
    expect(validated.body.message).toBe('Prêmio Validado ao cliente com sucesso !');
    const twice = await api(tickets, {
      method: 'PUT',
      path: '/api/web/campaign/gifts/validate',
      body: { id: prizeId },
    });
    expect(twice.status).toBe(409);
    const after = await api(tickets, {
      method: 'GET',
      path: '/api/web/campaign/gifts/customer',
      query: { id_customer: customer },
    });
    expect(after.body[0].validated_by).toBe('Admin Teste');

    // Export: one row per ticket.
    const exported = await exportFile({ tenant: t.tenant, token: t.adminToken }, '/api/web/campaign/export', {
      id,
      type: 'T',
    });
    expect(exported.job.body, exported.job.text).toMatchObject({ status: 'done', rows: 12 });
    const rows = await xlsxRows(exported.file);
    expect(rows[0]).toEqual(['ticket', 'status', 'created_at']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(Array(12).fill('PRINTED'));
  });

  it('gives a released prize to exactly one of 50 simultaneous qualifying purchases at its store', async () => {
    // Prepare
    const shop = (await createStore(t.tenant, 'Loja Leste')).id;
    const created = await api(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: campaignBody({
        description: 'Prêmio instantâneo',
        accelerators: [],
        stores: [{ id_store: shop }, { id_store: other }],
        gifts: [{ id_store: shop, available_at: releasedAgo(10), gift: 'Televisão', qt_print: 0 }],
      }),
    });
    const id = created.body.id as number;
    const purchase = (i: number): IdentifiedPurchase => ({
      tenant: t.tenant,
      id: 9_000_000 + i,
      customerId: 500_000 + i,
      store: shop,
      at: minutesAgo(1),
      day: today,
      amountCentavos: 2_000,
      products: [],
      payments: [],
    });
    // Act
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => grantTickets(admin(), [purchase(i)])),
    );
    // Assess
    const won = results.flatMap((r) => r.prizes).filter((p) => p.campaign === id);
    expect(won).toHaveLength(1);
    expect(results.reduce((n, r) => n + r.issued, 0)).toBe(50);
    const details = await api(campaigns, { method: 'GET', path: '/api/web/campaign/details', query: { id } });
    expect(details.body.gifts).toEqual([
      expect.objectContaining({ gift: 'Televisão', id_customer: won[0]!.customerId }),
    ]);
    expect(details.body.ticket_count).toBe(50);
    // Ticket numbers 1..50 without repeats.
    const all = await Promise.all(
      results.map((_, i) =>
        api(campaigns, { method: 'GET', path: `/api/web/campaigns/${id}/tickets/${500_000 + i}` }),
      ),
    );
    const numbers = all.flatMap((r) => r.body.map((x: { id: number }) => x.id)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The participation seam names each purchase once.
    expect(results.flatMap((r) => r.participations).filter((p) => p.campaign === id)).toHaveLength(50);
  });

  it('carries the value below the exchange value to the next purchase when the campaign accumulates', async () => {
    const shop = (await createStore(t.tenant, 'Loja Oeste')).id;
    const created = await api(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: campaignBody({
        description: 'Acumula',
        accelerators: [],
        stores: [{ id_store: shop }],
        gifts: [],
        info: { ...campaignBody().info, can_accumulate: 'Y', layout_gift: '' },
      }),
    });
    const id = created.body.id as number;
    const p = (n: number, cents: number): IdentifiedPurchase => ({
      tenant: t.tenant,
      id: 8_000_000 + n,
      customerId: 700_001,
      store: shop,
      at: minutesAgo(1),
      day: today,
      amountCentavos: cents,
      products: [],
      payments: [],
    });
    // 15.00 → 0 (carry 15), 15.00 → 1 (carry 10), 30.00 → 2 (carry 0); the second delivered twice.
    const issued = [
      (await grantTickets(admin(), [p(1, 1_500)])).issued,
      (await grantTickets(admin(), [p(2, 1_500)])).issued,
      (await grantTickets(admin(), [p(2, 1_500)])).issued,
      (await grantTickets(admin(), [p(3, 3_000)])).issued,
    ];
    expect(issued).toEqual([0, 1, 0, 2]);
    const list = await api(campaigns, { method: 'GET', path: `/api/web/campaigns/${id}/tickets/700001` });
    expect(list.body).toHaveLength(3);
  });

  it('keeps tenants apart and refuses the reprint and validation without write Campaigns', async () => {
    const other = await createTestTenant('tick2');
    const prizes = await call(tickets, {
      method: 'GET',
      path: '/api/web/campaign/gifts/customer',
      tenant: other.tenant,
      token: other.adminToken,
      query: { id_customer: 1 },
    });
    expect(prizes.body).toEqual([]);
    const reader = await t.userWith([{ action: 'read', subject: 'Customers' }]);
    const reprint = await call(campaigns, {
      method: 'PUT',
      path: '/api/web/campaigns/1/tickets/reprint',
      tenant: t.tenant,
      token: reader.token,
      body: [1],
    });
    expect(reprint.status).toBe(403);
    const validate = await call(tickets, {
      method: 'PUT',
      path: '/api/web/campaign/gifts/validate',
      tenant: t.tenant,
      token: reader.token,
      body: { id: 1 },
    });
    expect(validate.status).toBe(403);
  });
});
