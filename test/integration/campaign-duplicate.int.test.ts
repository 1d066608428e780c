import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { handler as audit } from '@freguesia/functions/audit/handler';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { duplicateName } from '@freguesia/functions/campaigns/campaigns.service';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { createStore } from './customers-fixtures';

/**
 * Issue 20, item 5: 'Duplicar' a discount campaign — the weekly "same promotion, new dates": a
 * copy with the original's rows and rules, the new period, a description naming it, and an audit
 * entry saying whose duplicate it is; a wrong period changes nothing.
 */
describe("'Duplicar' a discount campaign (issue 20)", () => {
  let t: TestTenant;
  let store: number;
  const staff = (request: Parameters<typeof call>[1]) =>
    call(campaigns, { tenant: t.tenant, token: t.adminToken, ...request });

  beforeAll(async () => {
    t = await createTestTenant('dup');
    store = (await createStore(t.tenant, 'Loja Dup')).id;
  });

  it('names the copy by its period, replacing an earlier period suffix', () => {
    expect(duplicateName('Ofertas da semana', '2026-12-05', '2026-12-11')).toBe(
      'Ofertas da semana (05/12/2026 a 11/12/2026)',
    );
    expect(duplicateName('Ofertas da semana (05/12/2026 a 11/12/2026)', '2026-12-12', '2026-12-18')).toBe(
      'Ofertas da semana (12/12/2026 a 18/12/2026)',
    );
    expect(duplicateName('Sempre', '2026-12-12', NO_END_DATE)).toBe('Sempre (a partir de 12/12/2026)');
    expect(duplicateName('x'.repeat(200), '2026-12-12', '2026-12-18')).toHaveLength(200);
  });

  it('copies the campaign with the new dates and records the duplicate in the audit log', async () => {
    // Prepare
    const start = localDay();
    const created = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: {
        description: 'Ofertas da semana',
        type: 'D',
        active: 'N',
        start_at: start,
        end_at: addDays(start, 6),
        stores: [{ id_store: store }],
        info: { can_accumulate: 'N', need_terms: 'N' },
        products: [
          { code: '7891000100103', trigger_discount: 'D', type: 2, price: 10 },
          { code: '7891000055502', trigger_discount: 'D', type: 1, price: 3.5 },
        ],
      },
    });
    expect(created.status, created.text).toBe(200);
    const next = addDays(start, 7);
    // Act
    const copy = await staff({
      method: 'POST',
      path: '/api/web/campaign/duplicate',
      body: { id: created.body.id, start_at: next, end_at: addDays(next, 6) },
    });
    // Assess
    expect(copy.status, copy.text).toBe(200);
    expect(copy.body.id).not.toBe(created.body.id);
    const [original, duplicate] = await Promise.all(
      [created.body.id, copy.body.id].map(
        async (id) => (await staff({ path: '/api/web/campaign/details', query: { id } })).body,
      ),
    );
    expect(duplicate.description).toBe(copy.body.description);
    expect(duplicate.description).toMatch(
      /^Ofertas da semana \(\d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}\)$/,
    );
    expect([duplicate.start_at, duplicate.end_at]).toEqual([next, addDays(next, 6)]);
    expect(duplicate.products.map((p: { code: string; price: number }) => [p.code, p.price])).toEqual(
      original.products.map((p: { code: string; price: number }) => [p.code, p.price]),
    );
    expect(duplicate.stores).toEqual(original.stores);
    expect(original.start_at).toBe(start);
    const history = await call(audit, {
      tenant: t.tenant,
      token: t.adminToken,
      path: `/api/web/audit/campaign/${copy.body.id}`,
    });
    expect(history.status, history.text).toBe(200);
    expect(JSON.stringify(history.body)).toContain(`Duplicada da campanha ${created.body.id}`);
  });

  it('refuses a period in the wrong order and changes nothing', async () => {
    const listed = async () => (await staff({ path: '/api/web/campaigns' })).body.pagination.total;
    const before = await listed();
    const refused = await staff({
      method: 'POST',
      path: '/api/web/campaign/duplicate',
      body: { id: 1, start_at: '2026-12-10', end_at: '2026-12-01' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A data final deve ser igual ou posterior à data inicial.');
    expect(await listed()).toBe(before);
  });
});
