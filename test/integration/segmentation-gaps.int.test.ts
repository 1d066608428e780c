import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { CustomerForm, CustomerUpdate } from '@freguesia/shared/schemas/customer';
import { LeadInput, LeadUpdate, TagInput, TagUpdate } from '@freguesia/shared/schemas/segmentation';
import { ingestBaskets } from '@freguesia/functions/customers/baskets.service';
import { customerRecordChangeOf } from '@freguesia/functions/customers/changes.service';
import { createCustomer, updateCustomer } from '@freguesia/functions/customers/customers.service';
import { CustomerEntity } from '@freguesia/functions/customers/entities';
import { BasketInput } from '@freguesia/functions/integration/baskets.schema';
import { LocalStreamPoller } from '@freguesia/functions/lib/ports/local/stream-poller';
import { idle, registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { populationLimit } from '@freguesia/functions/segmentation/evaluate.model';
import { getLead } from '@freguesia/functions/segmentation/leads.repository';
import { createLead, updateLead } from '@freguesia/functions/segmentation/leads.service';
import { listMembers, requestRecompute } from '@freguesia/functions/segmentation/population.service';
import { populationRepository } from '@freguesia/functions/segmentation/population.repository';
import { belongs, dependencyOrder, loadProfiles } from '@freguesia/functions/segmentation/profiles.service';
import { queuePort } from '@freguesia/functions/lib/ports/queue';
import { handler as profilesHandler } from '@freguesia/functions/segmentation/profiles.stream';
import { handler as recomputeConsumer } from '@freguesia/functions/segmentation/recompute.consumer';
import { handler as tagsConsumer } from '@freguesia/functions/segmentation/tags.consumer';
import { handler as tagsStream } from '@freguesia/functions/segmentation/tags.stream';
import { createTag, updateTag } from '@freguesia/functions/segmentation/tags.service';
import { streamProcessors, wantsRecord } from '@freguesia/functions/streams';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createStore, posBasket, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Issue 20, segmentation: 'Cidade' on customers without an IBGE code (7), and membership that went
 * stale (10) — a lead naming a newer lead, a capped lead that never refilled, a renamed tag, the
 * customer segment — ending with the property that incremental membership always equals a full
 * recompute, over random sequences of customer, purchase and lead changes.
 */
describe('segmentation gaps (issue 20)', () => {
  let t: TestTenant;
  let store: number;
  let poller: LocalStreamPoller;
  const admin = () => staffContext(t);
  const processor = streamProcessors.find((p) => p.name === 'segmentation-profiles')!;
  const tagsProcessor = streamProcessors.find((p) => p.name === 'segmentation-tags')!;
  const people: { id: number; document: string; form: Record<string, unknown> }[] = [];

  const row = (key: string, option: string, value?: unknown) =>
    ({ key, option, value: value ?? null }) as LeadCondition;
  const newLead = async (description: string, filter: LeadCondition[]) =>
    (
      await createLead(
        admin(),
        LeadInput.parse({ description, origin: 'S', filter, always_valid: 'Y', auto_refresh: 'N' }),
      )
    ).id;
  const editLead = async (id: number, filter: LeadCondition[]) => {
    const lead = (await getLead(t.tenant, id))!;
    await updateLead(
      admin(),
      LeadUpdate.parse({
        id,
        description: lead.description,
        origin: 'S',
        filter,
        always_valid: 'Y',
        auto_refresh: 'N',
      }),
      false,
    );
  };
  const members = async (lead: number) => {
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listMembers(admin(), lead, cursor, 50);
      ids.push(...page.ids);
      cursor = page.cursor;
    } while (cursor);
    return ids.sort((a, b) => a - b);
  };
  const editCustomer = async (index: number, change: Record<string, unknown>) => {
    const person = people[index]!;
    person.form = { ...person.form, ...change };
    await updateCustomer(admin(), CustomerUpdate.parse({ ...person.form, id: person.id }));
  };
  const buy = (index: number) =>
    ingestBaskets(staffContext(t, { actor: { kind: 'integration' } }), [
      { index: 0, basket: BasketInput.parse(posBasket(store, { document: people[index]!.document })) },
    ]);

  /** Stream, queues and recomputes all done: every lead D. */
  async function settle(): Promise<void> {
    for (const deadline = Date.now() + 150_000; ;) {
      await poller.drain();
      await idle(150_000);
      const leads = await Promise.all(leadIds.map((id) => getLead(t.tenant, id)));
      if (leads.every((l) => !l || l.status === 'D')) return;
      if (Date.now() > deadline) throw new Error('segmentation did not settle');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const leadIds: number[] = [];
  let saoPaulo = 0;

  /**
   * What a full recompute of every lead gives now (the oracle): each lead in dependency order,
   * every profile evaluated with the memberships computed so far, OP 'limit' keeping the lowest ids.
   */
  async function fullRecompute(): Promise<Map<number, number[]>> {
    const repo = populationRepository(t.tenant);
    const profiles = await Promise.all(people.map((p) => repo.getProfile(p.id)));
    const leads = dependencyOrder(
      (await Promise.all(leadIds.map((id) => getLead(t.tenant, id)))).flatMap((l) => (l ? [l] : [])),
    );
    const result = new Map<number, number[]>();
    const now = new Date();
    for (const lead of leads) {
      const ids = profiles
        .flatMap((stored) => (stored ? [stored] : []))
        .filter((stored) => {
          const memberOf = new Set(
            [...result].filter(([, ids]) => ids.includes(stored.profile.id)).map(([id]) => id),
          );
          return belongs(stored.profile, lead, now, memberOf);
        })
        .map((stored) => stored.profile.id)
        .sort((a, b) => a - b);
      const limit = populationLimit(lead.filter);
      result.set(lead.id, limit === undefined ? ids : ids.slice(0, limit));
    }
    return result;
  }
  async function incremental(): Promise<Map<number, number[]>> {
    return new Map(await Promise.all(leadIds.map(async (id) => [id, await members(id)] as const)));
  }

  beforeAll(async () => {
    t = await createTestTenant('seggaps');
    store = (await createStore(t.tenant, 'Loja Gaps')).id;
    registerConsumer('segmentation', recomputeConsumer, 5);
    registerConsumer('jobs', tagsConsumer, 5);
    poller = new LocalStreamPoller({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      startAt: 'LATEST',
      processors: [processor, tagsProcessor].map((p) => ({
        name: p.name,
        accepts: (r: Parameters<typeof wantsRecord>[1]) =>
          wantsRecord(p, r) && customerRecordChangeOf(r)?.tenant === t.tenant,
        handler: p.name === processor.name ? profilesHandler : tagsStream,
        batchSize: p.batchSize,
        maxAttempts: 1,
      })),
    });
    await poller.pollOnce();
    // Eight customers written as the seed, POS and portal write them: the city by name and state, no IBGE code.
    const cities = [
      ['SÃO PAULO', 'SP'],
      ['Sao Paulo', 'SP'],
      ['NITERÓI', 'RJ'],
      ['CAMPINAS', 'SP'],
      ['São Paulo', 'SP'],
      ['BOM JESUS', 'PI'],
      ['BOM JESUS', 'RS'],
      ['NITERÓI', 'RJ'],
    ];
    for (const [i, [city, state]] of cities.entries()) {
      const document = randomCpf();
      const form = staffCustomer({
        document,
        fullname: `Cliente Gaps ${i}`,
        email: `gaps${i}@example.com`,
        gender: i % 2 === 0 ? 'F' : 'M',
        city,
        state,
        id_city: '',
        tags: i % 3 === 0 ? ['Ouro'] : ['Prata'],
      });
      const { id } = await createCustomer(admin(), CustomerForm.parse(form));
      people.push({ id, document, form });
    }
    await settle();
  }, 180_000);

  afterAll(() => poller.stop());

  it(
    "'Cidade' finds customers whose record has the city's name and state but no IBGE code (item 7)",
    { timeout: 180_000 },
    async () => {
      // Prepare
      const ids = (indexes: number[]) => indexes.map((i) => people[i]!.id).sort((a, b) => a - b);
      // Act
      saoPaulo = await newLead('Moram em São Paulo', [row('CD', 'in', [3550308])]);
      const notSaoPaulo = await newLead('Não moram em São Paulo', [row('CD', '!in', [3550308])]);
      const bomJesusRs = await newLead('Bom Jesus/RS', [row('CD', 'in', [4302303])]);
      leadIds.push(saoPaulo, notSaoPaulo, bomJesusRs);
      await settle();
      // Assess
      expect(await members(saoPaulo)).toEqual(ids([0, 1, 4]));
      expect(await members(notSaoPaulo)).toEqual(ids([2, 3, 5, 6, 7]));
      expect(await members(bomJesusRs)).toEqual(ids([6]));
      expect((await getLead(t.tenant, saoPaulo))!.population).toBe(3);
      // The customer records themselves got the code, the profile's (saved with the name and state only).
      for (const { id } of people) {
        const record = (await CustomerEntity.get({ tenant: t.tenant, id }).go()).data!;
        const profile = (await populationRepository(t.tenant).getProfile(id))!.profile;
        expect(profile.cityId).toBeGreaterThan(0);
        expect(record.id_city).toBe(String(profile.cityId));
      }
    },
  );

  it(
    "'Segmento do cliente' matches the customers carrying the segment (their tag) (item 10)",
    { timeout: 180_000 },
    async () => {
      const lead = await newLead('Segmento Ouro', [row('QA', 'segment', ['ouro'])]);
      leadIds.push(lead);
      await settle();
      expect(await members(lead)).toEqual([people[0]!.id, people[3]!.id, people[6]!.id]);
    },
  );

  it(
    'updates a lead that names a newer lead when that lead changes, incrementally and on its recompute (item 10)',
    { timeout: 180_000 },
    async () => {
      // Prepare: the older lead names a lead created after it.
      const older = await newLead('Mulheres no lead novo', [row('GE', 'in', ['F'])]);
      const joining = await newLead('Junta o lead novo', [row('TA', 'in', ['Inexistente'])]);
      const newer = await newLead('Ouro', [row('TA', 'in', ['Ouro'])]);
      leadIds.push(older, joining, newer);
      await settle();
      await editLead(older, [row('GE', 'in', ['F']), row('LD', 'exists', [newer])]);
      await editLead(joining, [row('LD', 'join', [newer])]);
      await settle();
      const gold = () => people.filter((p) => (p.form.tags as string[]).includes('Ouro'));
      expect(await members(newer)).toEqual(gold().map((p) => p.id));
      // Act 1: a customer becomes Ouro (incremental).
      await editCustomer(2, { tags: ['Ouro'] }); // a woman
      await settle();
      // Assess 1
      expect(await members(joining)).toEqual(gold().map((p) => p.id));
      expect(await members(older)).toEqual(
        gold()
          .filter((p) => p.form.gender === 'F')
          .map((p) => p.id),
      );
      // Act 2: the newer lead is edited (full recompute): its dependents follow.
      await editLead(newer, [row('TA', 'in', ['Prata'])]);
      await settle();
      // Assess 2
      const silver = people.filter((p) => (p.form.tags as string[]).includes('Prata'));
      expect(await members(joining)).toEqual(silver.map((p) => p.id));
      expect(await members(older)).toEqual(silver.filter((p) => p.form.gender === 'F').map((p) => p.id));
    },
  );

  it(
    'refills a capped lead when a member leaves, keeping the lowest ids as the recompute does (item 10)',
    { timeout: 180_000 },
    async () => {
      // Prepare: women, at most 2.
      const capped = await newLead('Duas mulheres', [row('GE', 'in', ['F']), row('OP', 'limit', 2)]);
      leadIds.push(capped);
      await settle();
      const women = () => people.filter((p) => p.form.gender === 'F').map((p) => p.id);
      expect(await members(capped)).toEqual(women().slice(0, 2));
      // Act: the first member leaves.
      await editCustomer(0, { gender: 'M' });
      await settle();
      // Assess: the next woman came in (population 2, not 1).
      expect(await members(capped)).toEqual(women().slice(0, 2));
      expect((await getLead(t.tenant, capped))!.population).toBe(2);
      // Act: a lower id matches again: it takes the place of the highest member.
      await editCustomer(0, { gender: 'F' });
      await settle();
      expect(await members(capped)).toEqual(women().slice(0, 2));
    },
  );

  it('keeps the leads of a tag when the tag is renamed (item 10)', { timeout: 180_000 }, async () => {
    // Prepare
    const tag = await createTag(admin(), TagInput.parse({ description: 'Prata' }));
    const lead = await newLead('Prata', [row('TA', 'in', ['prata'])]);
    const without = await newLead('Sem Prata', [row('TA', '!in', ['Prata'])]);
    leadIds.push(lead, without);
    await settle();
    const silver = people.filter((p) => (p.form.tags as string[]).includes('Prata')).map((p) => p.id);
    expect(await members(lead)).toEqual(silver);
    // Act
    await updateTag(admin(), TagUpdate.parse({ id: tag.id, description: 'Prata Plus' }));
    await settle();
    // Assess: same members, the rows name the new description.
    expect(await members(lead)).toEqual(silver);
    expect(await members(without)).toEqual(people.map((p) => p.id).filter((id) => !silver.includes(id)));
    expect((await getLead(t.tenant, lead))!.filter[0]!.value).toEqual(['Prata Plus']);
    for (const p of people)
      p.form.tags = (p.form.tags as string[]).map((x) => (x === 'Prata' ? 'Prata Plus' : x));
  });

  it(
    'incremental membership always equals a full recompute, over random sequences of changes (item 10)',
    { timeout: 600_000 },
    async () => {
      // Leads naming newer leads (exists, not exists, join), a cap, a lead naming the capped one.
      const a = await newLead('P: A', [row('GE', 'in', ['M'])]);
      const b = await newLead('P: B', [row('GE', 'in', ['F'])]);
      const c = await newLead('P: C', [row('TA', 'in', ['Ouro'])]);
      const capped = await newLead('P: D', [row('QA', 'purchases', 1), row('OP', 'limit', 2)]);
      const e = await newLead('P: E', [row('LD', 'exists', [capped])]);
      leadIds.push(a, b, c, capped, e);
      await settle();
      await editLead(a, [row('TA', 'in', ['Ouro']), row('LD', '!exists', [c])]);
      await editLead(b, [row('GE', 'in', ['F']), row('LD', 'join', [c, e])]);
      await settle();
      const filters = [
        [row('TA', 'in', ['Ouro'])],
        [row('GE', 'in', ['M'])],
        [row('QA', 'purchases', 2)],
        [row('TA', 'in', ['Ouro']), row('OP', 'limit', 1)],
      ];
      const event = fc.oneof(
        fc.record({
          kind: fc.constant('facts' as const),
          who: fc.nat(people.length - 1),
          gender: fc.constantFrom('M', 'F'),
          gold: fc.boolean(),
        }),
        fc.record({ kind: fc.constant('buy' as const), who: fc.nat(people.length - 1) }),
        fc.record({ kind: fc.constant('edit' as const), filter: fc.nat(filters.length - 1) }),
      );
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 4 }), async (events) => {
          runs++;
          for (const ev of events) {
            if (ev.kind === 'facts')
              await editCustomer(ev.who, { gender: ev.gender, tags: ev.gold ? ['Ouro'] : ['Prata Plus'] });
            else if (ev.kind === 'buy') await buy(ev.who);
            else await editLead(c, filters[ev.filter]!);
            await settle();
          }
          expect(await incremental()).toEqual(await fullRecompute());
        }),
        { numRuns: 10, seed: 2020, endOnFailure: true },
      );
      expect(runs).toBe(10);
      // The oracle is the engine's own recompute: recomputing every lead changes nothing.
      const before = await incremental();
      for (const lead of dependencyOrder(
        (await Promise.all(leadIds.map((id) => getLead(t.tenant, id)))).flatMap((l) => (l ? [l] : [])),
      )) {
        await requestRecompute(admin(), lead.id);
        await settle();
      }
      expect(await incremental()).toEqual(before);
    },
  );

  it(
    'fills the IBGE code of profiles written before, with the one-off city-backfill job (item 7)',
    { timeout: 180_000 },
    async () => {
      // Prepare: a profile loaded in bulk without the code (as before the fix), outside the lead.
      const id = 900_000 + Math.floor(Math.random() * 99_999);
      await loadProfiles(
        admin(),
        [
          {
            id,
            city: 'SAO PAULO',
            state: 'SP',
            channel: 'PDV',
            hasEmail: false,
            hasCellphone: false,
            terms: false,
            optouts: { email: false, sms: false, whatsapp: false, app: false },
            registeredAt: new Date().toISOString(),
            tags: [],
            updatedAt: new Date().toISOString(),
          },
        ],
        [],
      );
      expect((await populationRepository(t.tenant).getProfile(id))!.profile.cityId).toBeUndefined();
      // Act: the job, twice (idempotent).
      await (await queuePort()).send('segmentation', { type: 'city-backfill', tenant: t.tenant });
      await settle();
      await (await queuePort()).send('segmentation', { type: 'city-backfill', tenant: t.tenant });
      await settle();
      // Assess
      expect((await populationRepository(t.tenant).getProfile(id))!.profile.cityId).toBe(3550308);
      expect(await members(saoPaulo)).toContain(id);
    },
  );
});
