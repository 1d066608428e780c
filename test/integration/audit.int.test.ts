import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@freguesia/shared/schemas/audit';
import { handler as audit } from '@freguesia/functions/audit/handler';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as segmentation } from '@freguesia/functions/segmentation/handler';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

/**
 * The audit log (issue 20 item 17; guide §8): who created, changed and deleted campaigns, tags and
 * settings, with the fields before and after, shown on the record's 'Histórico' to whoever may read
 * the record and in the tenant's log to admins; secrets never written; nothing can edit it.
 */
describe('audit log', () => {
  let t: TestTenant;
  let other: TestTenant;
  const as = (handler: typeof audit, request: Parameters<typeof call>[1], token = t.adminToken) =>
    call(handler, { tenant: t.tenant, token, ...request });
  const history = async (entity: string, id: number | string, token = t.adminToken) =>
    as(audit, { method: 'GET', path: `/api/web/audit/${entity}/${id}` }, token);

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('aud'), createTestTenant('aud2')]);
  });

  it("keeps a campaign's history: who created, changed what (before and after) and deleted it", async () => {
    const sms = {
      description: 'Aviso de ofertas',
      type: 'SMS',
      active: 'Y',
      info: { layout_body: 'Oi {{nome}}', type: 'O' },
    };
    const created = await as(campaigns, { method: 'POST', path: '/api/web/campaign/new', body: sms });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id as number;
    const updated = await as(campaigns, {
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...sms, id, description: 'Aviso de ofertas da semana' },
    });
    expect(updated.status, updated.text).toBe(200);
    const removed = await as(campaigns, {
      method: 'DELETE',
      path: '/api/web/campaign/delete',
      query: { id },
    });
    expect(removed.status, removed.text).toBeLessThan(300);

    const res = await history('campaign', id);
    expect(res.status, res.text).toBe(200);
    const entries = res.body.data as AuditEntry[];
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries.every((e) => e.actor_name === 'Administrador' || e.actor_id !== null)).toBe(true);
    const change = entries[1]!.changes.find((c) => c.field === 'description');
    expect(change).toEqual({
      field: 'description',
      before: 'Aviso de ofertas',
      after: 'Aviso de ofertas da semana',
    });
    // Only description changed (bookkeeping such as updated_at and version is left out).
    expect(entries[1]!.changes.map((c) => c.field)).toEqual(['description']);
  });

  it('logs tags and settings, never a secret value, and lets admins filter the tenant log by kind', async () => {
    const tag = await as(segmentation, {
      method: 'POST',
      path: '/api/web/tag/new',
      body: { description: 'Vinhos' },
    });
    expect(tag.status, tag.text).toBe(200);
    const renamed = await as(segmentation, {
      method: 'PUT',
      path: '/api/web/tag/update',
      body: { id: tag.body.id, description: 'Vinhos finos' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const key = await as(settings, {
      method: 'PUT',
      path: '/api/web/settings',
      body: { key: 'sendgrid_apikey', value: 'SG.segredo-muito-secreto' },
    });
    expect(key.status, key.text).toBe(200);

    const tags = await as(audit, { method: 'GET', path: '/api/web/audit', query: { entity: 'tag' } });
    expect(tags.status, tags.text).toBe(200);
    const [rename] = tags.body.data as AuditEntry[];
    expect(rename).toMatchObject({ action: 'update', summary: 'Vinhos finos' });
    expect(rename!.changes).toEqual([{ field: 'description', before: 'Vinhos', after: 'Vinhos finos' }]);
    expect((tags.body.data as AuditEntry[]).every((e) => e.entity === 'tag')).toBe(true);

    const all = await as(audit, { method: 'GET', path: '/api/web/audit' });
    expect(JSON.stringify(all.body)).not.toContain('segredo');
    const setting = (all.body.data as AuditEntry[]).find((e) => e.entity === 'setting');
    expect(setting?.changes).toEqual([{ field: 'sendgrid_apikey', before: '', after: '••••' }]);
  });

  it('shows the log only to those who may see it, and nothing of another tenant', async () => {
    const tagReader = await t.userWith([{ action: 'read', subject: 'Tags' }]);
    const tag = await as(segmentation, {
      method: 'POST',
      path: '/api/web/tag/new',
      body: { description: 'Queijos' },
    });
    // A Tags reader sees a tag's history, not the tenant's log nor a campaign's history.
    expect((await history('tag', tag.body.id, tagReader.token)).status).toBe(200);
    expect((await as(audit, { method: 'GET', path: '/api/web/audit' }, tagReader.token)).status).toBe(403);
    expect((await history('campaign', 1, tagReader.token)).status).toBe(403);
    // Another tenant's admin reads an empty history for the same id.
    const foreign = await call(audit, {
      method: 'GET',
      path: `/api/web/audit/tag/${tag.body.id}`,
      tenant: other.tenant,
      token: other.adminToken,
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual([]);
    // The log has no way to change it.
    for (const method of ['PUT', 'DELETE', 'POST'] as const)
      expect((await as(audit, { method, path: '/api/web/audit' })).status).toBeGreaterThanOrEqual(400);
  });

  it('pages with a cursor and refuses a forged one with a Portuguese message', async () => {
    for (const description of ['A1', 'A2', 'A3'])
      await as(segmentation, { method: 'POST', path: '/api/web/tag/new', body: { description } });
    const first = await as(audit, {
      method: 'GET',
      path: '/api/web/audit',
      query: { entity: 'tag', limit: '2' },
    });
    expect(first.body.data).toHaveLength(2);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await as(audit, {
      method: 'GET',
      path: '/api/web/audit',
      query: { entity: 'tag', limit: '2', cursor: first.body.cursor },
    });
    const ids = [...first.body.data, ...second.body.data].map((e: AuditEntry) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const forged = await as(audit, {
      method: 'GET',
      path: '/api/web/audit',
      query: { cursor: 'não-é-um-cursor' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/Cursor inválido/);
  });
});
