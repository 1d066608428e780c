import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '@freguesia/shared/domain/dates';
import { cpfFromBase } from '@freguesia/shared/domain/document';
import { SURVEY_MESSAGES } from '@freguesia/shared/domain/nps';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { registerCustomer } from '../support/customers';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * NPS end to end on the real local runtime (spec part 3 §2, §3, §7): the settings saved, a POS
 * purchase → the stream → the `nps` queue → the survey e-mail in the local outbox → its link →
 * the public survey page (nps.html) → one answer → the staff's /nps screen.
 */

let browser: Browser;
let page: Page;
let token: string;
const stamp = Date.now().toString(36);
const SUBJECT = `Pesquisa ${stamp}: como foi sua compra?`;
const EMAIL = `nps.${stamp}@exemplo.com.br`;
const OBSERVATION = `Ótimo atendimento ${stamp}`;
const cpf = cpfFromBase(String(100_000_000 + (Date.now() % 899_999_999)));
let customerId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await apiLogin()).token;
  customerId = await registerCustomer(token, {
    document: cpf,
    fullname: 'Nina Pesquisa',
    date_birth: '1990-04-02',
    cellphone: '(11) 9.8765-4321',
    email: EMAIL,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('NPS', () => {
  it('saves the NPS settings with both designs', async () => {
    const saved = await apiCall(token, 'PUT', '/web/settings/nps', {
      active: true,
      interval_days: 30,
      mail_active: true,
      push_active: false,
      sms_active: false,
      stores_id: [],
      layout_mail_subject: SUBJECT,
      layout_mail_body: '<p>Olá {{primeiro_nome}}!</p><p><a href="{{link}}">Responder a pesquisa</a></p>',
      layout_mail_editor: '',
      layout_lp_body: `<h1>Conte como foi ${stamp}</h1><script>document.title='x'</script>`,
      layout_lp_editor: '',
      layout_push_title: '',
      layout_push_body: '',
      layout_sms_body: '',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    page = await browser.newPage();
    await loginAs(page, adminCredentials);
    await page.goto(`${baseUrl()}/settings/platform?tab=nps`);
    await page.getByTestId('nps-mail-subject').waitFor();
    expect(await page.getByTestId('nps-mail-subject').locator('input').inputValue()).toBe(SUBJECT);
    // Saved only once both designs can be exported: both editors loaded.
    await expect
      .poll(() => page.locator('[data-testid="nps-mail-editor"][data-ready="true"]').count(), {
        timeout: 90_000,
      })
      .toBe(1);
    await expect
      .poll(() => page.locator('[data-testid="nps-lp-editor"][data-ready="true"]').count(), {
        timeout: 90_000,
      })
      .toBe(1);
    await page.getByTestId('settings-nps-save').click();
    await page.getByText('Alterado com sucesso').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'nps-settings');
  }, 180_000);

  it('sends the survey after a purchase, answers it once through the link, and counts it', async () => {
    const sale = {
      id_store: 1,
      checkout: '98',
      coupon: `nps${stamp}`,
      date: localDateTime(new Date(Date.now() - 60_000)),
      document: cpf,
      amount: 42.5,
      discount: 0,
      origin: 'PDV',
      items: [
        {
          code: '7891000100103',
          description: 'CESTA NPS',
          quantity: 1,
          unit_value: 42.5,
          total_value: 42.5,
          discount: 0,
        },
      ],
    };
    const posted = await apiCall('frg_local_demo_integration', 'POST', '/integration/baskets', sale);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);

    // The stream brings the purchase in, the nps queue sends the survey to the local outbox.
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl()}/_local/outbox`);
          return page.getByRole('link', { name: SUBJECT, exact: true }).count();
        },
        { timeout: 120_000, interval: 2_000 },
      )
      .toBe(1);
    expect(await page.locator('tr').filter({ hasText: SUBJECT }).innerText()).toContain(EMAIL);
    await page.getByRole('link', { name: SUBJECT, exact: true }).click();
    const mail = page.frameLocator('iframe');
    await expect.poll(() => mail.locator('body').innerText()).toContain('Olá Nina!');
    const href = await mail.getByRole('link', { name: 'Responder a pesquisa' }).getAttribute('href');
    const surveyUrl = new URL(decodeURIComponent(/[?&]u=([^&]+)/.exec(href ?? '')?.[1] ?? ''));
    expect(surveyUrl.pathname).toBe('/nps');
    expect(surveyUrl.searchParams.get('hash')?.split(';')).toHaveLength(3);

    // The public survey, logged out.
    const visitor = await browser.newPage();
    const scripts: string[] = [];
    visitor.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await visitor.goto(surveyUrl.toString());
    await visitor.locator('[data-state="form"]').waitFor({ timeout: 30_000 });
    expect(await visitor.getByTestId('nps-layout').innerText()).toContain(`Conte como foi ${stamp}`);
    // The layout's script was removed when it was saved.
    expect(await visitor.title()).toBe('Pesquisa de satisfação');
    // No score: the alert, the answer is still attempted, and refused; the form stays.
    const alerts: string[] = [];
    visitor.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await visitor.getByTestId('nps-submit').click();
    await expect.poll(() => alerts).toEqual([SURVEY_MESSAGES.chooseScore]);
    await visitor.locator('[data-state="form"]').waitFor();
    await visitor.getByTestId('nps-score-10').check();
    await visitor.getByTestId('nps-observation').fill(OBSERVATION);
    await visitor.getByTestId('nps-submit').click();
    await visitor.getByTestId('nps-thanks').waitFor({ timeout: 30_000 });
    expect(await visitor.getByTestId('nps-thanks').innerText()).toBe(SURVEY_MESSAGES.thanks);
    await screenshot(visitor, 'nps-survey-thanks');
    // The page's own script, no framework: what it loads is small (test/bench/web-route-sizes.ts measures it).
    expect(scripts.every((url) => !url.includes('index-'))).toBe(true);

    // The same link again: answered once only.
    await visitor.goto(surveyUrl.toString());
    await visitor.getByTestId('nps-answered').waitFor({ timeout: 30_000 });
    expect(await visitor.getByTestId('nps-answered').innerText()).toBe(SURVEY_MESSAGES.alreadyAnswered);
    // An altered link is an error screen.
    const [c, s, sig] = surveyUrl.searchParams.get('hash')!.split(';') as [string, string, string];
    await visitor.goto(`${baseUrl()}/nps?hash=${encodeURIComponent(`${c};${s}x;${sig}`)}`);
    await visitor.getByTestId('nps-error').waitFor({ timeout: 30_000 });
    expect(await visitor.getByTestId('nps-error').innerText()).toBe(SURVEY_MESSAGES.failure);
    await visitor.close();

    // The staff's /nps screen.
    await page.goto(`${baseUrl()}/nps`);
    await page.getByTestId('nps-observations').getByText(OBSERVATION).waitFor({ timeout: 30_000 });
    expect(
      Number((await page.getByTestId('nps-promoters').innerText()).replace(/\D/g, '')),
    ).toBeGreaterThanOrEqual(1);
    const row = page.getByTestId('nps-observations').locator('tr').filter({ hasText: OBSERVATION });
    expect(await row.innerText()).toContain(String(customerId));
    await screenshot(page, 'nps-dashboard');
    const dash = await apiCall<{ scores: { score: number; qty: number }[] }>(
      token,
      'GET',
      '/web/nps/dashboard?days=1',
    );
    expect(dash.body.scores.find((x) => x.score === 10)!.qty).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
