import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfFromBase } from '@freguesia/shared/domain/document';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { registerCustomer } from '../support/customers';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * The mobile app admin end to end on the real local runtime (spec part 3 §2 'Mobile dashboard and
 * categories'): a customer signs in as the app does and posts usage events; /mobile/dashboard shows
 * them; a category's app fields are changed in 'Alterando categoria do App'.
 */

let browser: Browser;
let page: Page;
let token: string;
const stamp = Date.now().toString(36);
const cpf = cpfFromBase(String(100_000_000 + (Date.now() % 899_999_999)));
const PASSWORD = 'app-senha-123';

const figure = async (testId: string) =>
  Number((await page.locator(`[data-testid=${testId}]`).innerText()).split('\n')[1]!.replace(/\D/g, ''));

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await apiLogin()).token;
  await registerCustomer(token, {
    document: cpf,
    fullname: 'Ana do App',
    date_birth: '1992-05-10',
    cellphone: '(11) 9.8765-1234',
    email: `app.${stamp}@exemplo.com.br`,
    password: PASSWORD,
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
  await loginAs(page, adminCredentials);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('mobile app admin', () => {
  it('shows the events the app posts on /mobile/dashboard', async () => {
    await page.goto(`${baseUrl()}/mobile/dashboard?days=7`);
    await page.waitForSelector('[data-testid=mobile-usage-chart]');
    const before = {
      total: await figure('mobile-total-customers'),
      reachable: await figure('mobile-reachable-customers'),
    };

    // The app: the customer signs in, then posts an open and its push id (and resends them).
    const login = await apiCall<{ token: string }>(undefined, 'POST', '/customer/login', {
      document: cpf,
      password: PASSWORD,
      zipcode: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      state: 'SP',
      city: 'SÃO PAULO',
      id_city: '3550308',
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const events = {
      events: [
        { id: randomUUID(), type: 'open', platform: 'ios' },
        { id: randomUUID(), type: 'push_registered', platform: 'ios', push_id: `e2e-${stamp}` },
      ],
    };
    const posted = await apiCall(login.body.token, 'POST', '/app/events', events);
    expect(posted.body).toEqual({ accepted: 2, duplicates: 0 });
    expect((await apiCall(login.body.token, 'POST', '/app/events', events)).body).toEqual({
      accepted: 0,
      duplicates: 2,
    });
    // A staff token is not the app.
    expect((await apiCall(token, 'POST', '/app/events', events)).status).toBe(401);

    await page.reload();
    await page.waitForSelector('[data-testid=mobile-usage-chart] svg');
    expect(await figure('mobile-total-customers')).toBe(before.total + 1);
    expect(await figure('mobile-reachable-customers')).toBe(before.reachable + 1);
    await expect
      .poll(() => page.locator('[data-testid=mobile-platform-pie]').innerText())
      .toMatch(/iOS \(\d+\)/);
    await screenshot(page, 'mobile-dashboard');
  });

  it("edits a category's app fields in 'Alterando categoria do App'", async () => {
    const description = `Bebidas geladas ${stamp}`;
    await page.goto(`${baseUrl()}/mobile/categories`);
    await page.waitForSelector('[data-testid=mobile-categories] tbody tr');
    await page.locator('[data-testid=mobile-categories] input[type=search]').fill('Bebidas');
    const row = page.locator('[data-testid=mobile-categories] tbody tr', { hasText: 'Bebidas' }).first();
    await row.locator('[data-testid^=category-edit-]').click();
    const modal = page.locator('[data-testid=category-app-form]');
    await expect.poll(() => modal.innerText()).toContain('Alterando categoria do App');
    expect(await modal.innerText()).toContain("troque o prefixo '&#x' por '0x' e retire o ';'");
    await modal.locator('[data-testid=category-app-description] input').fill(description);
    // Pasted as the icon site shows it: saved as 0x….
    await modal.locator('[data-testid=category-icon] input').fill('&#xf0fc;');
    await modal.locator('[data-testid=category-ordenation] input').fill('7');
    await modal.locator('[data-testid=category-show-app] input').click();
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Categoria atualizado com sucesso');
    const updated = page
      .locator('[data-testid=mobile-categories] tbody tr', { hasText: description })
      .first();
    await expect.poll(() => updated.innerText()).toContain('0xf0fc');
    expect(await updated.innerText()).toContain('Não exibir');
    await screenshot(page, 'mobile-categories');

    const list = await apiCall<{
      data: { app_description: string; icon: string; ordenation: number; show_app: string }[];
    }>(token, 'GET', '/web/categories?page=1&per_page=5000');
    expect(list.body.data.find((c) => c.app_description === description)).toMatchObject({
      icon: '0xf0fc',
      ordenation: 7,
      show_app: 'N',
    });
  });
});
