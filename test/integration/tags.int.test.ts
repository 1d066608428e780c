import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { TAG_MESSAGES } from '@freguesia/shared/schemas/segmentation';
import { customersChangeOf } from '@freguesia/functions/customers/changes.service';
import {
  createCustomer,
  customerDetails,
  updateCustomer,
} from '@freguesia/functions/customers/customers.service';
import { LocalStreamPoller } from '@freguesia/functions/lib/ports/local/stream-poller';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { handler } from '@freguesia/functions/segmentation/handler';
import { handler as jobsConsumer } from '@freguesia/functions/segmentation/tags.consumer';
import { TagMemberEntity } from '@freguesia/functions/segmentation/tags.entities';
import {
  backfillTagMembers,
  propagateTagRename,
  TAG_EXPORT_COLUMNS,
} from '@freguesia/functions/segmentation/tags.service';
import { handler as tagsStream } from '@freguesia/functions/segmentation/tags.stream';
import { queues } from '@freguesia/functions/queues';
import { streamProcessors, wantsRecord } from '@freguesia/functions/streams';
import { call } from '../support/api';
import { callExports, exportFile, startExportsConsumer, xlsxRows } from '../support/exports';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { staffCustomer } from './customers-fixtures';
import { ASYNC_TIMEOUT_MS, drained } from '../support/wait';

/**
 * The tag API of spec part 1 §7: unique descriptions, population from the customers' writes,
 * delete refused while customers carry the tag, the xlsx export of who carries it (an export job
 * over the member index kept by the `segmentation-tags` stream, fed here by the local poller from
 * DynamoDB Local's real stream) and a rename reaching the customers through the jobs queue.
 */
describe('tag API', () => {
  let t: TestTenant;
  let poller: LocalStreamPoller;
  const req = (request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  const auth = () => ({ tenant: t.tenant, token: t.adminToken });
  const processor = streamProcessors.find((p) => p.name === 'segmentation-tags')!;
  const customerWith = async (fullname: string, tags: string[]) =>
    (await createCustomer(staffContext(t), CustomerForm.parse(staffCustomer({ fullname, tags })))).id;
  const tagsOf = async (id: number) =>
    ((await customerDetails(staffContext(t), id)) as { tags?: string[] }).tags;
  const listed = async (q = '') => (await req({ path: '/api/web/tags', query: q ? { q } : {} })).body;

  beforeAll(async () => {
    t = await createTestTenant('tag');
    poller = new LocalStreamPoller({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      startAt: 'LATEST',
      processors: [
        {
          name: processor.name,
          accepts: (r) => wantsRecord(processor, r) && customersChangeOf(r)?.tenant === t.tenant,
          handler: tagsStream,
          batchSize: processor.batchSize,
          maxAttempts: 1,
        },
      ],
    });
    await poller.pollOnce();
    registerConsumer('jobs', jobsConsumer);
    startExportsConsumer();
  });

  afterAll(() => poller.stop());

  it('is registered: the stream processor on customers and the jobs queue consumer', () => {
    expect(processor).toMatchObject({
      domain: 'segmentation',
      entry: 'tags.stream.ts',
      entities: ['customer'],
    });
    expect(queues.find((q) => q.name === 'jobs')).toMatchObject({
      consumer: 'segmentation',
      entry: 'tags.consumer.ts',
    });
  });

  it('creates tags with unique descriptions (accents and case ignored)', async () => {
    const created = await req({
      method: 'POST',
      path: '/api/web/tag/new',
      body: { description: '  Vinhos ' },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toEqual({ id: expect.any(Number), message: 'Tag cadastrada com sucesso' });
    for (const description of ['Vinhos', 'VÍNHOS', 'vinhos']) {
      const duplicate = await req({ method: 'POST', path: '/api/web/tag/new', body: { description } });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe('Já existe uma tag com essa descrição.');
    }
    const empty = await req({ method: 'POST', path: '/api/web/tag/new', body: { description: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.description).toBe(TAG_MESSAGES.descriptionRequired);
    await req({ method: 'POST', path: '/api/web/tag/new', body: { description: 'Cervejas Artesanais' } });
    const answer = await listed();
    expect(answer.pagination).toMatchObject({ total: 2, page: 1, per_page: 50 });
    expect(answer.data.map((tag: { description: string }) => tag.description)).toEqual([
      'Cervejas Artesanais',
      'Vinhos',
    ]);
    expect(answer.data[1]).toEqual({
      id: created.body.id,
      description: 'Vinhos',
      population: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const renamedOnto = await req({
      method: 'PUT',
      path: '/api/web/tag/update',
      body: { id: created.body.id, description: 'cervejas artesanais' },
    });
    expect(renamedOnto.status).toBe(409);
    expect(renamedOnto.body.message).toBe('Já existe uma tag com essa descrição.');
  });

  it('searches by the prefix of any word, for the list and the pickers', async () => {
    expect((await listed('artes')).data.map((tag: { description: string }) => tag.description)).toEqual([
      'Cervejas Artesanais',
    ]);
    expect((await listed('artes')).pagination.total).toBe(1);
    const picker = await req({ path: '/api/web/tags/search', query: { q: 'vin' } });
    expect(picker.body).toEqual([{ id: expect.any(Number), description: 'Vinhos' }]);
    expect((await req({ path: '/api/web/tags/search', query: { q: 'queijo' } })).body).toEqual([]);
  });

  it('counts the customers carrying a tag and refuses to delete it while any does', async () => {
    const vinhos = (await listed('vinhos')).data[0] as { id: number };
    const ana = await customerWith('Ana Souza', ['Vinhos']);
    await customerWith('Bruno Lima', ['Vinhos', 'Cervejas Artesanais']);
    expect((await listed('vinhos')).data[0].population).toBe(2);
    const refused = await req({ method: 'DELETE', path: '/api/web/tag/delete', query: { id: vinhos.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Tag em uso por clientes não pode ser excluída.');
    // A customer leaving the tag lowers the population at once.
    const form = CustomerForm.parse(staffCustomer({ fullname: 'Ana Souza', tags: [] }));
    const current = await customerDetails(staffContext(t), ana);
    await updateCustomer(staffContext(t), {
      ...form,
      document: (current as { document: string }).document,
      id: ana,
    });
    expect((await listed('vinhos')).data[0].population).toBe(1);

    const unused = await req({ method: 'POST', path: '/api/web/tag/new', body: { description: 'Queijos' } });
    const removed = await req({
      method: 'DELETE',
      path: '/api/web/tag/delete',
      query: { id: unused.body.id },
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await listed()).pagination.total).toBe(2);
    expect((await req({ path: '/api/web/tags/search', query: { q: 'queijos' } })).body).toEqual([]);
    // The description is free again.
    expect(
      (await req({ method: 'POST', path: '/api/web/tag/new', body: { description: 'Queijos' } })).status,
    ).toBe(200);
  });

  it('exports the customers carrying a tag as xlsx with the spec columns (an export job)', async () => {
    await poller.drain();
    const vinhos = (await listed('vinhos')).data[0] as { id: number };
    const { accepted, job, file } = await exportFile(auth(), '/api/web/tag/export', { id: vinhos.id });
    expect(accepted.status, accepted.text).toBe(202);
    expect(job.body).toMatchObject({ status: 'done', file_name: `tag-${vinhos.id}.xlsx`, rows: 1 });
    const rows = await xlsxRows(file);
    expect(rows[0]).toEqual([...TAG_EXPORT_COLUMNS]);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[5], r[8], r[11]])).toEqual([
      ['Vinhos', 'BRUNO LIMA', 'F', 'N', 'Plataforma'],
    ]);
    const missing = await callExports({ ...auth(), path: '/api/web/tag/export', query: { id: 999_999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Tag não encontrada.');
  });

  it('renames the tag on its customers in the background, once', async () => {
    const vinhos = (await listed('vinhos')).data[0] as { id: number };
    const carla = await customerWith('Carla Dias', ['Vinhos']);
    await poller.drain();
    const res = await req({
      method: 'PUT',
      path: '/api/web/tag/update',
      body: { id: vinhos.id, description: 'Vinhos e Espumantes' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: vinhos.id, message: 'Tag atualizado com sucesso' });
    // The job runs after the answer (the local queue's `idle` does not wait for a batch in flight).
    await drained();
    await expect
      .poll(() => tagsOf(carla), { timeout: ASYNC_TIMEOUT_MS, interval: 200 })
      .toEqual(['Vinhos e Espumantes']);
    const renamed = (await listed('espumantes')).data[0];
    expect(renamed).toMatchObject({ id: vinhos.id, description: 'Vinhos e Espumantes', population: 2 });
    // Replayed: nobody carries the old description any more.
    await poller.drain();
    expect(await propagateTagRename(staffContext(t), { tag: vinhos.id, from: 'Vinhos' })).toBe(0);
    const exported = await exportFile(auth(), '/api/web/tag/export', { id: vinhos.id });
    expect(await xlsxRows(exported.file)).toHaveLength(3);
  });
  it('backfills the member index of customers tagged before the stream, and exports only current carriers', async () => {
    const created = await req({ method: 'POST', path: '/api/web/tag/new', body: { description: 'Legado' } });
    const dora = await customerWith('Dora Nunes', ['Legado']);
    await poller.drain();
    // As if Dora had been tagged before the index existed, plus a stale entry of someone else.
    await TagMemberEntity.delete({ tenant: t.tenant, tag: 'Legado', customerId: dora }).go();
    const stranger = await customerWith('Eva Prado', []);
    await poller.drain();
    await TagMemberEntity.put({ tenant: t.tenant, tag: 'Legado', customerId: stranger }).go();
    const names = async () => {
      const { file } = await exportFile(auth(), '/api/web/tag/export', { id: created.body.id });
      return (await xlsxRows(file)).slice(1).map((r) => r[2]);
    };
    expect(await names()).toEqual([]);
    expect(await backfillTagMembers(staffContext(t))).toBeGreaterThanOrEqual(2);
    expect(await names()).toEqual(['DORA NUNES']);
  });
});
