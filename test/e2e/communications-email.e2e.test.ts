import { addDays, localDay } from '@freguesia/shared/domain/dates';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot as saveScreenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * The e-mail communication screens through headless Chromium against the real local runtime
 * (spec part 3 §2 'E-mail communications', §4, §5 'E-mail', §7, §9): an e-mail is written in the
 * visual editor (GrapesJS: typing into its text block, a template variable inserted at the caret),
 * approved ('De Acordo' → 'Aprovado por: …'), saved to one address, opened again, sent with
 * 'Enviar agora', read in the local outbox (/_local/outbox), and its analytics counters move
 * (sent, delivered, opened). An edit after the send is refused with the spec's message. One
 * browser session; the tests run in order and build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let campaignId: number;

const stamp = String(Date.now()).slice(-6);
const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const DESCRIPTION = `EMAIL E2E ${letters}`;
const SUBJECT = `Ofertas E2E ${letters}`;
const TYPED = `Promoção ${letters}`;
const ADDRESS = `e2e-${stamp}@exemplo.com.br`;

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string) => byTestId(id).locator('input, textarea').first();
const notices = () => page.getByTestId('notifications');
const bodyText = () => page.locator('body').innerText();
const button = (name: string) => page.getByRole('button', { name, exact: true });
/** The GrapesJS canvas (an iframe) of the form's editor. */
const canvas = () => page.frameLocator('[data-testid="email-editor"] iframe.gjs-frame');

async function screenshot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return saveScreenshot(page, name);
}

async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain(text);
}

async function editorReady() {
  await page.locator('[data-testid="email-editor"][data-ready="true"]').waitFor({ timeout: 60_000 });
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  browser = await launchBrowser();
  // A person's browser: opens from a 'HeadlessChrome' agent are a scanner's and are not counted.
  const userAgent = (
    await browser
      .newPage()
      .then(async (p) => [await p.evaluate(() => navigator.userAgent), await p.close()][0] as string)
  ).replace('HeadlessChrome', 'Chrome');
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR', userAgent });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  if (campaignId && token)
    await apiCall(token, 'DELETE', `/web/campaign/delete?id=${campaignId}`).catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('e-mail communications (staff)', () => {
  it("lists the e-mails under Comunicações with 'Nova comunicação' and the total text", async () => {
    await page.goto(`${baseUrl()}/communications/mail`);
    await byTestId('emails-table').waitFor({ timeout: 20_000 });
    expect(await button('Nova comunicação').isVisible()).toBe(true);
    expect(await page.getByText('Ocultar inativas').isVisible()).toBe(true);
    await expect
      .poll(() => byTestId('list-total').textContent())
      .toMatch(/^Total de [\d.]+ comunicação\(ões\)$/);
  });

  it('writes an e-mail in the visual editor, approves its cost and saves it', async () => {
    await button('Nova comunicação').click();
    await page.waitForURL((url) => url.pathname === '/communications/mail/new');
    await page.getByRole('heading', { name: 'Nova comunicação via e-mail' }).waitFor({ timeout: 20_000 });
    await editorReady();
    // Salvar waits for the cost approval (spec part 3 §4).
    expect(await byTestId('email-save').isDisabled()).toBe(true);

    await byTestId('email-approval').locator('input').check();
    await expect
      .poll(() => byTestId('email-approval-text').textContent())
      .toMatch(/^Aprovado por: .+ Em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await bodyText()).toContain('De Acordo');

    // The spec's messages for what is missing.
    await byTestId('email-save').click();
    await expect.poll(bodyText).toContain('Informe a descrição da comunicação');
    expect(await bodyText()).toContain('Informe o assunto do e-mail');

    await input('email-description').fill(DESCRIPTION);
    await input('email-subject').fill(SUBJECT);
    const tomorrow = addDays(localDay(), 1).split('-').reverse().join('/');
    await input('email-schedule-day').fill(tomorrow);
    await input('email-schedule-time').fill('09:00');
    await input('email-recipients').fill(ADDRESS);
    expect(await byTestId('email-recipients-counter').textContent()).toBe(`${ADDRESS.length}/100`);
    await expect.poll(() => byTestId('email-estimate-recipients').textContent()).toBe('1');

    // Typing into the editor's text block, then a variable at the caret.
    const text = canvas().getByText('Olá {{primeiro_nome}},');
    await text.dblclick();
    await page.keyboard.press('End');
    await page.keyboard.type(` ${TYPED} `);
    // (a space typed at the end of a text is a non-breaking one)
    const inserted = new RegExp(`${TYPED}\\s+\\{\\{nome\\}\\}`);
    // The rich-text caret can be lost to a slow frame between the typing and the menu: put it back
    // at the end of the text and insert again (at most three times), as a person would.
    for (
      let attempt = 0;
      attempt < 3 && !inserted.test(await canvas().locator('body').innerText());
      attempt++
    ) {
      if (attempt > 0) {
        await canvas().getByText(TYPED).first().dblclick();
        await page.keyboard.press('End');
      }
      await byTestId('email-variables').getByRole('button').first().click();
      await page.getByRole('menuitem', { name: '{{nome}}' }).click();
      await expect
        .poll(() => canvas().locator('body').innerText(), { timeout: 5_000 })
        .toMatch(inserted)
        .catch(() => undefined);
    }
    await expect.poll(() => canvas().locator('body').innerText()).toMatch(inserted);
    await screenshot('communications-email-form');

    await byTestId('email-save').click();
    await expectNotice('Comunicação cadastrada com sucesso');
    await page.waitForURL((url) => url.pathname === '/communications/mail');
    const row = byTestId('emails-table').locator('tbody tr').filter({ hasText: DESCRIPTION }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('Aprovado por:');
    await screenshot('communications-email-list');

    const list = await apiCall<{ data: { id: number; description: string }[] }>(
      token,
      'GET',
      `/web/campaigns?types=EMAIL&q=${encodeURIComponent(DESCRIPTION)}&page=1&per_page=20`,
    );
    campaignId = list.body.data.find((c) => c.description === DESCRIPTION)!.id;
    const saved = await apiCall<{ info: { layout_title: string; layout_body: string; flow: string } }>(
      token,
      'GET',
      `/web/campaign/details?id=${campaignId}`,
    );
    expect(saved.body.info.layout_title).toBe(SUBJECT);
    // The HTML the customers get: what was typed, the variable, CSS inlined on the elements.
    expect(saved.body.info.layout_body).toContain(TYPED);
    expect(saved.body.info.layout_body).toContain('{{nome}}');
    expect(saved.body.info.layout_body).toMatch(/<td[^>]*style="[^"]*padding/);
    expect(JSON.parse(saved.body.info.flow)).toHaveProperty('pages');
  });

  it("opens it again and sends it with 'Enviar agora'", async () => {
    const row = byTestId('emails-table').locator('tbody tr').filter({ hasText: DESCRIPTION }).first();
    await row.getByRole('button', { name: /^Opções de / }).click();
    await page.getByRole('menuitem', { name: 'Alterar' }).click();
    await page.waitForURL((url) => url.pathname === `/communication/email/edit/${campaignId}`);
    await editorReady();
    await expect.poll(() => canvas().locator('body').innerText()).toContain(TYPED);
    expect(await input('email-subject').inputValue()).toBe(SUBJECT);

    await byTestId('send-now').click();
    await byTestId('send-confirm').click();
    await expectNotice('Envio iniciado');
    await expect.poll(() => byTestId('send-status').textContent(), { timeout: 30_000 }).toBe('Concluída');
    expect(await byTestId('send-sent').textContent()).toBe('1');
    await screenshot('communications-email-sent');
  });

  it('refuses an edit of the once-only e-mail after its send', async () => {
    await page.reload();
    await editorReady();
    await expect.poll(() => byTestId('email-executed').textContent()).toContain('Campanha já executada em');
    // Sent once: the page opens read-only, Salvar says why it cannot save, and 'Duplicar' offers a copy.
    expect(await byTestId('email-save').isDisabled()).toBe(true);
    expect(await byTestId('email-readonly').count()).toBe(1);
    await byTestId('email-duplicate').click();
    await page.waitForURL((url) => url.pathname === `/communication/email/clone/${campaignId}`);
  });

  it('reaches the local outbox and its analytics counters move', async () => {
    await page.goto(`${baseUrl()}/_local/outbox`);
    const link = page.getByRole('link', { name: SUBJECT, exact: true });
    await link.waitFor({ timeout: 15_000 });
    expect(await page.locator('tr').filter({ hasText: SUBJECT }).innerText()).toContain(ADDRESS);
    await link.click();
    await expect.poll(() => page.getByTestId('outbox-subject').textContent()).toBe(SUBJECT);
    await expect.poll(() => page.frameLocator('iframe').locator('body').innerText()).toContain(TYPED);

    await page.goto(`${baseUrl()}/communication/email/analytics/${campaignId}`);
    await page
      .getByRole('heading', { name: 'Detalhes de performance do e-mail' })
      .waitFor({ timeout: 20_000 });
    const count = (key: string) => async () =>
      Number(
        (await byTestId(`email-analytics-${key}-value`)
          .textContent()
          .catch(() => '0')) ?? '0',
      );
    await expect.poll(count('sent'), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(count('delivered'), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(count('open'), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(await bodyText()).toContain('Reclamações');
    expect(await byTestId('email-analytics-open-lead').isVisible()).toBe(true);
    await screenshot('communications-email-analytics');
  });
});
