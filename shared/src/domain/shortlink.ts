/**
 * Short links (spec part 3 §2 'Short links', §3, §5, §8, §9): the messages, the slug rules and the
 * random slug, free of zod so the redirect function and the browser can use them.
 */

export const SHORTLINK_MESSAGES = {
  description: 'Digite uma descrição para o Link',
  url: 'Digite um URL para o Link direcionar',
  slug: 'Link encurtado não definido',
  exists: 'Link ja existe',
  created: 'Link criado com sucesso',
  removed: 'Link deletado com sucesso',
  notFound: 'Link não encontrado.',
  urlScheme: 'O destino deve ser um endereço http:// ou https:// válido.',
  urlLength: 'O destino deve ter no máximo 2.048 caracteres.',
  descriptionLength: 'A descrição deve ter no máximo 200 caracteres.',
  slugChars: 'Use de 1 a 64 letras, números, "-" ou "_" no link encurtado.',
  expiresAt: 'Informe a validade no formato AAAA-MM-DD.',
  maxVisits: 'O limite de acessos deve ser um número inteiro entre 1 e 1.000.000.000.',
  days: 'O período deve ser um número inteiro de 1 a 180 dias.',
} as const;

/** Letters (both cases) and digits: the alphabet of generated slugs. */
export const SLUG_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const SLUG_LENGTH = 6;
/** What a slug typed by hand may hold; case matters ('abc' and 'ABC' are two links). */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const SHORTLINK_URL_MAX = 2048;

/** A random 6-character mixed-case slug (spec §9), from the platform's cryptographic source. */
export function randomSlug(length: number = SLUG_LENGTH): string {
  const bytes = new Uint8Array(length * 2);
  let out = '';
  while (out.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 248 = 4 × 62: rejecting above it keeps every character equally likely.
      if (byte < 248 && out.length < length) out += SLUG_ALPHABET[byte % 62];
    }
  }
  return out;
}

/** Whether `value` is an absolute http(s) URL a browser can be sent to (no credentials, no spaces). */
export function isRedirectableUrl(value: string): boolean {
  if (value.length > SHORTLINK_URL_MAX || /[\s<>"]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

/**
 * The address a link is shared as: `{tenant}.{shortlink_domain}/link/{slug}` when the setting is
 * filled in (spec §2: "tenant sub-domain plus the configured short-link domain plus /link/"),
 * otherwise the tenant's own host (`origin`).
 */
export function shortLinkPrefix(
  tenant: string,
  shortlinkDomain: string | null | undefined,
  origin: string,
): string {
  const domain = (shortlinkDomain ?? '')
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
  if (domain) return `https://${tenant}.${domain}/link/`;
  return `${origin.replace(/\/+$/, '')}/link/`;
}
