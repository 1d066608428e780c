/**
 * The data migrations (functions/README.md, "Data migrations"): a tenant whose data predates what
 * the code keeps on write — a campaign using a lead without its lead-use row, customers with the
 * city's name and state but no IBGE code, reach counters wrong or missing — is brought up to date
 * by the sweep the schedule (AWS) and the timer (`npm start`) send, with no call of its own; a
 * second run changes nothing, a run stopped after a page resumes from its cursor, and every tenant
 * is migrated — a tenant from before the tenant directory that makes no request too, listed by the
 * one-off directory backfill the sweep runs first. (One file: the sweep works on every tenant of
 * the shared table, so two files sweeping at once would take each other's runs.)
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  DIRECTORY_BACKFILL,
  directoryBackfillOptions,
} from '@freguesia/functions/lib/migrations/directory-backfill';
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

/**
 * The directory backfill's time per sweep here: well within `trigger`'s drain (the whole suite
 * shares one table, which the first sweep of this file scans).
 */
const BACKFILL_BUDGET_MS = 20_000;
beforeAll(() => {
  directoryBackfillOptions.budgetMs = BACKFILL_BUDGET_MS;
});

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

/** A tenant from before the directory, with no request since the deploy: not listed. */
async function quietTenant(prefix: string, customers: number): Promise<OldTenant> {
  const o = await oldTenant(prefix, customers);
  expect(await directoryEntry(o.t.tenant)).toBeUndefined();
  return o;
}

/** What a user of an old tenant sees once it is migrated: lead in use, city codes, reach counters. */
async function expectMigrated(o: OldTenant): Promise<void> {
  expect(await campaignsUsingLead(staffContext(o.t), o.lead)).toEqual([
    { id: o.campaign, description: 'Natal dos antigos', type: 'D' },
  ]);
  expect(await cityIds(o)).toEqual(o.customers.map((_, i) => (i % 2 === 0 ? SAO_PAULO : NITEROI)));
  expect(await reachNow(o)).toEqual(o.reach);
  expect([...((await directoryEntry(o.t.tenant))?.done ?? [])].sort()).toEqual([...MIGRATION_IDS].sort());
}

/** The backfill's ledger item (the ledger of the directory's own partition). */
const backfillJob = async () => (await ledgerOf('_tenants')).find((l) => l.migration === DIRECTORY_BACKFILL);
type BackfillPage = Parameters<NonNullable<(typeof directoryBackfillOptions)['afterPage']>>[0];
/**
 * Sweeps until the backfill is done (one sweep on this file's table; a few when the whole suite
 * has filled the shared table and a sweep's time runs out); answers how many.
 */
async function sweepUntilListed(): Promise<number> {
  for (let sweeps = 1; sweeps <= 20; sweeps++) {
    await trigger();
    if ((await backfillJob())?.status === 'done') return sweeps;
  }
  throw new Error('the directory backfill did not finish in 20 sweeps');
}

describe('tenant directory backfill', () => {
  const defaults = { ...directoryBackfillOptions, budgetMs: BACKFILL_BUDGET_MS };

  beforeAll(() => {
    registerConsumer('segmentation', segmentationConsumer);
    registerConsumer('campaigns', campaignsConsumer);
  });
  beforeEach(async () => {
    // As on the deploy that brings it: never run (the sweeps above ran it on this table).
    await MigrationLedgerEntity.delete({ tenant: '_tenants', migration: DIRECTORY_BACKFILL }).go();
  });
  afterEach(() => {
    Object.assign(directoryBackfillOptions, defaults);
  });

  it(
    'lists and migrates old tenants nobody has used since the deploy, on the sweep alone, and never scans again',
    { timeout: 240_000 },
    async () => {
      // Prepare: two old tenants with no request since the deploy; a third listed by its first
      // request, with one migration done (its lead-use row left missing: were its entry reset, the
      // sweep would write the row).
      const quiet = [await quietTenant('dira', 3), await quietTenant('dirb', 2)];
      const listed = await oldTenant('dirc', 2);
      await TenantDirectoryEntity.put({
        tenant: '_tenants',
        member: listed.t.tenant,
        done: ['campaign-lead-uses'],
      }).go();
      const pages: BackfillPage[] = [];
      directoryBackfillOptions.afterPage = (page) => void pages.push(page);
      // Act
      const sweeps = await sweepUntilListed();
      // Assess: listed by the backfill and migrated: the lead's delete is refused.
      const registered = pages.flatMap((p) => p.registered);
      for (const o of quiet) {
        expect(registered).toContain(o.t.tenant);
        await expectMigrated(o);
        const refused = await call(segmentationApi, {
          tenant: o.t.tenant,
          token: o.t.adminToken,
          method: 'DELETE',
          path: '/api/web/lead/delete',
          query: { id: o.lead },
        });
        expect(refused.status).toBe(409);
      }
      // The listed tenant keeps its done migration (not run again), the others ran.
      expect(registered).not.toContain(listed.t.tenant);
      expect([...((await directoryEntry(listed.t.tenant))?.done ?? [])].sort()).toEqual(
        [...MIGRATION_IDS].sort(),
      );
      expect((await ledgerOf(listed.t.tenant)).map((l) => l.migration)).not.toContain('campaign-lead-uses');
      expect(await campaignsUsingLead(staffContext(listed.t), listed.lead)).toEqual([]);
      expect(await cityIds(listed)).toEqual(
        listed.customers.map((_, i) => (i % 2 === 0 ? SAO_PAULO : NITEROI)),
      );
      // Done, with what it read and listed.
      const job = await backfillJob();
      expect(job).toMatchObject({ status: 'done', pages: pages.length, runs: sweeps, leaseUntil: 0 });
      expect(job?.changed).toBe(registered.length);
      expect(job?.cursor).toBeUndefined();

      // Act: the sweep again, and a tenant from before the directory that shows up unlisted.
      const late = await quietTenant('dire', 1);
      await trigger();
      // Assess: nothing read, the job untouched (a tenant missing now is listed by its request).
      expect(pages.length).toBe(job?.pages);
      expect(await backfillJob()).toEqual(job);
      expect(await directoryEntry(late.t.tenant)).toBeUndefined();
    },
  );

  it(
    'resumes a backfill that died after a page from its cursor, once no other run holds it',
    { timeout: 240_000 },
    async () => {
      // Prepare: small pages; the run dies after its first page.
      const o = await quietTenant('dirf', 2);
      directoryBackfillOptions.pageSize = 20;
      const pages: BackfillPage[] = [];
      let crash = true;
      directoryBackfillOptions.afterPage = (page) => {
        pages.push(page);
        if (crash) throw new Error('morreu');
      };
      // Act
      await trigger();
      // Assess: one page stored, with the cursor of the next and the error.
      const stopped = await backfillJob();
      expect(pages).toHaveLength(1);
      expect(pages[0]!.from).toBeUndefined();
      expect(stopped).toMatchObject({
        status: 'running',
        pages: 1,
        runs: 1,
        leaseUntil: 0,
        lastError: 'morreu',
      });
      expect(stopped?.cursor).toBeTruthy();
      expect(stopped?.cursor).toBe(pages[0]!.cursor);

      // Act: another run holds the lease (a run killed an instant ago keeps it until it expires).
      crash = false;
      await MigrationLedgerEntity.patch({ tenant: '_tenants', migration: DIRECTORY_BACKFILL })
        .set({ leaseUntil: Date.now() + 10 * 60_000 })
        .go();
      await trigger();
      // Assess: not run twice at once.
      expect(pages).toHaveLength(1);
      expect(await backfillJob()).toMatchObject({ status: 'running', pages: 1, runs: 1 });

      // Act: the lease expired; the sweeps, each out of time after a page, go on where the last stopped.
      await MigrationLedgerEntity.patch({ tenant: '_tenants', migration: DIRECTORY_BACKFILL })
        .set({ leaseUntil: Date.now() - 1 })
        .go();
      directoryBackfillOptions.budgetMs = 0;
      await trigger();
      // Assess: one more page, from the stored cursor (none read again from the start), paused.
      expect(pages).toHaveLength(2);
      expect(pages[1]!.from).toBe(stopped?.cursor);
      expect(await backfillJob()).toMatchObject({ status: 'running', pages: 2, runs: 2, leaseUntil: 0 });
      // Act: one more such sweep, then sweeps with time for many larger pages.
      await trigger();
      Object.assign(directoryBackfillOptions, { budgetMs: defaults.budgetMs, pageSize: 1000 });
      const sweeps = await sweepUntilListed();
      // Assess: each page started where the one before ended, over every sweep, to the end.
      expect(pages.length).toBeGreaterThan(3);
      pages.slice(1).forEach((p, i) => expect(p.from).toBe(pages[i]!.cursor));
      const done = await backfillJob();
      expect(done).toMatchObject({ status: 'done', pages: pages.length, runs: 3 + sweeps, leaseUntil: 0 });
      expect(done?.lastError).toBeUndefined();
      expect(pages.flatMap((p) => p.registered)).toContain(o.t.tenant);
      await expectMigrated(o);
    },
  );
});
