import * as XLSX from '@e965/xlsx';
import { localDay } from '@freguesia/shared/domain/dates';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * TV campaigns through headless Chromium against the real local runtime (spec part 2 §2.2, §5):
 * the four-step wizard (its messages, the simulation store, an Excel import with a product the
 * catalogue does not know, a manual row shown full screen, the store transfer list), the list of
 * 10, the screen links, and the public display page: the campaign's products with prices, the
 * banner, the last prices kept when the API cannot be reached, and a revoked link.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let campaignId: number | undefined;

const stamp = String(Date.now()).slice(-6);
const DESCRIPTION = `TV E2E ${stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!)}`;
const UNKNOWN = '7899999999991';

interface DemoProduct {
  code: string;
  description: string;
  regular_price: number | null;
}
let store: { id: number; name: string };
let imported: DemoProduct;
let manual: DemoProduct;

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string, scope: Page | Locator = page) => byTestId(id, scope).locator('input').first();
const button = (name: string) => page.getByRole('button', { name, exact: true });
const notices = () => page.getByTestId('notifications');
async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain(text);
}
const stepHeading = (title: string) => page.getByRole('heading', { name: title, exact: true }).first();

/** 'Próximo' until the step titled `title` shows (a click can land while a notice moves the page). */
async function next(title: string) {
  for (let attempt = 1; ; attempt++) {
    await button('Próximo').click();
    try {
      await stepHeading(title).waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      await screenshot(page, `tv-wizard-next-${attempt}`);
      if (attempt >= 3) throw error;
    }
  }
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  store = (await apiCall<{ id: number; name: string }[]>(token, 'GET', '/web/stores')).body[0]!;
  const products = await apiCall<{ data: DemoProduct[] }>(
    token,
    'GET',
    `/web/products?page=1&per_page=20&id_store=${store.id}`,
  );
  const priced = products.body.data.filter((p) => (p.regular_price ?? 0) > 1);
  [imported, manual] = [priced[0]!, priced[1]!];
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

describe('TV campaigns (staff) and the TV display page', () => {
  it('creates a TV campaign in the four-step wizard', async () => {
    await page.goto(`${baseUrl()}/campaign/tv`);
    await page.getByRole('heading', { name: 'TV' }).first().waitFor({ timeout: 20_000 });
    await button('Nova campanha').click();
    await page.waitForURL((url) => url.pathname === '/campaign/tv/new');
    await byTestId('tv-wizard-title').getByText('Cadastrando Campanha').waitFor({ timeout: 20_000 });

    // Step 1: description and period.
    await button('Próximo').click();
    await expectNotice('Informe a descrição da campanha');
    await input('tv-description').fill(DESCRIPTION);
    await button('Próximo').click();
    await expectNotice('Selecione o Período');
    await input('tv-start').fill(localDay().split('-').reverse().join(''));
    await byTestId('tv-no-end').locator('input').check();
    await input('tv-rotate').fill('3');
    await button('Próximo').click();

    // Step 2: nothing before a store to simulate the prices.
    await stepHeading('Produtos').waitFor();
    await byTestId('tv-search').click();
    await expectNotice('Selecione uma loja para simular os preços');
    await byTestId('tv-simulation-store').locator('button').first().click();
    await page.getByRole('option', { name: store.name }).first().click();
    await button('Próximo').click();
    await expectNotice('Adicione ao menos um produto à campanha.');

    // The Excel import: COD_PROD / EAN / DESC_PROD / PREC_CLUBE, one code the catalogue does not know.
    const dir = mkdtempSync(join(tmpdir(), 'tv-e2e-'));
    const file = join(dir, 'tv.xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['COD_PROD', 'EAN', 'DESC_PROD', 'PREC_CLUBE'],
        ['101', imported.code, 'do ERP', '0,99'],
        ['102', UNKNOWN, 'Sabão', '3,50'],
      ]),
      'Produtos',
    );
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    await byTestId('tv-import').locator('input[type=file]').setInputFiles(file);
    await expectNotice('Produto não cadastrado na plataforma');
    await expectNotice('Importação concluída, adicionados 2 / 2.');
    const rows = byTestId('tv-rows').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: UNKNOWN }).textContent()).toContain('PRODUTO NÃO CADASTRADO');
    // The club price R$ 0,99 is below the store's price: the screen will show it, the regular one crossed out.
    await expect
      .poll(() => byTestId(`tv-shown-${imported.code}`).textContent(), { timeout: 15_000 })
      .toContain('R$ 0,99');

    // The manual row: code + Enter looks the product up; shown full screen.
    await input('tv-code').fill(manual.code);
    await input('tv-code').press('Enter');
    await expect.poll(() => input('tv-manual-description').inputValue()).toBe(manual.description);
    await byTestId('tv-manual-full').locator('input').check();
    await byTestId('tv-manual-add').click();
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.filter({ hasText: UNKNOWN }).textContent()).toContain('Não exibido');
    await screenshot(page, 'tv-wizard-products');

    // Step 3: the category is optional. Step 4: a store is required.
    await next('Categoria');
    await next('Lojas');
    await button('Finalizar').click();
    await expectNotice('Selecione uma loja para a campanha!');
    await byTestId(`campaign-stores-available-${store.id}`).locator('input').check();
    await byTestId('campaign-stores-add').click();
    await byTestId(`campaign-stores-selected-${store.id}`).waitFor();
    await button('Finalizar').click();
    await page.waitForURL((url) => url.pathname === '/campaign/tv', { timeout: 15_000 });
    await expectNotice('Campanha cadastrada com sucesso');
  });

  it('lists it (pages of 10) and gives the store its screen link', async () => {
    await page.goto(`${baseUrl()}/campaign/tv?q=${encodeURIComponent(DESCRIPTION)}`);
    const row = byTestId('tv-table').locator('tbody tr').filter({ hasText: DESCRIPTION }).first();
    await row.waitFor({ timeout: 20_000 });
    const listed = await apiCall<{ data: { id: number; description: string }[] }>(
      token,
      'GET',
      `/web/campaigns?type=TV&per_page=10&q=${encodeURIComponent(DESCRIPTION)}`,
    );
    campaignId = listed.body.data.find((c) => c.description === DESCRIPTION)!.id;
    await row.getByRole('button', { name: /^Opções de / }).click();
    await page.getByRole('menuitem', { name: 'Telas' }).click();
    const link = byTestId(`tv-link-${store.id}`);
    await link.waitFor({ timeout: 15_000 });
    expect(await link.getAttribute('href')).toMatch(/\/tv#\d+\.\d+\.[\w-]{43}$/);
    await screenshot(page, 'tv-links');
  });

  it('shows the prices full screen, keeps them offline, and goes blank when the link is revoked', async () => {
    const links = await apiCall<{ data: { id_store: number; path: string }[] }>(
      token,
      'GET',
      `/web/tv/links?id=${campaignId}`,
    );
    const path = links.body.data.find((l) => l.id_store === store.id)!.path;
    const tv = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'pt-BR' });
    const screen = await tv.newPage();
    await screen.goto(`${baseUrl()}${path}`);
    const priceRow = screen.locator(`.tv-row[data-code="${imported.code}"]`);
    await priceRow.waitFor({ timeout: 15_000 });
    expect(await screen.locator('.tv-title').textContent()).toBe(DESCRIPTION);
    expect(await priceRow.textContent()).toContain('R$ 0,99');
    // The product the catalogue does not know is not put on the screen, club price or not.
    expect(await screen.locator(`.tv-row[data-code="${UNKNOWN}"]`).count()).toBe(0);
    await screenshot(screen, 'tv-display');
    // The full-screen row comes as a banner of its own.
    await screen.locator('.tv-banner').waitFor({ timeout: 15_000 });
    expect(await screen.locator('.tv-banner').textContent()).toContain(manual.description);
    await screenshot(screen, 'tv-display-banner');

    // The API unreachable: a reload still shows the last prices, and says so.
    await screen.route('**/api/tv/screen**', (route) => route.abort('internetdisconnected'));
    await screen.reload();
    await expect
      .poll(() => screen.locator('.tv-foot').textContent(), { timeout: 15_000 })
      .toContain('Sem conexão');
    expect(await screen.locator('.tv-title').textContent()).toBe(DESCRIPTION);
    await screenshot(screen, 'tv-display-offline');
    await screen.unroute('**/api/tv/screen**');

    // New links revoke the old one: the screen says so and forgets the prices.
    const renewed = await apiCall(token, 'POST', '/web/tv/links/regenerate', { id: campaignId });
    expect(renewed.status).toBe(200);
    await screen.reload();
    await screen.getByText('Tela não encontrada.').waitFor({ timeout: 15_000 });
    expect(await screen.locator('.tv-row').count()).toBe(0);
    await tv.close();
  });
});
