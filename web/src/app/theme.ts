import type { Theme } from '@cloudscape-design/components/theming';
import { fetchTenant } from '../api/auth';

/**
 * Tenant colour theme. The spec has two: green for one tenant, red for all others; the
 * server decides (GET /api/web/tenant → primary_color) and we fall back to red.
 */
export const FALLBACK_PRIMARY = '#c62828';

const HEX = /^#([0-9a-f]{6})$/i;

/** Normalises `#abc` / `#AABBCC` to `#aabbcc`; undefined for anything else. */
export function normalizeHex(color: string): string | undefined {
  const value = color.trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return HEX.test(value) ? value.toLowerCase() : undefined;
}

/** Mixes `color` with `target` (0 = color, 1 = target). Both `#rrggbb`. */
export function mix(color: string, target: string, amount: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => {
    const value = Math.round(channel(color, i) * (1 - amount) + channel(target, i) * amount);
    return value.toString(16).padStart(2, '0');
  });
  return `#${out.join('')}`;
}

/** The Cloudscape token overrides that make `primary` the interactive colour everywhere. */
export function themeFor(primary: string): Theme {
  const base = normalizeHex(primary) ?? FALLBACK_PRIMARY;
  const hover = mix(base, '#000000', 0.15);
  const active = mix(base, '#000000', 0.3);
  const tint = mix(base, '#ffffff', 0.9);
  return {
    tokens: {
      colorBackgroundButtonPrimaryDefault: base,
      colorBackgroundButtonPrimaryHover: hover,
      colorBackgroundButtonPrimaryActive: active,
      colorBorderButtonPrimaryDefault: base,
      colorBorderButtonPrimaryHover: hover,
      colorBorderButtonPrimaryActive: active,
      colorBorderButtonNormalDefault: base,
      colorBorderButtonNormalHover: hover,
      colorBorderButtonNormalActive: active,
      colorTextButtonNormalDefault: base,
      colorTextButtonNormalHover: hover,
      colorTextButtonNormalActive: active,
      colorBackgroundButtonNormalHover: tint,
      colorBackgroundButtonNormalActive: tint,
      colorTextLinkDefault: base,
      colorTextLinkHover: hover,
      colorTextAccent: base,
      colorTextInteractiveActive: base,
      colorBackgroundControlChecked: base,
      colorBackgroundItemSelected: tint,
      colorBorderItemSelected: base,
      colorBackgroundDropdownItemSelected: tint,
      colorBorderInputFocused: base,
      colorBorderItemFocused: base,
      colorBackgroundSideNavigationItemActive: base,
      colorTextSideNavigationItemActive: base,
      colorBackgroundProgressBarValueDefault: base,
      colorBackgroundSliderRangeActive: base,
      colorBackgroundSliderHandleActive: base,
      colorBackgroundSegmentActive: base,
    },
  };
}

let currentPrimary = FALLBACK_PRIMARY;
const listeners = new Set<() => void>();

/** The tenant colour in use (fallback red until the tenant call answers). */
export function primaryColor(): string {
  return currentPrimary;
}

export function subscribePrimaryColor(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Also exposed as `--app-primary` for the few hand-written styles (login background, logo). */
function setPrimary(primary: string): void {
  currentPrimary = primary;
  document.documentElement.style.setProperty('--app-primary', primary);
  for (const listener of listeners) listener();
}

/**
 * Fetches the tenant's colour and applies it. Cloudscape's theming runtime is large, so it
 * is imported here, in parallel with the call, and never blocks the first paint.
 */
export async function loadTenantTheme(): Promise<void> {
  const themingModule = import('@cloudscape-design/components/theming');
  const primary = await fetchTenant().then(
    (tenant) => normalizeHex(tenant.primary_color) ?? FALLBACK_PRIMARY,
    () => FALLBACK_PRIMARY,
  );
  setPrimary(primary);
  const { applyTheme } = await themingModule;
  applyTheme({ theme: themeFor(primary) });
}
