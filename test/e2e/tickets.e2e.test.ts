import { localDateTime, localDay } from '@freguesia/shared/domain/dates';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * Ticket campaigns through headless Chromium against the real local runtime (spec part 2 §2.4,
 * §2.5, §5, §8; part 1 §2 customer details › Campaigns): a campaign is built in the five-step
 * editor (step validations with their 'Ops!' notices, one store, a prize schedule imported from an
 * .xlsx — a wrong file refused with the spec message), a purchase of a customer sent by the point
 * of sale earns its tickets and the released prize (the `tickets-grants` stream processor of the
 * runtime), and the customer's Campaigns tab prints the tickets to PDF, releases a reprint and
 * validates the prize. The tests run in order and build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let store: { id: number; name: string };
let otherStore: { id: number; name: string } | undefined;
let customer: { id: number; document: string; fullname: string };
let campaignId: number;

const stamp = String(Date.now()).slice(-6);
const DESCRIPTION = `TICKETS E2E ${stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!)}`;
const POS_TOKEN = 'frg_local_demo_integration'; // infra/local/seed/identity.ts

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string, scope: Page | Locator = page) => byTestId(id, scope).locator('input').first();
const button = (name: string) => page.getByRole('button', { name, exact: true });
const notices = () => page.getByTestId('notifications');
const stepHeading = (title: string) => page.getByRole('heading', { name: title, exact: true }).first();
const ddmmyyyy = (day: string) => day.split('-').reverse().join('/');

async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain(text);
}

/** An .xlsx with `rows` (first = header), as a file for the page's file input. */
async function sheet(name: string, rows: unknown[][]) {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Premios');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  const stores = (await apiCall<{ id: number; name: string }[]>(token, 'GET', '/web/stores')).body;
  store = stores[0]!;
  otherStore = stores[1];
  const customers = await apiCall<{ data: { id: number; document: string; fullname: string }[] }>(
    token,
    'GET',
    '/web/customers?page=1&per_page=5',
  );
  customer = customers.body.data[0]!;
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
  if (campaignId && token)
    await apiCall(token, 'DELETE', `/web/campaign/delete?id=${campaignId}`).catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('ticket campaigns (staff)', () => {
  it('has a store and a customer in the demo data', () => {
    expect(store?.id).toBeGreaterThan(0);
    expect(customer?.id).toBeGreaterThan(0);
  });

  it('creates a ticket campaign in the five-step editor with a prize schedule import', async () => {
    await page.goto(`${baseUrl()}/campaign/tickets`);
    await page.getByRole('heading', { name: 'Tickets' }).first().waitFor({ timeout: 20_000 });
    await button('Nova campanha').click();
    await page.waitForURL((url) => url.pathname === '/campaign/tickets/new');
    await byTestId('ticket-wizard-title').getByText('Nova campanha').waitFor({ timeout: 20_000 });

    // Step 1: what is missing stops the step with an 'Ops!' notice.
    await button('Próximo').click();
    await expectNotice('Informe a descrição da campanha');
    await input('ticket-description').fill(DESCRIPTION);
    await button('Próximo').click();
    await expectNotice('Selecione o Período');
    await byTestId('ticket-no-end').locator('input').check();
    await input('ticket-start').fill(ddmmyyyy(localDay()));
    await button('Próximo').click();
    await expectNotice('Informe o valor de troca');
    await input('ticket-value').fill('10,00');
    await byTestId('ticket-layout')
      .locator('textarea')
      .fill('<p>Ticket {{ticket}}</p><p>{{customer}}</p><p>{{campaign}}</p>');
    await byTestId('ticket-gift-layout').locator('textarea').fill('<p>Você ganhou {{gift}}</p>');
    await screenshot(page, 'tickets-editor-details');
    await button('Próximo').click();

    // Step 2: at least one store.
    await stepHeading('Lojas').waitFor();
    await button('Próximo').click();
    await expectNotice('Selecione uma loja para a campanha!');
    await byTestId(`campaign-stores-available-${store.id}`).locator('input').check();
    await byTestId('campaign-stores-add').click();
    await byTestId(`campaign-stores-selected-${store.id}`).waitFor();
    await button('Próximo').click();

    // Step 3: the template, a wrong file, then the schedule (only the selected store's rows stay).
    await stepHeading('Prêmios').waitFor();
    expect(await byTestId('prizes-template').getAttribute('href')).toBe('/templates/modelo-premios.xlsx');
    // The static template is served by the site (fetched by the page: *.localhost resolves in the browser).
    const templateStatus = await page.evaluate(
      async () => (await fetch('/templates/modelo-premios.xlsx')).status,
    );
    expect(templateStatus).toBe(200);
    const fileInput = byTestId('prizes-import').locator('input[type="file"]');
    await fileInput.setInputFiles(
      await sheet('errado.xlsx', [
        ['store', 'prize'],
        [store.id, 'TV'],
      ]),
    );
    await expectNotice('Layout incorreto verifique o template e tente novamente!');
    const released = localDateTime(Date.now() - 10 * 60_000);
    await fileInput.setInputFiles(
      await sheet('premios.xlsx', [
        ['loja', 'premio', 'data', 'hora_min', 'hora_max', 'hora_liberado'],
        [store.id, 'Bicicleta E2E', ddmmyyyy(released.slice(0, 10)), '', '', released.slice(11, 16)],
        [otherStore?.id ?? 999_999, 'Fora da campanha', ddmmyyyy(localDay()), 8, 9, ''],
      ]),
    );
    await expectNotice('Importação concluída, adicionados 1 / 2.');
    await byTestId('prizes-table').getByText('Bicicleta E2E').waitFor();
    expect(await byTestId('prizes-table').getByText('Fora da campanha').count()).toBe(0);
    await screenshot(page, 'tickets-editor-prizes');
    await button('Próximo').click();

    // Step 4: the whole base ('Segmentar' disabled).
    await stepHeading('Clientes').waitFor();
    expect(await byTestId('ticket-audience').getByRole('radio', { name: 'Segmentar' }).isDisabled()).toBe(
      true,
    );
    await button('Próximo').click();

    // Step 5: an empty accelerator is refused; without it the campaign saves.
    await stepHeading('Acelerador').waitFor();
    await byTestId('accelerator-add').click();
    await button('Finalizar').click();
    await expectNotice('Selecione o tipo do acelerador');
    await screenshot(page, 'tickets-editor-accelerators');
    await page.getByRole('button', { name: 'Remover acelerador 1' }).click();
    await button('Finalizar').click();
    await page.waitForURL((url) => url.pathname === '/campaign/tickets', { timeout: 15_000 });
    await expectNotice('Campanha cadastrada com sucesso');

    const listed = await apiCall<{ data: { id: number; description: string }[] }>(
      token,
      'GET',
      `/web/campaigns?page=1&per_page=20&types=T&q=${encodeURIComponent(DESCRIPTION)}`,
    );
    campaignId = listed.body.data.find((c) => c.description === DESCRIPTION)!.id;
    await byTestId('tickets-table').getByText(DESCRIPTION).waitFor({ timeout: 15_000 });
    await screenshot(page, 'tickets-list');
  });

  it('gives a customer purchase its tickets and the released prize', async () => {
    const sent = await apiCall<{ accepted: number }>(POS_TOKEN, 'POST', '/integration/baskets', {
      id_store: store.id,
      checkout: '7',
      coupon: `E2E${stamp}`,
      date: localDateTime(Date.now() - 60_000),
      document: customer.document,
      amount: 35,
      discount: 0,
      origin: 'PDV',
      items: [
        {
          code: '7891000100103',
          description: 'ARROZ 5KG',
          quantity: 1,
          unit_value: 35,
          total_value: 35,
          discount: 0,
        },
      ],
      payments: [{ method: 'Dinheiro', value: 35, installments: 1 }],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.accepted).toBe(1);
    // floor(35 / 10) = 3 tickets, issued by the stream processor within seconds.
    await expect
      .poll(
        async () =>
          (await apiCall<unknown[]>(token, 'GET', `/web/campaigns/${campaignId}/tickets/${customer.id}`)).body
            .length,
        { timeout: 30_000, interval: 500 },
      )
      .toBe(3);
  });

  it("prints the customer's tickets, releases a reprint and validates the prize on the Campaigns tab", async () => {
    await page.goto(`${baseUrl()}/customer/details/${customer.id}?tab=campanhas`);
    const tickets = byTestId('customer-tickets');
    await tickets.waitFor({ timeout: 20_000 });
    await byTestId('tickets-campaign').locator('button').first().click();
    // The campaign is picked by its label in the open list (Cloudscape names the option by its content).
    await page
      .locator('[role=listbox]')
      .getByText(new RegExp(`^${campaignId} - `))
      .first()
      .click();
    expect(await byTestId('tickets-campaign').innerText()).toContain(`${campaignId} - `);
    const rows = tickets.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    expect(await tickets.locator('tbody').textContent()).toContain('Gerado');
    await screenshot(page, 'customer-campaigns-tab');

    // Print all: a PDF with one page per ticket, then 'Impresso'.
    await tickets.getByRole('checkbox', { name: 'Todos os tickets' }).check();
    const download = page.waitForEvent('download');
    await byTestId('tickets-print').click();
    const pdf = await readFile(await (await download).path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3);
    await expectNotice('3 tickets impressos');
    await expect.poll(() => tickets.locator('tbody').textContent()).not.toContain('Gerado');

    // Release a reprint of one printed ticket.
    await rows.first().getByRole('checkbox').check();
    await byTestId('tickets-reprint').click();
    await expectNotice('Reimpressão liberada');
    await expect.poll(() => tickets.locator('tbody').textContent()).toContain('reimpressão liberada');

    // The prize won by the purchase, validated once.
    const prizes = byTestId('customer-prizes');
    await prizes.getByText('Bicicleta E2E').waitFor({ timeout: 15_000 });
    await prizes.getByRole('button', { name: 'Validar' }).first().click();
    await expectNotice('Prêmio Validado ao cliente com sucesso !');
    // Validated by the signed-in user: the button gives way to who validated and when.
    await expect.poll(() => prizes.getByRole('button', { name: 'Validar' }).count()).toBe(0);
    expect(await prizes.locator('[data-testid^="prize-validated-"]').first().textContent()).toMatch(
      / · \d{2}\/\d{2}\/\d{4}/,
    );
    await screenshot(page, 'customer-campaigns-validated');
  });
});
