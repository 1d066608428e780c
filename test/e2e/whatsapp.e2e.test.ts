import { addDays, localDay } from '@freguesia/shared/domain/dates';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot as saveScreenshot } from '../support/browser';
import { registerCloudApiChannel } from '../support/channels';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';
import { eventually } from '../support/wait';

/**
 * WhatsApp through headless Chromium against the real local runtime (spec part 3 §2 'WhatsApp
 * campaigns', 'Reports', 'Settings' › 'Central de Atendimentos', §4, §5, §8): a channel of the
 * official Cloud API is registered on the runtime's stand-in partner (its token never shows again,
 * 'Conectado', 'Já está conectado!'); a WPPM campaign for a one-customer lead is written with the
 * message builder (the phone preview fills {{primeiro_nome}}), refused while incomplete, saved
 * ('Campanha cadastrada com sucesso'), found in the list 'Aguardando', sent from its flow view and
 * seen 'Finalizada' with its one message; a deleted campaign shows under 'Excluídas', read-only;
 * the 'Dashboard WhatsApp' shows the channel and the export button's texts. One browser session; the tests build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

const stamp = String(Date.now()).slice(-6);
const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const CHANNEL = `Canal E2E ${letters}`;
const CAMPAIGN = `WPP E2E ${letters}`;
const LEAD = `Lead WPP ${letters}`;
const tomorrow = addDays(localDay(), 1).split('-').reverse().join('/');
let leadId = 0;
let channelId = 0;

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string) => byTestId(id).locator('input, textarea').first();
const bodyText = () => page.locator('body').innerText();
const notices = () => page.getByTestId('notifications');
async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 20_000 }).toContain(text);
}
const screenshot = (name: string) => saveScreenshot(page, `whatsapp-${name}`);
/** Opens a Cloudscape Select and picks the option whose text contains `text`. */
async function pick(testId: string, text: string) {
  await byTestId(testId).locator('button').first().click();
  await page.getByRole('option').filter({ hasText: text }).first().click();
}
async function rowMenu(table: string, text: string, action: string) {
  const row = byTestId(table).locator('tbody tr').filter({ hasText: text }).first();
  await row.getByRole('button', { name: /^Opções de/ }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  // A customer of the seed with a cellphone who accepts WhatsApp, alone in a manual lead.
  const customers = await apiCall<{ data: { id: number; cellphone?: string | null }[] }>(
    token,
    'GET',
    '/web/customers?page=1&per_page=20',
  );
  let customer: { id: number } | undefined;
  for (const c of customers.body.data ?? []) {
    if ((c.cellphone ?? '').replace(/\D/g, '').length < 10) continue;
    const full = await apiCall<{ whatsapp_optout?: string }>(token, 'GET', `/web/customer/${c.id}`);
    if (full.body.whatsapp_optout !== 'Y') {
      customer = c;
      break;
    }
  }
  expect(customer, 'a seeded customer with a cellphone who accepts WhatsApp').toBeDefined();
  const lead = await apiCall<{ id: number }>(token, 'POST', '/web/lead/new/list', {
    description: LEAD,
    customers: [{ id_customer: customer!.id }],
  });
  expect(lead.status).toBe(200);
  leadId = lead.body.id;
  // The lead becomes valid once its population is counted.
  await eventually(
    `lead ${leadId} counted`,
    async () => (await apiCall<{ id: number; population?: number }[]>(token, 'GET', '/web/leads/valid')).body,
    (valid) => valid.find((l) => l.id === leadId)?.population === 1,
    { intervalMs: 500 },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR' });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('WhatsApp (staff)', () => {
  it('registers a Cloud API channel: write-only token, Conectado, "Já está conectado!"', async () => {
    const channel = await registerCloudApiChannel(page, {
      description: CHANNEL,
      phoneId: '1098765',
      account: 'waba-e2e',
      token: 'meta-access-token-e2e-9f3a',
      appSecret: 'meta-app-secret-e2e',
    });
    const row = channel.row;
    channelId = channel.id;
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('Conectado');
    expect(await bodyText()).not.toContain('meta-access-token-e2e-9f3a');
    await screenshot('channels');

    // Editing shows that a token is set (its last 4 characters), never the token.
    await rowMenu('channels-table', CHANNEL, 'Alterar');
    await byTestId('channel').getByText('Definido (…9f3a). Deixe em branco para manter.').waitFor();
    expect(await input('channel-token').inputValue()).toBe('');
    await byTestId('channel').getByRole('button', { name: 'Cancelar' }).click();

    await rowMenu('channels-table', CHANNEL, 'Conectar');
    await expectNotice('Já está conectado!');
    // The attendance flow of the channel is one click away (its screen comes with customer service).
    const row2 = byTestId('channels-table').locator('tbody tr').filter({ hasText: CHANNEL }).first();
    await row2.getByRole('button', { name: /^Opções de/ }).click();
    await page.getByRole('menuitem', { name: 'Fluxo de Atendimento', exact: true }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('creates a WPPM campaign for a lead with the message builder and sees it sent', async () => {
    await page.goto(`${baseUrl()}/communication/whatsapp`);
    await byTestId('wa-table').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Nova Campanha de Whatsapp' }).click();
    await page.waitForURL((url) => url.pathname === '/communication/whatsapp/new');
    await page.getByRole('heading', { name: 'Nova Campanha de Whatsapp' }).waitFor({ timeout: 20_000 });

    // Incomplete: the spec's messages under the fields, nothing saved.
    await byTestId('wa-submit').click();
    await expect.poll(bodyText).toContain('Informe a descrição da campanha');
    expect(await bodyText()).toContain('Selecione o canal');
    await page.getByRole('radio', { name: /Recorrente/ }).check();
    await byTestId('wa-submit').click();
    await expect.poll(bodyText).toContain('Informe a frequência de execução');
    await page.getByRole('radio', { name: /Uma vez/ }).check();

    await input('wa-description').fill(CAMPAIGN);
    await pick('wa-channel', CHANNEL);
    await byTestId('wa-audience').locator('input').first().check();
    await pick('wa-audience-lead', LEAD);
    await byTestId('wa-ban-safety').locator('input').first().uncheck();
    await byTestId('wa-ban-warning').waitFor();
    await expect.poll(() => byTestId('wa-count-lead').textContent(), { timeout: 30_000 }).toBe('1');
    await expect.poll(() => byTestId('wa-count-reach').textContent()).toBe('1');
    await input('wa-schedule-day').fill(tomorrow);
    await input('wa-schedule-time').fill('10:30');
    await input('wa-flow-0-value').fill('Olá {{primeiro_nome}}, ofertas da semana!');
    await expect.poll(() => byTestId('wa-preview').textContent()).toContain('Olá Maria, ofertas da semana!');
    await screenshot('form');
    await byTestId('wa-submit').click();
    await expectNotice('Campanha cadastrada com sucesso');
    await page.waitForURL((url) => url.pathname === '/communication/whatsapp');

    const row = byTestId('wa-table').locator('tbody tr').filter({ hasText: CAMPAIGN }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain(`${tomorrow} 10:30`);
    expect(await row.innerText()).toContain(LEAD);
    expect(await row.innerText()).toContain('Aguardando');

    // The flow view: the message on the phone, and 'Enviar agora'.
    await rowMenu('wa-table', CAMPAIGN, 'Visualizar');
    await expect
      .poll(() => byTestId('wa-flow-preview').textContent(), { timeout: 15_000 })
      .toContain('Olá Maria');
    await byTestId('send-now').click();
    await byTestId('send-confirm').click();
    await expectNotice('Envio iniciado');
    await expect.poll(() => byTestId('send-status').textContent(), { timeout: 60_000 }).toBe('Concluída');
    await screenshot('flow-view');
    await byTestId('wa-flow-modal').getByRole('button', { name: 'Fechar', exact: true }).click();

    // 'Atualizar' reads the statuses again: Finalizada, its one message sent, and a speed.
    await expect
      .poll(
        async () => {
          await byTestId('wa-refresh').click();
          return row.innerText();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain('Finalizada');
    expect(await row.innerText()).toContain('1 / 1');
    expect(await row.innerText()).toMatch(/[\d,]+ s\/msg/);
    await screenshot('list');

    // Executed: it can no longer be deleted.
    await row.getByRole('button', { name: /^Opções de/ }).click();
    expect(await page.getByRole('menuitem', { name: 'Excluir' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
  });

  it("deletes a campaign and finds it under 'Excluídas', read-only", async () => {
    const GONE = `WPP Excluir ${letters}`;
    const created = await apiCall<{ id: number }>(token, 'POST', '/web/whatsapp/campaigns', {
      description: GONE,
      type: 'WPPM',
      channel_id: channelId,
      id_lead: leadId,
      run_type: 'O',
      run_on: `${addDays(localDay(), 2)} 09:00`,
      ban_safety: false,
      flow: [{ key: '1', type: 'T', value: 'Mensagem que foi excluída' }],
    });
    expect(created.status).toBe(200);
    await page.goto(`${baseUrl()}/communication/whatsapp`);
    const row = byTestId('wa-table').locator('tbody tr').filter({ hasText: GONE }).first();
    await row.waitFor({ timeout: 20_000 });
    await rowMenu('wa-table', GONE, 'Excluir');
    await page.getByRole('dialog').getByRole('button', { name: 'Sim, Excluir' }).click();
    await expectNotice('Campanha excluída com sucesso');
    await expect.poll(() => byTestId('wa-table').innerText(), { timeout: 15_000 }).not.toContain(GONE);

    // 'Excluídas': the deleted campaign with when it was deleted, and only its read-only options.
    await byTestId('wa-view').getByText('Excluídas', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('excluidas') === '1');
    const archived = byTestId('wa-table').locator('tbody tr').filter({ hasText: GONE }).first();
    await archived.waitFor({ timeout: 20_000 });
    expect(await byTestId('wa-table').locator('thead').innerText()).toContain('Excluída em');
    expect(await archived.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await byTestId('wa-table').innerText()).not.toContain(CAMPAIGN);
    await archived.getByRole('button', { name: /^Opções de/ }).click();
    const options = await page.getByRole('menuitem').allInnerTexts();
    expect(options.map((o) => o.trim())).toEqual(['Visualizar', 'Exportar (csv)']);
    await page.getByRole('menuitem', { name: 'Visualizar', exact: true }).click();
    await expect
      .poll(() => byTestId('wa-flow-preview').textContent(), { timeout: 15_000 })
      .toContain('Mensagem que foi excluída');
    expect(await byTestId('wa-flow-archived').innerText()).toContain('Excluída em');
    expect(await byTestId('send-now').count()).toBe(0);
    await screenshot('archived');
    await byTestId('wa-flow-modal').getByRole('button', { name: 'Fechar', exact: true }).click();

    // Back to 'Campanhas': the live list, without it.
    await byTestId('wa-view').getByText('Campanhas', { exact: true }).click();
    await expect.poll(() => byTestId('wa-table').innerText(), { timeout: 15_000 }).toContain(CAMPAIGN);
    expect(await byTestId('wa-table').innerText()).not.toContain(GONE);
  });

  it("opens the 'Dashboard WhatsApp' with the channel and the export texts", async () => {
    await page.goto(`${baseUrl()}/reports/whatsapp`);
    await page.getByRole('heading', { name: 'Dashboard WhatsApp' }).waitFor({ timeout: 20_000 });
    await byTestId('wa-report-audience').waitFor({ timeout: 20_000 });
    expect(await byTestId('wa-report-audience').textContent()).toContain(CHANNEL);
    expect(await byTestId('wa-report-export').textContent()).toBe("Exportar todos OptInOut's");
    expect(await byTestId('wa-report-days').textContent()).toContain('últimos 30 dias');
    for (const mark of ['Ontem', '1 Mês', '2 Meses', '6 Meses'])
      expect(await byTestId('wa-report-days').textContent()).toContain(mark);
    await pick('wa-report-channel', CHANNEL);
    await expect
      .poll(() => byTestId('wa-report-export').textContent())
      .toBe(`Exportar OptInOut's do canal ${channelId}`);
    await expect.poll(() => byTestId('wa-report-channels').textContent(), { timeout: 15_000 }).toBe('1');
    await byTestId('wa-report-days-chart').waitFor();
    await screenshot('report');
  });
});
