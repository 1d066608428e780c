import { localDateTime, localDay, toDisplayDate } from '@freguesia/shared/domain/dates';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * The lucky-number screens (spec part 2 §2.3, §5, §8; issue 21 item 1) through headless Chromium
 * against the real local runtime: the form refuses an empty save with the spec's messages, saves a
 * 2-series campaign ('Campanha cadastrada com sucesso', back to /campaign/lucky), a point-of-sale
 * purchase of a seeded customer earns numbers through the runtime's stream (the list's lucky
 * quantity and progress move), the details verify the hash chain and show each series' winner for
 * a Loteria Federal result, and an edit says 'Campanha alterada com sucesso'. In order.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let campaignId = 0;
const DESCRIPTION = `SORTE E2E ${String(Date.now())
  .slice(-6)
  .replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!)}`;

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string) => byTestId(id).locator('input').first();
const button = (name: string) => page.getByRole('button', { name, exact: true });
const notices = () => page.getByTestId('notifications');
const row = () => byTestId('lucky-table').locator('tbody tr').filter({ hasText: DESCRIPTION }).first();

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR' });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  if (campaignId && token)
    await apiCall(token, 'DELETE', `/web/campaign/delete?id=${campaignId}`).catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('lucky-number campaigns (staff)', () => {
  it('lists them under "Números da Sorte" with "Nova campanha"', async () => {
    await page.goto(`${baseUrl()}/campaign/lucky`);
    await page.getByRole('heading', { name: 'Números da Sorte' }).first().waitFor({ timeout: 20_000 });
    expect(await button('Nova campanha').isVisible()).toBe(true);
  });

  it('refuses an empty form with the spec messages, then saves a 2-series campaign and returns to the list', async () => {
    await button('Nova campanha').click();
    await page.getByRole('heading', { name: 'Cadastrando Campanha' }).waitFor({ timeout: 15_000 });
    await byTestId('lucky-series').locator('input').fill('');
    await byTestId('lucky-save').click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Informe a descrição da campanha');
    const text = await page.locator('body').innerText();
    expect(text).toContain('Selecione o Período');
    expect(text).toContain('A quantidade de séries deve ser de 1 a 100.');
    await screenshot(page, 'lucky-form-errors');

    await input('lucky-description').fill(DESCRIPTION);
    await input('lucky-start').fill(toDisplayDate(localDay())!);
    await byTestId('lucky-no-end').locator('input').check();
    await input('lucky-value').fill('10,00');
    await input('lucky-series').fill('2');
    await byTestId('lucky-save').click();
    await expect
      .poll(() => notices().textContent(), { timeout: 15_000 })
      .toContain('Campanha cadastrada com sucesso');
    await page.waitForURL(/\/campaign\/lucky(\?|$)/);
    await expect.poll(() => row().count(), { timeout: 15_000 }).toBe(1);
    expect(await row().innerText()).toContain('Sem data final');
    const found = await apiCall<{ data: { id: number; description: string }[] }>(
      token,
      'GET',
      `/web/campaigns?types=L&q=${encodeURIComponent(DESCRIPTION)}`,
    );
    campaignId = found.body.data.find((c) => c.description === DESCRIPTION)!.id;
    expect(campaignId).toBeGreaterThan(0);
  });

  it('gives numbers for a purchase of a seeded customer: the list shows the quantity and the progress', async () => {
    const customers = await apiCall<{ data: { document: string }[] }>(
      token,
      'GET',
      '/web/customers?page=1&per_page=1',
    );
    const document = customers.body.data[0]!.document;
    const posted = await apiCall<{ accepted: number }>(
      'frg_local_demo_integration',
      'POST',
      '/integration/baskets',
      {
        id_store: 1,
        checkout: '98',
        coupon: String(Date.now()),
        date: localDateTime(new Date(Date.now() - 60_000)),
        document,
        amount: 35.5,
        discount: 0,
        origin: 'PDV',
        items: [
          {
            code: '7891000100103',
            description: 'CESTA',
            quantity: 1,
            unit_value: 35.5,
            total_value: 35.5,
            discount: 0,
          },
        ],
      },
    );
    expect(posted).toMatchObject({ status: 200, body: { accepted: 1 } });
    // R$ 35,50 at R$ 10,00 a number: 3 numbers, once the stream brings the purchase in.
    await expect
      .poll(
        async () => {
          await page.reload();
          await row().waitFor({ timeout: 15_000 });
          return byTestId(`lucky-quantity-${campaignId}`).innerText();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe('3');
    expect(await row().innerText()).toContain('3 de 200.000');
    await screenshot(page, 'lucky-list');
  });

  it('verifies the chain and shows each series winner for a Loteria Federal result', async () => {
    await row()
      .getByRole('button', { name: /^Opções de / })
      .click();
    await page.getByRole('menuitem', { name: 'Detalhes' }).click();
    await byTestId('lucky-audit').waitFor({ timeout: 15_000 });
    await byTestId('lucky-audit').click();
    await expect
      .poll(() => byTestId('lucky-audit-result').innerText(), { timeout: 15_000 })
      .toContain('Cadeia íntegra: 3 registros');
    await input('lucky-draw-prize').fill('123456');
    await byTestId('lucky-draw').click();
    const table = byTestId('lucky-draw-table');
    await table.waitFor({ timeout: 15_000 });
    const text = await table.innerText();
    expect(text).toMatch(/\b00\b/);
    expect(text).toMatch(/\b01\b/);
    // Three numbers in 200,000: the customer wins some series (the exact or next issued number).
    expect(text).toMatch(/\d{2}-\d{5}/);
    expect(await byTestId('lucky-numbers-table').locator('tbody tr').count()).toBe(3);
    await screenshot(page, 'lucky-details');
  });

  it('edits the campaign and says so', async () => {
    await page.goto(`${baseUrl()}/campaign/lucky/edit/${campaignId}`);
    await page.getByRole('heading', { name: 'Alterando Campanha' }).waitFor({ timeout: 15_000 });
    expect(await input('lucky-value').inputValue()).toBe('10,00');
    await input('lucky-description').fill(`${DESCRIPTION} ALTERADA`);
    await byTestId('lucky-save').click();
    await expect
      .poll(() => notices().textContent(), { timeout: 15_000 })
      .toContain('Campanha alterada com sucesso');
    await page.waitForURL(/\/campaign\/lucky(\?|$)/);
  });
});
