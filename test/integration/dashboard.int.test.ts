import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import {
  associateBaskets,
  ingestBaskets,
  type NewBasket,
} from '@freguesia/functions/customers/baskets.service';
import {
  createCustomer,
  deleteCustomer,
  updateCustomer,
} from '@freguesia/functions/customers/customers.service';
import { customersChangeOf } from '@freguesia/functions/customers/changes.service';
import { handler as aggregatesHandler } from '@freguesia/functions/dashboard/aggregates.stream';
import { dashboardInfo, loadCustomersChanges } from '@freguesia/functions/dashboard/dashboard.service';
import { handler as dashboardHandler } from '@freguesia/functions/dashboard/handler';
import { BasketInput } from '@freguesia/functions/integration/baskets.schema';
import { LocalStreamPoller } from '@freguesia/functions/lib/ports/local/stream-poller';
import { streamProcessors, wantsRecord } from '@freguesia/functions/streams';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createStore, posBasket, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * The dashboard's figures, kept on write: purchases and customers written through the
 * customers service, the real DynamoDB Local stream read by the local poller, the dashboard
 * stream processor applying them, and the dashboard read through the service and the route.
 */
describe('dashboard aggregates', () => {
  let t: TestTenant;
  let centro: number;
  let norte: number;
  let poller: LocalStreamPoller;
  const delivered: DynamoDBRecord[] = [];
  // A fixed business month, so the figures do not depend on the day the test runs.
  const now = () => new Date('2026-03-20T15:00:00-03:00');
  const admin = () => staffContext(t, { now });
  const integration = () => staffContext(t, { now, actor: { kind: 'integration' } });
  const purchase = (idStore: number, overrides: Record<string, unknown> = {}): NewBasket =>
    BasketInput.parse(posBasket(idStore, { date: '2026-03-10 09:15:00', ...overrides }));
  const ingest = (...baskets: NewBasket[]) =>
    ingestBaskets(
      integration(),
      baskets.map((basket, index) => ({ index, basket })),
    );
  const processor = streamProcessors.find((p) => p.name === 'dashboard-aggregates')!;

  beforeAll(async () => {
    t = await createTestTenant('dash');
    centro = (await createStore(t.tenant, 'Loja Centro')).id;
    norte = (await createStore(t.tenant, 'Loja Norte')).id;
    poller = new LocalStreamPoller({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      // Only what is written from now on, and only this file's tenant (the table is shared).
      startAt: 'LATEST',
      processors: [
        {
          name: processor.name,
          accepts: (r) => wantsRecord(processor, r) && customersChangeOf(r)?.tenant === t.tenant,
          handler: async (event) => {
            delivered.push(...event.Records);
            return aggregatesHandler(event);
          },
          batchSize: processor.batchSize,
          maxAttempts: 1,
        },
      ],
    });
    await poller.pollOnce();
  });

  afterAll(() => poller.stop());

  it('counts purchases and registrations of the month, by store, channel, tag and hour', async () => {
    // Prepare
    const ana = randomCpf();
    const bia = randomCpf();
    await createCustomer(
      admin(),
      CustomerForm.parse(staffCustomer({ document: ana, favorite_store: centro, tags: ['Vinhos', 'VIP'] })),
    );
    await createCustomer(
      admin(),
      CustomerForm.parse(staffCustomer({ document: bia, favorite_store: norte, tags: ['Vinhos'] })),
    );
    // Act
    await ingest(
      purchase(centro, { document: ana, amount: 24 }),
      purchase(centro, { date: '2026-03-11 18:40:00' }),
      purchase(norte, { document: bia, date: '2026-03-12 09:05:00' }),
      purchase(norte, { date: '2026-02-27 10:00:00' }),
    );
    await poller.drain();
    // Assess
    const all = (await dashboardInfo(admin(), undefined)).dashboardInfo;
    expect(all.salesMonth).toEqual({ total: 72, avg_ticket: 24, qty: 3 });
    expect(all.salesMonthClub).toEqual({ total: 48, qty: 2 });
    expect(all.salesMonthNotClub).toEqual({ total: 24, qty: 1 });
    expect(all.perHour.series).toHaveLength(24);
    expect(all.perHour.loyalSells[9]).toBe(2);
    expect(all.perHour.notloyalSells[18]).toBe(1);
    expect(all.totalCustomersByChannel).toEqual([{ channel: 'Plataforma', qty: 2 }]);
    expect(all.totalCustomersMonthByChannel).toEqual([{ channel: 'Plataforma', qty: 2 }]);
    expect(all.totalCustomersByTags).toEqual([
      { tag: 'Vinhos', qty: 2 },
      { tag: 'VIP', qty: 1 },
    ]);
    const centroInfo = (await dashboardInfo(admin(), centro)).dashboardInfo;
    expect(centroInfo.salesMonth).toEqual({ total: 48, avg_ticket: 24, qty: 2 });
    // Same count: alphabetical (pt-BR collation).
    expect(centroInfo.totalCustomersByTags).toEqual([
      { tag: 'Vinhos', qty: 1 },
      { tag: 'VIP', qty: 1 },
    ]);
  });

  it('gives the same figures when the same stream records are delivered again', async () => {
    // Prepare
    const before = await dashboardInfo(admin(), undefined);
    expect(delivered.length).toBeGreaterThan(0);
    // Act
    await aggregatesHandler({ Records: delivered });
    await aggregatesHandler({ Records: [...delivered].reverse() });
    // Assess
    expect(await dashboardInfo(admin(), undefined)).toEqual(before);
  });

  it('moves an associated purchase to identified sales and forgets a deleted customer', async () => {
    // Prepare
    const cpf = randomCpf();
    const { id } = await createCustomer(
      admin(),
      CustomerForm.parse(staffCustomer({ document: cpf, favorite_store: centro, tags: ['Churrasco'] })),
    );
    const [loose] = await ingest(purchase(centro, { amount: 24, date: '2026-03-15 20:00:00' }));
    await poller.drain();
    const before = (await dashboardInfo(admin(), undefined)).dashboardInfo;
    // Act
    await associateBaskets(admin(), id, [loose!.id!]);
    await updateCustomer(admin(), {
      ...CustomerForm.parse(
        staffCustomer({ document: cpf, favorite_store: centro, tags: ['Churrasco', 'VIP'] }),
      ),
      id,
    });
    await poller.drain();
    const associated = (await dashboardInfo(admin(), undefined)).dashboardInfo;
    await deleteCustomer(admin(), id);
    await poller.drain();
    const deleted = (await dashboardInfo(admin(), undefined)).dashboardInfo;
    // Assess
    expect(associated.salesMonth).toEqual(before.salesMonth);
    expect(associated.salesMonthClub.total).toBe(before.salesMonthClub.total + 24);
    expect(associated.salesMonthNotClub.total).toBe(before.salesMonthNotClub.total - 24);
    expect(associated.perHour.loyalSells[20]).toBe(before.perHour.loyalSells[20]! + 1);
    expect(associated.totalCustomersByTags).toContainEqual({ tag: 'VIP', qty: 2 });
    // Deleting the customer keeps the sale (now unidentified) and removes the registration.
    expect(deleted.salesMonth).toEqual(before.salesMonth);
    expect(deleted.salesMonthClub.total).toBe(before.salesMonthClub.total);
    expect(deleted.totalCustomersByChannel).toEqual([{ channel: 'Plataforma', qty: 2 }]);
    expect(deleted.totalCustomersByTags.find((x) => x.tag === 'Churrasco')).toBeUndefined();
  });

  it('bulk-loads changes exactly as the stream adds them (the local seed)', async () => {
    // Prepare: every change the stream delivered so far, counted once more in bulk.
    const before = (await dashboardInfo(admin(), undefined)).dashboardInfo;
    const changes = delivered.map((r) => customersChangeOf(r)).filter((c) => c !== null);
    // Act
    const counted = await loadCustomersChanges(admin(), changes);
    // Assess: the same figures, twice over.
    const after = (await dashboardInfo(admin(), undefined)).dashboardInfo;
    expect(counted).toBe(changes.length);
    expect(before.salesMonth.qty).toBeGreaterThan(0);
    expect(after.salesMonth.qty).toBe(2 * before.salesMonth.qty);
    expect(after.salesMonthClub.qty).toBe(2 * before.salesMonthClub.qty);
    expect(after.perHour.loyalSells).toEqual(before.perHour.loyalSells.map((n) => 2 * n));
    expect(after.totalCustomersByChannel).toEqual(
      before.totalCustomersByChannel.map((c) => ({ ...c, qty: 2 * c.qty })),
    );
  });

  it('answers GET /api/web/dashboard within the user store scope', async () => {
    // Prepare
    const storeUser = await t.userWith([{ action: 'read', subject: 'Dashboard' }], {
      allStores: false,
      storeId: norte,
    });
    const get = (token: string, storeId?: number) =>
      call(dashboardHandler, {
        method: 'GET',
        path: '/api/web/dashboard',
        query: { store_id: storeId },
        tenant: t.tenant,
        token,
      });
    // Act
    const mine = await get(storeUser.token);
    const other = await get(storeUser.token, centro);
    const everything = await get(t.adminToken);
    const unknown = await get(t.adminToken, 999999);
    // Assess
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ store_id: norte, stores: [{ id: norte, name: 'Loja Norte' }] });
    expect(mine.body.dashboardInfo).toHaveProperty('salesMonth');
    expect(other).toMatchObject({
      status: 403,
      body: { message: 'Você só pode consultar os dados da sua loja.' },
    });
    expect(everything.status).toBe(200);
    expect(everything.body).toMatchObject({ store_id: null });
    expect(everything.body.stores).toHaveLength(2);
    expect(unknown.status).toBe(404);
  });
});
