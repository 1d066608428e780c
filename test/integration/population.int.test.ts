import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { ingestBaskets, type NewBasket } from '@freguesia/functions/customers/baskets.service';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import {
  customerRecordChangeOf,
  type CustomerRecordFacts,
  type PurchaseRecordFacts,
} from '@freguesia/functions/customers/changes.service';
import { BasketInput } from '@freguesia/functions/integration/baskets.schema';
import { LocalStreamPoller } from '@freguesia/functions/lib/ports/local/stream-poller';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { getLead, leadsRepository } from '@freguesia/functions/segmentation/leads.repository';
import {
  countInPolygon,
  isMember,
  listMembers,
  previewCount,
  recordActivity,
  requestRecompute,
} from '@freguesia/functions/segmentation/population.service';
import { SHARDS, populationRepository } from '@freguesia/functions/segmentation/population.repository';
import { emptyProfile } from '@freguesia/functions/segmentation/profile.model';
import { loadProfiles } from '@freguesia/functions/segmentation/profiles.service';
import { handler as profilesHandler } from '@freguesia/functions/segmentation/profiles.stream';
import { handler as recomputeConsumer } from '@freguesia/functions/segmentation/recompute.consumer';
import {
  planRecompute,
  runSegment,
  startRecompute,
  type SegmentationMessage,
} from '@freguesia/functions/segmentation/recompute.service';
import { streamProcessors, wantsRecord } from '@freguesia/functions/streams';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createCategory, createProduct } from './catalog-fixtures';
import { createStore, posBasket, randomCpf, staffCustomer } from './customers-fixtures';
import { drained, eventually } from '../support/wait';

/**
 * The population engine against DynamoDB Local: customers and purchases written through the
 * customers service, the real stream read by the local poller into the profiles processor, lead
 * recomputes driven step by step (and through the real queue consumer), crash and replay.
 */
describe('population engine', () => {
  let t: TestTenant;
  let store: number;
  let poller: LocalStreamPoller;
  const delivered: DynamoDBRecord[] = [];
  const admin = () => staffContext(t);
  const processor = streamProcessors.find((p) => p.name === 'segmentation-profiles')!;
  /** Customers created here: id → what they are. */
  const people = new Map<
    number,
    { document: string; gender: string; vip: boolean; latitude: number; longitude: number }
  >();

  const row = (key: string, option: string, value?: unknown) => ({ key, option, value }) as LeadCondition;
  const newLead = (description: string, filter: LeadCondition[]) =>
    leadsRepository(t.tenant).create(
      {
        description,
        origin: 'S',
        filter,
        always_valid: 'Y',
        valid_until: null,
        auto_refresh: 'N',
        frequency_refresh: null,
      },
      { status: 'P', population: 0 },
      new Date().toISOString(),
    );
  const purchase = (overrides: Record<string, unknown>): NewBasket =>
    BasketInput.parse(posBasket(store, overrides));
  const ingest = (...baskets: NewBasket[]) =>
    ingestBaskets(
      staffContext(t, { actor: { kind: 'integration' } }),
      baskets.map((basket, index) => ({ index, basket })),
    );
  const members = async (lead: number) => {
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listMembers(admin(), lead, cursor, 7);
      ids.push(...page.ids);
      cursor = page.cursor;
    } while (cursor);
    return ids.sort((a, b) => a - b);
  };
  const expected = (test: (p: { gender: string; vip: boolean }) => boolean) =>
    [...people]
      .filter(([, p]) => test(p))
      .map(([id]) => id)
      .sort((a, b) => a - b);

  /** Waits for the queue consumer to take a lead to D. */
  async function settled(leadId: number): Promise<void> {
    await drained();
    await eventually(
      `lead ${leadId} recomputed`,
      async () => (await getLead(t.tenant, leadId))!.status,
      (status) => status === 'D',
      { intervalMs: 50 },
    );
  }

  /** Drives a whole recompute by hand, like the queue would; answers the statuses seen. */
  async function recomputeByHand(leadId: number): Promise<string[]> {
    const statuses: string[] = [];
    const run = (await startRecompute(admin(), leadId))!;
    statuses.push((await getLead(t.tenant, leadId))!.status);
    const leadVersion = (await getLead(t.tenant, leadId))!.version;
    await planRecompute(admin(), { type: 'plan', tenant: t.tenant, lead: leadId, run, leadVersion });
    statuses.push((await getLead(t.tenant, leadId))!.status);
    for (let shard = 0; shard < SHARDS; shard++) {
      await runSegment(
        admin(),
        { type: 'segment', tenant: t.tenant, lead: leadId, run, leadVersion, shard },
        { pageSize: 2 },
      );
    }
    statuses.push((await getLead(t.tenant, leadId))!.status);
    return statuses;
  }

  beforeAll(async () => {
    t = await createTestTenant('pop');
    store = (await createStore(t.tenant, 'Loja Centro')).id;
    poller = new LocalStreamPoller({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      // Only what is written from now on, and only this file's tenant (the table is shared).
      startAt: 'LATEST',
      processors: [
        {
          name: processor.name,
          accepts: (r) => wantsRecord(processor, r) && customerRecordChangeOf(r)?.tenant === t.tenant,
          handler: async (event) => {
            delivered.push(...event.Records);
            return profilesHandler(event);
          },
          batchSize: processor.batchSize,
          maxAttempts: 1,
        },
      ],
    });
    await poller.pollOnce();
    // 36 customers around Praça da Sé: every third a man, every fourth a VIP.
    for (let i = 0; i < 36; i++) {
      const gender = i % 3 === 0 ? 'M' : 'F';
      const vip = i % 4 === 0;
      const latitude = -23.55 + (i % 6) * 0.01;
      const longitude = -46.64 + Math.floor(i / 6) * 0.01;
      const document = randomCpf();
      const { id } = await createCustomer(
        admin(),
        CustomerForm.parse(
          staffCustomer({
            document,
            gender,
            tags: vip ? ['VIP'] : ['Vinhos'],
            latitude,
            longitude,
            email: `c${i}@example.com`,
          }),
        ),
      );
      people.set(id, { document, gender, vip, latitude, longitude });
    }
    await poller.drain();
  }, 120_000);

  afterAll(() => poller.stop());

  it('builds a profile from the customer record and its purchases, products resolved through the catalogue', async () => {
    // Prepare
    const category = await createCategory(t, 'MERC', 'Mercearia');
    const rice = await createProduct(t, { code: '7891000100103', category: { reference_code: 'MERC' } });
    const [id, person] = [...people][1]!;
    // Act
    await ingest(
      purchase({ document: person.document, amount: 24, date: '2026-01-15 10:30:00' }),
      purchase({ document: person.document, date: '2026-02-01 18:00:00', origin: 'App' }),
    );
    await poller.drain();
    // Assess
    const { profile } = (await populationRepository(t.tenant).getProfile(id))!;
    expect(profile).toMatchObject({ id, gender: person.gender, tags: ['Vinhos'], hasEmail: true });
    expect(profile.purchases).toMatchObject({ count: 2, totalCentavos: 4800, stores: [store] });
    expect(profile.purchases.products).toEqual([rice.id]);
    expect(profile.purchases.categories).toEqual([category]);
    expect(Object.keys(profile.purchases.origins).sort()).toEqual(['App', 'PDV']);
  });

  it('changes nothing when the same stream batch is delivered again', async () => {
    // Prepare
    const repo = populationRepository(t.tenant);
    const ids = [...people.keys()];
    const before = await Promise.all(ids.map((id) => repo.getProfile(id)));
    expect(delivered.length).toBeGreaterThan(36);
    // Act
    await profilesHandler({ Records: delivered });
    await profilesHandler({ Records: [...delivered].reverse() });
    // Assess
    expect(await Promise.all(ids.map((id) => repo.getProfile(id)))).toEqual(before);
  });

  it('bulk-loads the same profiles the stream builds (the local seed, backfills)', async () => {
    // Prepare: the latest facts of every customer and purchase the stream delivered.
    const repo = populationRepository(t.tenant);
    const ids = [...people.keys()];
    const before = await Promise.all(ids.map((id) => repo.getProfile(id)));
    const customers = new Map<number, CustomerRecordFacts>();
    const purchases = new Map<number, PurchaseRecordFacts>();
    for (const record of delivered) {
      const change = customerRecordChangeOf(record);
      if (change?.kind === 'customer' && change.after) customers.set(change.after.id, change.after);
      if (change?.kind === 'purchase' && change.after) purchases.set(change.after.id, change.after);
    }
    // Act
    const written = await loadProfiles(admin(), [...customers.values()], [...purchases.values()]);
    // Assess
    expect(written).toBe(customers.size);
    const after = await Promise.all(ids.map((id) => repo.getProfile(id)));
    expect(after.map((p) => p?.profile)).toEqual(before.map((p) => p?.profile));
  });

  it('recomputes a segmentation lead P → R → D with exactly the matching customers', async () => {
    // Prepare
    const lead = await newLead('Mulheres VIP', [row('GE', 'in', ['F']), row('TA', 'in', ['VIP'])]);
    // Act
    const statuses = await recomputeByHand(lead.id);
    // Assess
    expect(statuses).toEqual(['P', 'R', 'D']);
    const want = expected((p) => p.gender === 'F' && p.vip);
    expect(want.length).toBeGreaterThan(3);
    expect(await members(lead.id)).toEqual(want);
    expect((await getLead(t.tenant, lead.id))!.population).toBe(want.length);
    expect(await isMember(admin(), lead.id, want[0]!)).toBe(true);
    expect(await isMember(admin(), lead.id, expected((p) => p.gender === 'M')[0]!)).toBe(false);
  });

  it('unions joined leads and caps the population at the lowest ids', async () => {
    // Prepare
    const men = await newLead('Homens', [row('GE', 'in', ['M'])]);
    await recomputeByHand(men.id);
    const joined = await newLead('VIP ou homens', [row('TA', 'in', ['VIP']), row('LD', 'join', [men.id])]);
    const capped = await newLead('Cinco VIP', [row('TA', 'in', ['VIP']), row('OP', 'limit', 5)]);
    // Act
    await recomputeByHand(joined.id);
    await recomputeByHand(capped.id);
    // Assess
    expect(await members(joined.id)).toEqual(expected((p) => p.vip || p.gender === 'M'));
    expect(await members(capped.id)).toEqual(expected((p) => p.vip).slice(0, 5));
    expect((await getLead(t.tenant, capped.id))!.population).toBe(5);
  });

  it('ends with the right population when a segment crashes after some writes and is redelivered', async () => {
    // Prepare
    const lead = await newLead('Mulheres', [row('GE', 'in', ['F'])]);
    const run = (await startRecompute(admin(), lead.id))!;
    const leadVersion = (await getLead(t.tenant, lead.id))!.version;
    await planRecompute(admin(), { type: 'plan', tenant: t.tenant, lead: lead.id, run, leadVersion });
    const message = (shard: number): Extract<SegmentationMessage, { type: 'segment' }> => ({
      type: 'segment',
      tenant: t.tenant,
      lead: lead.id,
      run,
      leadVersion,
      shard,
    });
    const sizes = await Promise.all(
      [...Array(SHARDS).keys()].map(
        async (s) => (await populationRepository(t.tenant).profilesPage(s, 0, 100)).items.length,
      ),
    );
    const crashShard = sizes.findIndex((n) => n >= 3);
    // Act: the crash comes after the second page's writes, before its cursor is saved.
    for (let shard = 0; shard < SHARDS; shard++) {
      if (shard === crashShard) continue;
      await runSegment(admin(), message(shard), { pageSize: 1 });
    }
    const crash = runSegment(admin(), message(crashShard), {
      pageSize: 1,
      afterPage: (page) => {
        if (page === 2) throw new Error('Lambda morreu');
      },
    });
    await expect(crash).rejects.toThrow('Lambda morreu');
    expect((await getLead(t.tenant, lead.id))!.status).toBe('R');
    const redelivered = await runSegment(admin(), message(crashShard), { pageSize: 1 });
    await runSegment(admin(), message(crashShard), { pageSize: 1 });
    // Assess: resumed from the saved cursor (page 1 not read again), then finished the run.
    expect(redelivered).toEqual({ outcome: 'done', evaluated: sizes[crashShard]! - 1 });
    const want = expected((p) => p.gender === 'F');
    expect(await members(lead.id)).toEqual(want);
    const saved = (await getLead(t.tenant, lead.id))!;
    expect(saved).toMatchObject({ status: 'D', population: want.length });
  });

  it('drops the messages of a run replaced by a newer one', async () => {
    // Prepare
    const lead = await newLead('Todos', [row('QA', 'email')]);
    const old = (await startRecompute(admin(), lead.id))!;
    await startRecompute(admin(), lead.id);
    const leadVersion = (await getLead(t.tenant, lead.id))!.version;
    // Act
    const outcome = await runSegment(admin(), {
      type: 'segment',
      tenant: t.tenant,
      lead: lead.id,
      run: old,
      leadVersion,
      shard: 0,
    });
    // Assess
    expect(outcome.outcome).toBe('dropped');
    expect(await members(lead.id)).toEqual([]);
  });

  it('runs a recompute through the queue consumer and moves a customer into a lead when a purchase makes it match', async () => {
    // Prepare
    registerConsumer('segmentation', recomputeConsumer, 5);
    const lead = await newLead('Duas compras ou mais', [row('QA', 'purchases', 2)]);
    await requestRecompute(admin(), lead.id);
    await settled(lead.id);
    const before = (await getLead(t.tenant, lead.id))!;
    const [id, person] = [...people][3]!;
    expect(before.status).toBe('D');
    expect(await isMember(admin(), lead.id, id)).toBe(false);
    // Act
    await ingest(
      purchase({ document: person.document, date: '2026-03-01 10:00:00' }),
      purchase({ document: person.document, date: '2026-03-02 10:00:00' }),
    );
    await poller.drain();
    // Assess
    expect(await isMember(admin(), lead.id, id)).toBe(true);
    expect((await getLead(t.tenant, lead.id))!.population).toBe(before.population + 1);
  });

  it('applies an activity once and re-evaluates the customer', async () => {
    // Prepare
    const lead = await newLead('Leram e-mail', [row('CM', 'email_read', 30)]);
    await requestRecompute(admin(), lead.id);
    await settled(lead.id);
    const [id] = [...people][5]!;
    const activity = { customerId: id, kind: 'email_read' as const, at: new Date().toISOString() };
    // Act
    await recordActivity(admin(), activity);
    await recordActivity(admin(), activity);
    // Assess
    expect(await isMember(admin(), lead.id, id)).toBe(true);
    expect((await getLead(t.tenant, lead.id))!.population).toBe(1);
  });

  it('counts the customers inside a polygon through the geohash cells', async () => {
    // Prepare: a box over the first three latitude rows and first two longitude columns.
    const polygon: [number, number][] = [
      [-23.555, -46.645],
      [-23.555, -46.625],
      [-23.525, -46.625],
      [-23.525, -46.645],
    ];
    const want = [...people]
      .filter(
        ([, p]) =>
          p.latitude > -23.555 && p.latitude < -23.525 && p.longitude > -46.645 && p.longitude < -46.625,
      )
      .map(([id]) => id)
      .sort((a, b) => a - b);
    // Act
    const answer = await countInPolygon(admin(), polygon);
    // Assess
    expect(want.length).toBe(6);
    expect(answer).toEqual({ population: want.length, customers: want });
    await expect(countInPolygon(admin(), polygon.slice(0, 2))).rejects.toThrow();
  });

  it('previews the population of a filter being edited', async () => {
    // Act
    const women = await previewCount(admin(), [row('GE', 'in', ['F'])]);
    const vipMen = await previewCount(admin(), [row('GE', 'in', ['M']), row('TA', 'in', ['VIP'])]);
    const capped = await previewCount(admin(), [row('GE', 'in', ['F']), row('OP', 'limit', 4)]);
    // Assess
    expect(women).toEqual({
      population: expected((p) => p.gender === 'F').length,
      estimated: false,
      evaluated: expect.any(Number),
    });
    expect(vipMen.population).toBe(expected((p) => p.gender === 'M' && p.vip).length);
    expect(capped.population).toBe(4);
  });

  it('estimates a large base from a sample that reads a fraction of the profiles', async () => {
    // Prepare: 2,000 profiles with gaps (every 7th id deleted), about 40 % women.
    const big = await createTestTenant('popbig');
    const profiles = [];
    for (let id = 1; id <= 2_000; id++) {
      if (id % 7 === 0) continue;
      profiles.push({
        profile: emptyProfile({
          id,
          gender: (id * 7919) % 10 < 4 ? 'F' : 'M',
          channel: 'PDV',
          hasEmail: false,
          hasCellphone: false,
          terms: true,
          optouts: { email: false, sms: false, whatsapp: false, app: false },
          registeredAt: '2025-01-01T12:00:00.000Z',
          tags: [],
        }),
      });
    }
    await populationRepository(big.tenant).putProfiles(profiles);
    const women = profiles.filter((p) => p.profile.gender === 'F').length;
    const ctx = staffContext(big);
    const filter = [row('GE', 'in', ['F'])];

    // Act
    const exact = await previewCount(ctx, filter);
    const sampled = await previewCount(ctx, filter, { exactUpTo: 500, sample: 600 });
    const capped = await previewCount(ctx, [...filter, row('OP', 'limit', 10)], {
      exactUpTo: 500,
      sample: 600,
    });

    // Assess: the default is exact at this size; the sample reads about 600 profiles and lands
    // within 20 % (five standard errors) of the truth.
    expect(exact).toEqual({ population: women, estimated: false, evaluated: profiles.length });
    expect(sampled.estimated).toBe(true);
    expect(sampled.evaluated).toBeGreaterThan(400);
    expect(sampled.evaluated).toBeLessThan(800);
    expect(Math.abs(sampled.population - women) / women).toBeLessThan(0.2);
    expect(capped.population).toBe(10);
  });
});
