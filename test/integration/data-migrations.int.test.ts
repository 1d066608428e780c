/**
 * The data migrations (functions/README.md, "Data migrations"): a tenant whose data predates what
 * the code keeps on write — a campaign using a lead without its lead-use row, customers with the
 * city's name and state but no IBGE code, reach counters wrong or missing — is brought up to date
 * by the sweep the schedule (AWS) and the timer (`npm start`) send, with no call of its own; a
 * second run changes nothing, a run stopped after a page resumes from its cursor, and every tenant
 * is migrated.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { CustomerForm, CustomerUpdate } from '@freguesia/shared/schemas/customer';
import { handler as campaignsApi } from '@freguesia/functions/campaigns/handler';
import { handler as campaignsConsumer } from '@freguesia/functions/campaigns/holds.consumer';
import { campaignsUsingLead } from '@freguesia/functions/campaign-records/lead-uses.service';
import { CampaignLeadEntity } from '@freguesia/functions/campaign-records/lead-uses.repository';
import { handler as customersApi } from '@freguesia/functions/customers/handler';
import {
  createCustomer,
  customerReach,
  updateCustomer,
} from '@freguesia/functions/customers/customers.service';
import { CustomerEntity } from '@freguesia/functions/customers/entities';
import { SWEEPS } from '@freguesia/functions/lib/async/sweeps';
import { CounterEntity } from '@freguesia/functions/lib/ddb/entities/counter';
import { clearTenantCache } from '@freguesia/functions/lib/ddb/tenants';
import {
  MigrationLedgerEntity,
  TenantDirectoryEntity,
  directoryEntry,
  ledgerOf,
} from '@freguesia/functions/lib/migrations/ledger';
import { migrationOptions } from '@freguesia/functions/lib/migrations/runner';
import { idle, registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { queuePort } from '@freguesia/functions/lib/ports/queue';
import { MIGRATION_IDS } from '@freguesia/functions/migrations';
import { handler as segmentationApi } from '@freguesia/functions/segmentation/handler';
import { handler as settingsApi } from '@freguesia/functions/settings/handler';
import { handler as segmentationConsumer } from '@freguesia/functions/segmentation/recompute.consumer';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

const SAO_PAULO = '3550308';
const NITEROI = '3303302';
const CHANNELS = ['EMAIL', 'SMS', 'WHATSAPP', 'PUSH'] as const;

/** What the schedule and the local timer send (SWEEPS), and the queues drained. */
async function trigger(): Promise<void> {
  const queue = await queuePort();
  for (const sweep of SWEEPS)
    if ('type' in sweep.message && sweep.message.type === 'migrations')
      await queue.send(sweep.queue, sweep.message);
  await idle(120_000);
}

interface OldTenant {
  t: TestTenant;
  lead: number;
  campaign: number;
  customers: number[];
  forms: Record<string, unknown>[];
  /** Customers reachable per channel, as the records say. */
  reach: Record<string, number>;
}

/**
 * A tenant with data written before the migrations: created as today, then its data made old
 * (lead-use row removed, no city codes, counters wrong or missing) and its directory entry removed,
 * as for a tenant created before the directory existed.
 */
async function oldTenant(prefix: string, customers: number): Promise<OldTenant> {
  const t = await createTestTenant(prefix);
  const ctx = staffContext(t);
  const store = (await createStore(t.tenant, 'Loja Centro')).id;
  const ids: number[] = [];
  const forms: Record<string, unknown>[] = [];
  for (let i = 0; i < customers; i++) {
    const form = staffCustomer({
      document: randomCpf(),
      fullname: `Cliente Antigo ${i}`,
      email: i % 3 === 0 ? '' : `antigo${i}@example.com`,
      email_optout: i % 4 === 1 ? 'Y' : 'N',
      city: i % 2 === 0 ? 'SÃO PAULO' : 'Niterói',
      state: i % 2 === 0 ? 'SP' : 'RJ',
      id_city: '',
    });
    const { id } = await createCustomer(ctx, CustomerForm.parse(form));
    ids.push(id);
    forms.push(form);
  }
  const lead = await call(segmentationApi, {
    tenant: t.tenant,
    token: t.adminToken,
    method: 'POST',
    path: '/api/web/lead/new/list',
    body: {
      description: 'Clientes antigos',
      customers: ids.slice(0, 2).map((id_customer) => ({ id_customer })),
    },
  });
  expect(lead.status, lead.text).toBe(200);
  const campaign = await call(campaignsApi, {
    tenant: t.tenant,
    token: t.adminToken,
    method: 'POST',
    path: '/api/web/campaign/new',
    body: {
      description: 'Natal dos antigos',
      type: 'D',
      active: 'N',
      start_at: localDay(),
      end_at: NO_END_DATE,
      stores: [{ id_store: store }],
      info: { can_accumulate: 'N', need_terms: 'N' },
      products: [{ code: '7891000100103', trigger_discount: 'D', type: 2, price: 10 }],
      id_lead: lead.body.id,
    },
  });
  expect(campaign.status, campaign.text).toBe(200);
  const reach = Object.fromEntries(
    await Promise.all(CHANNELS.map(async (ch) => [ch, await customerReach(ctx, ch)])),
  );
  // Made old: as written before the lead-use index, the city code on write and the reach counters.
  await CampaignLeadEntity.delete({ tenant: t.tenant, lead: lead.body.id, campaign: campaign.body.id }).go();
  await CounterEntity.put({ tenant: t.tenant, name: 'total:customer-reach:EMAIL', value: 999 }).go();
  await CounterEntity.delete({ tenant: t.tenant, name: 'total:customer-reach:SMS' }).go();
  await TenantDirectoryEntity.delete({ tenant: '_tenants', member: t.tenant }).go();
  return { t, lead: lead.body.id, campaign: campaign.body.id, customers: ids, forms, reach };
}

const cityIds = async (o: OldTenant) =>
  Promise.all(
    o.customers.map(
      async (id) => (await CustomerEntity.get({ tenant: o.t.tenant, id }).go()).data?.id_city ?? '',
    ),
  );
const reachNow = async (o: OldTenant) =>
  Object.fromEntries(
    await Promise.all(CHANNELS.map(async (ch) => [ch, await customerReach(staffContext(o.t), ch)])),
  );
/** The tenant's first request since the deploy (any API call): it is listed in the directory. */
async function firstRequest(o: OldTenant): Promise<void> {
  clearTenantCache();
  const res = await call(customersApi, {
    tenant: o.t.tenant,
    token: o.t.adminToken,
    path: '/api/web/customers',
  });
  expect(res.status, res.text).toBe(200);
}

describe('data migrations', () => {
  const defaults = { ...migrationOptions };

  beforeAll(() => {
    registerConsumer('segmentation', segmentationConsumer);
    registerConsumer('campaigns', campaignsConsumer);
  });
  afterEach(() => {
    Object.assign(migrationOptions, defaults);
  });

  it(
    'brings two old tenants up to date on the sweep alone, and a second sweep changes nothing',
    { timeout: 240_000 },
    async () => {
      // Prepare
      const tenants = [await oldTenant('mig', 5), await oldTenant('migb', 3)];
      for (const o of tenants) {
        expect(await campaignsUsingLead(staffContext(o.t), o.lead)).toEqual([]);
        expect((await cityIds(o)).every((c) => c === '')).toBe(true);
        expect(await reachNow(o)).not.toEqual(o.reach);
        await firstRequest(o);
        expect((await directoryEntry(o.t.tenant))?.done).toEqual([]);
      }
      migrationOptions.pageSize = 2;
      // Act
      await trigger();
      // Assess: the lead is in use (its delete refused), every record has its code, counters right.
      for (const o of tenants) {
        expect(await campaignsUsingLead(staffContext(o.t), o.lead)).toEqual([
          { id: o.campaign, description: 'Natal dos antigos', type: 'D' },
        ]);
        const refused = await call(segmentationApi, {
          tenant: o.t.tenant,
          token: o.t.adminToken,
          method: 'DELETE',
          path: '/api/web/lead/delete',
          query: { id: o.lead },
        });
        expect(refused.status).toBe(409);
        expect(await cityIds(o)).toEqual(o.customers.map((_, i) => (i % 2 === 0 ? SAO_PAULO : NITEROI)));
        expect(await reachNow(o)).toEqual(o.reach);
        expect([...((await directoryEntry(o.t.tenant))?.done ?? [])].sort()).toEqual(
          [...MIGRATION_IDS].sort(),
        );
        const ledger = await ledgerOf(o.t.tenant);
        expect(ledger.map((l) => [l.migration, l.status]).sort()).toEqual(
          MIGRATION_IDS.map((id) => [id, 'done']).sort(),
        );
      }

      // Act: the sweep again.
      const before = await Promise.all(tenants.map((o) => ledgerOf(o.t.tenant)));
      await trigger();
      // Assess: nothing ran again, nothing changed.
      expect(await Promise.all(tenants.map((o) => ledgerOf(o.t.tenant)))).toEqual(before);
      for (const o of tenants) {
        expect(await reachNow(o)).toEqual(o.reach);
        expect(await cityIds(o)).toEqual(o.customers.map((_, i) => (i % 2 === 0 ? SAO_PAULO : NITEROI)));
      }

      // Act: every backfill run once more from the start (as a crashed run repeats its pages).
      const o = tenants[0]!;
      for (const id of MIGRATION_IDS)
        await MigrationLedgerEntity.delete({ tenant: o.t.tenant, migration: id }).go();
      await TenantDirectoryEntity.put({ tenant: '_tenants', member: o.t.tenant }).go();
      await trigger();
      // Assess: idempotent.
      expect(await campaignsUsingLead(staffContext(o.t), o.lead)).toHaveLength(1);
      expect(await reachNow(o)).toEqual(o.reach);
      expect(await cityIds(o)).toEqual(o.customers.map((_, i) => (i % 2 === 0 ? SAO_PAULO : NITEROI)));
      // (the lead-use rows are written again, the same: they count as written)
      const again = await ledgerOf(o.t.tenant);
      expect(again.map((l) => [l.migration, l.status, l.migration === 'campaign-lead-uses' ? 1 : 0])).toEqual(
        again.map((l) => [l.migration, 'done', l.changed]),
      );
    },
  );

  it('resumes a run stopped after its first page from the stored cursor', { timeout: 240_000 }, async () => {
    // Prepare: 7 customers, pages of 2 (4 pages); the run dies after every page while `crash` holds.
    const o = await oldTenant('migc', 7);
    await firstRequest(o);
    migrationOptions.pageSize = 2;
    let crash = true;
    migrationOptions.afterPage = (tenant, migration) => {
      if (crash && tenant === o.t.tenant && migration === 'customer-city-ids') throw new Error('morreu');
    };
    // Act: the sweep; each delivery of the run stores one page and dies (3 deliveries, then the DLQ).
    await trigger();
    // Assess: stopped mid-way, with its cursor and its error, the other migrations done.
    const stopped = (await ledgerOf(o.t.tenant)).find((l) => l.migration === 'customer-city-ids')!;
    expect(stopped).toMatchObject({ status: 'running', pages: 3, lastError: 'morreu', leaseUntil: 0 });
    expect(stopped.cursor).toBeTruthy();
    const partial = await cityIds(o);
    expect(partial.filter((c) => c !== '')).toHaveLength(6);
    expect((await directoryEntry(o.t.tenant))?.done).not.toContain('customer-city-ids');
    expect(await reachNow(o)).toEqual(o.reach);
    // The administrator sees it (Configurações: the data migrations' state).
    const status = await call(settingsApi, {
      tenant: o.t.tenant,
      token: o.t.adminToken,
      path: '/api/web/settings/migrations',
    });
    expect(status.status, status.text).toBe(200);
    expect(status.body.find((m: { id: string }) => m.id === 'customer-city-ids')).toMatchObject({
      status: 'running',
      pages: 3,
      changed: 6,
      last_error: 'morreu',
    });
    expect(status.body.find((m: { id: string }) => m.id === 'customer-reach-counters')).toMatchObject({
      status: 'done',
    });

    // Act: the next sweep, the fault gone.
    crash = false;
    await trigger();
    // Assess: finished from where it stopped (4 pages in all, none repeated).
    const done = (await ledgerOf(o.t.tenant)).find((l) => l.migration === 'customer-city-ids')!;
    expect(done).toMatchObject({ status: 'done', pages: 4, changed: 7 });
    expect(done.cursor).toBeUndefined();
    expect(await cityIds(o)).toEqual(o.customers.map((_, i) => (i % 2 === 0 ? SAO_PAULO : NITEROI)));
    expect((await directoryEntry(o.t.tenant))?.done).toContain('customer-city-ids');
  });

  it('loses no write made while the reach counters are recounted', { timeout: 240_000 }, async () => {
    // Prepare: pages of 3; after the first page, a customer already counted opts out of e-mail.
    const o = await oldTenant('migd', 5);
    await firstRequest(o);
    migrationOptions.pageSize = 3;
    let edited = false;
    migrationOptions.afterPage = async (tenant, migration) => {
      if (edited || tenant !== o.t.tenant || migration !== 'customer-reach-counters') return;
      edited = true;
      await updateCustomer(
        staffContext(o.t),
        CustomerUpdate.parse({ ...o.forms[2], id: o.customers[2], email_optout: 'Y' }),
      );
    };
    // Act
    await trigger();
    // Assess: the opt-out counts (one customer fewer reachable by e-mail), nothing else moved.
    expect(edited).toBe(true);
    expect(await reachNow(o)).toEqual({ ...o.reach, EMAIL: o.reach.EMAIL! - 1 });
    expect((await ledgerOf(o.t.tenant)).find((l) => l.migration === 'customer-reach-counters')).toMatchObject(
      {
        status: 'done',
      },
    );
  });

  it('lists a tenant created now with every migration done (it has no old data)', async () => {
    const t = await createTestTenant('mignew');
    expect([...((await directoryEntry(t.tenant))?.done ?? [])].sort()).toEqual([...MIGRATION_IDS].sort());
  });
});
