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

/**
 * Each stylesheet Cloudscape generates costs some 0.3–0.5 s of CPU (several seconds on a loaded
 * 2-core CI host): the placeholder template is generated once, and each palette is its own test.
 */
describe('pre-rendered theme stylesheet', () => {
  let template: string | undefined;
  const placeholderTemplate = () =>
    (template ??= generateThemeStylesheet({ theme: themeFor(PALETTE_PLACEHOLDERS) }));

  it('carries every placeholder colour', () => {
    for (const placeholder of Object.values(PALETTE_PLACEHOLDERS))
      expect(placeholderTemplate()).toContain(placeholder);
  });

  it.each(['#2e7d32', '#c62828', '#1565c0'])(
    "equals Cloudscape's own stylesheet for the tenant palette of %s once placeholders are filled",
    (primary) => {
      const palette = paletteFor(primary);
      expect(fillThemeTemplate(placeholderTemplate(), palette)).toBe(
        generateThemeStylesheet({ theme: themeFor(palette) }),
      );
    },
  );
});
