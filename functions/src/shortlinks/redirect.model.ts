import { isRedirectableUrl } from '@freguesia/shared/domain/shortlink';
import type { RedirectItem } from './redirect-key.model';

/** What the redirect does with a stored link at `now`: send the visitor on, or the 404 page. */
export function destinationOf(item: RedirectItem | undefined, now: number): string | undefined {
  if (!item?.active || !item.url || !isRedirectableUrl(item.url)) return undefined;
  if (item.validUntil && Date.parse(item.validUntil) < now) return undefined;
  if (item.maxVisits && (item.accessCount ?? 0) >= item.maxVisits) return undefined;
  return item.url;
}

/** The slug of `/link/{slug}` (one segment, the slug's characters), or undefined. */
export function slugOfPath(path: string): string | undefined {
  const match = /^\/link\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  return match?.[1];
}

/** The page of an unknown, inactive, expired or exhausted link: plain HTML, no script, no asset. */
export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Link não encontrado</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f4f4;color:#222}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:0;color:#555}</style>
</head><body><main><h1>Link não encontrado</h1><p>Este link não existe, foi desativado ou não está mais disponível.</p></main></body></html>
`;
