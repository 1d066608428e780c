import { beforeAll, describe, expect, it } from 'vitest';
import { ExpenseReport } from '@freguesia/shared/schemas/communication';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { SendRunEntity } from '@freguesia/functions/communications/communications.entities';
import { sendingRepository } from '@freguesia/functions/communications/sending.repository';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

/**
 * GET /api/web/reports/expenses ('Investimentos', spec part 3 §2, §3, §7, §9): the messages sent per
 * campaign in a period, counted from the sending pipeline's runs, with the unit prices.
 */
describe('expense report', () => {
  let t: TestTenant;
  let email: number;
  let sms: number;
  let idle: number;

  const staff = (handler: typeof campaigns, request: Parameters<typeof call>[1], token = t.adminToken) =>
    call(handler, { tenant: t.tenant, token, ...request });
  const create = async (body: unknown) => {
    const res = await staff(campaigns, { method: 'POST', path: '/api/web/campaign/new', body });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  /** A run of the pipeline that started at `at` (an instant) and sent `sent` messages. */
  const run = async (campaign: number, key: string, channel: string, at: string, sent: number) => {
    await sendingRepository(t.tenant).createRun({ campaign, run: key, channel, cursor: '{}', at });
    await SendRunEntity.patch({ tenant: t.tenant, campaign, run: key })
      .set({ sent, status: 'COMPLETED' })
      .go();
  };
  const report = (query: Record<string, string>, token?: string) =>
    staff(communications, { method: 'GET', path: '/api/web/reports/expenses', query }, token);

  beforeAll(async () => {
    t = await createTestTenant('exp');
    email = await create({
      description: 'Ofertas de verão',
      type: 'EMAIL',
      active: 'Y',
      info: { layout_title: 'Ofertas', layout_body: '<p>Olá</p>', type: 'O', approvement: 'sim' },
    });
    sms = await create({
      description: 'Aviso por SMS',
      type: 'SMS',
      active: 'Y',
      info: { layout_body: 'Promoção só hoje', type: 'O', approvement: 'sim' },
    });
    idle = await create({
      description: 'Nunca enviada',
      type: 'EMAIL',
      active: 'Y',
      info: { layout_title: 'X', layout_body: '<p>X</p>', type: 'O' },
    });
    // Runs of the e-mail (keys as a recurring one's firings): two in March (Brasília) and one on 1 April at 00:30 Brasília (03:30 UTC).
    await run(email, '2026-03-02T09:00', 'EMAIL', '2026-03-02T12:00:00.000Z', 120);
    await run(email, '2026-03-31T23:00', 'EMAIL', '2026-04-01T02:00:00.000Z', 30);
    await run(email, '2026-04-01T00:30', 'EMAIL', '2026-04-01T03:30:00.000Z', 500);
    await run(sms, 'once', 'SMS', '2026-03-15T15:00:00.000Z', 42);
  });

  it('sums the sends of each campaign whose runs started in the period (Brasília days)', async () => {
    const res = await report({ start_at: '2026-03-01', end_at: '2026-03-31' });
    expect(res.status, res.text).toBe(200);
    const body = ExpenseReport.parse(res.body);
    expect(body.marketing_messages).toEqual([
      // Runs recorded without their unit price are valued at today's price (0.007 and 0.1).
      { type: 'EMAIL', id_campaign: email, description: 'Ofertas de verão', quantity: 150, value: 1.05 },
      { type: 'SMS', id_campaign: sms, description: 'Aviso por SMS', quantity: 42, value: 4.2 },
    ]);
    expect(body.marketing_messages.map((m) => m.id_campaign)).not.toContain(idle);
    expect(body.nps_messages).toEqual([]);
    expect(body.unit_prices).toEqual({ EMAIL: 0.007, SMS: 0.1, PUSH: 0.0000005, WHATSAPP: 0 });
  });

  it('filters by the period and uses the configured unit prices', async () => {
    const april = await report({ start_at: '2026-04-01', end_at: '2026-04-30' });
    expect(april.body.marketing_messages).toEqual([
      { type: 'EMAIL', id_campaign: email, description: 'Ofertas de verão', quantity: 500, value: 3.5 },
    ]);
    const oneDay = await report({ start_at: '2026-03-15', end_at: '2026-03-15' });
    expect(oneDay.body.marketing_messages).toEqual([
      { type: 'SMS', id_campaign: sms, description: 'Aviso por SMS', quantity: 42, value: 4.2 },
    ]);
    expect((await report({ start_at: '2025-01-01', end_at: '2025-12-31' })).body.marketing_messages).toEqual(
      [],
    );
    for (const [key, value] of [
      ['pricing_sms', '0,08'],
      ['pricing_whatsapp', '0.05'],
    ]) {
      expect(
        (await staff(settings, { method: 'PUT', path: '/api/web/settings', body: { key, value } })).status,
      ).toBe(200);
    }
    const priced = await report({ start_at: '2026-03-01', end_at: '2026-03-31' });
    expect(priced.body.unit_prices).toEqual({ EMAIL: 0.007, SMS: 0.08, PUSH: 0.0000005, WHATSAPP: 0.05 });
  });

  it('refuses bad periods with Portuguese messages', async () => {
    const missing = await report({});
    expect(missing.status).toBe(400);
    const bad = await report({ start_at: '2026-02-30', end_at: '2026-03-31' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Data inválida: use AAAA-MM-DD.');
    const reversed = await report({ start_at: '2026-03-31', end_at: '2026-03-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('A data final deve ser igual ou posterior à inicial.');
    const tooLong = await report({ start_at: '2025-01-01', end_at: '2026-01-02' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Consulte no máximo um ano.');
    expect((await report({ start_at: '2025-01-01', end_at: '2026-01-01' })).status).toBe(200);
  });

  it('needs read Reports, and reads only its own tenant', async () => {
    const campaignsOnly = await t.userWith([
      { action: 'read', subject: 'Campaigns' },
      { action: 'read', subject: 'Communications' },
    ]);
    expect((await report({ start_at: '2026-03-01', end_at: '2026-03-31' }, campaignsOnly.token)).status).toBe(
      403,
    );
    const reader = await t.userWith([{ action: 'read', subject: 'Reports' }]);
    const allowed = await report({ start_at: '2026-03-01', end_at: '2026-03-31' }, reader.token);
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body.marketing_messages).toHaveLength(2);
    const other = await createTestTenant('exp');
    const foreign = await call(communications, {
      tenant: other.tenant,
      token: other.adminToken,
      method: 'GET',
      path: '/api/web/reports/expenses',
      query: { start_at: '2026-03-01', end_at: '2026-03-31' },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body.marketing_messages).toEqual([]);
  });
});
