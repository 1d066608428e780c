import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_MESSAGES } from '@freguesia/shared/domain/nps';
import { NPS_MESSAGES, NpsDashboard } from '@freguesia/shared/schemas/nps';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { handler as nps } from '@freguesia/functions/nps/handler';
import { handler as npsSettings } from '@freguesia/functions/nps-settings/handler';
import { handler as survey } from '@freguesia/functions/survey/handler';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as sendConsumer } from '@freguesia/functions/nps/send.consumer';
import { surveyAfterPurchases } from '@freguesia/functions/nps/send.service';
import { npsRepository } from '@freguesia/functions/nps/nps.repository';
import { sendingRepository } from '@freguesia/functions/communications/sending.repository';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { setMailPort, type MailMessage } from '@freguesia/functions/lib/ports/mail';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { systemContext } from '@freguesia/functions/lib/context';
import { handler as answersStream } from '@freguesia/functions/nps/answers.stream';
import { previewLead } from '@freguesia/functions/segmentation/leads.service';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createStore } from './catalog-fixtures';
import { randomCpf, staffCustomer } from './customers-fixtures';
import { drained } from '../support/wait';

/**
 * NPS (functions/src/nps, src/survey; spec part 3 §2, §3, §4, §5, §7): the settings, the send rule
 * after purchases (interval, stores, opt-outs and suppression, once per window), the costs in
 * 'Investimentos', the signed survey link and its one answer, and the dashboard from counters.
 */
describe('NPS', () => {
  let t: TestTenant;
  let storeA: number;
  let storeB: number;
  const ids: Record<'ana' | 'bia' | 'caio' | 'duda' | 'eva', number> = {} as never;
  const mails: MailMessage[] = [];
  let basket = 1000;

  const staff = (handler: typeof nps, request: Parameters<typeof call>[1], token = t.adminToken) =>
    call(handler, { tenant: t.tenant, token, ...request });
  const publicCall = (request: Parameters<typeof call>[1], tenant = t.tenant) =>
    call(survey, { tenant, ...request });

  const SETTINGS = {
    active: true,
    interval_days: 30,
    mail_active: true,
    push_active: false,
    sms_active: false,
    stores_id: [] as { store_id: number }[],
    layout_mail_subject: 'Como foi sua compra?',
    layout_mail_body: '<p>Olá {{primeiro_nome}}, <a href="{{link}}">avalie</a></p><script>alert(1)</script>',
    layout_mail_editor: '{}',
    layout_lp_body: '<h1>Sua opinião</h1><img src="x" onerror="alert(1)">',
    layout_lp_editor: '{}',
    layout_push_title: '',
    layout_push_body: '',
    layout_sms_body: '',
  };
  const saveSettings = (body: Record<string, unknown>) =>
    staff(npsSettings, { method: 'PUT', path: '/api/web/settings/nps', body });

  /** A purchase of `customer` at `store`, as POS ingestion's stream hands it on; `daysAgo` moves the clock. */
  const purchase = async (customer: number, store: number, daysAgo = 0) => {
    const now = new Date(Date.now() - daysAgo * 86_400_000);
    await surveyAfterPurchases(
      systemContext(t.tenant, 'test', () => now),
      [{ id: ++basket, store, customerId: customer }],
    );
    await drained();
  };
  const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address));
  const hashOf = (mail: MailMessage) => {
    const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1] ?? '';
    return new URL(href.replace(/&amp;/g, '&')).searchParams.get('hash') ?? '';
  };

  beforeAll(async () => {
    t = await createTestTenant('nps');
    storeA = await createStore(t, { name: 'Loja A' });
    storeB = await createStore(t, { name: 'Loja B' });
    const ctx = staffContext(t);
    const customer = async (name: string, email: string, overrides: Record<string, unknown> = {}) =>
      (
        await createCustomer(
          ctx,
          CustomerForm.parse(
            staffCustomer({ document: randomCpf(), fullname: name, email, contacts: [], ...overrides }),
          ),
        )
      ).id;
    ids.ana = await customer('ANA LIMA', 'ana@exemplo.com.br');
    ids.bia = await customer('BIA ROCHA', 'bia@exemplo.com.br', { email_optout: 'Y' });
    ids.caio = await customer('CAIO DIAS', 'caio@exemplo.com.br');
    ids.duda = await customer('DUDA REIS', 'duda@exemplo.com.br');
    ids.eva = await customer('EVA NUNES', 'eva@exemplo.com.br');
    await sendingRepository(t.tenant).suppress(
      'EMAIL',
      'caio@exemplo.com.br',
      'bounce',
      new Date().toISOString(),
    );
    setMailPort({
      async send(message) {
        mails.push(message);
        return `m${mails.length}`;
      },
    });
    registerConsumer('nps', sendConsumer, 3);
    process.env.SITE_URL_TEMPLATE = 'http://{tenant}.localhost:3000';
  }, 60_000);

  afterAll(() => setMailPort(undefined));

  it('validates the settings with the spec limits and saves them only with both designs', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ interval_days: 0 }, NPS_MESSAGES.interval],
      [{ interval_days: 181 }, NPS_MESSAGES.interval],
      [
        { push_active: true, layout_push_title: 'x'.repeat(101), layout_push_body: 'ok' },
        NPS_MESSAGES.pushTitle,
      ],
      [
        { push_active: true, layout_push_title: 'Oi', layout_push_body: 'x'.repeat(401) },
        NPS_MESSAGES.pushBody,
      ],
      [{ sms_active: true, layout_sms_body: 'x'.repeat(161) }, NPS_MESSAGES.sms],
      [{ layout_lp_body: '' }, NPS_MESSAGES.lpBody],
      [{ layout_mail_body: '' }, NPS_MESSAGES.mailBody],
      [{ stores_id: [{ store_id: 999_999 }] }, 'Loja 999999 não encontrada.'],
    ];
    for (const [change, message] of cases) {
      const res = await saveSettings({ ...SETTINGS, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await staff(npsSettings, { method: 'GET', path: '/api/web/settings/nps' })).body.active).toBe(
      false,
    );

    const saved = await saveSettings({ ...SETTINGS, stores_id: [{ store_id: storeA }] });
    expect(saved.status, saved.text).toBe(200);
    const read = await staff(npsSettings, { method: 'GET', path: '/api/web/settings/nps' });
    expect(read.body).toMatchObject({ active: true, interval_days: 30, stores_id: [{ store_id: storeA }] });
    // Sanitised on save: no script, no event handler reaches a customer.
    expect(read.body.layout_mail_body).not.toContain('<script');
    expect(read.body.layout_lp_body).not.toContain('onerror');
    expect(read.body.layout_lp_body).toContain('<h1>Sua opinião</h1>');

    const settingsOnly = await t.userWith([{ action: 'read', subject: 'Settings' }]);
    expect(
      (
        await staff(
          npsSettings,
          { method: 'PUT', path: '/api/web/settings/nps', body: SETTINGS },
          settingsOnly.token,
        )
      ).status,
    ).toBe(403);
  });

  it('sends one survey after a purchase at an included store, once per interval', async () => {
    await purchase(ids.ana, storeB);
    expect(mailsTo('ana@exemplo.com.br')).toHaveLength(0);
    await purchase(ids.ana, storeA, 40);
    expect(mailsTo('ana@exemplo.com.br')).toHaveLength(1);
    expect(mailsTo('ana@exemplo.com.br')[0]!.subject).toBe('Como foi sua compra?');
    expect(mailsTo('ana@exemplo.com.br')[0]!.html).toContain('Olá Ana');
    // 35 days ago: five days into the 30-day window opened 40 days ago.
    await purchase(ids.ana, storeA, 35);
    expect(mailsTo('ana@exemplo.com.br')).toHaveLength(1);
    // Today: the window of 40 days ago has passed.
    await purchase(ids.ana, storeA);
    expect(mailsTo('ana@exemplo.com.br')).toHaveLength(2);
    await purchase(ids.ana, storeA);
    expect(mailsTo('ana@exemplo.com.br')).toHaveLength(2);
  });

  it('honours the opt-outs and the suppression list', async () => {
    await purchase(ids.bia, storeA);
    await purchase(ids.caio, storeA);
    expect(mailsTo('bia@exemplo.com.br')).toHaveLength(0);
    expect(mailsTo('caio@exemplo.com.br')).toHaveLength(0);
  });

  it('opens one window however many purchases arrive at once', async () => {
    const now = new Date();
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        surveyAfterPurchases(
          systemContext(t.tenant, `p${i}`, () => now),
          [{ id: 5000 + i, store: storeA, customerId: ids.duda }],
        ),
      ),
    );
    // A redelivered purchase changes nothing either.
    await surveyAfterPurchases(
      systemContext(t.tenant, 'again', () => now),
      [{ id: 5000, store: storeA, customerId: ids.duda }],
    );
    await drained();
    expect(mailsTo('duda@exemplo.com.br')).toHaveLength(1);
  });

  it("counts the sends in 'Investimentos' by origin", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const res = await staff(communications, {
      method: 'GET',
      path: '/api/web/reports/expenses',
      query: { start_at: from, end_at: today },
    });
    expect(res.status, res.text).toBe(200);
    // Ana twice (40 days ago and today) and Duda once; Bia (opted out) and Caio (suppressed) cost nothing.
    expect(res.body.nps_messages).toEqual([{ origin: 'EMAIL', quantity: 3 }]);
  });

  it('answers once through the signed link, and the dashboard counts it', async () => {
    const mail = mailsTo('duda@exemplo.com.br')[0]!;
    const hash = hashOf(mail);
    expect(hash.split(';')).toHaveLength(3);
    const tokenRes = await publicCall({
      method: 'GET',
      path: '/api/internalservices/login/url-token',
      query: { id_customer: ids.duda },
      headers: { authorization: `Bearer ${hash}` },
    });
    expect(tokenRes.status, tokenRes.text).toBe(200);
    const auth = { authorization: `Bearer ${tokenRes.body.token}` };
    const layout = await publicCall({ method: 'GET', path: '/api/nps/layout', headers: auth });
    expect(layout.body.html).toContain('Sua opinião');
    expect(layout.body.html).not.toContain('onerror');
    const surveyId = (await npsRepository(t.tenant).window(ids.duda))!.survey;
    const answer = { id: surveyId, id_customer: ids.duda, score: 9, observation: 'Atendimento ótimo' };
    const first = await publicCall({ method: 'POST', path: '/api/nps/submit', headers: auth, body: answer });
    expect(first.status, first.text).toBe(200);
    // Replayed: the same answer again, or a new token from the same link, is refused politely.
    const second = await publicCall({
      method: 'POST',
      path: '/api/nps/submit',
      headers: auth,
      body: { ...answer, score: 0 },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(SURVEY_MESSAGES.alreadyAnswered);
    const again = await publicCall({
      method: 'GET',
      path: '/api/internalservices/login/url-token',
      headers: { authorization: `Bearer ${hash}` },
    });
    expect(again.status).toBe(409);

    const dash = await staff(nps, { method: 'GET', path: '/api/web/nps/dashboard', query: { days: 30 } });
    expect(dash.status, dash.text).toBe(200);
    const body = NpsDashboard.parse(dash.body);
    expect(body.scores.find((s) => s.score === 9)?.qty).toBe(1);
    expect(body.scores.find((s) => s.score === 0)?.qty).toBe(0);
    expect(body.nps).toBe(100);
    expect(body.observations).toEqual([
      expect.objectContaining({
        id_customer: ids.duda,
        score: 9,
        observation: 'Atendimento ótimo',
        origin: 'EMAIL',
      }),
    ]);
    expect(body.month_scores.filter((m) => m.qty > 0)).toEqual([
      expect.objectContaining({ classification: 'promoter', qty: 1 }),
    ]);
  });

  it('refuses forged, altered, expired and foreign links and tokens', async () => {
    const ana = mailsTo('ana@exemplo.com.br');
    const oldHash = hashOf(ana[0]!); // sent 40 days ago: expired
    const freshHash = hashOf(ana[1]!);
    const token = (hash: string, tenant = t.tenant, id_customer?: number) =>
      publicCall(
        {
          method: 'GET',
          path: '/api/internalservices/login/url-token',
          ...(id_customer ? { query: { id_customer } } : {}),
          headers: { authorization: `Bearer ${hash}` },
        },
        tenant,
      );
    expect((await token(oldHash)).status).toBe(401);
    expect((await token(freshHash)).status).toBe(200);
    const [c, s, sig] = freshHash.split(';') as [string, string, string];
    // Altered: another customer or survey under the same signature.
    expect((await token(`${c}1;${s};${sig}`)).status).toBe(401);
    expect((await token(`${c};${s}1;${sig}`)).status).toBe(401);
    // Forged: a made-up signature; no signature at all (the spec's bare hash).
    expect((await token(`${c};${s};${'A'.repeat(sig.length)}`)).status).toBe(401);
    expect((await token(`${c};${s}`)).status).toBe(401);
    expect((await token('')).status).toBe(401);
    expect((await token('%E0%A4%A;1;x')).status).toBe(401);
    // The link of one customer claimed for another.
    expect((await token(freshHash, t.tenant, ids.eva)).status).toBe(401);
    // Another tenant.
    const other = await createTestTenant('npx');
    expect((await token(freshHash, other.tenant)).status).toBe(401);
    // A token answers only its own survey.
    const good = await token(freshHash);
    const surveyId = (await npsRepository(t.tenant).window(ids.ana))!.survey;
    const submit = (body: Record<string, unknown>, bearer = good.body.token as string) =>
      publicCall({
        method: 'POST',
        path: '/api/nps/submit',
        headers: { authorization: `Bearer ${bearer}` },
        body,
      });
    expect((await submit({ id: surveyId + 1, id_customer: ids.ana, score: 5 })).status).toBe(403);
    expect((await submit({ id: surveyId, id_customer: ids.eva, score: 5 })).status).toBe(403);
    expect((await submit({ id: surveyId, id_customer: ids.ana, score: 5 }, 'x.y.z')).status).toBe(401);
    expect((await submit({ id: surveyId, id_customer: ids.ana, score: 11 })).status).toBe(400);
    expect((await submit({ id: surveyId, id_customer: ids.ana, score: 5 })).status).toBe(200);
  });

  it('checks the dashboard window and permission', async () => {
    for (const days of ['0', '181', 'abc']) {
      const res = await staff(nps, { method: 'GET', path: '/api/web/nps/dashboard', query: { days } });
      expect(res.status).toBe(400);
      expect(res.body.message ?? JSON.stringify(res.body)).toContain(NPS_MESSAGES.days);
    }
    const dash = await staff(nps, { method: 'GET', path: '/api/web/nps/dashboard' });
    expect(dash.body.total).toBe(2);
    expect(dash.body.nps).toBe(0); // one promoter (9), one detractor (5)
    const reader = await t.userWith([{ action: 'read', subject: 'Customers' }]);
    expect((await staff(nps, { method: 'GET', path: '/api/web/nps/dashboard' }, reader.token)).status).toBe(
      403,
    );
    const writer = await t.userWith([{ action: 'write', subject: 'Customers' }]);
    expect((await staff(nps, { method: 'GET', path: '/api/web/nps/dashboard' }, writer.token)).status).toBe(
      200,
    );
  });

  it('makes the answers live in the segmentation CM options', async () => {
    const answers = [
      { customer: ids.duda, score: 9 },
      { customer: ids.ana, score: 5 },
    ];
    const event: DynamoDBStreamEvent = {
      Records: answers.map((a, i) => ({
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: String(100 + i),
          NewImage: {
            __edb_e__: { S: 'npsAnswer' },
            tenant: { S: t.tenant },
            customer: { N: String(a.customer) },
            score: { N: String(a.score) },
            answered_at: { S: new Date().toISOString() },
          },
        },
      })),
    };
    expect((await answersStream(event)).batchItemFailures).toEqual([]);
    const population = async (option: string) =>
      (await previewLead(staffContext(t), [{ key: 'CM', option, value: 30 } as LeadCondition])).population;
    expect(await population('nps_answered')).toBe(2);
    expect(await population('nps_promoter')).toBe(1);
    expect(await population('nps_detractor')).toBe(1);
    expect(await population('nps_passive')).toBe(0);
  });
});
