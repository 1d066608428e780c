import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomCpf } from '../integration/customers-fixtures';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { registerCustomer } from '../support/customers';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';
import { eventually } from '../support/wait';

/**
 * Unsubscribe (issue 20, item 11) as a customer lives it, against the real local runtime: a
 * marketing e-mail reaches the local outbox with its 'Descadastre-se' link; the customer follows
 * it from the message (the outbox's frame), lands on the public '/descadastro' page, which
 * confirms in Portuguese; the customer is opted out at once, and the next send skips them while
 * still reaching the other recipient.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
const campaigns: number[] = [];

const stamp = String(Date.now()).slice(-6);
const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const CUSTOMER_EMAIL = `descadastro-${stamp}@exemplo.com.br`;
const OTHER_EMAIL = `outro-${stamp}@exemplo.com.br`;
const SUBJECT = `Ofertas descadastro ${letters}`;

type Progress = { status: string; sent: number; skipped: number };

async function sendCampaign(
  description: string,
  subject: string,
): Promise<{ id: number; progress: Progress }> {
  const created = await apiCall<{ id: number }>(token, 'POST', '/web/campaign/new', {
    description,
    type: 'EMAIL',
    active: 'Y',
    info: {
      layout_title: subject,
      layout_body: '<p>Olá, {{primeiro_nome}}! Temos ofertas.</p>',
      type: 'O',
      recipients: `${CUSTOMER_EMAIL};${OTHER_EMAIL}`,
      approvement: 'sim',
    },
  });
  expect(created.status).toBe(200);
  const id = created.body.id;
  campaigns.push(id);
  expect((await apiCall(token, 'POST', `/web/communications/${id}/send`)).status).toBe(200);
  const progress = await eventually(
    `campaign ${id} completed`,
    async () => (await apiCall<Progress>(token, 'GET', `/web/communications/${id}/progress`)).body,
    (p) => p.status === 'COMPLETED',
    { intervalMs: 300 },
  );
  return { id, progress };
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
  page = await context.newPage();
  // The local outbox opens for a signed-in staff member of the host's tenant (its session handed over).
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  for (const id of campaigns)
    await apiCall(token, 'DELETE', `/web/campaign/delete?id=${id}`).catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('unsubscribe from a marketing e-mail', () => {
  let customerId: number;

  it('follows the link of an e-mail in the local outbox, confirms in Portuguese and skips the customer on the next send', async () => {
    customerId = await registerCustomer(token, {
      document: randomCpf(),
      fullname: `CLIENTE DESCADASTRO ${letters}`,
      email: CUSTOMER_EMAIL,
      cellphone: '',
      tags: ['Vinhos'],
    });

    const first = await sendCampaign(`Descadastro E2E ${letters}`, SUBJECT);
    expect(first.progress.sent).toBe(2);

    // The customer opens the message in the outbox and follows 'Descadastre-se'.
    await page.goto(`${baseUrl()}/_local/outbox`);
    const row = page.locator('tr').filter({ hasText: SUBJECT }).filter({ hasText: CUSTOMER_EMAIL });
    await row.getByRole('link', { name: SUBJECT, exact: true }).click();
    const message = page.frameLocator('iframe');
    const link = message.getByRole('link', { name: 'Descadastre-se' });
    await link.waitFor({ timeout: 15_000 });
    expect(await message.locator('body').innerText()).toContain('Não quer mais receber nossos e-mails?');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/descadastro', { timeout: 20_000 });
    await page.locator('[data-testid="unsubscribe-page"][data-state="done"]').waitFor({ timeout: 20_000 });
    const text = await page.locator('body').innerText();
    expect(text).toContain('Descadastro concluído');
    expect(text).toContain('você não receberá mais nossos e-mails de ofertas');
    // The page names nobody.
    expect(text).not.toContain(CUSTOMER_EMAIL);
    await screenshot(page, 'unsubscribe-page');

    const customer = await apiCall<{ email_optout: string }>(token, 'GET', `/web/customer/${customerId}`);
    expect(customer.body.email_optout).toBe('Y');

    // The next send skips the customer and still reaches the other address.
    const second = await sendCampaign(`Descadastro E2E 2 ${letters}`, `${SUBJECT} (2)`);
    expect(second.progress.sent).toBe(1);
    expect(second.progress.skipped).toBe(1);
    await page.goto(`${baseUrl()}/_local/outbox`);
    await page
      .getByRole('link', { name: `${SUBJECT} (2)`, exact: true })
      .first()
      .waitFor({ timeout: 15_000 });
    const rows = page.locator('tr').filter({ hasText: `${SUBJECT} (2)` });
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(OTHER_EMAIL);
  });
});
