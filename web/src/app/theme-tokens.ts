import type { Theme } from '@cloudscape-design/components/theming';

/**
 * Tenant colour theme, pure part. The spec has two themes — green for one tenant, red for
 * all others — and the server names the colour (GET /api/web/tenant → primary_color).
 */
export const FALLBACK_PRIMARY = '#c62828';

/** Browser storage key of the tenant colour of the last visit (painted at once on the next load). */
export const CACHED_COLOUR_KEY = 'theme_color';

/** The four colours every themed token is made of. */
export interface Palette {
  base: string;
  hover: string;
  active: string;
  /** Very light background for selected / hovered items. */
  tint: string;
}

/**
 * Stand-in colours used to pre-render the stylesheet at build time (see vite.config.ts);
 * the runtime swaps them for the tenant palette. They never occur in Cloudscape's output.
 */
export const PALETTE_PLACEHOLDERS: Palette = {
  base: '#0f0e01',
  hover: '#0f0e02',
  active: '#0f0e03',
  tint: '#0f0e04',
};

/** Normalises `#abc` / `#AABBCC` to `#aabbcc`; undefined for anything else. */
export function normalizeHex(color: unknown): string | undefined {
  if (typeof color !== 'string') return undefined;
  const value = color.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return /^#[0-9a-f]{6}$/.test(value) ? value : undefined;
}

/** Mixes two `#rrggbb` colours (amount 0 = `color`, 1 = `target`). */
export function mix(color: string, target: string, amount: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) =>
    Math.round(channel(color, i) * (1 - amount) + channel(target, i) * amount)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${out.join('')}`;
}

export function paletteFor(primary: unknown): Palette {
  const base = normalizeHex(primary) ?? FALLBACK_PRIMARY;
  return {
    base,
    hover: mix(base, '#000000', 0.15),
    active: mix(base, '#000000', 0.3),
    tint: mix(base, '#ffffff', 0.9),
  };
}

/** The Cloudscape token overrides that make the palette the interactive colour everywhere. */
export function themeFor({ base, hover, active, tint }: Palette): Theme {
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
      colorTextSideNavigationItemActive: base,
      colorBackgroundSideNavigationItemActive: tint,
      colorBackgroundProgressBarValueDefault: base,
      colorBackgroundSliderRangeActive: base,
      colorBackgroundSliderHandleActive: base,
      colorBackgroundSegmentActive: base,
    },
  };
}

/** The pre-rendered stylesheet with the placeholders replaced by `palette`. */
export function fillThemeTemplate(template: string, palette: Palette): string {
  let css = template;
  for (const key of Object.keys(PALETTE_PLACEHOLDERS) as (keyof Palette)[]) {
    css = css.replaceAll(PALETTE_PLACEHOLDERS[key], palette[key]);
  }
  return css;
}
