import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@freguesia/shared/domain/dates';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * Issue 20 item 5 through headless Chromium against the real local runtime: a brand campaign's
 * 'Imprimir etiquetas' previews the labels of that brand's products priced at the store (not a
 * message that it lists no product), and a combo (DG) group shows its products by name + EAN and
 * adds more through the wizard's product search ('Buscar produtos').
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
const letters = String(Date.now())
  .slice(-6)
  .replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const BRAND_CAMPAIGN = `MARCA E2E ${letters}`;
const COMBO_CAMPAIGN = `COMBO E2E ${letters}`;
const LAYOUT = `Marca E2E ${letters}`;
const created: number[] = [];
let layoutId: number | undefined;

interface DemoProduct {
  code: string;
  description: string;
  regular_price: number | null;
  id_brand?: number | null;
}
let store: { id: number; name: string };
let priced: DemoProduct[];

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);

async function choose(id: string, name: string | RegExp) {
  await byTestId(id).locator('button').first().click();
  await page.getByRole('option', { name }).first().click();
}

async function campaign(body: Record<string, unknown>): Promise<number> {
  const res = await apiCall<{ id: number }>(token, 'POST', '/web/campaign/new', {
    start_at: localDay(),
    stores: [{ id_store: store.id }],
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  created.push(res.body.id);
  return res.body.id;
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  store = (await apiCall<{ id: number; name: string }[]>(token, 'GET', '/web/stores')).body[0]!;
  const listed = await apiCall<{ data: DemoProduct[] }>(
    token,
    'GET',
    `/web/products?page=1&per_page=50&id_store=${store.id}`,
  );
  priced = listed.body.data.filter((p) => (p.regular_price ?? 0) > 1 && p.id_brand);
  const layout = await apiCall<{ id: number }>(token, 'POST', '/web/label', {
    name: LAYOUT,
    width: 60,
    height: 40,
    layout: '<div>{{description}}</div>',
    visible: 'Y',
    visible_rules: '{}',
    entity: 'campaigns',
  });
  expect(layout.status, JSON.stringify(layout.body)).toBe(200);
  layoutId = layout.body.id;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR' });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  if (token) {
    for (const id of created)
      await apiCall(token, 'DELETE', `/web/campaign/delete?id=${id}`).catch(() => undefined);
    if (layoutId) await apiCall(token, 'DELETE', `/web/label/${layoutId}`).catch(() => undefined);
  }
  await context?.close();
  await browser?.close();
});

describe('labels of brand campaigns and combo groups by name (issue 20)', () => {
  it("previews the labels of a brand campaign's products priced at the store", async () => {
    const brandProduct = priced[0]!;
    await campaign({
      description: BRAND_CAMPAIGN,
      type: 'DBRANDS',
      brands: [{ id_brand: brandProduct.id_brand }],
      info: { can_accumulate: 'N', voucher_code: `MRC${letters}`, type: 2, value: 10 },
    });
    await page.goto(`${baseUrl()}/campaign/sell?q=${encodeURIComponent(BRAND_CAMPAIGN)}`);
    const row = byTestId('campaigns-table').locator('tbody tr').filter({ hasText: BRAND_CAMPAIGN }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: /^Opções de / }).click();
    await page.getByRole('menuitem', { name: 'Imprimir etiquetas' }).click();
    await choose('labels-print-layout', new RegExp(LAYOUT));
    // A campaign of one store prints for that store (the select is fixed on it).
    await expect.poll(() => byTestId('labels-print-store').innerText()).toContain(store.name);
    await expect
      .poll(() => byTestId('labels-print-count').innerText(), { timeout: 15_000 })
      .toMatch(/^\d[\d.]* etiquetas?/);
    await expect
      .poll(() => byTestId('labels-print-preview').innerText(), { timeout: 15_000 })
      .toContain(brandProduct.description);
    expect(await byTestId('labels-notice').count()).toBe(0);
    await screenshot(page, 'labels-brand-campaign');
  });

  it('shows combo group products by name + EAN and adds one through the product search', async () => {
    const [first, second] = [priced[0]!, priced.find((p) => p.code !== priced[0]!.code)!];
    const id = await campaign({
      description: COMBO_CAMPAIGN,
      type: 'DG',
      info: {
        can_accumulate: 'N',
        voucher_code: `CMB${letters}`,
        type: 2,
        value: 10,
        trigger_quantity: 1,
        discount_quantity: 1,
      },
      groups: [
        {
          title: 'Gatilho',
          logical_operator: 'and',
          type: 'T',
          requisite: 'any',
          items: [{ code: first.code }],
        },
        {
          title: 'Desconto',
          logical_operator: 'and',
          type: 'D',
          requisite: 'any',
          items: [{ code: first.code }],
        },
      ],
    });
    await page.goto(`${baseUrl()}/campaign/edit/${id}`);
    const wizard = byTestId('campaign-wizard');
    await wizard.waitFor({ timeout: 20_000 });
    // Through Lojas and Clientes to Gatilho, each step on screen before the next click.
    for (const next of ['Lojas', 'Clientes', 'Gatilho']) {
      await page.getByRole('button', { name: 'Próximo', exact: true }).click();
      await page.getByRole('heading', { name: next, exact: true }).first().waitFor({ timeout: 15_000 });
    }
    const group = byTestId('campaign-group-0-pick');
    await group.waitFor({ timeout: 15_000 });
    const tokens = byTestId('campaign-group-0-items');
    await expect.poll(() => tokens.innerText(), { timeout: 15_000 }).toContain(first.description);
    expect(await tokens.innerText()).toContain(`EAN ${first.code}`);

    await group.click();
    const picker = byTestId('campaign-product-picker');
    await byTestId('campaign-picker-search', picker).locator('input').fill(second.description);
    const result = byTestId('campaign-picker-table', picker)
      .locator('tbody tr')
      .filter({ hasText: second.code });
    await result.first().waitFor({ timeout: 15_000 });
    await result.first().locator('input[type="checkbox"]').check();
    await byTestId('campaign-picker-add', picker).click();
    await expect.poll(() => tokens.innerText(), { timeout: 10_000 }).toContain(second.description);
    expect(await tokens.innerText()).toContain(`EAN ${second.code}`);
    await screenshot(page, 'labels-combo-group-picker');
  });
});
