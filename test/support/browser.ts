import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const artifactsDir = resolve(import.meta.dirname, '../artifacts');

/** Base URL of the local runtime for a tenant (`demo.localhost` resolves to loopback). */
export function baseUrl(tenant = 'demo'): string {
  return `http://${tenant}.localhost:${inject('runtimePort')}`;
}

/** Debian's Chromium, headless, with the flags this sandboxed machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Saves a full-page screenshot under test/artifacts (kept by CI as evidence). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
