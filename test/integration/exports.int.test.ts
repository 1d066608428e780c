import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { EXPORT_MESSAGES } from '@freguesia/shared/schemas/exports';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { handler as exportsConsumer } from '@freguesia/functions/exports/exports.consumer';
import { exportsRepository } from '@freguesia/functions/exports/exports.repository';
import { config } from '@freguesia/functions/lib/config';
import { deadLetters, localQueue } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { createLeadFromList } from '@freguesia/functions/segmentation/leads.service';
import {
  backfillTagMembers,
  createTag,
  deleteTag,
  TAG_EXPORT_COLUMNS,
} from '@freguesia/functions/segmentation/tags.service';
import { queues } from '@freguesia/functions/queues';
import {
  callExports,
  exportFile,
  followLink,
  startExportsConsumer,
  waitForJob,
  xlsxRows,
} from '../support/exports';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { staffCustomer } from './customers-fixtures';
import { drained } from '../support/wait';

/**
 * Exports as jobs (functions/README.md, "Exports"): the route answers 202 with a job, the `exports`
 * consumer writes the file to the blob store page by page, the job ends done with its rows and
 * size and a short-lived link to the file; a redelivered message changes nothing; a failure ends
 * the job failed with a Portuguese message; jobs are seen by their tenant only, and there by who
 * asked or an admin.
 */
describe('export jobs', () => {
  let t: TestTenant;
  let other: TestTenant;
  const admin = () => ({ tenant: t.tenant, token: t.adminToken });
  const message = (tenant: string, id: number, receiveCount = 1): SQSEvent => ({
    Records: [
      {
        messageId: `m-${tenant}-${id}-${Math.random()}`,
        receiptHandle: 'r',
        body: JSON.stringify({ tenant, id }),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: '0',
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: '0',
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:exports',
        awsRegion: 'local',
      },
    ],
  });
  const filesOf = async (tenant: string, id: number) =>
    (await readdir(join(config.dataDir, 'blobs', 'exports', tenant, String(id)))).sort();
  let vinhos: number;
  let lead: number;

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('exp'), createTestTenant('exo')]);
    const ctx = staffContext(t);
    vinhos = (await createTag(ctx, { description: 'Vinhos' })).id;
    const ids: number[] = [];
    for (const fullname of ['Ana Lima', 'Bruno Souza', 'Célia Araújo'])
      ids.push(
        (await createCustomer(ctx, CustomerForm.parse(staffCustomer({ fullname, tags: ['Vinhos'] })))).id,
      );
    // The member index is the stream's work; here it is written at once.
    await backfillTagMembers(ctx);
    lead = (
      await createLeadFromList(ctx, {
        description: 'Clientes de vinho',
        customers: ids.slice(0, 2).map((id_customer) => ({ id_customer })),
      })
    ).id;
  });

  it('is registered: the exports queue and its consumer, and the spec paths served by the exports domain', () => {
    expect(queues.find((q) => q.name === 'exports')).toMatchObject({
      consumer: 'exports',
      entry: 'exports.consumer.ts',
    });
  });

  it('fails a job whose tag was deleted before it ran, with the Portuguese message, and fails an unknown job on its last delivery', async () => {
    // No consumer yet: the job waits in the queue while its tag goes away.
    const gone = await createTag(staffContext(t), { description: 'Efêmera' });
    const accepted = await callExports({ ...admin(), path: '/api/web/tag/export', query: { id: gone.id } });
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body).toEqual({ id: expect.any(Number), status: 'queued' });
    await deleteTag(staffContext(t), gone.id);
    // A job whose kind no code knows: every run throws; the last delivery ends it failed.
    const broken = await exportsRepository(t.tenant).create({
      kind: 'unknown-kind',
      params: { id: 1 },
      title: 'Quebrada',
      fileName: 'quebrada.csv',
      contentType: 'text/csv',
      requestedBy: t.adminId,
      requestedByName: 'Admin Teste',
      createdAt: new Date().toISOString(),
    });
    await localQueue.send('exports', { tenant: t.tenant, id: broken.id });
    startExportsConsumer();
    const failed = await waitForJob(admin(), accepted.body.id);
    expect(failed.body).toMatchObject({ status: 'failed', message: 'Tag não encontrada.' });
    expect(failed.body.url).toBeUndefined();
    await drained();
    expect(await exportsRepository(t.tenant).get(broken.id)).toMatchObject({
      status: 'failed',
      message: EXPORT_MESSAGES.failed,
      attempt: 3,
    });
    expect(deadLetters('exports')).toHaveLength(0);
  });

  it('writes a tag export: 202, progress to done, a link to the xlsx with the header, every row and their values', async () => {
    const { accepted, job, file } = await exportFile(admin(), '/api/web/tag/export', { id: vinhos });
    expect(accepted.status).toBe(202);
    expect(job.body).toMatchObject({
      kind: 'tag',
      title: 'Tag Vinhos',
      file_name: `tag-${vinhos}.xlsx`,
      status: 'done',
      rows: 3,
      size: file.length,
      message: null,
      requested_by: { id: t.adminId, name: 'Admin Teste' },
      finished_at: expect.any(String),
    });
    const rows = await xlsxRows(file);
    expect(rows[0]).toEqual([...TAG_EXPORT_COLUMNS]);
    expect(
      rows
        .slice(1)
        .map((r) => [r[1], r[2]])
        .sort(),
    ).toEqual([
      ['Vinhos', 'ANA LIMA'],
      ['Vinhos', 'BRUNO SOUZA'],
      ['Vinhos', 'CÉLIA ARAÚJO'],
    ]);
  });

  it('writes a lead export as CSV with the header and one line per member', async () => {
    const { job, file } = await exportFile(admin(), '/api/web/leads/export', { id: lead });
    expect(job.body).toMatchObject({ kind: 'lead', status: 'done', rows: 2, file_name: `lead-${lead}.csv` });
    const lines = file
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id;fullname;document;email;cellphone;city;state');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(';')[1])
        .sort(),
    ).toEqual(['ANA LIMA', 'BRUNO SOUZA']);
  });

  it('answers 404 for a record that does not exist, before any job is made', async () => {
    const before = (await callExports({ ...admin(), path: '/api/web/exports' })).body.pagination.total;
    const res = await callExports({
      ...admin(),
      path: '/api/web/campaign/export',
      query: { id: 999_999, type: 'D' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Campanha não encontrada.');
    expect((await callExports({ ...admin(), path: '/api/web/exports' })).body.pagination.total).toBe(before);
  });

  it('makes one file and keeps the job when the message is delivered again, or twice at once', async () => {
    const { accepted, job } = await exportFile(admin(), '/api/web/leads/export', { id: lead });
    const id = accepted.body.id as number;
    const files = await filesOf(t.tenant, id);
    const stored = await exportsRepository(t.tenant).get(id);
    // Redelivered after it was done, and two copies together.
    expect(await exportsConsumer(message(t.tenant, id))).toEqual({ batchItemFailures: [] });
    await Promise.all([exportsConsumer(message(t.tenant, id, 2)), exportsConsumer(message(t.tenant, id, 2))]);
    expect(await exportsRepository(t.tenant).get(id)).toEqual(stored);
    expect(await filesOf(t.tenant, id)).toEqual(files);
    expect(files).toEqual([`lead-${lead}.csv`, `lead-${lead}.csv.meta.json`]);
    expect(stored).toMatchObject({ attempt: 1, status: 'done', rows: job.body.rows });
  });

  it('lets only one of two copies delivered together run a queued job', async () => {
    const repo = exportsRepository;
    const job = await repo(t.tenant).create({
      kind: 'lead',
      params: { id: lead },
      title: 'Lead',
      fileName: `lead-${lead}.csv`,
      contentType: 'text/csv; charset=utf-8',
      requestedBy: t.adminId,
      requestedByName: 'Admin Teste',
      createdAt: new Date().toISOString(),
    });
    await Promise.all([
      exportsConsumer(message(t.tenant, job.id)),
      exportsConsumer(message(t.tenant, job.id)),
    ]);
    expect(await repo(t.tenant).get(job.id)).toMatchObject({ status: 'done', attempt: 1, rows: 2 });
    expect(await filesOf(t.tenant, job.id)).toEqual([`lead-${lead}.csv`, `lead-${lead}.csv.meta.json`]);
  });

  it('signs its links: a changed or expired link is refused', async () => {
    const { job } = await exportFile(admin(), '/api/web/tag/export', { id: vinhos });
    const url = job.body.url as string;
    expect((await followLink(url)).status).toBe(200);
    expect((await followLink(url, Date.now() + 301_000)).status).toBe(403);
    expect((await followLink(url.replace(`/${job.body.id}/`, `/${job.body.id - 1}/`))).status).toBe(403);
    expect((await followLink(url.replace('name=', 'name=x'))).status).toBe(403);
  });

  it('shows a job to its tenant only, and there to who asked or an admin; lists who exported what', async () => {
    const { accepted } = await exportFile(admin(), '/api/web/leads/export', { id: lead });
    const id = accepted.body.id as number;
    // Another tenant: its own id space, where this job does not exist.
    const elsewhere = await callExports({
      tenant: other.tenant,
      token: other.adminToken,
      path: `/api/web/exports/${id}`,
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(EXPORT_MESSAGES.notFound);
    expect(
      (await callExports({ tenant: other.tenant, token: other.adminToken, path: '/api/web/exports' })).body,
    ).toMatchObject({ data: [], pagination: { total: 0 } });
    // A token of this tenant sent to the other tenant's host is refused.
    expect(
      (await callExports({ tenant: other.tenant, token: t.adminToken, path: `/api/web/exports/${id}` }))
        .status,
    ).toBe(401);

    const analyst = await t.userWith([{ action: 'read', subject: 'Leads' }]);
    const own = await callExports({
      tenant: t.tenant,
      token: analyst.token,
      path: '/api/web/leads/export',
      query: { id: lead },
    });
    expect(own.status, own.text).toBe(202);
    const seen = await waitForJob({ tenant: t.tenant, token: analyst.token }, own.body.id);
    expect(seen.body).toMatchObject({
      status: 'done',
      requested_by: { id: analyst.id, name: `Usuário ${analyst.id}` },
      url: expect.any(String),
    });
    // Someone else's job: not found for a plain user, visible to the admin.
    expect(
      (await callExports({ tenant: t.tenant, token: analyst.token, path: `/api/web/exports/${id}` })).status,
    ).toBe(404);
    expect((await callExports({ ...admin(), path: `/api/web/exports/${own.body.id}` })).body.status).toBe(
      'done',
    );
    // Without the export's permission the job is not shown even to who asked for it.
    const campaignsOnly = await t.userWith([{ action: 'read', subject: 'Campaigns' }]);
    expect(
      (
        await callExports({
          tenant: t.tenant,
          token: campaignsOnly.token,
          path: '/api/web/leads/export',
          query: { id: lead },
        })
      ).status,
    ).toBe(403);

    const mine = await callExports({ tenant: t.tenant, token: analyst.token, path: '/api/web/exports' });
    expect(mine.body.data.map((j: { id: number }) => j.id)).toEqual([own.body.id]);
    const all = await callExports({ ...admin(), path: '/api/web/exports', query: { per_page: 100 } });
    expect(all.body.data[0]).toMatchObject({
      id: own.body.id,
      kind: 'lead',
      title: 'Lead Clientes de vinho',
      requested_by: { id: analyst.id },
    });
    expect(all.body.data.map((j: { id: number }) => j.id)).toContain(id);
    expect(all.body.pagination.total).toBe(all.body.data.length);
  });
});
