import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineStylesheets } from './prerender-plugin';

const dist = mkdtempSync(join(tmpdir(), 'freguesia-prerender-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'app-AbC1.css'), 'body{margin:0}');
writeFileSync(join(dist, 'assets', 'login-page-XyZ9.css'), '.login-card{background:#fff}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('inlineStylesheets (prerendered pages paint without waiting for a stylesheet)', () => {
  it("puts every stylesheet in the page and leaves its link disabled (Vite's loader sees it, the browser fetches nothing)", () => {
    const html = [
      '<head>',
      '<link rel="stylesheet" crossorigin href="/assets/app-AbC1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/login-page-XyZ9.css">',
      '</head>',
    ].join('\n');
    const page = inlineStylesheets(html, dist);
    expect(page).toContain('<style>body{margin:0}</style>');
    expect(page).toContain('<style>.login-card{background:#fff}</style>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/app-AbC1.css" disabled>');
    expect(page).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
  });
});
