import type { TvScreen, TvScreenRow } from '@freguesia/shared/schemas/tv';

/**
 * What the TV display page (web/tv.html) shows, as plain data: the screen's rows cut into slides
 * that rotate, pages of normal rows with each full-screen (type 2) row as a banner slide of its own
 * between them. No framework: the page must stay a few KB.
 */

export type Slide = { kind: 'page'; rows: TvScreenRow[] } | { kind: 'banner'; row: TvScreenRow };

/** Rows per page for a screen of `height` CSS pixels: rows of about 120 px, 4 to 10. */
export function rowsPerPage(height: number): number {
  return Math.max(4, Math.min(10, Math.floor(height / 120)));
}

/** The slides in order: a page of normal rows, then a banner, and so on; banners alone if no normal rows. */
export function slidesOf(rows: readonly TvScreenRow[], perPage: number): Slide[] {
  const normal = rows.filter((r) => r.type !== 2);
  const banners = rows.filter((r) => r.type === 2);
  const pages: Slide[] = [];
  for (let i = 0; i < normal.length; i += perPage)
    pages.push({ kind: 'page', rows: normal.slice(i, i + perPage) });
  const slides: Slide[] = [];
  const turns = Math.max(pages.length, banners.length);
  for (let i = 0; i < turns; i++) {
    if (pages[i]) slides.push(pages[i]!);
    if (banners[i]) slides.push({ kind: 'banner', row: banners[i]! });
  }
  return slides;
}

/** Centavos as the shelf shows them: 'R$ 12,90'. */
export function shelfPrice(cents: number): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${whole},${String(cents % 100).padStart(2, '0')}`;
}

/** The link's token: the URL fragment (never sent to a server, so never in an access log). */
export function tokenOf(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}

/** What the page keeps between visits (localStorage): the last screen and when it was fetched. */
export interface Cached {
  screen: TvScreen;
  at: number;
}

export const cacheKey = (token: string) => `freguesia:tv:${token.split('.').slice(0, 2).join('.')}`;

/** A cached screen of this very token, or undefined (another token of the same screen is a revoked one). */
export function readCached(raw: string | null, token: string): Cached | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Cached & { token?: string };
    if (parsed.token !== token || !parsed.screen || !Array.isArray(parsed.screen.rows)) return undefined;
    return { screen: parsed.screen, at: parsed.at };
  } catch {
    return undefined;
  }
}

export const writeCached = (token: string, screen: TvScreen, at: number) =>
  JSON.stringify({ token, screen, at });
