/**
 * The portal's look (spec part 1 §2, §3 "Portal settings", §9): the settings as the pages use
 * them and the colours. Kept free of the shared customer schemas (and so of zod): the welcome
 * and terms pages need only this, and they are what a customer's phone downloads first.
 */
import { parseRequiredFields, type PortalOptionalField } from '@freguesia/shared/domain/portal-fields';
import { mix, normalizeHex } from '../../app/theme-tokens';

/** Texts of the welcome view (spec §2). */
export const HOME_TEXT = {
  alreadyRegistered: 'Já tenho cadastro ou me cadastrei no caixa',
  wantToRegister: 'Quero me cadastrar',
  terms: 'Regulamento',
} as const;

// ------------------------------------------------------------------ settings

export type BackgroundStyle = 'cover' | 'repeat';

/** The portal settings (spec §3 "Portal settings") as the page uses them. */
export interface PortalLook {
  description: string;
  term: string;
  backgroundImage: string | undefined;
  backgroundStyle: BackgroundStyle;
  primary: string | undefined;
  secondary: string | undefined;
  required: ReadonlySet<PortalOptionalField>;
  /** Interest tags named by portal_tags (the server's tag list wins; this is the fallback). */
  tags: string[];
}

export const EMPTY_LOOK: PortalLook = {
  description: '',
  term: '',
  backgroundImage: undefined,
  backgroundStyle: 'cover',
  primary: undefined,
  secondary: undefined,
  required: new Set(),
  tags: [],
};

/** Comma-separated list → trimmed, de-duplicated, non-empty entries. */
export function splitList(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const item of (value ?? '').split(',')) {
    const trimmed = item.trim();
    if (trimmed !== '' && ![...seen].some((s) => s.toLowerCase() === trimmed.toLowerCase()))
      seen.add(trimmed);
  }
  return [...seen];
}

/**
 * A background image the page may use: http(s), a same-site path or an inline image data URL;
 * anything else (javascript:, protocol-relative, control characters) is dropped.
 */
export function safeImageUrl(value: string | null | undefined): string | undefined {
  const url = (value ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (url === '' || /[\u0000-\u001f]/.test(url)) return undefined;
  if (/^https?:\/\/[^/]/i.test(url) || /^\/(?!\/)/.test(url)) return url;
  if (/^data:image\/(?:png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(url)) return url;
  return undefined;
}

/** `url("…")` for a CSS background, with the characters that would end the string escaped. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\]/g, (ch) => encodeURIComponent(ch))}")`;
}

export function lookFromSettings(entries: readonly { key: string; value: string | null }[]): PortalLook {
  const get = (key: string) => entries.find((entry) => entry.key === key)?.value ?? '';
  return {
    description: get('program_description').trim(),
    term: get('program_term').trim(),
    backgroundImage: safeImageUrl(get('portal_background_image')),
    backgroundStyle: get('portal_style_bg').trim() === 'repeat' ? 'repeat' : 'cover',
    primary: normalizeHex(get('portal_primary_color')),
    secondary: normalizeHex(get('portal_secondary_color')),
    required: new Set(parseRequiredFields(get('portal_fields_require'))),
    tags: splitList(get('portal_tags')),
  };
}

/**
 * The interest chips: the server's public tag list (it parses portal_tags, JSON or separated
 * text); the settings' own comma list only when that call gave nothing.
 */
export function offeredTags(look: PortalLook, publicTags: readonly string[]): string[] {
  const seen = new Set<string>();
  const list = publicTags
    .map((t) => t.trim())
    .filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  return list.length > 0 ? list : look.tags;
}

// ------------------------------------------------------------------ colours

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on `background` (WCAG contrast). */
export function textOn(background: string): string {
  const l = luminance(background);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#0f141a';
}

export const DEFAULT_SECONDARY = '#263238';

/** CSS custom properties of the portal's colours (buttons, header). */
export function portalColors(look: PortalLook, tenantPrimary: string): Record<string, string> {
  const primary = look.primary ?? normalizeHex(tenantPrimary) ?? '#c62828';
  const secondary = look.secondary ?? DEFAULT_SECONDARY;
  return {
    '--portal-primary': primary,
    '--portal-primary-hover': mix(primary, '#000000', 0.15),
    '--portal-on-primary': textOn(primary),
    '--portal-primary-tint': mix(primary, '#ffffff', 0.88),
    '--portal-secondary': secondary,
    '--portal-secondary-hover': mix(secondary, '#000000', 0.15),
    '--portal-on-secondary': textOn(secondary),
  };
}
