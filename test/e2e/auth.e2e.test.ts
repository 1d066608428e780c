/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser: localStorage, getComputedStyle, HTMLInputElement.)
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';
import { cpfFromBase } from '@freguesia/shared/domain/document';

/**
 * Staff login, the signed-in shell, logout, the expired-token path and tenant isolation,
 * through headless Chromium against the real local runtime (spec part 1 §1, §2, §6, §7).
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
  page = await context.newPage();
  return page;
}

afterEach(async () => {
  await context?.close();
});

const notices = (p: Page) => p.getByTestId('notifications');
const sideNav = (p: Page) => p.getByTestId('side-navigation');

describe('staff login', () => {
  it('asks for the empty fields under them, and a fixed field loses its message at once', async () => {
    await newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.click('[data-testid=login-submit]');
    await expect.poll(() => page.locator('form').textContent()).toContain('Informe o e-mail');
    await expect.poll(() => page.locator('form').textContent()).toContain('Informe a senha');
    await page.fill('[data-testid=login-email]', 'ana@loja.com.br');
    await expect.poll(() => page.locator('form').textContent()).not.toContain('Informe o e-mail');
    expect(await page.locator('form').textContent()).toContain('Informe a senha');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('refuses wrong credentials with the spec notice and stays on /login', async () => {
    await newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.fill('[data-testid=login-email]', 'ninguem@freguesia.dev');
    await page.fill('[data-testid=login-password]', 'senha-errada');
    await page.click('[data-testid=login-submit]');

    await expect.poll(() => notices(page).textContent()).toContain('Erro ao realizar login');
    await expect
      .poll(() => notices(page).textContent())
      .toContain('Não foi possivel realizar seu login, verifique os dados e tente novamente.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await screenshot(page, 'auth-login-failed');
  });

  it('lands on the dashboard inside the shell, with the tenant, the title and the short name', async () => {
    await newPage();
    await loginAs(page, adminCredentials);

    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByTestId('top-navigation').waitFor();
    await expect.poll(() => page.title()).toBe('DEMO | Freguesia');
    await expect.poll(() => page.getByTestId('top-navigation').textContent()).toContain('DEMO');
    await expect.poll(() => page.getByRole('button', { name: /Perfil de Admin/ }).count()).toBe(1);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ shortname: 'Admin', fullname: 'Administrador Freguesia' });
    expect(typeof stored.token).toBe('string');
    await screenshot(page, 'auth-home');
  });

  it('shows Ajustes › Usuários and Permissões to the administrator', async () => {
    await newPage();
    await loginAs(page, adminCredentials);
    await sideNav(page).getByText('Ajustes', { exact: true }).click();
    await sideNav(page).getByRole('link', { name: 'Usuários', exact: true }).waitFor();
    await sideNav(page).getByRole('link', { name: 'Permissões', exact: true }).waitFor();
    await sideNav(page).getByRole('link', { name: 'Plataforma', exact: true }).waitFor();
    await screenshot(page, 'auth-admin-menu');
  });

  it('hides Ajustes from a user whose role only reads Customers', async () => {
    // Unique per run: every e2e file shares one runtime, and users' documents are unique.
    const run = String(Date.now()).slice(-8);
    const email = `consulta.auth.${run}@freguesia.dev`;
    const admin = await apiLogin(adminCredentials);
    const role = await apiCall<{ id: number }>(admin.token, 'POST', '/web/role/new', {
      role: `Somente clientes (auth e2e ${run})`,
      description: 'Consulta de clientes',
      permissions: [{ id: 1 }, { id: 2 }], // read Auth, read Customers
    });
    expect(role.status).toBe(200);
    const user = await apiCall(admin.token, 'POST', '/web/user/new', {
      email,
      fullname: 'Consulta de Clientes',
      shortname: 'Consulta',
      document: cpfFromBase(`9${run}`),
      role_id: role.body.id,
      all_stores: 'Y',
      store_id: null,
      password: 'consulta-123',
      password_confirmation: 'consulta-123',
    });
    expect(user.status).toBe(200);

    await newPage();
    await loginAs(page, { email, password: 'consulta-123' });
    await page.getByRole('button', { name: /Perfil de Consulta/ }).waitFor();
    await sideNav(page).getByRole('link', { name: 'Início' }).waitFor();
    expect(await sideNav(page).getByText('Ajustes').count()).toBe(0);
    await screenshot(page, 'auth-restricted-menu');

    // Typing a settings address leads back to Home with the permission notice.
    await page.goto(`${baseUrl()}/settings/users`);
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => notices(page).textContent())
      .toContain('Você não tem permissão para acessar esta página');
  });

  it("logs out from the profile menu ('Encerrar') and forgets the session", async () => {
    await newPage();
    await loginAs(page, adminCredentials);
    await page.getByRole('button', { name: /Perfil de Admin/ }).click();
    await page.getByRole('menuitem', { name: 'Encerrar' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.getByTestId('login-form').waitFor();
  });

  it("sends an invalid token back to /login with the 'Token' notice", async () => {
    await newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.evaluate(() =>
      localStorage.setItem(
        'user',
        JSON.stringify({
          token: 'token-invalido',
          ability: [
            { action: 'read', subject: 'Auth' },
            { action: 'read', subject: 'Settings' },
          ],
          shortname: 'Fantasma',
          fullname: 'Sessão Vencida',
        }),
      ),
    );
    // A screen that calls the API: the 401 ends the session.
    await page.goto(`${baseUrl()}/settings/users`);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    await expect.poll(() => notices(page).textContent()).toContain('Token');
    await expect
      .poll(() => notices(page).textContent())
      .toContain('Seu token foi expirado, faça login novamente para continuar.');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await screenshot(page, 'auth-expired-token');
  });
});

describe('tenants', () => {
  it('paints the verde tenant in its green primary colour', async () => {
    await newPage();
    await page.goto(`${baseUrl('verde')}/login`);
    await expect.poll(() => page.title()).toBe('VERDE | Freguesia');
    await expect.poll(() => page.getByTestId('login-tenant').textContent()).toBe('VERDE');
    const submit = page.getByTestId('login-submit');
    await expect
      .poll(() => submit.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 10_000 })
      .toBe('rgb(46, 125, 50)'); // #2e7d32

    await loginAs(page, { ...adminCredentials, tenant: 'verde' });
    await expect.poll(() => page.getByTestId('top-navigation').textContent()).toContain('VERDE');
    await screenshot(page, 'auth-verde-home');
  });

  it("shows 'Ambiente não encontrado' on an unknown tenant instead of a login that can only fail", async () => {
    await newPage();
    await page.goto(`${baseUrl('nope')}/login`);
    await page.getByRole('heading', { name: 'Ambiente não encontrado' }).waitFor({ timeout: 20_000 });
    expect(await page.textContent('body')).toContain(
      'Ambiente não encontrado. Verifique o endereço acessado.',
    );
    expect(await page.getByTestId('login-submit').count()).toBe(0);
    await screenshot(page, 'auth-unknown-tenant');
  });

  it("refuses demo's token on verde", async () => {
    const demo = await apiLogin(adminCredentials);
    const verde = await apiLogin({ ...adminCredentials, tenant: 'verde' });
    expect((await apiCall(verde.token, 'GET', '/web/users', undefined, 'verde')).status).toBe(200);
    const crossed = await apiCall<{ message: string }>(demo.token, 'GET', '/web/users', undefined, 'verde');
    expect(crossed.status).toBe(401);
    const reverse = await apiCall(verde.token, 'GET', '/web/users', undefined, 'demo');
    expect(reverse.status).toBe(401);
  });
});
