import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, loginAs } from '../support/login';

/**
 * CMS files through headless Chromium against the real local runtime (spec part 3 §2 'CMS files',
 * §5, §8): 'Novo Upload' asks for a file first ('Por favor, selecione um arquivo antes de
 * enviar!'), uploads an image ('Upload realizado com sucesso!'), the row shows its preview and
 * address (a click copies it: 'URL copiada para a área de transferência!'), and the address serves
 * the image from the site's own origin; an HTML file renamed .png is served as a download.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const stamp = String(Date.now()).slice(-6);
const dir = mkdtempSync(join(tmpdir(), 'freguesia-e2e-cms-'));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const notices = () => page.getByTestId('notifications');
const row = (text: string) => byTestId('cms-table').locator('tr', { hasText: text });

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A GET of the local runtime from Node (which cannot resolve *.localhost): 127.0.0.1 with the tenant host forwarded. */
function viaNode(url: string, init: RequestInit = {}): Promise<Response> {
  const { host, pathname, search } = new URL(url);
  return fetch(`http://127.0.0.1:${new URL(baseUrl()).port}${pathname}${search}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'x-forwarded-host': host },
  });
}

async function uploadFile(path: string, description: string) {
  await byTestId('cms-new').click();
  await byTestId('cms-description').locator('input').fill(description);
  await byTestId('cms-file').locator('input[type=file]').setInputFiles(path);
  await byTestId('cms-upload-submit').click();
}

describe('CMS files', () => {
  it('asks for a file first, then uploads an image served from the site’s own origin', async () => {
    await page.goto(`${baseUrl()}/cms`);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Arquivos');
    await byTestId('cms-new').click();
    await byTestId('cms-upload-submit').click();
    await expect
      .poll(() => notices().textContent(), { timeout: 15_000 })
      .toContain('Por favor, selecione um arquivo antes de enviar!');
    await page.keyboard.press('Escape');

    const image = join(dir, `banner-${stamp}.png`);
    writeFileSync(image, PNG);
    await uploadFile(image, `Banner E2E ${stamp}`);
    await expect
      .poll(() => notices().textContent(), { timeout: 15_000 })
      .toContain('Upload realizado com sucesso!');
    await expect.poll(() => row(`Banner E2E ${stamp}`).count()).toBe(1);
    const url = (await row(`Banner E2E ${stamp}`).locator('[data-testid="cms-url"]').textContent())!.trim();
    expect(url.startsWith(`${baseUrl()}/files/`)).toBe(true);
    // The preview is the file itself, loaded from /files/.
    await expect
      .poll(() =>
        row(`Banner E2E ${stamp}`)
          .locator('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(1);

    await row(`Banner E2E ${stamp}`).locator('[data-testid="cms-url"]').click();
    await expect
      .poll(() => notices().textContent(), { timeout: 15_000 })
      .toContain('URL copiada para a área de transferência!');

    const served = await viaNode(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    await screenshot(page, 'cms-files');
  });

  it('serves an HTML page renamed .png as a download', async () => {
    const fake = join(dir, `falso-${stamp}.png`);
    writeFileSync(fake, '<!doctype html><html><script>alert(1)</script></html>');
    await uploadFile(fake, `Falso E2E ${stamp}`);
    await expect.poll(() => row(`Falso E2E ${stamp}`).count(), { timeout: 15_000 }).toBe(1);
    const url = (await row(`Falso E2E ${stamp}`).locator('[data-testid="cms-url"]').textContent())!.trim();
    expect(url.endsWith('.html')).toBe(true);
    const served = await viaNode(url);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
