import { readFileSync } from 'node:fs';
import { read as readWorkbook, utils } from '@e965/xlsx';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfFromBase } from '@freguesia/shared/domain/document';
import { portalFormToPayload } from '@freguesia/shared/schemas/customer';
import { baseUrl, launchBrowser, screenshot as saveScreenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * The tags screen and tags on customers through headless Chromium against the real local
 * runtime (spec part 1 §2 '/tags', §3 Tag, §6, §7, §8): 'Nova tag' creates a tag, 'Alterar'
 * renames it, the search finds it, the customer details page assigns it to a customer registered
 * on the portal without a CEP (the tags are saved alone, the record is not re-validated),
 * the customer wizard shows it, delete is refused while the customer carries it (the server's
 * message is shown), export downloads the xlsx of its customers, and once the customer no
 * longer carries it the tag is deleted.
 *
 * The tests run in order and build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let customer: { id: number; fullname: string; document: string };

const stamp = String(Date.now()).slice(-6);
const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const TAG = `E2E TAG ${letters}`;
const RENAMED = `E2E ETIQUETA ${letters}`;

async function screenshot(p: Page, name: string) {
  await p.evaluate(() => window.scrollTo(0, 0));
  return saveScreenshot(p, name);
}

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string, scope: Page | Locator = page) => byTestId(id, scope).locator('input').first();
const dialog = () => page.locator('[role=dialog]:visible');
const rows = () => byTestId('tags-table').locator('tbody tr');
const row = (text: string) => rows().filter({ hasText: text }).first();

async function expectNotice(text: string) {
  await expect
    .poll(() => page.getByTestId('notifications').textContent(), { timeout: 15_000 })
    .toContain(text);
}

async function search(q: string) {
  await input('tag-search').fill(q);
  await expect.poll(() => new URL(page.url()).searchParams.get('q') ?? '', { timeout: 10_000 }).toBe(q);
}

async function expectRowWith(text: string) {
  await expect
    .poll(async () => (await rows().allTextContents()).some((r) => r.includes(text)), { timeout: 15_000 })
    .toBe(true);
}

async function rowAction(text: string, action: 'Alterar' | 'Excluir' | 'Exportar') {
  await row(text)
    .getByRole('button', { name: /^Opções de / })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The tag's population on /tags (maintained by the server as customers are saved). */
async function population(text: string): Promise<number> {
  await page.goto(`${baseUrl()}/tags?q=${encodeURIComponent(text)}`);
  await expectRowWith(text);
  // The description is the row header (th); the cells are População, Criado em, Atualizado em, Opções.
  const cells = await row(text).locator('td').allTextContents();
  return Number((cells[0] ?? '').replace(/\D/g, '') || 'NaN');
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 1440, height: 1000 },
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
  token = (await apiLogin(adminCredentials)).token;
  // A customer registered on the portal without a CEP (the staff form requires one): the tags
  // card must save the tags alone, not re-validate the whole record.
  const document = cpfFromBase(String(300_000_000 + Number(stamp)));
  const registered = await apiCall<{ id: number }>(
    undefined,
    'POST',
    '/customer/public/new',
    portalFormToPayload({
      document,
      fullname: `Cliente Tags ${letters}`,
      gender: 'F',
      date_birth: '10/05/1990',
      cellphone: '(11) 9.7777-6666',
      email: `tags.${stamp}@example.com`,
      zipcode: '',
      state: 'SP',
      id_city: '3550308',
      city: 'SÃO PAULO',
      neighborhood: '',
      address: '',
      number: '',
      complement: '',
      tags: [],
      password: 'minhaSenha1',
      password_confirmation: 'minhaSenha1',
      agreement: true,
      allow_sms: true,
      allow_whatsapp: true,
      allow_email: true,
      allow_app: true,
    }),
  );
  expect(registered.status).toBe(200);
  const record = await apiCall<{ fullname: string; document: string; zipcode: string | null }>(
    token,
    'GET',
    `/web/customer/${registered.body.id}`,
  );
  expect(record.body.zipcode ?? '').toBe('');
  customer = { id: registered.body.id, fullname: record.body.fullname, document: record.body.document };
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('tags', () => {
  it("creates a tag with 'Nova tag'", async () => {
    await page.goto(`${baseUrl()}/tags`);
    await page.getByRole('heading', { name: 'Tags', exact: true }).first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => byTestId('list-total', byTestId('tags-table')).textContent(), { timeout: 15_000 })
      .toMatch(/^Total de [\d.]+ tags?/);

    await byTestId('tag-new').click();
    await dialog().getByRole('heading', { name: 'Nova tag' }).waitFor();
    await byTestId('tag-form-submit').click();
    await expect.poll(() => dialog().textContent()).toContain('Informe a descrição da tag.');
    await input('tag-description').fill(TAG);
    await byTestId('tag-form-submit').click();
    await expectNotice('Tag cadastrada com sucesso');
    await dialog().waitFor({ state: 'hidden' });
    await search(TAG);
    await expectRowWith(TAG);
    expect(await row(TAG).textContent()).toContain(TAG);
    await screenshot(page, 'tags-list');
  });

  it("renames it with 'Alterar' and finds it by a word's beginning", async () => {
    await rowAction(TAG, 'Alterar');
    await dialog().getByRole('heading', { name: 'Alterar tag' }).waitFor();
    expect(await input('tag-description').inputValue()).toBe(TAG);
    await input('tag-description').fill(RENAMED);
    await byTestId('tag-form-submit').click();
    await expectNotice('Tag atualizado com sucesso');
    await dialog().waitFor({ state: 'hidden' });

    await search(`etiq ${letters.slice(0, 3).toLowerCase()}`);
    await expectRowWith(RENAMED);
    expect(await rows().count()).toBe(1);
    await search(`ZZZ NENHUMA ${letters}`);
    await expect
      .poll(() => byTestId('tags-table').textContent(), { timeout: 15_000 })
      .toContain('Nenhuma tag encontrada.');
  });

  it('assigns the tag to a customer on the details page; the wizard shows it', async () => {
    await page.goto(`${baseUrl()}/customer/details/${customer.id}`);
    await byTestId('customer-tags-edit').click();
    const select = byTestId('customer-tags-select');
    await select.locator('button').first().click();
    await select.getByRole('combobox', { name: 'Buscar tag' }).fill(RENAMED.slice(0, 10));
    await page.getByRole('option', { name: RENAMED }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'tags-customer-details-field');
    await byTestId('customer-tags-save').click();
    await expectNotice('Cliente atualizado com sucesso');
    await expect.poll(() => byTestId('customer-tags').textContent(), { timeout: 15_000 }).toContain(RENAMED);

    await page.goto(`${baseUrl()}/customer/edit/${customer.id}`);
    await expect
      .poll(() => byTestId('customer-tags-select').textContent(), { timeout: 20_000 })
      .toContain(RENAMED);
    await screenshot(page, 'tags-customer-wizard-field');
  });

  it('refuses to delete the tag while a customer carries it, with the server message', async () => {
    // The population follows the customer's save (kept by the server on write).
    await expect.poll(() => population(RENAMED), { timeout: 30_000, interval: 1_000 }).toBe(1);
    await rowAction(RENAMED, 'Excluir');
    await dialog().getByText('Tem certeza que deseja excluir esta tag ?').waitFor();
    await byTestId('confirm-delete').click();
    await expectNotice('Tag em uso por clientes não pode ser excluída.');
    await expectRowWith(RENAMED);
    await screenshot(page, 'tags-delete-refused');
  });

  it('exports the customers of the tag as xlsx', async () => {
    /** Clicks 'Exportar' and reads the downloaded workbook's lines. */
    const exported = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 20_000 }),
        rowAction(RENAMED, 'Exportar'),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an xlsx is a zip
      const book = readWorkbook(bytes);
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      return utils
        .sheet_to_json<unknown[]>(sheet, { header: 1 })
        .map((cells) => cells.map(String).join(' | '));
    };
    // Who carries a tag is indexed from the customers' change stream: a just-saved customer
    // shows up within a stream batch.
    let lines: string[] = [];
    await expect
      .poll(
        async () => {
          lines = await exported();
          return lines.length;
        },
        { timeout: 90_000, interval: 3_000 },
      )
      .toBe(2); // header + the one customer
    expect(lines[0]).toContain('fullname');
    expect(lines[1]).toContain(RENAMED);
    expect(lines[1]).toContain(customer.fullname);
  }, 150_000);

  it('deletes the tag once no customer carries it', async () => {
    await page.goto(`${baseUrl()}/customer/details/${customer.id}`);
    await byTestId('customer-tags-edit').click();
    await byTestId('customer-tags-select')
      .getByRole('button', { name: `Remover ${RENAMED}` })
      .click();
    await byTestId('customer-tags-save').click();
    await expectNotice('Cliente atualizado com sucesso');

    await expect.poll(() => population(RENAMED), { timeout: 30_000, interval: 1_000 }).toBe(0);
    await rowAction(RENAMED, 'Excluir');
    await byTestId('confirm-delete').click();
    await expectNotice('Tag excluída com sucesso');
    await expect
      .poll(() => byTestId('tags-table').textContent(), { timeout: 15_000 })
      .toContain('Nenhuma tag encontrada.');
  });
});
