import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, loginAs } from '../support/login';

/**
 * The web app as the local runtime serves it (the twin of CloudFront): the Content-Security-Policy
 * lets the staff app and the portal work without a single refusal, the seeded portal reads like a
 * real programme, and a path the browser could not have meant is a 400, not a 500.
 */
let browser: Browser;
/** Node's fetch does not resolve `*.localhost`: plain loopback (the tenant does not matter for these answers). */
const loopback = () => `http://127.0.0.1:${inject('runtimePort')}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Collects every CSP refusal of a page: console 'Refused to …' lines and securitypolicyviolation events. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__cspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation(line: string): void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

describe('Content-Security-Policy of the local runtime', () => {
  it('sends the policy with the web app', async () => {
    const res = await fetch(`${loopback()}/login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets the staff app work without a CSP refusal (login, lists, customer details and form, Ajustes)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const violations = await watchCsp(page);
    await loginAs(page, adminCredentials);
    for (const path of [
      '/customers',
      '/customer/details/1',
      '/customer/edit/1',
      '/products',
      '/stores',
      '/settings/platform',
    ]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await screenshot(page, 'csp-staff-settings');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('lets the portal work without a CSP refusal (home, form, regulation) on both tenants', async () => {
    for (const tenant of ['demo', 'verde']) {
      const page = await browser.newPage({ viewport: { width: 412, height: 860 } });
      const violations = await watchCsp(page);
      await page.goto(`${baseUrl(tenant)}/cadastro`);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.goto(`${baseUrl(tenant)}/cadastro/termos`);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `csp-portal-terms-${tenant}`);
      expect(violations, tenant).toEqual([]);
      await page.close();
    }
  });
});

describe('landmarks', () => {
  it('gives the portal and the login page exactly one main landmark holding the content', async () => {
    const page = await browser.newPage({ viewport: { width: 412, height: 860 } });
    for (const [path, text] of [
      ['/cadastro', 'Programa de fidelidade'],
      ['/login', 'Acesse sua conta'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('main').getByText(text).first().waitFor();
      expect(await page.getByRole('main').count(), path).toBe(1);
    }
    await page.close();
  });
});

describe('seeded portal texts', () => {
  it('shows a real programme description and regulation for demo and verde', async () => {
    const expected = {
      demo: ['Clube Demo', 'Lei Geral de Proteção de Dados'],
      verde: ['Clube Verde', 'Vigência'],
    };
    for (const [tenant, [description, regulation]] of Object.entries(expected)) {
      const page = await browser.newPage({ viewport: { width: 412, height: 860 } });
      await page.goto(`${baseUrl(tenant)}/cadastro`);
      await page.getByText(description!, { exact: false }).first().waitFor();
      await page.goto(`${baseUrl(tenant)}/cadastro/termos`);
      await page.getByText(regulation!, { exact: false }).first().waitFor();
      expect(await page.locator('.portal-terms-text p').count(), tenant).toBeGreaterThan(4);
      await page.close();
    }
  });
});

describe('malformed paths', () => {
  it("answers 400 with a Portuguese message for '/%E0%A4%A'", async () => {
    const res = await fetch(`${loopback()}/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Endereço inválido: o caminho contém uma codificação malformada.',
    });
  });
});
