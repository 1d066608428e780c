import { readFileSync } from 'node:fs';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl, launchBrowser, screenshot as saveScreenshot } from '../support/browser';
import { registerCloudApiChannel } from '../support/channels';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * Customer service end to end against the real local runtime (issue 24 item 6; spec part 3 §2
 * 'Customer service', 'Settings', §3 'Bot flow nodes', §7, §8): staff register a channel on the
 * runtime's stand-in WhatsApp partner (Cloud API) and a department, build the channel's bot flow in
 * 'Fluxo de Atendimento' (Início → Mensagem simples → Transferir to the department, the links drawn
 * with the mouse); a customer writes through the stand-in's signed webhook; the bot's reply leaves
 * through the partner (the stand-in's sent list, `/_local/whatsapp/sent`) and shows in the 'Conversa'
 * modal; the conversation is in the department's inbox; staff reply (the partner receives it) and
 * 'Finalizar Atendimento' ('Atendimento finalizado'). Then the WhatsApp CSV exports: the campaign
 * list's 'Exportar (csv)' and the report's opt-in/out export run as jobs and download a file with
 * its header row. One browser session; the tests build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

const stamp = String(Date.now()).slice(-6);
const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const CHANNEL = `Canal CS ${letters}`;
const RECEPTION = `Recepção ${letters}`;
const DEPARTMENT = `Setor ${letters}`;
const PHONE_ID = `77${stamp}`;
const APP_SECRET = `meta-app-secret-cs-${stamp}`;
/** A seeded customer's cellphone, as WhatsApp sends it (55 + DDD + number). */
let CUSTOMER = '';
let customerId = 0;
let customerName = '';
const BOT_TEXT = `Olá! Sou o assistente ${letters}.`;
const TRANSFER_TEXT = `Vou te passar para o ${DEPARTMENT}.`;
const STAFF_TEXT = `Oi, aqui é a equipe ${letters}. Como posso ajudar?`;
let channelId = 0;
let departmentId = 0;
let attendanceId = 0;

const LONG = 90_000;
const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string) => byTestId(id).locator('input, textarea').first();
const notices = () => page.getByTestId('notifications');
async function expectNotice(text: string, timeout = 30_000) {
  await expect.poll(() => notices().textContent(), { timeout }).toContain(text);
}
const screenshot = (name: string) => saveScreenshot(page, `customer-service-e2e-${name}`);
async function pick(testId: string, text: string) {
  await byTestId(testId).locator('button').first().click();
  await page.getByRole('option').filter({ hasText: text }).first().click();
}
async function rowMenu(table: string, text: string, action: string) {
  const row = byTestId(table).locator('tbody tr').filter({ hasText: text }).first();
  await row.getByRole('button', { name: /^Opções de/ }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The runtime's local WhatsApp partners (infra/local/whatsapp-route.ts). */
const local = (path: string, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${inject('runtimePort')}/_local/whatsapp${path}`, init);
interface Sent {
  identity: string;
  to: string;
  body: { type?: string; text?: { body?: string } };
}
/** The texts this test's channel sent to `phone` (other tests' campaigns may reach the same seeded customer). */
async function sentTo(phone: string): Promise<string[]> {
  const res = await local('/sent');
  const { data } = (await res.json()) as { data: Sent[] };
  return data.filter((m) => m.identity === PHONE_ID && m.to === phone).map((m) => m.body.text?.body ?? '');
}

/** Drags from one handle to another with the mouse, in small steps, as a user draws a link. */
async function drag(from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 5, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}
const outHandle = (node: string) =>
  byTestId(`flow-node-${node}`).locator('.react-flow__handle.source').first();
const inHandle = (node: string) =>
  byTestId(`flow-node-${node}`).locator('.react-flow__handle.target').first();

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  // A customer of the seed with a cellphone: the conversation is matched to them by phone.
  const customers = await apiCall<{ data: { id: number; fullname?: string; cellphone?: string | null }[] }>(
    token,
    'GET',
    '/web/customers?page=1&per_page=20',
  );
  const customer = (customers.body.data ?? []).find((c) => {
    const digits = (c.cellphone ?? '').replace(/\D/g, '');
    return digits.length === 11 && !digits.startsWith('55');
  });
  expect(customer, 'a seeded customer with a cellphone').toBeDefined();
  customerId = customer!.id;
  customerName = customer!.fullname ?? '';
  CUSTOMER = `55${customer!.cellphone!.replace(/\D/g, '')}`;
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 1440, height: 1000 },
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('customer service (staff and a customer)', () => {
  it('a customer message is answered by a built flow, transferred, replied to by staff and finished', async () => {
    // ---- The channel, on the stand-in Cloud API.
    ({ id: channelId } = await registerCloudApiChannel(page, {
      description: CHANNEL,
      phoneId: PHONE_ID,
      account: 'waba-cs-e2e',
      token: 'meta-access-token-cs-e2e',
      appSecret: APP_SECRET,
    }));

    // ---- Two departments of that channel: new conversations start in the first (the reception);
    // the flow transfers them to the second.
    await byTestId('departments-table').waitFor({ timeout: 20_000 });
    for (const name of [RECEPTION, DEPARTMENT]) {
      await byTestId('department-new').click();
      await input('department-name').fill(name);
      await pick('department-channel', CHANNEL);
      await byTestId('department-submit').click();
      await byTestId('departments-table')
        .locator('tbody tr')
        .filter({ hasText: name })
        .filter({ hasText: CHANNEL })
        .first()
        .waitFor({ timeout: 30_000 });
    }
    await expectNotice('Cadastrado com sucesso');
    const departments = await apiCall<{ data: { id: number; name: string; id_channel: number }[] }>(
      token,
      'GET',
      '/web/customer-service/departments',
    );
    departmentId = departments.body.data.find((d) => d.name === DEPARTMENT)?.id ?? 0;
    const receptionId = departments.body.data.find((d) => d.name === RECEPTION)?.id ?? 0;
    expect(receptionId).toBeGreaterThan(0);
    expect(departmentId).toBeGreaterThan(receptionId);
    await screenshot('settings');

    // ---- The flow: Início → Mensagem simples → Transferir, built in 'Fluxo de Atendimento'.
    await rowMenu('channels-table', CHANNEL, 'Fluxo de Atendimento');
    await page.waitForURL((url) => url.pathname === `/settings/platform/channel/flow/${channelId}`);
    await byTestId('flow-node-start').waitFor({ timeout: 30_000 });
    await byTestId('flow-add').click();
    await page.getByText('Selecione um componente').waitFor();
    await byTestId('flow-pick-SimpleMessage').click();
    await byTestId('flow-node-simplemessage-1').waitFor();
    await page.locator('#flow-field-text').fill(BOT_TEXT);
    await byTestId('flow-add').click();
    await byTestId('flow-pick-Transfer').click();
    await byTestId('flow-node-transfer-1').waitFor();
    await page.locator('#flow-field-department').click();
    await page.getByRole('option').filter({ hasText: DEPARTMENT }).first().click();
    await page.locator('#flow-field-text').fill(TRANSFER_TEXT);
    await expect.poll(() => byTestId('flow-node-transfer-1').innerText()).toContain(`Setor ${DEPARTMENT}`);
    // Close the side panel so the whole canvas is free, fit the view, and draw the two links.
    await page.getByRole('button', { name: 'Fechar painel' }).click();
    await page.locator('.react-flow__controls-fitview').click();
    // The view has stopped moving (the fit may animate) before the handles are dragged.
    let transform = '';
    await expect
      .poll(async () => {
        const previous = transform;
        await new Promise((r) => setTimeout(r, 200));
        transform = await page
          .locator('.react-flow__viewport')
          .evaluate((el) => getComputedStyle(el).transform);
        return transform === previous;
      })
      .toBe(true);
    await drag(outHandle('start'), inHandle('simplemessage-1'));
    await drag(outHandle('simplemessage-1'), inHandle('transfer-1'));
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 10_000 }).toBe(2);
    await screenshot('flow');
    await byTestId('flow-save').click();
    await expectNotice('Fluxo alterado com sucesso');
    // The saved text is the editor's graph, readable by other tools.
    const saved = await apiCall<{ flow: string }>(
      token,
      'GET',
      `/web/customer-service/channel/flow?id=${channelId}`,
    );
    expect(saved.status).toBe(200);
    const flow = JSON.parse(saved.body.flow) as {
      nodes: { id: string; type: string; data: Record<string, unknown> }[];
      edges: { source: string; target: string }[];
    };
    expect(flow.nodes.map((n) => n.type).sort()).toEqual(['SimpleMessage', 'Start', 'Transfer']);
    expect(flow.nodes.find((n) => n.type === 'SimpleMessage')?.data.text).toBe(BOT_TEXT);
    expect(Number(flow.nodes.find((n) => n.type === 'Transfer')?.data.department)).toBe(departmentId);
    expect(flow.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual([
      'simplemessage-1>transfer-1',
      'start>simplemessage-1',
    ]);

    // ---- A customer writes in through the partner's signed webhook.
    const port = inject('runtimePort');
    const inbound = await local('/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        channel: {
          partner: 'META',
          identity: PHONE_ID,
          webhook: `http://127.0.0.1:${port}/api/hooks/whatsapp/meta/${channelId}`,
          token: 'meta-access-token-cs-e2e',
          password: APP_SECRET,
          host: `demo.localhost:${port}`,
        },
        from: CUSTOMER,
        text: 'Oi, preciso de ajuda com meu pedido',
      }),
    });
    expect(((await inbound.json()) as { status: number }).status).toBe(200);

    // The bot answers through the partner: its message, then the transfer's.
    await expect
      .poll(() => sentTo(CUSTOMER), { timeout: LONG, interval: 1_000 })
      .toEqual([BOT_TEXT, TRANSFER_TEXT]);

    // The conversation is in the department's queue (and no longer in the reception's).
    await expect
      .poll(
        async () => {
          const list = await apiCall<{ data: { id: number; from: string; id_department: number }[] }>(
            token,
            'GET',
            `/web/customer-service/attendances?id_department=${departmentId}`,
          );
          attendanceId = list.body.data?.find((a) => a.from.replace(/\D/g, '') === CUSTOMER)?.id ?? 0;
          return attendanceId;
        },
        { timeout: LONG, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    const reception = await apiCall<{ data: { id: number }[] }>(
      token,
      'GET',
      `/web/customer-service/attendances?id_department=${receptionId}`,
    );
    expect(reception.body.data.map((a) => a.id)).not.toContain(attendanceId);

    // ---- Staff: the department's inbox, the 'Conversa' modal with the bot's messages.
    await page.goto(`${baseUrl()}/customer-service`);
    await byTestId('cs-departments').waitFor({ timeout: 30_000 });
    await byTestId('cs-departments').getByText(DEPARTMENT, { exact: true }).click();
    const card = byTestId(`cs-open-${attendanceId}`);
    await card.waitFor({ timeout: 30_000 });
    await card.click();
    const chat = byTestId('cs-chat');
    await expect
      .poll(() => chat.innerText(), { timeout: 30_000 })
      .toContain('Oi, preciso de ajuda com meu pedido');
    expect(await chat.innerText()).toContain(BOT_TEXT);
    expect(await chat.innerText()).toContain(TRANSFER_TEXT);
    // Received on the right, the bot's on the left.
    const sides = await page.$$eval('[data-testid=cs-message]', (els) =>
      els.map((e) => [e.getAttribute('data-side'), e.textContent ?? '']),
    );
    expect(sides.find(([, t]) => String(t).includes('preciso de ajuda'))?.[0]).toBe('right');
    expect(sides.find(([, t]) => String(t).includes(BOT_TEXT))?.[0]).toBe('left');
    expect(await byTestId('cs-conversation').innerText()).toContain(DEPARTMENT);
    // Matched to the customer by phone: their name, and their record one click away in a new tab.
    expect(await byTestId('cs-conversation').innerText()).toContain(`Conversa — ${customerName}`);
    expect(await byTestId('cs-customer-link').getAttribute('href')).toBe(`/customer/details/${customerId}`);

    // Staff reply: the partner receives it, and it shows in the conversation.
    await byTestId('cs-reply').locator('textarea').fill(STAFF_TEXT);
    await byTestId('cs-send').click();
    await expect
      .poll(() => sentTo(CUSTOMER), { timeout: LONG, interval: 1_000 })
      .toEqual([BOT_TEXT, TRANSFER_TEXT, STAFF_TEXT]);
    await expect.poll(() => chat.innerText(), { timeout: 30_000 }).toContain(STAFF_TEXT);
    await screenshot('conversation');

    // 'Finalizar Atendimento', confirmed: 'Atendimento finalizado', and it leaves the queue.
    await byTestId('cs-finish').click();
    await byTestId('cs-confirm').click();
    await expectNotice('Atendimento finalizado');
    // The card leaves the department's inbox on screen too.
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    await byTestId('cs-empty').waitFor({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const list = await apiCall<{ data: { id: number }[] }>(
            token,
            'GET',
            `/web/customer-service/attendances?id_department=${departmentId}`,
          );
          return list.body.data.some((a) => a.id === attendanceId);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(false);
    await screenshot('finished');
  });

  it("exports a WhatsApp campaign's recipients and the opt-ins/outs as CSV files with their header row", async () => {
    // A campaign on the channel (its form is whatsapp.e2e's), scheduled for tomorrow.
    const campaign = `WPP CS ${letters}`;
    const created = await apiCall(token, 'POST', '/web/whatsapp/campaigns', {
      description: campaign,
      type: 'WPPM',
      channel_id: channelId,
      run_type: 'O',
      run_on: `${addDays(localDay(), 1)} 10:30`,
      ban_safety: true,
      flow: [{ key: 'm1', type: 'T', value: 'Ofertas da semana!' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const download = async (click: () => Promise<void>) => {
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: LONG }), click()]);
      const path = await file.path();
      return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
    };

    await page.goto(`${baseUrl()}/communication/whatsapp`);
    await byTestId('wa-table').locator('tbody tr').filter({ hasText: campaign }).first().waitFor({
      timeout: 30_000,
    });
    const details = await download(() => rowMenu('wa-table', campaign, 'Exportar (csv)'));
    expect(details.name).toMatch(/\.csv$/);
    const detailsHeader = details.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    expect(detailsHeader).toMatch(/^"?id_campaign"?[;,]/);
    expect(detailsHeader).toContain('phone');
    await expectNotice('Arquivo pronto');

    await page.goto(`${baseUrl()}/reports/whatsapp`);
    await byTestId('wa-report-export').waitFor({ timeout: 30_000 });
    const opts = await download(() => byTestId('wa-report-export').click());
    expect(opts.name).toMatch(/\.csv$/);
    const optsHeader = opts.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    expect(optsHeader).toMatch(/^"?id_channel"?[;,]/);
    // The customer who wrote in is one of its rows.
    expect(opts.text).toContain(CUSTOMER);
    await screenshot('exports');
  });
});
