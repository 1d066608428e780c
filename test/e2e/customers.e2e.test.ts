import { cpfFromBase } from '@freguesia/shared/domain/document';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot as saveScreenshot } from '../support/browser';
import { adminCredentials, loginAs } from '../support/login';

/**
 * The staff customer screens through headless Chromium against the real local runtime
 * (spec part 1 §2, §3, §5, §8; part 3 §7-§8): the wizard creates a customer (the CEP lookup and
 * the geocoding answer from the local ViaCEP/Nominatim stand-in of the global setup: CEP
 * 01310-100 → Avenida Paulista, São Paulo/SP), the list finds it by name and by document, the
 * wizard edits it, the details tabs show it, and the list deletes it after the confirmation.
 *
 * The tests run in order and build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;

const stamp = String(Date.now()).slice(-6);
const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const NAME = `CLIENTE E2E ${letters}`;
const NEW_NAME = `CLIENTA E2E ${letters} ALTERADA`;
// A valid CPF generated for this run (check digits computed, never a real person's).
const CPF = cpfFromBase(`9${stamp}${String(Math.floor(Math.random() * 90) + 10)}`.slice(0, 9));
const CPF_MASKED = CPF.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** Full-page screenshot from the top (the sticky header would otherwise float mid-page). */
async function screenshot(p: Page, name: string) {
  await p.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(p, name);
}

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string, scope: Page | Locator = page) => byTestId(id, scope).locator('input').first();
const notices = () => page.getByTestId('notifications');
const dialog = () => page.locator('[role=dialog]:visible');

async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain(text);
}

async function choose(id: string, name: string) {
  await byTestId(id).locator('button').first().click();
  await page.getByRole('option', { name, exact: true }).first().click();
}

const rows = () => byTestId('customers-table').locator('tbody tr');

async function search(q: string) {
  const filter = byTestId('customers-table').locator('input[type=search]').first();
  await filter.fill(q);
  await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 10_000 }).toBe(q);
}

async function expectRowWith(text: string) {
  await expect
    .poll(async () => (await rows().allTextContents()).some((r) => r.includes(text)), { timeout: 15_000 })
    .toBe(true);
}

/** Clicks 'Buscar' in the associate-coupon modal and waits for the answer. */
async function searchBaskets() {
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/web/baskets/filter'), { timeout: 15_000 }),
    dialog().getByRole('button', { name: 'Buscar' }).click(),
  ]);
  await expect.poll(() => byTestId('associate-results').textContent()).not.toContain('Buscando compras');
}

/** Whether something (a notice…) lies over the middle of `target`: what a click there would hit. */
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

function row(text: string): Locator {
  return rows().filter({ hasText: text }).first();
}

/** Opens the row's 'Opções' menu and picks an action (Detalhes, Editar, Excluir). */
async function rowAction(text: string, action: 'Detalhes' | 'Editar' | 'Excluir') {
  await row(text)
    .getByRole('button', { name: /^Opções de / })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR' });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('customers (staff)', () => {
  it('lists customers with the search box, the total and "Novo cliente"', async () => {
    await page.goto(`${baseUrl()}/customers`);
    // The list's title is the table header (an h1: the list is the page's content).
    await page.getByRole('heading', { name: 'Clientes' }).first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => byTestId('list-total', byTestId('customers-table')).textContent(), { timeout: 15_000 })
      .toMatch(/^Total de [\d,]+[kM]? clientes?$/);
    expect(await page.getByRole('button', { name: 'Novo cliente' }).isVisible()).toBe(true);
    await screenshot(page, 'customers-list');

    await search('ZZZZ NINGUEM');
    await expect
      .poll(() => byTestId('customers-table').textContent(), { timeout: 15_000 })
      .toContain('Nenhum cliente encontrado.');
  });

  it('creates a customer through the four-step wizard', async () => {
    await page.goto(`${baseUrl()}/customers`);
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    await page.waitForURL((url) => url.pathname === '/customer/new');
    await input('customer-document').waitFor();
    expect(await page.getByText('Dados Pessoais').first().isVisible()).toBe(true);

    // Próximo validates the step with the spec's messages.
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Digite o CPF do cliente');
    expect(await page.textContent('body')).toContain('Digite o nome do cliente');
    expect(await page.textContent('body')).toContain('Escolha o Sexo do cliente');
    await screenshot(page, 'customers-wizard-step1-errors');

    // An invalid CPF is refused on blur and the field is cleared.
    await input('customer-document').fill('123.456.789-00');
    await input('customer-fullname').click();
    await expectNotice('Documento Invalido, verifique novamente.');
    expect(await input('customer-document').inputValue()).toBe('');

    await input('customer-document').fill(CPF);
    expect(await input('customer-document').inputValue()).toBe(CPF_MASKED);
    await input('customer-fullname').fill(NAME.toLowerCase());
    expect(await input('customer-fullname').inputValue()).toBe(NAME);
    await input('customer-date-birth').fill('07031990');
    expect(await input('customer-date-birth').inputValue()).toBe('07/03/1990');
    await choose('customer-gender', 'Feminino');
    await choose('customer-marital', 'Casado(a)');
    await input('customer-email').fill(`e2e.${stamp}@example.com`);
    await input('customer-cellphone').fill('11987654321');
    expect(await input('customer-cellphone').inputValue()).toBe('(11) 9.8765-4321');
    await screenshot(page, 'customers-wizard-step1');
    await page.getByRole('button', { name: 'Próximo' }).click();

    // Step 2: the CEP lookup fills the address; the number's blur geocodes (marker at zoom 17).
    await input('customer-zipcode').waitFor();
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Digite o CEP');
    expect(await page.textContent('body')).toContain('Digite o Endereco');
    await input('customer-zipcode').fill('01310100');
    await expect
      .poll(() => input('customer-address').inputValue(), { timeout: 15_000 })
      .toBe('Avenida Paulista');
    expect(await input('customer-neighborhood').inputValue()).toBe('Bela Vista');
    await expect
      .poll(() => byTestId('customer-city').textContent(), { timeout: 10_000 })
      .toMatch(/S[ÃA]O PAULO|São Paulo/i);
    await input('customer-number').fill('1000');
    await input('customer-complement').click();
    await expect
      .poll(() => byTestId('customer-form-map').locator('.app-map-pin').count(), { timeout: 15_000 })
      .toBe(1);
    await screenshot(page, 'customers-wizard-step2');
    await page.getByRole('button', { name: 'Próximo' }).click();

    // Step 3 (optional): credit analysis.
    await input('customer-employer').waitFor();
    await input('customer-employer').fill('Mercado Central');
    await input('customer-income').fill('3.500,00');
    await input('customer-limit').fill('30');
    await screenshot(page, 'customers-wizard-step3');
    await page.getByRole('button', { name: 'Próximo' }).click();

    // Step 4 (optional): contacts.
    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    await input('contact-0-name').fill('Joana');
    await choose('contact-0-type', 'Familiar');
    await input('contact-0-cellphone').fill('21912345678');
    await screenshot(page, 'customers-wizard-step4');
    await page.getByRole('button', { name: 'Finalizar' }).click();

    await page.waitForURL((url) => url.pathname === '/customers', { timeout: 15_000 });
    await expectNotice('Cliente incluido com sucesso');
  });

  it('finds the customer by name and by document', async () => {
    await search(NAME);
    await expect
      .poll(() => byTestId('list-total', byTestId('customers-table')).textContent(), { timeout: 15_000 })
      .toBe('Total de 1 cliente');
    await expectRowWith(NAME);
    expect(await row(NAME).textContent()).toContain(CPF_MASKED);
    expect(await row(NAME).textContent()).toContain('(11) 9.8765-4321');
    expect(await row(NAME).textContent()).toContain('São Paulo/SP');
    expect(await row(NAME).textContent()).toContain('Plataforma');
    await screenshot(page, 'customers-search-name');

    await search(CPF_MASKED);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    await expectRowWith(NAME);
    await screenshot(page, 'customers-search-document');
  });

  it('redirects a new registration of an existing document to its edit form', async () => {
    await page.goto(`${baseUrl()}/customer/new`);
    await input('customer-document').waitFor();
    await input('customer-document').fill(CPF);
    await input('customer-fullname').click();
    await expectNotice('Atencao: Este cliente ja possui cadastro, redirecionando para edicao dos dados');
    await page.waitForURL((url) => /^\/customer\/edit\/\d+$/.test(url.pathname), { timeout: 15_000 });
    await expect.poll(() => input('customer-fullname').inputValue(), { timeout: 15_000 }).toBe(NAME);
  });

  it('edits the customer (changes the name)', async () => {
    await page.goto(`${baseUrl()}/customers?q=${encodeURIComponent(NAME)}`);
    await expectRowWith(NAME);
    await rowAction(NAME, 'Editar');
    await page.waitForURL((url) => url.pathname.startsWith('/customer/edit/'));
    await expect.poll(() => input('customer-fullname').inputValue(), { timeout: 15_000 }).toBe(NAME);
    expect(await input('customer-document').inputValue()).toBe(CPF_MASKED);
    expect(await input('customer-date-birth').inputValue()).toBe('07/03/1990');
    await input('customer-fullname').fill(NEW_NAME);
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect
      .poll(() => input('customer-address').inputValue(), { timeout: 10_000 })
      .toBe('Avenida Paulista');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect
      .poll(() => input('customer-employer').inputValue(), { timeout: 10_000 })
      .toBe('Mercado Central');
    expect(await input('customer-income').inputValue()).toBe('3.500,00');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect.poll(() => input('contact-0-name').inputValue(), { timeout: 10_000 }).toBe('Joana');
    await screenshot(page, 'customers-edit-step4');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.waitForURL((url) => url.pathname === '/customers', { timeout: 15_000 });
    await expectNotice('Cliente atualizado com sucesso');
  });

  it('shows the details tabs', async () => {
    await search(NEW_NAME);
    await expectRowWith(NEW_NAME);
    await rowAction(NEW_NAME, 'Detalhes');
    await page.waitForURL((url) => url.pathname.startsWith('/customer/details/'));
    await page.getByRole('heading', { level: 1, name: NEW_NAME }).waitFor({ timeout: 15_000 });

    // Sobre o cliente: map with the customer's marker, KPI cards.
    await expect
      .poll(() => byTestId('customer-details-map').locator('.app-map-pin').count(), { timeout: 15_000 })
      .toBe(1);
    expect(await byTestId('kpi-average-basket').textContent()).toContain('R$ 0,00');
    expect(await byTestId('kpi-channel').textContent()).toContain('Plataforma');
    expect(await byTestId('kpi-purchases').textContent()).toContain('0');
    await screenshot(page, 'customers-details-about');

    // Compras: period filter, empty table, associate-coupon modal (a purchase made without identification).
    await page.getByRole('tab', { name: 'Compras' }).click();
    await expect
      .poll(() => byTestId('purchases-table').textContent(), { timeout: 15_000 })
      .toContain('Nenhuma compra encontrada no período.');
    await screenshot(page, 'customers-details-purchases');
    await page.getByRole('button', { name: 'Associar cupom' }).click();
    await dialog().getByText('Compras encontradas').waitFor();
    await input('associate-coupon-input', dialog()).fill('NAO-EXISTE');
    await searchBaskets();
    await expect
      .poll(() => byTestId('associate-results').textContent(), { timeout: 15_000 })
      .toContain('Nenhuma compra encontrada.');
    await input('associate-coupon-input', dialog()).fill('');

    // The seeded demo has purchases without identification every day: associate one of them.
    let coupon: string | undefined;
    for (let back = 1; back <= 10 && !coupon; back++) {
      const day = new Date(Date.now() - back * 86_400_000);
      const typed = `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
      await input('associate-date', dialog()).fill(typed);
      expect(await input('associate-date', dialog()).inputValue()).toBe(typed);
      await searchBaskets();
      const first = byTestId('associate-results').locator('tbody tr').first();
      if ((await first.locator('input[type=checkbox]').count()) > 0) {
        coupon = (await first.locator('[data-testid=basket-coupon]').textContent())?.trim();
        await first.locator('input[type=checkbox]').check();
      }
    }
    expect(coupon, 'an unidentified purchase in the last 10 days').toBeTruthy();
    await screenshot(page, 'customers-details-associate');
    await byTestId('associate-submit').click();
    await expectNotice('Cupom associado ao cliente com sucesso !');
    await expect.poll(() => dialog().count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => byTestId('purchases-table').textContent(), { timeout: 15_000 })
      .toContain(coupon!);
    // Expanding the purchase shows its products and payments.
    await byTestId('purchases-table').locator('tbody tr').first().locator('button').first().click();
    await expect
      .poll(() => byTestId('purchases-table').textContent(), { timeout: 10_000 })
      .toContain('Pagamento:');
    await screenshot(page, 'customers-details-purchase-expanded');

    // Campanhas: the customer's tickets and prizes (the seed has no ticket campaign).
    await page.getByRole('tab', { name: 'Campanhas' }).click();
    await page.getByText('Nenhuma campanha de tickets.').first().waitFor();
    await page.getByText('Nenhum prêmio deste cliente no período.').waitFor();

    await page.getByRole('tab', { name: 'Ocorrências' }).click();
    await byTestId('customer-timeline').waitFor();
    const timeline = await byTestId('customer-timeline').textContent();
    expect(timeline).toContain('Cadastro');
    expect(timeline).toContain('Alteração cadastral');
    expect(timeline).toContain('Plataforma');
    // Newest first: the update is listed before the registration.
    expect(timeline!.indexOf('Alteração cadastral')).toBeLessThan(timeline!.indexOf('Cliente cadastrado'));
    await screenshot(page, 'customers-details-events');

    await page.getByRole('tab', { name: 'Integrações' }).click();
    await page.getByText('Nenhuma integração encontrada para este cliente.').waitFor();
    await screenshot(page, 'customers-details-integrations');
  });

  it('deletes the customer after the confirmation', async () => {
    await page.goto(`${baseUrl()}/customers?q=${encodeURIComponent(NEW_NAME)}`);
    await expectRowWith(NEW_NAME);

    await rowAction(NEW_NAME, 'Excluir');
    await dialog().getByText('Tem certeza que deseja excluir este cliente ?').waitFor();
    expect(await dialog().getByRole('button', { name: 'Sim, Excluir' }).isVisible()).toBe(true);
    await screenshot(page, 'customers-delete-confirm');
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expectRowWith(NEW_NAME);

    await rowAction(NEW_NAME, 'Excluir');
    await dialog().getByRole('button', { name: 'Sim, Excluir' }).click();
    await expectNotice('Cliente excluído com sucesso');
    // The notice never lies over the page's primary button.
    expect(await coveredBy(page.getByRole('button', { name: 'Novo cliente' }))).toBeNull();
    await expect
      .poll(() => byTestId('customers-table').textContent(), { timeout: 15_000 })
      .toContain('Nenhum cliente encontrado.');
    await screenshot(page, 'customers-deleted');
  });

  it('hides create, edit, delete and associate from a user who only reads Customers', async () => {
    // Arranged through the API from the admin's browser session (the browser resolves *.localhost).
    const readerDocument = cpfFromBase(`8${String(stamp).replace(/\D/g, '').slice(-8).padStart(8, '0')}`);
    const reader = await page.evaluate(
      async ({ suffix, document }) => {
        const token = (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token;
        const call = async (path: string, body: unknown) => {
          const res = await fetch(`/api${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(body),
          });
          return { status: res.status, body: (await res.json()) as { id?: number } };
        };
        const role = await call('/web/role/new', {
          role: `Consulta clientes ${suffix}`,
          description: 'Somente leitura de clientes (e2e)',
          permissions: [{ id: 1 }, { id: 2 }], // read Auth, read Customers
        });
        const user = await call('/web/user/new', {
          email: `leitura.clientes.${suffix}@freguesia.dev`,
          fullname: 'Leitura de Clientes',
          shortname: 'Leitura',
          document,
          role_id: role.body.id,
          all_stores: 'Y',
          store_id: null,
          password: 'leitura-123',
          password_confirmation: 'leitura-123',
        });
        return { role: role.status, user: user.status, email: `leitura.clientes.${suffix}@freguesia.dev` };
      },
      { suffix: stamp, document: readerDocument },
    );
    expect(reader.role).toBe(200);
    expect(reader.user).toBe(200);

    const readerContext = await browser.newContext({
      viewport: { width: 1440, height: 1000 },
      locale: 'pt-BR',
    });
    const readerPage = await readerContext.newPage();
    try {
      await loginAs(readerPage, { email: reader.email, password: 'leitura-123' });
      await readerPage.goto(`${baseUrl()}/customers`);
      // Wait for customer rows (a row with the name link), not the 'Carregando clientes' row of the loading table.
      const readerRows = readerPage
        .locator('[data-testid="customers-table"] tbody tr')
        .filter({ has: readerPage.getByRole('link') });
      await expect.poll(() => readerRows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await readerPage.getByRole('button', { name: 'Novo cliente' }).count()).toBe(0);
      expect(
        await readerPage
          .locator('[data-testid="customers-table"]')
          .getByRole('button', { name: /^Opções de / })
          .count(),
      ).toBe(0);
      // The 'Opções' cell (last column at 1440 px: none is hidden) shows '-' instead of the actions menu.
      expect((await readerRows.first().locator('td').last().textContent())?.trim()).toBe('-');
      await screenshot(readerPage, 'customers-list-read-only');

      await readerRows.first().getByRole('link').first().click();
      await readerPage.waitForURL((url) => url.pathname.startsWith('/customer/details/'));
      await readerPage.getByRole('tab', { name: 'Compras' }).waitFor({ timeout: 15_000 });
      expect(await readerPage.getByRole('button', { name: 'Editar' }).count()).toBe(0);
      await readerPage.getByRole('tab', { name: 'Compras' }).click();
      await readerPage.locator('[data-testid="purchases-table"]').waitFor();
      expect(await readerPage.getByRole('button', { name: 'Associar cupom' }).count()).toBe(0);

      await readerPage.goto(`${baseUrl()}/customer/new`);
      await readerPage.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(() => readerPage.getByTestId('notifications').textContent())
        .toContain('Você não tem permissão para acessar esta página');
    } finally {
      await readerContext.close();
    }
  });
});

describe('customer screens as a user meets them', () => {
  const OTHER_CPF = cpfFromBase(`7${stamp}${String(Math.floor(Math.random() * 90) + 10)}`.slice(0, 9));

  /** Fills step 1 with the required fields and moves to 'Localização'. */
  async function toAddressStep() {
    await page.goto(`${baseUrl()}/customer/new`);
    await input('customer-document').waitFor({ timeout: 20_000 });
    await input('customer-document').fill(OTHER_CPF);
    await input('customer-fullname').fill(`ENDERECO E2E ${letters}`);
    await choose('customer-gender', 'Masculino');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await input('customer-zipcode').waitFor();
  }

  /** Picks an option of a filterable select by typing part of its name. */
  async function pick(id: string, typed: string, name: string | RegExp) {
    await byTestId(id).locator('button').first().click();
    // Cloudscape's select filter is a text input with the combobox role (not type=search).
    await byTestId(id).locator('input[role=combobox]').first().fill(typed);
    // A city is found by its text: in the long, virtually scrolled city list the accessible name is not the label alone.
    const option =
      typeof name === 'string'
        ? page.getByRole('option').filter({ hasText: name })
        : page.getByRole('option', { name });
    await option.first().click();
  }

  it('places the marker once the address is complete, in any order, and says so when nothing is found', async () => {
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    try {
      await toAddressStep();
      const map = byTestId('customer-form-map');
      // Number first, then the street, then state and city: no field is left last.
      await input('customer-number').fill('1000');
      await input('customer-address').fill('Avenida Paulista');
      await pick('customer-state', 'SP', /^SP\b/);
      await pick('customer-city', 'São Paulo', 'São Paulo');
      await expect.poll(() => map.locator('.app-map-pin').count(), { timeout: 15_000 }).toBe(1);
      // The tiles cannot load here: the map says so inside its area, and still shows the marker.
      await expect.poll(() => map.textContent(), { timeout: 15_000 }).toContain('Mapa indisponível');
      await screenshot(page, 'customers-wizard-geocoded-any-order');

      await input('customer-address').fill('Rua Que Nao Existe');
      await expect
        .poll(() => byTestId('customer-geocode-status').textContent(), { timeout: 15_000 })
        .toContain('Endereço não localizado no mapa');
      expect(await map.locator('.app-map-pin').count()).toBe(0);
      await screenshot(page, 'customers-wizard-geocode-not-found');

      // Unsaved changes: 'Cancelar' asks first.
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByText('Descartar alterações?').waitFor();
      await page.getByRole('button', { name: 'Continuar editando' }).click();
      expect(new URL(page.url()).pathname).toBe('/customer/new');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('button', { name: 'Descartar' }).click();
      await page.waitForURL((url) => url.pathname === '/customers');
    } finally {
      await context.unroute(/tile\.openstreetmap\.org/);
    }
  });

  it('asks before leaving a changed form through the menu', async () => {
    await toAddressStep();
    await page.getByTestId('side-navigation').getByRole('link', { name: 'Clientes', exact: true }).click();
    await page.getByText('Descartar alterações?').waitFor();
    await page.getByRole('button', { name: 'Continuar editando' }).click();
    expect(new URL(page.url()).pathname).toBe('/customer/new');
    await page.getByTestId('side-navigation').getByRole('link', { name: 'Clientes', exact: true }).click();
    await page.getByRole('button', { name: 'Descartar' }).click();
    await page.waitForURL((url) => url.pathname === '/customers');
  });

  it("says 'Cliente não encontrado.' once", async () => {
    for (const path of ['/customer/details/987654321', '/customer/edit/987654321']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByText('Cliente não encontrado.').first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500);
      const body = (await page.textContent('body')) ?? '';
      expect(body.split('Cliente não encontrado.').length - 1, path).toBe(1);
    }
    await screenshot(page, 'customers-not-found');
  });

  it('takes the purchase period typed as DD/MM/YYYY', async () => {
    await page.goto(`${baseUrl()}/customers`);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await rows().first().getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/customer/details/'));
    await page.getByRole('tab', { name: 'Compras' }).click();
    await input('purchases-from').fill('01022024');
    expect(await input('purchases-from').inputValue()).toBe('01/02/2024');
    await input('purchases-to').fill('31/03/2024');
    await expect
      .poll(() => byTestId('purchases-table').textContent(), { timeout: 15_000 })
      .toContain('De 01/02/2024 a 31/03/2024');
    await input('purchases-to').fill('31/02/2024');
    await expect.poll(() => byTestId('purchases-table').textContent()).toContain('Data inválida');
    await screenshot(page, 'customers-purchases-period');
  });

  it('stays readable at 800 px wide', async () => {
    const narrow = await browser.newContext({ viewport: { width: 800, height: 900 }, locale: 'pt-BR' });
    const p = await narrow.newPage();
    try {
      await loginAs(p, adminCredentials);
      await p.goto(`${baseUrl()}/customers`);
      const table = p.locator('[data-testid="customers-table"]');
      await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
      expect(headers).toEqual(expect.arrayContaining(['Nome', 'CPF/CNPJ', 'Celular']));
      // No letter-by-letter wrapping: every cell is wide enough for a word and a row stays low.
      const cells = await table
        .locator('tbody tr')
        .first()
        .locator('td')
        .evaluateAll((tds) =>
          tds.map((td) => ({
            width: td.getBoundingClientRect().width,
            height: td.getBoundingClientRect().height,
          })),
        );
      for (const cell of cells) expect(cell.width).toBeGreaterThanOrEqual(64);
      const rowHeights = await table
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
      expect(Math.max(...rowHeights)).toBeLessThan(90);
      await screenshot(p, 'customers-list-800px');
    } finally {
      await narrow.close();
    }
  });
});
