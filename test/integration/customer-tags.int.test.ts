import { beforeAll, describe, expect, it } from 'vitest';
import { portalFormToPayload } from '@freguesia/shared/schemas/customer';
import { handler as customers } from '@freguesia/functions/customers/handler';
import { handler as portal } from '@freguesia/functions/portal/handler';
import { handler as segmentation } from '@freguesia/functions/segmentation/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { portalForm, randomCpf } from './customers-fixtures';

/**
 * PUT /api/web/customer/tags: the details page's 'Tags' card saves only the tags, so customers
 * whose record lacks a field the staff form requires (no CEP: the portal and the point of sale
 * do not ask for one) can be tagged; the per-tag counters follow.
 */
describe('customer tags', () => {
  let t: TestTenant;
  let id: number;
  const put = (body: unknown, token = t.adminToken) =>
    call(customers, { method: 'PUT', path: '/api/web/customer/tags', tenant: t.tenant, token, body });
  const details = async () =>
    (await call(customers, { path: `/api/web/customer/${id}`, tenant: t.tenant, token: t.adminToken })).body;
  const population = async (tag: string) =>
    (
      await call(segmentation, {
        path: '/api/web/tags',
        query: { page: 1, q: tag },
        tenant: t.tenant,
        token: t.adminToken,
      })
    ).body.data.find((row: { description: string }) => row.description === tag)?.population;

  beforeAll(async () => {
    t = await createTestTenant('ctag');
    const registered = await call(portal, {
      method: 'POST',
      path: '/api/customer/public/new',
      tenant: t.tenant,
      sourceIp: '10.77.0.1',
      body: portalFormToPayload(portalForm(randomCpf(), { zipcode: '', tags: ['Vinhos'] })),
    });
    expect(registered.status).toBe(200);
    id = registered.body.id;
    for (const description of ['Vinhos', 'Queijos']) {
      const created = await call(segmentation, {
        method: 'POST',
        path: '/api/web/tag/new',
        tenant: t.tenant,
        token: t.adminToken,
        body: { description },
      });
      expect(created.status).toBe(200);
    }
  });

  it('tags a customer registered without a CEP, which the full staff update refuses', async () => {
    // Prepare: the whole record back through the staff update fails on the missing CEP.
    const record = await details();
    expect(record.zipcode ?? '').toBe('');
    const full = await call(customers, {
      method: 'PUT',
      path: '/api/web/customer/update',
      tenant: t.tenant,
      token: t.adminToken,
      body: { ...record, id, tags: ['Vinhos', 'Queijos'] },
    });
    expect(full.status).toBe(400);
    // Act
    const answer = await put({ id, tags: ['Vinhos', 'Queijos', 'Queijos'] });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id, message: 'Cliente atualizado com sucesso' });
    const after = await details();
    expect(after.tags).toEqual(['Vinhos', 'Queijos']);
    expect(after.fullname).toBe(record.fullname);
    expect(after.zipcode ?? '').toBe('');
    expect(await population('Queijos')).toBe(1);
    expect(await population('Vinhos')).toBe(1);
  });

  it('removes a tag and moves its counter back', async () => {
    // Act
    const answer = await put({ id, tags: ['Queijos'] });
    // Assess
    expect(answer.status).toBe(200);
    expect((await details()).tags).toEqual(['Queijos']);
    expect(await population('Vinhos')).toBe(0);
  });

  it('refuses bad input in Portuguese and changes nothing', async () => {
    // Act
    const tooMany = await put({ id, tags: Array.from({ length: 31 }, (_, i) => `Tag ${i}`) });
    const blank = await put({ id, tags: ['  '] });
    const missing = await put({ id: 999_999, tags: ['Queijos'] });
    const reader = await t.userWith([{ action: 'read', subject: 'Customers' }]);
    const forbidden = await put({ id, tags: [] }, reader.token);
    // Assess
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('Use no máximo 30 tags.');
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Tag inválida.');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Cliente não encontrado.');
    expect(forbidden.status).toBe(403);
    expect((await details()).tags).toEqual(['Queijos']);
  });
});
