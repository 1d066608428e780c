import { generateThemeStylesheet } from '@cloudscape-design/components/theming';
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_PRIMARY,
  PALETTE_PLACEHOLDERS,
  fillThemeTemplate,
  mix,
  normalizeHex,
  paletteFor,
  themeFor,
} from './theme-tokens';

describe('paletteFor', () => {
  it('derives darker hover/active and a light tint from the primary colour', () => {
    expect(paletteFor('#2E7D32')).toEqual({
      base: '#2e7d32',
      hover: mix('#2e7d32', '#000000', 0.15),
      active: mix('#2e7d32', '#000000', 0.3),
      tint: mix('#2e7d32', '#ffffff', 0.9),
    });
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });

  it('falls back to red for a missing or malformed colour', () => {
    expect(paletteFor(undefined).base).toBe(FALLBACK_PRIMARY);
    expect(paletteFor('green').base).toBe(FALLBACK_PRIMARY);
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex(' #C62828 ')).toBe('#c62828');
  });
});

describe('pre-rendered theme stylesheet', () => {
  it("equals Cloudscape's own stylesheet for the tenant palette once placeholders are filled", () => {
    const template = generateThemeStylesheet({ theme: themeFor(PALETTE_PLACEHOLDERS) });
    for (const placeholder of Object.values(PALETTE_PLACEHOLDERS)) expect(template).toContain(placeholder);
    for (const primary of ['#2e7d32', '#c62828', '#1565c0']) {
      const palette = paletteFor(primary);
      expect(fillThemeTemplate(template, palette)).toBe(
        generateThemeStylesheet({ theme: themeFor(palette) }),
      );
    }
  });
});
