import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * A whole sale through the five-step wizard (spec part 3 §2, §4, §5): customer and store, a product
 * priced by the engine, takeaway at the store, a POS payment, Finalizar → Faturado and the
 * customer's purchase; then its clone, which starts at the delivery step with payments cleared.
 */

interface DemoProduct {
  id: number;
  code: string;
  description: string;
  regular_price: number | null;
}
interface SaleAnswer {
  id: number;
  status: string;
  total_value: number;
  basket_id: number | null;
  products: { barcode: string; quantity: number }[];
  payments: unknown[];
  delivery_start_at: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let store: { id: number; name: string };
let product: DemoProduct;
let customer: { id: number; fullname: string; document: string };
const posMethod = `Balcão ${Date.now() % 100_000} [ pos ]`;
let saleId = 0;

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const notices = () => page.getByTestId('notifications');
const button = (name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (title: string) => page.getByRole('heading', { name: title, exact: true }).first();

async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 20_000 }).toContain(text);
}

async function choose(id: string, name: string | RegExp) {
  await byTestId(id).locator('button').first().click();
  await page.getByRole('option', { name }).first().click();
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  store = (await apiCall<{ id: number; name: string }[]>(token, 'GET', '/web/stores')).body[0]!;
  const products = await apiCall<{ data: DemoProduct[] }>(
    token,
    'GET',
    `/web/products?page=1&per_page=50&id_store=${store.id}`,
  );
  product = products.body.data.find((p) => (p.regular_price ?? 0) > 0)!;
  const customers = await apiCall<{
    data: { id: number; fullname: string; document: string; state: string }[];
  }>(token, 'GET', '/web/customers?page=1&per_page=10');
  customer = customers.body.data[0]!;
  const method = await apiCall(token, 'POST', '/web/payments', {
    description: posMethod,
    visible: true,
    max_installments: 1,
    has_change: true,
  });
  expect(method.status).toBe(200);
  await apiCall(token, 'PUT', '/web/settings', { key: 'sales_coverage_states', value: '[]' });

  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR' });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('sales orders (staff)', () => {
  it('has a store, a priced product and a customer in the demo data', () => {
    expect(store.id).toBeGreaterThan(0);
    expect(product.code).toMatch(/^\d+$/);
    expect(customer.id).toBeGreaterThan(0);
  });

  it('sells from the wizard to Faturado, and the sale becomes the customer’s purchase', async () => {
    await page.goto(`${baseUrl()}/sell`);
    await page.getByRole('heading', { name: 'Vendas' }).first().waitFor({ timeout: 20_000 });
    await button('Nova venda').click();
    await stepHeading('Detalhes').waitFor({ timeout: 20_000 });

    // Step 0 refuses to go on without a customer, with the spec's message.
    await button('Próximo').click();
    await expectNotice('Selecione um cliente para a venda!');

    await byTestId('sale-pick-customer').click();
    await byTestId('customer-search').locator('input').fill(customer.document);
    await byTestId(`customer-pick-${customer.id}`).click({ timeout: 20_000 });
    await expect.poll(() => byTestId('sale-customer').textContent()).toContain(customer.fullname);
    // A customer with drafts would be offered them; this one has none, so no modal stays open.
    await choose('sale-store', store.name);
    await screenshot(page, 'sales-wizard-details');
    await button('Próximo').click();
    await expectNotice('Venda cadastrada com sucesso');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toMatch(/^\/sell\/edit\/\d+$/);
    saleId = Number(new URL(page.url()).pathname.split('/').pop());

    // Step 1: at least one product.
    await stepHeading('Produtos').waitFor({ timeout: 20_000 });
    await button('Próximo').click();
    await expectNotice('Selecione ao menos um produto!');
    await byTestId('sale-add-products').click();
    await byTestId('product-search').locator('input').fill(product.description);
    await byTestId(`product-add-${product.code}`).first().click({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect.poll(() => byTestId('sale-products').textContent()).toContain(product.code);
    await byTestId('sale-products').getByRole('button', { name: 'Aumentar' }).first().click();
    await expect.poll(() => byTestId('line-quantity-0').textContent()).toBe('2');
    await button('Próximo').click();

    // Step 2: takeaway copies the store's address; the dates are required.
    await stepHeading('Entrega').waitFor({ timeout: 20_000 });
    await page.getByText('Retirada na loja', { exact: true }).click();
    await button('Próximo').click();
    await expectNotice('Selecione a data de entrega!');
    for (const side of ['start', 'end']) {
      await byTestId(`delivery-${side}-day`).locator('input').fill('2030/01/10');
      await byTestId(`delivery-${side}-time`)
        .locator('input')
        .fill(side === 'start' ? '09:00' : '18:00');
    }
    await screenshot(page, 'sales-wizard-delivery');
    await button('Próximo').click();

    // Step 3: a POS payment of the whole total (suggested).
    await stepHeading('Pagamento').waitFor({ timeout: 20_000 });
    const priced = (await apiCall<SaleAnswer>(token, 'GET', `/web/carts/${saleId}`)).body;
    expect(priced.products).toEqual([expect.objectContaining({ barcode: product.code, quantity: 2 })]);
    expect(priced.total_value).toBeGreaterThan(0);
    await byTestId('sale-add-payment').click();
    await choose('payment-method', posMethod);
    await expect
      .poll(() => byTestId('payment-value').locator('input').inputValue())
      .toBe(priced.total_value.toFixed(2));
    await byTestId('payment-confirm').click();
    await button('Próximo').click();

    // Step 4: the summary, then Finalizar.
    await stepHeading('Resumo').waitFor({ timeout: 20_000 });
    expect(await byTestId('sale-pdf').isVisible()).toBe(true);
    await screenshot(page, 'sales-wizard-summary');
    await button('Finalizar').click();
    await expectNotice('Venda finalizada: Faturado');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/sell');

    const done = (await apiCall<SaleAnswer>(token, 'GET', `/web/carts/${saleId}`)).body;
    expect(done.status).toBe('Faturado');
    expect(done.basket_id).toBeGreaterThan(0);

    // The list shows drafts only by default; off, the invoiced sale is there with its tag.
    await byTestId('sales-table').waitFor();
    await byTestId('only-drafts').locator('input').click();
    await expect
      .poll(() => byTestId(`sale-status-${saleId}`).textContent(), { timeout: 20_000 })
      .toBe('Faturado');
    await screenshot(page, 'sales-list');
  });

  it('clones the sale: delivery step first, payments cleared, a new draft', async () => {
    expect(saleId).toBeGreaterThan(0);
    await page.goto(`${baseUrl()}/sell/clone/${saleId}`);
    await stepHeading('Entrega').waitFor({ timeout: 20_000 });
    await byTestId('sale-clone').click();
    await expectNotice('Venda duplicada com sucesso');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toMatch(/^\/sell\/edit\/\d+$/);
    const cloneId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(cloneId).not.toBe(saleId);
    const clone = (await apiCall<SaleAnswer>(token, 'GET', `/web/carts/${cloneId}`)).body;
    expect(clone.status).toBe('Rascunho');
    expect(clone.payments).toEqual([]);
    expect(clone.products).toEqual([expect.objectContaining({ barcode: product.code, quantity: 2 })]);
    expect(clone.delivery_start_at).not.toBe('2030-01-10 09:00:00');
    await stepHeading('Pagamento').waitFor({ timeout: 20_000 });
    await screenshot(page, 'sales-clone');
  });
});
