import { localDay, addDays } from '@freguesia/shared/domain/dates';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot as saveScreenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * The SMS, push and app-art screens through headless Chromium against the real local runtime
 * (spec part 3 §2 'SMS communications', 'Push communications', 'Mobile art', §4, §5, §9): an SMS
 * is written with its 160-character counter and the preview of the text as sent, refused without
 * a description ('Descrição pendente'), saved once the cost is approved and found in the list; a
 * push shows its Android and iOS previews and is saved for everyone ('Todos Clientes'); an art
 * without end date ('Sem prazo final') shows in the list as '… até 31/12/9999'. One browser
 * session; the tests build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

const stamp = String(Date.now()).slice(-6);
const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
const SMS = `SMS E2E ${letters}`;
const PUSH = `PUSH E2E ${letters}`;
const ART = `ARTE E2E ${letters}`;
const tomorrow = addDays(localDay(), 1).split('-').reverse().join('/');
const SHOTS = '/tmp/shots-mobile';

async function screenshot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const path = await saveScreenshot(page, `mobile-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path, join(SHOTS, `${name}.png`));
}

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string) => byTestId(id).locator('input, textarea').first();
const button = (name: string) => page.getByRole('button', { name, exact: true });
const bodyText = () => page.locator('body').innerText();
const notices = () => page.getByTestId('notifications');
async function expectNotice(text: string) {
  await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain(text);
}
const toggle = (id: string) => byTestId(id).locator('input').first();

/** Ids of the communications created here (by description), for the clean-up. */
async function createdIds(): Promise<number[]> {
  const answer = await apiCall<{ data: { id: number; description: string }[] }>(
    token,
    'GET',
    `/web/campaigns?page=1&per_page=50&q=${letters}&types=SMS,PUSH,APPF,APPB&show_actives=N`,
  );
  return (answer.body.data ?? []).filter((c) => [SMS, PUSH, ART].includes(c.description)).map((c) => c.id);
}

beforeAll(async () => {
  token = (await apiLogin(adminCredentials)).token;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR' });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  if (token)
    for (const id of await createdIds().catch(() => []))
      await apiCall(token, 'DELETE', `/web/campaign/delete?id=${id}`).catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('SMS, push and app art (staff)', () => {
  it('creates an SMS: counter, preview as sent, "Descrição pendente", approval, then the list', async () => {
    await page.goto(`${baseUrl()}/communications/sms`);
    await byTestId('sms-table').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => byTestId('list-total').textContent())
      .toMatch(/^Total de [\d.]+ comunicação\(ões\)$/);
    await button('Nova comunicação via SMS').click();
    await page.waitForURL((url) => url.pathname === '/communications/sms/new');
    await page.getByRole('heading', { name: 'Nova comunicação via SMS' }).waitFor({ timeout: 20_000 });

    // Salvar waits for the cost approval.
    expect(await byTestId('sms-submit').isDisabled()).toBe(true);
    await input('sms-body').fill('Promoção válida até amanhã! [50%]');
    await expect.poll(() => byTestId('sms-counter').textContent()).toBe('33/160');
    await expect.poll(() => byTestId('sms-preview').textContent()).toBe('Promocao valida ate amanha! 50%');
    await input('sms-schedule-day').fill(tomorrow);
    await input('sms-schedule-time').fill('10:30');
    await toggle('sms-approval').check();
    await expect
      .poll(() => byTestId('sms-approval-text').textContent())
      .toMatch(/^Aprovado por: .+ Em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await byTestId('sms-submit').isDisabled()).toBe(false);
    await expect.poll(() => byTestId('sms-estimate-recipients').textContent()).toMatch(/^[\d.]+$/);

    // No description: 'Descrição pendente' under the field, nothing saved.
    await byTestId('sms-submit').click();
    await expect.poll(bodyText).toContain('Descrição pendente');
    expect(new URL(page.url()).pathname).toBe('/communications/sms/new');
    await screenshot('sms-form-errors');

    await input('sms-description').fill(SMS);
    await byTestId('sms-submit').click();
    await expectNotice('Comunicação cadastrada com sucesso');
    await page.waitForURL((url) => url.pathname === '/communications/sms');
    const row = byTestId('sms-table').locator('tbody tr').filter({ hasText: SMS }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain(`${tomorrow} 10:30`);
    expect(await row.innerText()).toContain('Todos Clientes');
    await screenshot('sms-list');
  });

  it('creates a push with the Android and iOS previews, for every customer', async () => {
    await page.goto(`${baseUrl()}/mobile/push`);
    await byTestId('push-table').waitFor({ timeout: 20_000 });
    expect(await toggle('push-table-hide-inactive').isChecked()).toBe(true);
    await button('Nova comunicação por Push').click();
    await page.waitForURL((url) => url.pathname === '/mobile/push/new');
    await page.getByRole('heading', { name: 'Nova comunicação via push' }).waitFor({ timeout: 20_000 });
    // The lead switch is disabled (spec part 3 §5 'Push').
    expect(await toggle('push-audience').isDisabled()).toBe(true);

    await input('push-description').fill(PUSH);
    await input('push-header').fill('Ofertas da semana');
    await input('push-body').fill('Até 30% de desconto no hortifrúti');
    for (const os of ['android', 'ios']) {
      await expect.poll(() => byTestId(`push-preview-${os}`).innerText()).toContain('Ofertas da semana');
      expect(await byTestId(`push-preview-${os}`).innerText()).toContain('Até 30% de desconto no hortifrúti');
      expect((await byTestId(`push-preview-${os}-app`).innerText()).toLowerCase()).toBe('clube freguesia');
    }
    await input('push-schedule-day').fill(tomorrow);
    await input('push-schedule-time').fill('09:00');
    expect(await byTestId('push-submit').isDisabled()).toBe(true);
    await toggle('push-approval').check();
    await screenshot('push-form');
    await byTestId('push-submit').click();
    await expectNotice('Comunicação cadastrada com sucesso');
    await page.waitForURL((url) => url.pathname === '/mobile/push');
    const row = byTestId('push-table').locator('tbody tr').filter({ hasText: PUSH }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('Todos Clientes');
    expect(await row.innerText()).toContain('Ativa');
    await screenshot('push-list');
  });

  it('creates an art without end date ("Sem prazo final") that lists until 31/12/9999', async () => {
    await page.goto(`${baseUrl()}/mobile/art`);
    await byTestId('art-table').waitFor({ timeout: 20_000 });
    await button('Nova arte para o aplicativo').click();
    await page.waitForURL((url) => url.pathname === '/mobile/art/new');
    await page.getByRole('heading', { name: 'Nova arte para o aplicativo' }).waitFor({ timeout: 20_000 });

    await byTestId('art-submit').click();
    await expect.poll(bodyText).toContain('Informe a descrição da arte');
    await input('art-description').fill(ART);
    await byTestId('art-type').locator('button').first().click();
    await page.getByRole('option', { name: 'Banner' }).click();
    await toggle('art-no-end').check();
    expect(await byTestId('art-end').count()).toBe(0);
    await input('art-url').fill(`${baseUrl()}/favicon.svg`);
    await expect
      .poll(() => byTestId('art-preview').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await screenshot('art-form');
    await byTestId('art-submit').click();
    await expectNotice('Arte cadastrada com sucesso');
    await page.waitForURL((url) => url.pathname === '/mobile/art');
    const row = byTestId('art-table').locator('tbody tr').filter({ hasText: ART }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain(`${localDay().split('-').reverse().join('/')} até 31/12/9999`);
    expect(await row.innerText()).toContain('Banner');
    await expect.poll(() => byTestId('list-total').textContent()).toMatch(/^Total de [\d.]+ arte\(es\)$/);
    await screenshot('art-list');
  });
});
