/**
 * The security headers of every answer, written once for CloudFront (StaticSite's response headers
 * policies) and for the local server (`npm start`), so both send the same values.
 *
 * The Content-Security-Policy is what the staff app and the portal need and nothing more:
 * - scripts only from our own origin (the Vite build has no inline script);
 * - styles from our origin plus inline `<style>`: the tenant theme is a `<style>` element filled in
 *   the browser with the tenant's colours (web/src/app/theme.ts), so it cannot be hashed at build time;
 * - images from our origin, `data:`/`blob:` (Leaflet and Cloudscape icons), the map tile server
 *   (`VITE_MAP_TILE_URL`) and any https address: tenant images (portal background, product and category
 *   pictures, CMS files) are public URLs typed by staff, so no fixed host list can hold them;
 * - API calls to our own origin only (postal-code and geocoding lookups go through the API);
 * - no plugins, no framing by anyone (`frame-ancestors 'none'`), forms and `<base>` on our origin.
 */

/** Default Leaflet tile template of the web app (web/src/components/map/map-preview.tsx). */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

/** HSTS lifetime: two years, with subdomains (every tenant is a subdomain). */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The CSP source of a Leaflet tile URL template: `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`
 * → `https://*.tile.openstreetmap.org`. A placeholder elsewhere in the host falls back to the scheme.
 */
export function tileSource(template: string): string {
  const match = /^(https?):\/\/([^/]+)/i.exec(template.trim());
  if (!match) return "'self'";
  const scheme = match[1]!.toLowerCase();
  const labels = match[2]!.split('.');
  if (labels.slice(1).some((label) => label.includes('{'))) return `${scheme}:`;
  if (labels[0]!.includes('{')) labels[0] = '*';
  return `${scheme}://${labels.join('.')}`;
}

/**
 * The Content-Security-Policy of the web app (HTML, scripts, styles) for a map tile template.
 * `uploadOrigins`: where the browser may PUT large CMS files (the cms bucket's presigned uploads).
 */
export function webContentSecurityPolicy(
  tileUrl: string = DEFAULT_TILE_URL,
  uploadOrigins: readonly string[] = [],
): string {
  const tiles = tileSource(tileUrl || DEFAULT_TILE_URL);
  const images = [...new Set(["'self'", 'data:', 'blob:', tiles, 'https:'])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    "font-src 'self' data:",
    ["connect-src 'self'", ...uploadOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** CSP of API answers (JSON and redirects): they never load anything nor may be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Headers common to every answer (web and API), as CloudFront adds them. */
export function baseSecurityHeaders(): Record<string, string> {
  return {
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
  };
}

/** Every security header of a web answer (index.html and assets). */
export function webSecurityHeaders(tileUrl?: string): Record<string, string> {
  return { ...baseSecurityHeaders(), 'content-security-policy': webContentSecurityPolicy(tileUrl) };
}

/**
 * CMS files (`/files/*`): nothing in them may run or load anything; images, PDF and media still
 * display. HTML and SVG are served as downloads besides (functions/src/cms/file-type.model.ts).
 */
export const CMS_FILES_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
