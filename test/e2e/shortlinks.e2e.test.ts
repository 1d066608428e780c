import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, loginAs } from '../support/login';

/**
 * Short links through headless Chromium against the real local runtime (spec part 3 §2 'Short
 * links', §5, §8): 'Novo Link' opens 'Criando novo link' with the tenant's prefix and a random
 * 6-character slug; saving shows 'Link criado com sucesso'; a taken slug 'Link ja existe'; opening
 * `/link/{slug}` in the browser lands on the destination, and the row's access count becomes 1
 * (the visit counted once, by the queue consumer, and not the link preview fetched by a bot).
 */

/** A desktop Chrome: HeadlessChrome's own user agent is (rightly) not counted as a person. */
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const stamp = String(Date.now()).slice(-6);
const DESCRIPTION = `Oferta E2E ${stamp}`;

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string) => byTestId(id).locator('input').first();
const notices = () => page.getByTestId('notifications');
const row = () => byTestId('shortlinks-table').locator('tr', { hasText: DESCRIPTION });

/** A GET of the local runtime from Node (which cannot resolve *.localhost): 127.0.0.1 with the tenant host forwarded. */
function viaNode(url: string, init: RequestInit = {}): Promise<Response> {
  const { host, pathname, search } = new URL(url);
  return fetch(`http://127.0.0.1:${new URL(baseUrl()).port}${pathname}${search}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'x-forwarded-host': host },
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    locale: 'pt-BR',
    userAgent: CHROME,
  });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('short links', () => {
  let slug = '';

  it('creates a link from the modal with the tenant prefix and a random slug', async () => {
    await page.goto(`${baseUrl()}/cms/shortlinks`);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Link Reduzido');
    await byTestId('shortlink-new').click();
    const modal = byTestId('shortlink-form');
    await expect.poll(() => modal.textContent()).toContain('Criando novo link');
    expect(await byTestId('shortlink-prefix').textContent()).toBe(`${baseUrl()}/link/`);
    slug = await input('shortlink-slug').inputValue();
    expect(slug).toMatch(/^[A-Za-z0-9]{6}$/);

    await byTestId('shortlink-form-submit').click();
    await expect.poll(() => modal.textContent()).toContain('Digite uma descrição para o Link');
    expect(await modal.textContent()).toContain('Digite um URL para o Link direcionar');

    await input('shortlink-description').fill(DESCRIPTION);
    // The destination is a page of the product itself: the test machine reaches no other site.
    await input('shortlink-url').fill(`${baseUrl()}/login?de=link`);
    await byTestId('shortlink-form-submit').click();
    await expect
      .poll(() => notices().textContent(), { timeout: 15_000 })
      .toContain('Link criado com sucesso');
    await expect.poll(() => row().count()).toBe(1);
    expect(await row().textContent()).toContain(`${baseUrl()}/login?de=link`);
    await screenshot(page, 'shortlinks-list');
  });

  it('refuses a slug already taken: "Link ja existe"', async () => {
    await byTestId('shortlink-new').click();
    await input('shortlink-description').fill(`${DESCRIPTION} bis`);
    await input('shortlink-url').fill(`${baseUrl()}/login`);
    await input('shortlink-slug').fill(slug);
    await byTestId('shortlink-form-submit').click();
    await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain('Link ja existe');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('button', { name: /Descartar/ });
    if (await discard.count()) await discard.first().click();
  });

  it('sends a visitor on and counts the visit once', async () => {
    const visitor = await context.newPage();
    const response = await visitor.goto(`${baseUrl()}/link/${slug}`);
    expect(new URL(visitor.url()).pathname).not.toMatch(/^\/link\//);
    expect(visitor.url()).toContain(baseUrl());
    expect(response?.status()).toBeLessThan(400);
    // A link preview (a bot) is sent on too, and not counted.
    const preview = await viaNode(`${baseUrl()}/link/${slug}`, {
      redirect: 'manual',
      headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' },
    });
    expect(preview.status).toBe(302);
    await visitor.close();

    const unknown = await viaNode(`${baseUrl()}/link/Nada${stamp}`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Link não encontrado');

    const count = async () => {
      await page.reload();
      await row().first().waitFor();
      return (await row().locator('td').nth(4).textContent())?.trim();
    };
    await expect.poll(count, { timeout: 20_000 }).toBe('1');
    await screenshot(page, 'shortlinks-counted');
  });
});
