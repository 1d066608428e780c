import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { cnpjFromBase } from '@freguesia/shared/domain/document';
import { maskCnpj } from '@freguesia/shared/domain/masks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * The catalogue screens through headless Chromium against the real local runtime (spec part 1
 * §2, §5, §8 products, categories, pricing, stores; part 3 payment methods; brands, partners).
 * The CEP and geocoding lookups answer from the local ViaCEP/Nominatim stand-in started by the
 * global setup (CEP 01310-100 → Avenida Paulista, São Paulo/SP; geocode → -23.5613, -46.6565).
 *
 * The tests run in order and build on each other: category → product → prices; stores; payments.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

const stamp = String(Date.now()).slice(-7);
const CATEGORY = `E2E Bebidas ${stamp}`;
const SUBCATEGORY = `E2E Sucos ${stamp}`;
const EAN = `789${stamp}001`.slice(0, 13);
const PRODUCT = `E2E Suco de Uva ${stamp}`;
const STORE = `E2E Loja ${stamp}`;
const PAYMENT = `E2E Pix ${stamp}`;
const CNPJ = cnpjFromBase(`${stamp}0001`.padStart(12, '9'));

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR' });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
  token = (await apiLogin(adminCredentials)).token;
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

// ---- helpers ----

const notices = () => page.getByTestId('notifications');
const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string, scope: Page | Locator = page) => byTestId(id, scope).locator('input').first();
const dialog = () => page.locator('[role=dialog]:visible');

async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain(text);
}

async function open(path: string, heading: string) {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
}

/** Opens a Cloudscape Select, types in its filter and picks the first option matching `name`. */
async function choose(id: string, name: string | RegExp, scope: Page | Locator = page) {
  const select = byTestId(id, scope);
  await select.locator('button').first().click();
  const filter = select.locator('input[type=search]').first();
  if (typeof name === 'string' && (await filter.count()) > 0) await filter.fill(name);
  await select.getByRole('option', { name }).first().click();
}

async function tableRows(testId: string): Promise<string[]> {
  return byTestId(testId).locator('tbody tr').allTextContents();
}

async function waitForRow(testId: string, text: string) {
  await expect
    .poll(async () => (await tableRows(testId)).some((row) => row.includes(text)), { timeout: 15_000 })
    .toBe(true);
}

/** Opens a row's 'Opções' menu and picks `action` ('Alterar', 'Precificar'). */
async function rowAction(label: string, action: string) {
  await page.getByRole('button', { name: `Opções de ${label}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function searchProducts(tableId: string, field: 'Descrição' | 'EAN' | 'SKU', q: string) {
  await choose('product-search-field', field, byTestId(tableId));
  await input('product-search', byTestId(tableId)).fill(q);
}

// ---- tests ----

describe('catalogue screens', () => {
  it('shows the catalogue entries in the menu', async () => {
    await page.goto(`${baseUrl()}/`);
    const nav = page.getByTestId('side-navigation');
    await nav.waitFor();
    for (const entry of ['Mercadorias', 'Categorias', 'Precificação', 'Lojas', 'Formas de pagamento']) {
      await expect.poll(() => nav.textContent()).toContain(entry);
    }
  });

  it('creates a category and a sub-category chosen with the cascading selector', async () => {
    await open('/categories', 'Categorias');
    await expect.poll(() => byTestId('list-total').textContent()).toMatch(/^Total de \d+ categoria\(s\)$/);

    await byTestId('category-new').click();
    await dialog().getByRole('heading', { name: 'Nova categoria' }).waitFor();
    await byTestId('category-form-submit').click();
    await expect.poll(() => dialog().textContent()).toContain('Digite a descrição da mercadoria');
    // active and show-in-app start on
    expect(await input('category-active').isChecked()).toBe(true);
    expect(await input('category-show-app').isChecked()).toBe(true);

    await input('category-description').fill(CATEGORY);
    await input('category-reference').fill(`E2E-${stamp}`);
    await byTestId('category-form-submit').click();
    await expectNotice('Categoria incluída com sucesso');
    await dialog().waitFor({ state: 'hidden' });

    await byTestId('category-new').click();
    await input('category-description').fill(SUBCATEGORY);
    await input('category-reference').fill(`E2E-${stamp}-1`);
    await choose('category-parent-0', CATEGORY);
    await screenshot(page, 'catalog-category-form');
    await byTestId('category-form-submit').click();
    await expectNotice('Categoria incluída com sucesso');
    await dialog().waitFor({ state: 'hidden' });

    await input('category-search').fill(SUBCATEGORY);
    await waitForRow('categories-table', SUBCATEGORY);
    const [row] = await tableRows('categories-table');
    expect(row).toContain(`E2E-${stamp}-1`);
    // Level 2: a child of the level-1 category chosen in the cascade.
    const level = await byTestId('categories-table')
      .locator('tbody tr')
      .first()
      .locator('td')
      .nth(1)
      .textContent();
    expect(level?.trim()).toBe('2');
    await input('category-search').fill('');
    await screenshot(page, 'catalog-categories');
  });

  it('creates a product in that category and finds it by EAN and by description', async () => {
    await open('/products', 'Mercadorias');
    await byTestId('product-new').click();
    await dialog().getByRole('heading', { name: 'Criando novo produto' }).waitFor();
    await byTestId('product-form-submit').click();
    await expect.poll(() => dialog().textContent()).toContain('Digite o codigo da mercadoria');
    expect(await dialog().textContent()).toContain('Digite a descricao da mercadoria');
    await screenshot(page, 'catalog-product-validation');

    await input('product-code').fill(EAN);
    await input('product-reference').fill(`SKU-${stamp}`);
    await input('product-description').fill(PRODUCT);
    await input('product-pack').fill('6');
    await choose('product-category', SUBCATEGORY);
    await byTestId('product-form-submit').click();
    await expectNotice('Mercadoria incluida com sucesso');
    await dialog().waitFor({ state: 'hidden' });

    await searchProducts('products-table', 'EAN', EAN);
    await waitForRow('products-table', PRODUCT);
    expect(await tableRows('products-table')).toHaveLength(1);
    const [row] = await tableRows('products-table');
    expect(row).toContain(SUBCATEGORY);
    expect(row).toContain(`SKU-${stamp}`);
    expect(row).toContain('Não'); // weighable
    // The image column falls back to the placeholder.
    expect(
      await byTestId('products-table')
        .locator('tbody [data-testid=image-thumb]')
        .first()
        .getAttribute('data-placeholder'),
    ).toBe('true');

    await searchProducts('products-table', 'Descrição', `e2e suco de uva ${stamp}`); // prefix, any case
    await waitForRow('products-table', EAN);
    await screenshot(page, 'catalog-products');
  });

  it('prices the product in two stores; a store used in one row is disabled in the other', async () => {
    const stores = await apiCall<{ id: number; name: string }[]>(token, 'GET', '/web/stores');
    expect(stores.status).toBe(200);
    for (let i = stores.body.length; i < 2; i++) {
      const created = await apiCall(token, 'POST', '/web/store/new', {
        name: `E2E Loja apoio ${stamp}-${i}`,
        zipcode: '20040020',
        address: 'Rua da Assembleia',
        city: 'Rio de Janeiro',
        state: 'RJ',
      });
      expect(created.status).toBe(200);
    }
    const [first, second] = (await apiCall<{ id: number; name: string }[]>(token, 'GET', '/web/stores')).body;

    await open('/products/prices', 'Precificação');
    await searchProducts('prices-table', 'EAN', EAN);
    await waitForRow('prices-table', PRODUCT);
    await rowAction(PRODUCT, 'Precificar');
    await dialog()
      .getByRole('heading', { name: `Precificação: ${PRODUCT}` })
      .waitFor();

    await choose('price-store-0', first!.name);
    await input('price-cust_price-0').fill('8,9');
    await input('price-regular_price-0').fill('12,5');
    await input('price-offer_price-0').fill('11,99');
    await input('price-stock-0').fill('3,5');
    await input('price-attribute-0').click(); // blur formats the money
    expect(await input('price-regular_price-0').inputValue()).toBe('12,50');
    expect(await input('price-cust_price-0').inputValue()).toBe('8,90');

    await dialog().getByRole('button', { name: 'Adicionar loja' }).click();
    const secondSelect = byTestId('price-store-1');
    await secondSelect.locator('button').first().click();
    const firstOption = secondSelect.getByRole('option', { name: first!.name }).first();
    await firstOption.waitFor();
    expect(await firstOption.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'catalog-pricing-disabled-store');
    await secondSelect.getByRole('option', { name: second!.name }).first().click();
    await input('price-regular_price-1').fill('10');
    await screenshot(page, 'catalog-pricing-form');
    await byTestId('pricing-form-submit').click();
    await expectNotice('Preço ajustado com sucesso');
    await dialog().waitFor({ state: 'hidden' });

    const product = (
      await apiCall<{ data: { id: number }[] }>(token, 'GET', `/web/products?q=${EAN}&field=code`)
    ).body.data[0]!;
    const prices = await apiCall<
      {
        id_store: number;
        regular_price: number;
        cust_price: number | null;
        offer_price: number | null;
        stock: number;
      }[]
    >(token, 'GET', `/web/prices?id_product=${product.id}`);
    const byStore = new Map(prices.body.map((p) => [p.id_store, p]));
    expect(byStore.get(first!.id)).toMatchObject({
      regular_price: 12.5,
      cust_price: 8.9,
      offer_price: 11.99,
      stock: 3.5,
    });
    expect(byStore.get(second!.id)).toMatchObject({
      regular_price: 10,
      cust_price: null,
      offer_price: null,
      stock: 0,
    });

    // Reopening shows the saved rows in R$ with a comma.
    await rowAction(PRODUCT, 'Precificar');
    await expect
      .poll(() =>
        input('price-regular_price-0')
          .inputValue()
          .catch(() => ''),
      )
      .toMatch(/^(12,50|10,00)$/);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('creates a store with the CEP auto-fill and the geocoded map, then edits it', async () => {
    await open('/stores', 'Lojas');
    await byTestId('store-new').click();
    await dialog().getByRole('heading', { name: 'Nova Loja' }).waitFor();

    await input('store-zipcode').fill('0131');
    await input('store-name').click();
    await expectNotice('Endereço não encontrado!');

    await input('store-name').fill(STORE);
    await input('store-zipcode').fill('01310100');
    await expect
      .poll(() => input('store-address').inputValue(), { timeout: 15_000 })
      .toBe('Avenida Paulista');
    expect(await input('store-zipcode').inputValue()).toBe('01310-100');
    expect(await input('store-neighborhood').inputValue()).toBe('Bela Vista');
    await expect.poll(() => byTestId('store-state').textContent()).toContain('SP');
    await expect.poll(() => byTestId('store-city').textContent()).toMatch(/s[ãa]o paulo/i);

    await input('store-number').fill('1000');
    await input('store-complement').click(); // leaving the number geocodes
    await expect.poll(() => input('store-latitude').inputValue(), { timeout: 15_000 }).toBe('-23.5613');
    expect(await input('store-longitude').inputValue()).toBe('-46.6565');
    await byTestId('store-map').locator('.leaflet-marker-icon').waitFor();
    await input('store-hours-sunday').fill('08:00 às 14:00');
    await input('store-hours-monday').fill('07:00 às 22:00');
    await screenshot(page, 'catalog-store-form');

    await byTestId('store-form-submit').click();
    await expectNotice('Loja incluída com sucesso');
    await dialog().waitFor({ state: 'hidden' });
    await input('store-search').fill(STORE);
    await waitForRow('stores-table', STORE);
    const [row] = await tableRows('stores-table');
    expect(row).toContain('Avenida Paulista, 1000');
    await screenshot(page, 'catalog-stores');

    await rowAction(STORE, 'Alterar');
    await dialog()
      .getByRole('heading', { name: `Alterando loja ${STORE}` })
      .waitFor();
    expect(await input('store-hours-sunday').inputValue()).toBe('08:00 às 14:00');
    await input('store-name').fill(`${STORE} Centro`);
    await byTestId('store-form-submit').click();
    await expectNotice('Loja alterada com sucesso');
    await waitForRow('stores-table', `${STORE} Centro`);
  });

  it('creates and edits a payment method with the spec texts', async () => {
    await open('/payments', 'Formas de pagamento');
    await byTestId('payment-new').click();
    await byTestId('payment-form-submit').click();
    await expect.poll(() => dialog().textContent()).toContain('Digite a descrição da forma de pagamento');
    await input('payment-description').fill(PAYMENT);
    await input('payment-installments').fill('80');
    await byTestId('payment-form-submit').click();
    await expect
      .poll(() => dialog().textContent())
      .toContain('O número máximo de parcelas deve estar entre 1 e 72.');
    await input('payment-installments').fill('12');
    await byTestId('payment-form-submit').click();
    await expectNotice('Forma de Pagamento cadastrada com sucesso');
    await dialog().waitFor({ state: 'hidden' });

    await input('payment-search').fill(PAYMENT);
    await waitForRow('payments-table', PAYMENT);
    expect((await tableRows('payments-table'))[0]).toContain('12');

    await rowAction(PAYMENT, 'Alterar');
    await input('payment-visible').uncheck();
    await byTestId('payment-form-submit').click();
    await expectNotice('Forma de Pagamento alterada com sucesso');
    await dialog().waitFor({ state: 'hidden' });
    await choose('payment-visible-filter', 'Visível: não');
    await waitForRow('payments-table', PAYMENT);
    await screenshot(page, 'catalog-payments');
  });

  it('creates a brand and a supplier', async () => {
    await open('/brands', 'Marcas');
    await byTestId('brand-new').click();
    await input('brand-reference').fill(`M${stamp}`);
    await input('brand-description').fill(`E2E Marca ${stamp}`);
    await byTestId('brand-form-submit').click();
    await expectNotice('Marca cadastrada com sucesso');
    await input('brand-search').fill(`E2E Marca ${stamp}`);
    await waitForRow('brands-table', `M${stamp}`);
    await expect.poll(() => byTestId('list-total').textContent()).toBe('Total de 1 marca(s)');
    await screenshot(page, 'catalog-brands');

    await open('/partners', 'Fornecedores');
    await byTestId('partner-new').click();
    await input('partner-reference').fill(`F${stamp}`);
    await input('partner-name').fill(`E2E Fornecedor ${stamp}`);
    await input('partner-document').fill(CNPJ);
    expect(await input('partner-document').inputValue()).toBe(maskCnpj(CNPJ));
    await byTestId('partner-form-submit').click();
    await expectNotice('Fornecedor cadastrado com sucesso');
    await input('partner-search').fill(`E2E Fornecedor ${stamp}`);
    await waitForRow('partners-table', maskCnpj(CNPJ));
    await expect.poll(() => byTestId('list-total').textContent()).toBe('Total de 1 fornecedor(es)');
    await screenshot(page, 'catalog-partners');
  });
});

/** Whether a notice (or anything else) lies over the middle of `target`: what a click there would hit. */
async function coveredBy(target: Locator): Promise<string | null> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && (el === hit || el.contains(hit))
      ? null
      : (hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? hit?.tagName ?? 'nothing');
  });
}

describe('catalogue forms as a user meets them', () => {
  it("clears a field's message as soon as the field is corrected (product, category, store)", async () => {
    await open('/products', 'Mercadorias');
    await byTestId('product-new').click();
    await byTestId('product-form-submit').click();
    await expect.poll(() => dialog().textContent()).toContain('Digite o codigo da mercadoria');
    await input('product-code').fill('7891000100103');
    await expect.poll(() => dialog().textContent()).not.toContain('Digite o codigo da mercadoria');
    expect(await dialog().textContent()).toContain('Digite a descricao da mercadoria');
    await input('product-description').fill('Arroz');
    await expect.poll(() => dialog().textContent()).not.toContain('Digite a descricao da mercadoria');
    await input('product-pack').fill('');
    await byTestId('product-form-submit').click();
    await expect
      .poll(() => dialog().locator('[id$="-error"], [class*="error__message"]').count())
      .toBeGreaterThan(0);
    await input('product-pack').fill('2');
    await expect.poll(() => dialog().locator('[class*="error__message"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog().getByRole('button', { name: 'Descartar' }).click();
    await dialog().waitFor({ state: 'hidden' });

    await open('/categories', 'Categorias');
    await byTestId('category-new').click();
    await byTestId('category-form-submit').click();
    await expect.poll(() => dialog().textContent()).toContain('Digite a descrição da mercadoria');
    await input('category-description').fill('Bebidas');
    await expect.poll(() => dialog().textContent()).not.toContain('Digite a descrição da mercadoria');
    expect(await dialog().textContent()).toContain('Digite a referência da categoria');
    await input('category-reference').fill('BEB');
    await expect.poll(() => dialog().locator('[class*="error__message"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog().getByRole('button', { name: 'Descartar' }).click();
    await dialog().waitFor({ state: 'hidden' });

    await open('/stores', 'Lojas');
    await byTestId('store-new').click();
    await byTestId('store-form-submit').click();
    await expect.poll(() => dialog().textContent()).toContain('Digite o endereço da loja');
    await input('store-name').fill('Loja Sem Erros');
    await input('store-zipcode').fill('01310100');
    await expect
      .poll(() => input('store-address').inputValue(), { timeout: 15_000 })
      .toBe('Avenida Paulista');
    await expect.poll(() => dialog().locator('[class*="error__message"]').count()).toBe(0);
    await input('store-latitude').fill('200');
    await byTestId('store-form-submit').click();
    await expect.poll(() => dialog().textContent()).toContain('Latitude inválida.');
    await input('store-latitude').fill('-23.5');
    await expect.poll(() => dialog().textContent()).not.toContain('Latitude inválida.');
    await screenshot(page, 'catalog-store-errors-cleared');
    await page.keyboard.press('Escape');
    await dialog().getByRole('button', { name: 'Descartar' }).click();
    await dialog().waitFor({ state: 'hidden' });
  });

  it("asks before 'Cancelar' discards typed changes, and closes at once when nothing changed", async () => {
    await open('/products', 'Mercadorias');
    await byTestId('product-new').click();
    await dialog().getByRole('heading', { name: 'Criando novo produto' }).waitFor();
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'hidden' });

    await byTestId('product-new').click();
    await input('product-description').fill('Feijão preto');
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await page.getByText('Descartar alterações?').waitFor();
    await screenshot(page, 'catalog-discard-confirm');
    await page.getByRole('button', { name: 'Continuar editando' }).click();
    expect(await input('product-description').inputValue()).toBe('Feijão preto');
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Descartar' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('keeps notices clear of the primary button', async () => {
    await open('/products', 'Mercadorias');
    await byTestId('product-new').click();
    await input('product-code').fill(`789${stamp}002`.slice(0, 13));
    await input('product-description').fill(`E2E Aviso ${stamp}`);
    await byTestId('product-form-submit').click();
    await expectNotice('Mercadoria incluida com sucesso');
    await dialog().waitFor({ state: 'hidden' });
    expect(await coveredBy(byTestId('product-new'))).toBeNull();
    await screenshot(page, 'catalog-notice-layout');
  });

  it("shows 'Mapa indisponível' inside the map when its tiles cannot load", async () => {
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    try {
      await open('/stores', 'Lojas');
      await byTestId('store-new').click();
      await expect
        .poll(() => byTestId('store-map').textContent(), { timeout: 15_000 })
        .toContain('Mapa indisponível');
      await screenshot(page, 'catalog-map-unavailable');
      await dialog().getByRole('button', { name: 'Cancelar' }).click();
      await dialog().waitFor({ state: 'hidden' });
    } finally {
      await context.unroute(/tile\.openstreetmap\.org/);
    }
  });
});
