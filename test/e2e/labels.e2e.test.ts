import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@freguesia/shared/domain/dates';
import { priceParts } from '@freguesia/shared/domain/label-template';
import { baseUrl, launchBrowser, screenshot as saveScreenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * Discount labels through headless Chromium against the real local runtime (spec part 2 §2.6;
 * part 3 §2 'Etiquetas de Descontos', §5, §8): a layout is created and edited in Ajustes ›
 * Plataforma with its live preview ('Cadastrado com sucesso', 'Alterado com sucesso'); then
 * 'Imprimir etiquetas' on a campaign row shows 'Selecione uma etiqueta e a loja' until a layout and
 * a store are chosen, previews the labels (price split in integer and cents), honours the print
 * limit and downloads a PDF with one page per label. The tests run in order and build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

const stamp = String(Date.now()).slice(-6);
const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const CAMPAIGN = `ETIQUETAS E2E ${letters}`;
const LAYOUT = `Gôndola E2E ${letters}`;

interface DemoProduct {
  code: string;
  description: string;
  regular_price: number | null;
}
let stores: { id: number; name: string }[];
let products: (DemoProduct & { regular_price: number })[];
let campaignId: number | undefined;
/** The fixed price of the second product (dynamic 1). */
let fixedPrice: number;

const SHOTS = '/tmp/shots';
async function screenshot(name: string) {
  const path = await saveScreenshot(page, `labels-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path, join(SHOTS, `labels-${name}.png`));
}

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string, scope: Page | Locator = page) =>
  byTestId(id, scope).locator('input, textarea').first();
const notices = () => page.getByTestId('notifications');
const button = (name: string, scope: Page | Locator = page) =>
  scope.getByRole('button', { name, exact: true });

async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain(text);
}

/** Opens a Cloudscape select by its test id and picks an option. */
async function choose(id: string, name: string | RegExp) {
  await byTestId(id).locator('button').first().click();
  await page.getByRole('option', { name }).first().click();
}

/** The text of every content stream of a PDF (jsPDF deflates them). */
function pdfText(pdf: Buffer): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at);
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start + 'stream\n'.length, end);
    try {
      parts.push(inflateSync(body).toString('latin1'));
    } catch {
      parts.push(body.toString('latin1'));
    }
    // Past 'endstream', whose own 'stream\n' is not the start of the next one.
    at = end + '\nendstream'.length;
  }
  return parts.join('\n');
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  stores = (await apiCall<{ id: number; name: string }[]>(token, 'GET', '/web/stores')).body.slice(0, 2);
  const listed = await apiCall<{ data: DemoProduct[] }>(
    token,
    'GET',
    `/web/products?page=1&per_page=50&id_store=${stores[0]!.id}`,
  );
  products = listed.body.data
    .filter((p): p is DemoProduct & { regular_price: number } => (p.regular_price ?? 0) > 1)
    .slice(0, 3)
    .sort((a, b) => a.code.localeCompare(b.code));
  fixedPrice = Math.floor(products[1]!.regular_price * 50) / 100;
  const created = await apiCall<{ id: number }>(token, 'POST', '/web/campaign/new', {
    description: CAMPAIGN,
    type: 'D',
    start_at: localDay(),
    stores: stores.map((s) => ({ id_store: s.id })),
    // A voucher keeps this campaign out of every other test's checkout; labels still show its prices.
    info: { can_accumulate: 'N', voucher_code: `ETQ${letters}` },
    products: [
      { code: products[0]!.code, type: 2, price: 10, limit: 0 },
      { code: products[1]!.code, type: 1, price: fixedPrice, limit: 2 },
      { code: products[2]!.code, type: 2, price: 5, limit: 6 },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  campaignId = created.body.id;

  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 1440, height: 1000 },
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  if (token) {
    if (campaignId)
      await apiCall(token, 'DELETE', `/web/campaign/delete?id=${campaignId}`).catch(() => undefined);
    const layouts = await apiCall<{ id: number; name: string }[]>(
      token,
      'GET',
      '/web/labels?entity=campaigns',
    ).catch(() => undefined);
    for (const l of layouts?.body ?? [])
      if (l.name.startsWith(LAYOUT)) await apiCall(token, 'DELETE', `/web/label/${l.id}`);
  }
  await context?.close();
  await browser?.close();
});

describe('discount labels (staff)', () => {
  it('has two stores and three priced products in the demo catalogue', () => {
    expect(stores).toHaveLength(2);
    expect(products).toHaveLength(3);
    expect(campaignId).toBeGreaterThan(0);
  });

  it("creates and edits a layout in 'Etiquetas de Descontos' with a live preview", async () => {
    await page.goto(`${baseUrl()}/settings/platform`);
    await page.getByTestId('platform-tabs').getByRole('link', { name: 'Etiquetas de Descontos' }).click();
    await byTestId('labels-table').waitFor({ timeout: 20_000 });
    await byTestId('label-new').click();
    const modal = byTestId('label');
    await input('label-name', modal).waitFor();

    // The required messages of spec part 3 §5.
    await input('label-width', modal).fill('');
    await input('label-height', modal).fill('');
    await byTestId('label-submit').click();
    for (const message of ['Digite o nome da etiqueta', 'Digite a Largura', 'Digite a Altura']) {
      await expect.poll(() => modal.innerText()).toContain(message);
    }

    await input('label-name', modal).fill(LAYOUT);
    await input('label-width', modal).fill('70');
    await input('label-height', modal).fill('40');
    // The default layout, filled with the sample values and drawn at its size.
    const preview = byTestId('label-form-preview', modal);
    await expect.poll(() => preview.innerText()).toContain('ARROZ TIPO 1 CAMIL 5KG');
    await expect.poll(() => preview.innerText()).toContain('1.234');
    expect(await modal.innerText()).toContain('{{price_cents}}');
    const box = await preview.locator('.label-preview').boundingBox();
    expect(box!.width).toBeCloseTo((70 * 96) / 25.4, 0);
    // A script typed into the layout never runs in the preview.
    const before = await preview.innerHTML();
    await input('label-layout', modal).fill(
      `${await input('label-layout', modal).inputValue()}<img src="x" onerror="window.__labelXss = 1"><script>window.__labelXss = 2</script>`,
    );
    // The preview shows the typed layout and every image in it has finished (loaded or failed, its
    // error handler, if any had survived, would have run by then).
    await expect.poll(() => preview.innerHTML()).not.toBe(before);
    await expect
      .poll(() =>
        preview.evaluate((el) => Array.from(el.querySelectorAll('img')).every((img) => img.complete)),
      )
      .toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { __labelXss?: number }).__labelXss),
    ).toBeUndefined();
    await screenshot('layout-form');
    await byTestId('label-submit').click();
    await expectNotice('Cadastrado com sucesso');
    const row = byTestId('labels-table').locator('tbody tr').filter({ hasText: LAYOUT });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('70 × 40 mm');

    // Saved sanitised: the handler and the script are gone.
    const saved = (
      await apiCall<{ name: string; layout: string }[]>(token, 'GET', '/web/labels?entity=campaigns')
    ).body.find((l) => l.name === LAYOUT)!;
    expect(saved.layout).not.toMatch(/onerror|<script/);

    await row.getByRole('button', { name: /^Opções de / }).click();
    await page.getByRole('menuitem', { name: 'Alterar' }).click();
    await input('label-height', modal).fill('45,5');
    await byTestId('label-submit').click();
    await expectNotice('Alterado com sucesso');
    await expect.poll(() => row.innerText()).toContain('70 × 45,5 mm');
    await screenshot('layouts');
  });

  it("prints a campaign's labels: layout and store, preview, limit and a PDF of one page per label", async () => {
    await page.goto(`${baseUrl()}/campaign/sell?q=${encodeURIComponent(CAMPAIGN)}`);
    const campaignRow = byTestId('campaigns-table').locator('tbody tr').filter({ hasText: CAMPAIGN }).first();
    await campaignRow.waitFor({ timeout: 20_000 });
    await campaignRow.getByRole('button', { name: /^Opções de / }).click();
    await page.getByRole('menuitem', { name: 'Imprimir etiquetas' }).click();

    const area = byTestId('labels-print-area');
    await expect.poll(() => area.innerText()).toBe('Selecione uma etiqueta e a loja');
    expect(await button('Imprimir').isDisabled()).toBe(true);
    await screenshot('print-empty');
    await choose('labels-print-layout', new RegExp(LAYOUT));
    // Still one of the two missing.
    await expect.poll(() => area.innerText()).toBe('Selecione uma etiqueta e a loja');
    await choose('labels-print-store', stores[0]!.name);

    await expect
      .poll(() => byTestId('labels-print-count').innerText(), { timeout: 15_000 })
      .toBe('3 etiquetas');
    const labels = byTestId('labels-print-preview').locator('.label-preview');
    expect(await labels.count()).toBe(3);
    // Fixed price: integer and cents apart, comma decimal; the limit; an unlimited product claims no
    // limit on the shelf (issue 20 item 5: 'Limite de 1000 unidades' would be false).
    const fixed = priceParts(fixedPrice);
    const second = await labels.nth(1).innerText();
    expect(second).toContain(products[1]!.description.toUpperCase());
    expect(second).toContain(`${fixed.integer},${fixed.cents}`);
    expect(second).toContain('Limite de 2 unidades');
    const tenPercent = priceParts(Math.round(products[0]!.regular_price * 90) / 100);
    const first = await labels.nth(0).innerText();
    expect(first).toContain(`${tenPercent.integer},${tenPercent.cents}`);
    expect(first).not.toContain('Limite de');
    await screenshot('print-preview');

    await input('labels-print-limit').fill('2');
    await expect
      .poll(() => byTestId('labels-print-count').innerText(), { timeout: 15_000 })
      .toBe('2 etiquetas');
    await input('labels-print-limit').fill('');
    await expect
      .poll(() => byTestId('labels-print-count').innerText(), { timeout: 15_000 })
      .toBe('3 etiquetas');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      button('Imprimir').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^etiquetas-\d+-etiquetas-e2e-[a-j]+\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(3);
    // Pages of the layout's size: 70 × 45,5 mm in points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 198\.4\d* 128\.9\d*\]/);
    const text = pdfText(pdf);
    const word = products[1]!.description
      .toUpperCase()
      .split(/\s+/)
      .find((w) => /^[A-Z0-9]{3,}$/.test(w));
    expect(word, products[1]!.description).toBeDefined();
    expect(text).toContain(word);
    expect(text).toContain(`(${fixed.integer})`);
    await expectNotice('PDF gerado com 3 etiquetas');
  });
});
