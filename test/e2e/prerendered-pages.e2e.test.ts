/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser: getComputedStyle, HTMLInputElement.)
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiLogin } from '../support/login';

/**
 * /login and /cadastro are prerendered into login.html and cadastro.html (web/src/public): the
 * browser paints them before any script runs, their small entry readies them (the portal's texts
 * and look, the login's tenant), and their code (React) takes the markup over at the visitor's
 * first interaction. What a user would notice if that broke: a blank or unstyled page until the
 * JavaScript arrives, a form that could be sent natively (the password in the URL), typed text
 * lost, a click made before the code arrived lost, or the page redrawn.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Node's fetch does not resolve `*.localhost`: plain loopback (the markup is the same for every tenant). */
const loopback = () => `http://127.0.0.1:${inject('runtimePort')}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function newPage(width = 412): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 860 }, locale: 'pt-BR' });
  page = await context.newPage();
  return page;
}

/** Errors the page reports (a hydration mismatch is one: React then redraws the whole page). */
function watchErrors(p: Page): string[] {
  const errors: string[] = [];
  p.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  p.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('prerendered public pages', () => {
  it('sends /login and /cadastro with their markup and styles in the HTML', async () => {
    for (const [path, marker] of [
      ['/login', 'data-testid="login-form"'],
      ['/cadastro', 'Seja bem-vindo(a)!'],
    ]) {
      const html = await (await fetch(`${loopback()}${path}`)).text();
      expect(html, path).toContain(marker);
      expect(html, path).toContain('<style>');
      // Every stylesheet is inlined: none holds the first paint back.
      expect(html, path).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
    }
  });

  it('paints both pages, styled, with no script at all, and the login cannot be sent natively', async () => {
    await newPage();
    await context.route('**/*.js', (route) => route.abort());
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
    await page.getByLabel('E-mail').fill(adminCredentials.email);
    await page.getByLabel('Senha').fill(adminCredentials.password);
    const submit = page.getByTestId('login-submit');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Senha').press('Enter');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('.login-card').evaluate((card) => getComputedStyle(card).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await screenshot(page, 'prerendered-login-no-script');

    await page.goto(`${baseUrl()}/cadastro`);
    await page.getByRole('heading', { name: 'Seja bem-vindo(a)!' }).waitFor();
    expect(await page.getByRole('main').getByText('Programa de fidelidade').isVisible()).toBe(true);
    expect(
      await page.locator('.portal-card').evaluate((card) => getComputedStyle(card).backgroundColor),
    ).toBe('rgb(255, 255, 255)');
    await screenshot(page, 'prerendered-portal-no-script');
  });

  it('keeps what was typed before the code arrived, takes the page over without redrawing it, and signs in', async () => {
    await newPage(1280);
    const errors = watchErrors(page);
    let release = () => undefined as void;
    const held = new Promise<void>((done) => (release = done));
    // The page's code (imported by the entry at the first interaction) is held back until the visitor has typed.
    await context.route(/\/assets\/login-start-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/login`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('E-mail').fill(adminCredentials.email);
    await page.getByLabel('Senha').fill(adminCredentials.password);
    const heading = await page.getByRole('heading', { name: 'Acesse sua conta' }).elementHandle();
    release();

    await expect.poll(() => page.getByTestId('login-tenant').textContent()).toBe('DEMO');
    await expect.poll(() => page.getByTestId('login-submit').isEnabled()).toBe(true);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(adminCredentials.email);
    expect(await page.getByLabel('Senha').inputValue()).toBe(adminCredentials.password);
    // The prerendered heading is still the one on screen: hydrated, not replaced.
    expect(await heading!.evaluate((element) => element.isConnected)).toBe(true);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  it("replays a press of 'Entrar' made before the code arrived, with what was typed", async () => {
    await newPage(1280);
    const errors = watchErrors(page);
    let release = () => undefined as void;
    const held = new Promise<void>((done) => (release = done));
    await context.route(/\/assets\/login-start-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/login`);
    // Readied by the entry alone: the tenant's label, and 'Entrar' usable.
    await expect.poll(() => page.getByTestId('login-tenant').textContent()).toBe('DEMO');
    await expect.poll(() => page.title()).toBe('DEMO | Freguesia');
    await page.getByLabel('E-mail').fill(adminCredentials.email);
    await page.getByLabel('Senha').fill(adminCredentials.password);
    await page.getByTestId('login-submit').click();
    // Not sent natively meanwhile (the password would be in the URL).
    expect(new URL(page.url()).search).toBe('');
    release();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  it('loads no React on /login and /cadastro until the visitor interacts, yet shows the tenant at once', async () => {
    await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/cadastro`);
    await page.getByText('Clube Demo', { exact: false }).first().waitFor();
    expect(await page.getByTestId('portal-tenant').textContent()).not.toBe('\u00a0');
    await page.getByRole('button', { name: 'Quero me cadastrar' }).waitFor();
    await page.goto(`${baseUrl()}/login`);
    await expect.poll(() => page.getByTestId('login-tenant').textContent()).toBe('DEMO');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/(cadastro|login)-start-/.test(path))).toEqual([]);
  });

  it('replays a click on the portal made before its code arrived, without a second settings request', async () => {
    await newPage();
    const errors = watchErrors(page);
    const settingsCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/customer/settings') settingsCalls.push(request.url());
    });
    let release = () => undefined as void;
    const held = new Promise<void>((done) => (release = done));
    await context.route(/\/assets\/cadastro-start-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/cadastro`);
    await page.getByRole('button', { name: 'Quero me cadastrar' }).click();
    release();
    await page.getByTestId('portal-document').waitFor();
    await page.getByTestId('portal-document').pressSequentially('111');
    expect(settingsCalls).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('sends a signed-in user who opens /login to the landing page', async () => {
    const session = await apiLogin(adminCredentials);
    await newPage(1280);
    await page.goto(`${baseUrl()}/favicon.svg`);
    await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), {
      token: session.token,
      ability: session.ability,
      shortname: session.shortname,
      fullname: session.fullname ?? session.shortname,
    });
    await page.goto(`${baseUrl()}/login`);
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
  });

  it('hydrates the portal without an error and then shows the tenant and its programme', async () => {
    await newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl()}/cadastro`);
    await expect.poll(() => page.getByTestId('portal-tenant').textContent()).not.toBe('\u00a0');
    await page.getByTestId('portal-go-register').waitFor();
    await page.getByText('Clube Demo', { exact: false }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
