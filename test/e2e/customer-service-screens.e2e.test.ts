import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, loginAs } from '../support/login';

/**
 * The customer-service screens in a real browser on the local runtime (issue 24 items 2 and 4),
 * with `/api/web/customer-service/**` answered by the test (the screens' own behaviour: refresh,
 * scroll, confirmations, the flow check before PUT). The end-to-end path through the real API
 * (a customer message answered by a built flow, transferred, replied to and finished) is
 * `customer-service.e2e.test.ts`.
 */

const now = Date.now();
const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const departments = [
  { id: 1, name: 'Vendas', id_channel: 1, active: true, users: [1], updated_at: iso(60) },
  { id: 2, name: 'Suporte', id_channel: 1, active: true, users: [2], updated_at: iso(60) },
];
const attendance = (id: number, name: string, id_department: number, last_text: string) => ({
  id,
  id_channel: 1,
  id_department,
  id_user: 0,
  icon: '',
  from: `55219988${id}`,
  name,
  updated_at: iso(5),
  department: departments.find((d) => d.id === id_department)?.name ?? '',
  shortname: '',
  active: true,
  bot: false,
  last_text,
});
const attendances = [
  attendance(101, 'Maria Oliveira', 1, 'Tem promoção?'),
  attendance(102, 'João Pereira', 2, 'Cupom'),
];

const FLOW = {
  nodes: [
    { id: 'start', type: 'Start', data: { step: 'Início' }, position: { x: 0, y: 0 } },
    {
      id: 'msg',
      type: 'SimpleMessage',
      data: { step: 'Boas-vindas', text: 'Olá {{nome}}' },
      position: { x: 300, y: 0 },
    },
  ],
  edges: [{ id: 'e1', source: 'start', target: 'msg' }],
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
const calls: Call[] = [];
let messages: Array<Record<string, unknown>> = [];
let flowAnswer: { status: number; body: unknown } = { status: 200, body: { id_channel: 1, message: 'ok' } };

async function answer(route: Route): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const path = url.pathname.replace('/api/web/customer-service', '');
  const raw = request.postData();
  const body: unknown = raw ? JSON.parse(raw) : undefined;
  calls.push({ method: request.method(), path, query: url.searchParams, body });
  const json = (value: unknown, status = 200) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(value) });
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const department = url.searchParams.get('id_department');
  if (path === '/attendances')
    return json({
      data: attendances.filter(
        (a) =>
          (!q || a.name.toLowerCase().includes(q)) && (!department || String(a.id_department) === department),
      ),
      cursor: null,
    });
  if (path === '/departments') return json({ data: departments });
  if (path === '/attendants')
    return json({ data: [{ id: 1, shortname: 'Admin', fullname: 'Administrador' }] });
  if (path === '/messages')
    return json({
      messages,
      attendance: { ...attendances[0], id_customer: 4321, context: { variables: { opcao: '1' } } },
    });
  if (path === '/message/send') return json({ id: 101, message: {} });
  if (path === '/attendance') return json({ id: 101, message: 'ok', attendance: attendances[0] });
  if (path === '/channel' && request.method() === 'GET')
    return json([{ id: 1, description: 'WhatsApp Centro' }]);
  if (path === '/channel/flow' && request.method() === 'GET')
    return json({ id_channel: 1, flow: JSON.stringify(FLOW), updated_at: iso(30) });
  if (path === '/channel/flow') return json(flowAnswer.body, flowAnswer.status);
  return json({ message: 'não previsto' }, 404);
}

const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await page.route('**/api/web/customer-service/**', answer);
  await loginAs(page, adminCredentials);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('inbox', () => {
  it('filters by department and by search, with the empty queue text', async () => {
    await page.goto(`${baseUrl()}/customer-service`);
    await page.getByText('Maria Oliveira').first().waitFor();
    expect(await page.getByText('João Pereira').count()).toBeGreaterThan(0);

    await page.locator('[data-testid=cs-departments]').getByText('Suporte').click();
    await expect.poll(() => page.getByText('Maria Oliveira').count()).toBe(0);
    expect(sent('GET', '/attendances').some((c) => c.query.get('id_department') === '2')).toBe(true);

    await page.locator('[data-testid=cs-departments]').getByText('Todos').click();
    await page.fill('[data-testid=cs-search] input', 'ninguém');
    await page.getByText('Nenhum atendimento encontrado').waitFor();
    await page.fill('[data-testid=cs-search] input', '');
    await page.getByText('Maria Oliveira').first().waitFor();
  });

  it('shows the conversation, refreshes it every 5 s scrolled to the newest, replies and finishes', async () => {
    messages = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      type: i % 2 ? 'SENT' : 'RECEIVED',
      from: i % 2 ? 'Admin' : '5521998801',
      created_at: iso(60 - i),
      text: `Mensagem ${i + 1}`,
      status: i % 2 ? 'READ' : 'RECEIVED',
    }));
    await page.click('[data-testid=cs-open-101]');
    await page.getByText('Mensagem 12').waitFor();
    const sides = await page.$$eval('[data-testid=cs-message]', (els) =>
      els.map((e) => e.getAttribute('data-side')),
    );
    expect(sides.slice(0, 2)).toEqual(['right', 'left']);
    expect(await page.getAttribute('[data-testid=cs-customer-link]', 'href')).toBe('/customer/details/4321');
    expect(await page.getAttribute('[data-testid=cs-customer-link]', 'target')).toBe('_blank');
    expect(await page.locator('[data-testid=cs-variables]').innerText()).toContain('opcao');

    messages.push({
      id: 13,
      type: 'RECEIVED',
      from: '5521998801',
      created_at: iso(0),
      text: 'Chegou agora',
      status: 'RECEIVED',
    });
    await page.getByText('Chegou agora').waitFor({ timeout: 8_000 });
    await expect
      .poll(() =>
        page.$eval(
          '[data-testid=cs-chat]',
          (el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 2,
        ),
      )
      .toBe(true);
    expect(await page.$eval('[data-testid=cs-chat]', (el) => el.getBoundingClientRect().height)).toBe(500);

    await page.fill('[data-testid=cs-reply] textarea', 'Temos sim!');
    await page.click('[data-testid=cs-send]');
    await expect
      .poll(() => sent('POST', '/message/send').map((c) => c.body))
      .toEqual([{ id: 101, text: 'Temos sim!' }]);

    await page.click('[data-testid=cs-finish]');
    expect(sent('PUT', '/attendance')).toHaveLength(0);
    await page.click('[data-testid=cs-confirm]');
    await page.getByText('Atendimento finalizado').first().waitFor();
    expect(sent('PUT', '/attendance').map((c) => c.body)).toEqual([{ id: 101, active: false }]);
    await screenshot(page, 'customer-service-finished');
  });
});

describe('flow builder', () => {
  it('checks the flow before saving, names the node, and saves the graph text', async () => {
    await page.goto(`${baseUrl()}/settings/platform/channel/flow/1`);
    await page.locator('[data-testid=flow-node-msg]').waitFor();
    await page.click('[data-testid=flow-add]');
    await page.getByText('Selecione um componente').waitFor();
    await page.click('[data-testid=flow-pick-Request]');
    await page.click('[data-testid=flow-save]');
    const errors = page.locator('[data-testid=flow-errors]');
    await errors.waitFor();
    expect(await errors.innerText()).toContain('"request-1" (Requisição HTTP)');
    expect(sent('PUT', '/channel/flow')).toHaveLength(0);

    await page.click('[data-testid=flow-remove-node]');
    await page.click('[data-testid=flow-save]');
    await page.getByText('Fluxo alterado com sucesso').first().waitFor();
    const put = sent('PUT', '/channel/flow')[0]?.body as { id_channel: number; flow: string };
    expect(put.id_channel).toBe(1);
    const saved = JSON.parse(put.flow) as typeof FLOW;
    expect(saved.nodes.map((n) => [n.id, n.type])).toEqual([
      ['start', 'Start'],
      ['msg', 'SimpleMessage'],
    ]);
    expect(saved.nodes[1]?.data).toMatchObject({ text: 'Olá {{nome}}' });
    expect(saved.edges).toEqual([{ id: 'e1', source: 'start', target: 'msg' }]);
  });

  it('shows the server’s refusal with its problems', async () => {
    flowAnswer = {
      status: 400,
      body: {
        message: 'O nó "Boas-vindas" (Mensagem simples) precisa do campo mensagem.',
        flow_errors: [
          { node: 'msg', message: 'O nó "Boas-vindas" (Mensagem simples) precisa do campo mensagem.' },
        ],
      },
    };
    await page.locator('[data-testid=flow-node-msg]').click();
    await page.locator('#flow-field-step').fill('Boas-vindas!');
    await page.click('[data-testid=flow-save]');
    await expect.poll(() => page.locator('[data-testid=flow-errors]').count()).toBe(1);
    expect(await page.locator('[data-testid=flow-errors]').innerText()).toContain(
      'precisa do campo mensagem',
    );
    await screenshot(page, 'customer-service-flow-refused');
  });
});
