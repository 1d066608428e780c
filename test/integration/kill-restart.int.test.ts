import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as plannerConsumer } from '@freguesia/functions/communications/planner.consumer';
import { handler as sendConsumer } from '@freguesia/functions/communications/send.consumer';
import { sendingOptions } from '@freguesia/functions/communications/sending.model';
import { sendingRepository } from '@freguesia/functions/communications/sending.repository';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { config } from '@freguesia/functions/lib/config';
import { mapLimited } from '@freguesia/functions/lib/ddb/concurrency';
import {
  dropLocalQueues,
  registerConsumer,
  useDurableQueues,
} from '@freguesia/functions/lib/ports/local/queue-runtime';
import { getLead, leadsRepository } from '@freguesia/functions/segmentation/leads.repository';
import { staticMembersIntent } from '@freguesia/functions/segmentation/lease-sweep.service';
import { listMembers } from '@freguesia/functions/segmentation/population.service';
import { populationRepository } from '@freguesia/functions/segmentation/population.repository';
import { emptyProfile } from '@freguesia/functions/segmentation/profile.model';
import { handler as recomputeConsumer } from '@freguesia/functions/segmentation/recompute.consumer';
import { sweepLeads } from '@freguesia/functions/segmentation/lease-sweep.service';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { checkoutDiscounts, percentCampaign } from './campaigns-fixtures';
import { integrationToken } from './catalog-fixtures';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';
import { drained, eventually } from '../support/wait';

/**
 * Issue 20 item 23, the README's "never skip anyone" across a kill -9: a send, a lead recompute
 * and a campaign update each run in a child process (test/support/crash-child.ts: the local
 * runtime's durable queue and the real consumers) that is SIGKILLed half-way; then this process
 * plays the restarted runtime. The send restarts with its queue messages lost (as a dead-lettered
 * batch in AWS) and is resumed from the ledger by 'Retomar'; the recompute restarts from the
 * durable queue; the update shows the old version whole, then a retry the new one whole. A
 * 2,000-customer static list cut after 99 members is finished by the sweep.
 */

const root = resolve(import.meta.dirname, '../..');
const CUSTOMERS = 120;
const ROWS = 300;

/** Runs the child until it is killed; answers the signal it died of. */
function crash(dataDir: string, scenario: string, args: Record<string, unknown>): Promise<string | null> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/support/crash-child.ts', scenario, JSON.stringify(args)],
      {
        cwd: root,
        env: {
          ...process.env,
          FREGUESIA_DATA_DIR: dataDir,
          SEND_RATE_EMAIL: '100000',
          POWERTOOLS_LOG_LEVEL: 'ERROR',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      signal ? done(signal) : fail(new Error(`the child ended by itself (${code}): ${stderr.slice(-2000)}`)),
    );
  });
}

describe('kill -9 in the middle, then a restart', { timeout: 240_000 }, () => {
  let t: TestTenant;
  let dataDir: string;
  const previousDataDir = config.dataDir;
  const staff = (handler: typeof campaigns, request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  /** The restarted runtime: queues from the folder (or none, when its messages were lost) and the consumers. */
  const restart = (withQueueFolder: boolean) => {
    dropLocalQueues();
    if (withQueueFolder) useDurableQueues(join(dataDir, 'queue'));
    else rmSync(join(dataDir, 'queue'), { recursive: true, force: true });
    registerConsumer('communications', plannerConsumer, 5);
    registerConsumer('email', sendConsumer, 5);
    registerConsumer('segmentation', recomputeConsumer, 5);
  };

  beforeAll(async () => {
    t = await createTestTenant('kill');
    dataDir = mkdtempSync(join(tmpdir(), 'freguesia-kill-'));
    // This process writes the outbox where the killed one did: one folder holds every e-mail sent.
    config.dataDir = dataDir;
    sendingOptions.ratePerSecond.EMAIL = 100_000;
    sendingOptions.batchSize = 10;
    sendingOptions.leaseMs = 3_000;
    const ctx = staffContext(t);
    await mapLimited([...Array(CUSTOMERS).keys()], 8, async (i) => {
      const form = CustomerForm.parse(
        staffCustomer({
          document: randomCpf(),
          fullname: `CLIENTE ${i}`,
          email: `cliente${i}@exemplo.com.br`,
          contacts: [],
        }),
      );
      await createCustomer(ctx, form);
    });
  }, 180_000);

  afterAll(() => {
    config.dataDir = previousDataDir;
    dropLocalQueues();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a send: every customer gets the e-mail once, resumed from the ledger', async () => {
    const created = await staff(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: {
        description: 'Envio interrompido',
        type: 'EMAIL',
        active: 'Y',
        info: {
          layout_title: 'Oferta',
          layout_body: '<p>Olá {{primeiro_nome}}</p>',
          type: 'O',
          approvement: 'sim',
        },
      },
    });
    expect(created.status, created.text).toBe(200);
    const campaign = created.body.id as number;

    expect(
      await crash(dataDir, 'send', { tenant: t.tenant, token: t.adminToken, campaign, killAt: 30 }),
    ).toBe('SIGKILL');
    const repo = sendingRepository(t.tenant);
    const cut = (await repo.run(campaign, 'once'))!;
    expect(cut.status === 'SENDING' || cut.status === 'PLANNING').toBe(true);
    expect(cut.sent).toBeLessThan(CUSTOMERS);

    // Restarted with the queue's messages gone: 'Retomar' re-queues the unfinished from the ledger.
    restart(false);
    const resumed = await staff(communications, {
      method: 'POST',
      path: `/api/web/communications/${campaign}/resume`,
    });
    expect(resumed.status, resumed.text).toBe(200);
    const deadline = Date.now() + 120_000;
    let run = cut;
    while (Date.now() < deadline) {
      await drained();
      run = (await repo.run(campaign, 'once'))!;
      if (run.status === 'COMPLETED') break;
      // A claim the killed sender left is taken over once its lease has passed: resume again then.
      await new Promise((r) => setTimeout(r, sendingOptions.leaseMs));
      await staff(communications, { method: 'POST', path: `/api/web/communications/${campaign}/resume` });
    }
    expect(run).toMatchObject({ status: 'COMPLETED', sent: CUSTOMERS, failed: 0 });
    const ledger = await repo.deliveries(campaign, 'once');
    expect(ledger).toHaveLength(CUSTOMERS);
    expect(ledger.every((d) => d.status === 'SENT')).toBe(true);
    // One e-mail per customer in the outbox, none twice.
    const outbox = join(dataDir, 'outbox');
    const sent = readdirSync(outbox)
      .filter((n) => n.endsWith('.json'))
      .map(
        (n) =>
          JSON.parse(readFileSync(join(outbox, n), 'utf8')) as {
            to: string[];
            tags?: Record<string, string>;
          },
      )
      .filter((m) => m.tags?.campaign === String(campaign) && m.tags?.tenant === t.tenant);
    expect(new Set(sent.map((m) => m.to[0])).size).toBe(CUSTOMERS);
    expect(sent).toHaveLength(CUSTOMERS);
  });

  it('a lead recompute: its members are those of a full recompute', async () => {
    const repo = populationRepository(t.tenant);
    // Profiles of their own (ids far above the customers'): women at even ids.
    const ids = Array.from({ length: 1_600 }, (_, i) => 900_000 + i);
    await repo.putProfiles(
      ids.map((id) => ({
        profile: emptyProfile({
          id,
          gender: id % 2 === 0 ? 'F' : 'M',
          hasEmail: true,
          hasCellphone: false,
          terms: true,
          optouts: { email: false, sms: false, whatsapp: false, app: false },
          registeredAt: '2024-01-01T00:00:00.000Z',
          tags: [],
        }),
      })),
    );
    const lead = await leadsRepository(t.tenant).create(
      {
        description: 'Mulheres (interrompido)',
        origin: 'S',
        filter: [{ key: 'GE', option: 'in', value: ['F'] } as LeadCondition],
        always_valid: 'Y',
        valid_until: null,
        auto_refresh: 'N',
        frequency_refresh: null,
      },
      { status: 'P', population: 0 },
      new Date().toISOString(),
    );
    expect(await crash(dataDir, 'lead', { tenant: t.tenant, token: t.adminToken, lead: lead.id })).toBe(
      'SIGKILL',
    );
    expect((await getLead(t.tenant, lead.id))!.status).not.toBe('D');

    restart(true);
    await eventually(
      `lead ${lead.id} recomputed after the restart`,
      async () => {
        await drained();
        return (await getLead(t.tenant, lead.id))!.status;
      },
      (status) => status === 'D',
      { intervalMs: 50 },
    );
    const members: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listMembers(staffContext(t), lead.id, cursor, 1000);
      members.push(...page.ids);
      cursor = page.cursor;
    } while (cursor);
    const women = ids.filter((id) => id % 2 === 0);
    expect(members.filter((id) => id >= 900_000).sort((a, b) => a - b)).toEqual(women);
    expect(await getLead(t.tenant, lead.id)).toMatchObject({ status: 'D' });
  });

  it('a campaign update: the old version whole after the kill, the new one whole after a retry', async () => {
    const pos = await integrationToken(t);
    const store = (await createStore(t.tenant, 'Loja Centro')).id;
    const body = (percent: number) => percentCampaign(store, ROWS, percent);
    const discounts = (coupon: string) =>
      checkoutDiscounts(t, { key: pos, store }, coupon, [0, 150, ROWS - 1]);
    const created = await staff(campaigns, { method: 'POST', path: '/api/web/campaign/new', body: body(10) });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id as number;
    const details = await staff(campaigns, { path: '/api/web/campaign/details', query: { id } });

    const update = { ...body(20), id, updated_at: details.body.updated_at };
    expect(await crash(dataDir, 'update', { tenant: t.tenant, token: t.adminToken, body: update })).toBe(
      'SIGKILL',
    );
    expect(await discounts('k-1')).toEqual([1, 1, 1]);

    restart(true);
    const retried = await staff(campaigns, { method: 'PUT', path: '/api/web/campaign/update', body: update });
    expect(retried.status, retried.text).toBe(200);
    expect(await discounts('k-2')).toEqual([2, 2, 2]);
  });

  it('a static list cut after 99 members: the sweep writes the rest', async () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => 800_000 + i);
    const lead = await leadsRepository(t.tenant).create(
      {
        description: 'Lista de 2.000',
        origin: 'M',
        filter: [],
        always_valid: 'Y',
        valid_until: null,
        auto_refresh: 'N',
        frequency_refresh: null,
      },
      { status: 'P', population: 0 },
      new Date().toISOString(),
    );
    // What the request had done when it died: the list kept, 99 members written.
    await staticMembersIntent(staffContext(t), lead.id, { version: lead.version, keepOld: false, ids });
    await populationRepository(t.tenant).applyMembership(
      lead.id,
      ids.slice(0, 99).map((customerId) => ({ customerId, add: true })),
    );
    // Two looks a lease apart: the first sees the state, the second finds it has not moved.
    await sweepLeads(Date.now(), 60_000);
    await sweepLeads(Date.now() + 61_000, 60_000);
    expect(await getLead(t.tenant, lead.id)).toMatchObject({ status: 'D', population: 2_000 });
  });
});
