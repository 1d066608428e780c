import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * The audit log on the real local runtime (issue 20 item 17): a campaign edited through the API
 * appears on Ajustes › Auditoria with who changed what, before and after.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await apiLogin()).token;
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('audit page', () => {
  it('shows a campaign edit with its author and the field before and after', async () => {
    const stamp = Date.now().toString(36);
    const sms = {
      description: `Aviso ${stamp}`,
      type: 'SMS',
      active: 'Y',
      info: { layout_body: 'Ofertas da semana', type: 'O' },
    };
    const created = await apiCall<{ id: number }>(token, 'POST', '/web/campaign/new', sms);
    expect(created.status).toBe(200);
    const edited = await apiCall(token, 'PUT', '/web/campaign/update', {
      ...sms,
      id: created.body.id,
      description: `Aviso ${stamp} editado`,
    });
    expect(edited.status).toBe(200);

    context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'pt-BR' });
    page = await context.newPage();
    await loginAs(page, adminCredentials);
    await page.goto(`${baseUrl()}/settings/audit`);
    await page.getByRole('heading', { name: 'Auditoria' }).waitFor();
    const row = page
      .getByRole('row')
      .filter({ hasText: `Aviso ${stamp} editado` })
      .filter({ hasText: 'Alterou' });
    await row.first().waitFor({ timeout: 20_000 });
    const text = (await row.first().textContent()) ?? '';
    expect(text).toContain('Administrador');
    expect(text).toContain(`description: Aviso ${stamp} → Aviso ${stamp} editado`);
    // The creation is listed too, older, below the edit.
    await page
      .getByRole('row')
      .filter({ hasText: `Campanha ${created.body.id}` })
      .filter({ hasText: 'Criou' })
      .first()
      .waitFor();
    await screenshot(page, 'audit-page');
  });
});
