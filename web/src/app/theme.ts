import template from 'virtual:theme-template';
import { tenantQuery } from '../api/auth';
import { queryClient } from '../api/query-client';
import { browserStorage } from './storage';
import {
  CACHED_COLOUR_KEY,
  FALLBACK_PRIMARY,
  fillThemeTemplate,
  normalizeHex,
  paletteFor,
} from './theme-tokens';

/**
 * Applies the tenant colour.
 *
 * The stylesheet is what Cloudscape's `applyTheme` would inject for `themeFor(palette)`,
 * pre-rendered at build time with placeholder colours (vite.config.ts) — the theming
 * runtime itself is ~95 KB gzip, which would not fit the /login budget. theme-tokens.test.ts
 * proves the substitution gives Cloudscape's own output.
 *
 * The last colour is cached so that the next page load paints in it straight away.
 */
const STYLE_ID = 'tenant-theme';

let currentPrimary = FALLBACK_PRIMARY;
const listeners = new Set<() => void>();

/** The tenant colour in use. */
export function primaryColor(): string {
  return currentPrimary;
}

export function subscribePrimaryColor(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function applyTenantTheme(primary: string): void {
  const palette = paletteFor(primary);
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.appendChild(style);
  }
  style.textContent = fillThemeTemplate(template, palette);
  // Also for the few hand-written styles (login background, logo).
  document.documentElement.style.setProperty('--app-primary', palette.base);
  currentPrimary = palette.base;
  for (const listener of listeners) listener();
}

/** Paints the cached colour now, then asks the server; red when the call fails. */
export async function loadTenantTheme(): Promise<void> {
  const storage = browserStorage('local');
  applyTenantTheme(normalizeHex(storage?.getItem(CACHED_COLOUR_KEY)) ?? FALLBACK_PRIMARY);
  // Through the query cache: the portal's header reads the same answer without a second call.
  const primary = await queryClient.fetchQuery(tenantQuery()).then(
    (tenant) => normalizeHex(tenant.primary_color) ?? FALLBACK_PRIMARY,
    () => FALLBACK_PRIMARY,
  );
  storage?.setItem(CACHED_COLOUR_KEY, primary);
  if (primary !== currentPrimary) applyTenantTheme(primary);
}
