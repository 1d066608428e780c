import { isbot } from 'isbot';

/**
 * Who is not a visit (spec part 3 §2 'Short links', `access_count`): the redirect still answers
 * them (a preview shows the destination), but only a person opening the link counts.
 *
 * 1. `isbot` (the maintained pattern of crawlers, link-preview fetchers, monitors and HTTP
 *    libraries: Googlebot, facebookexternalhit, WhatsApp, Slackbot-LinkExpanding, TelegramBot,
 *    Discordbot, LinkedInBot, Twitterbot, curl, python-requests, HeadlessChrome…).
 * 2. The list below, what isbot leaves to the browser side: e-mail security gateways and mail
 *    clients that open every link of an incoming message to scan or preview it, and image proxies.
 *    Each entry is a word of their user agent that no browser's carries. Scanners that pose as a
 *    desktop browser (some gateways do, on purpose) cannot be told apart by the user agent; the
 *    count may include them.
 * 3. Requests that announce themselves as a prefetch or prerender (`Sec-Purpose`, `Purpose`,
 *    `X-Purpose`, `X-Moz`): the browser may never show the page.
 * HEAD requests are never counted (checked by the redirect: only GET counts).
 */
export const NOT_VISITORS: readonly string[] = [
  // Microsoft 365 (Outlook link preview, Safe Links detonation, Office's HEAD/OPTIONS probe).
  'Microsoft Office Existence Discovery',
  'ms-office',
  'MSOffice',
  'Microsoft-WebDAV',
  'OutlookSafeLinks',
  // Mail security gateways.
  'Barracuda',
  'Proofpoint',
  'Mimecast',
  'IronPort',
  'Symantec',
  'TrendMicro',
  'Trend Micro',
  'FireEye',
  'Forcepoint',
  'Sophos',
  'Cloudmark',
  'SpamTitan',
  'MailScanner',
  'FortiGuard',
  'Bitdefender',
  'Hornetsecurity',
  'Libraesva',
  'Vade Secure',
  'Cisco-Secure',
  'Check Point',
  // Web mail image and link proxies, preview services.
  'GoogleImageProxy',
  'Google-Safety',
  'YahooMailProxy',
  'Iframely',
  'Embedly',
  'SkypeUriPreview',
  'Snap URL Preview',
  'ViberUrlDownloader',
  'Mastodon',
  'Bluesky',
];

const notVisitorPattern = new RegExp(
  NOT_VISITORS.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
  'i',
);

const PREFETCH = /prefetch|prerender|preview/i;

/** Header names are lower case (API Gateway v2 events and the local adapter). */
export type Headers = Readonly<Record<string, string | undefined>>;

/** Whether a request for a short link is a person's visit (see above). */
export function isHumanVisit(method: string, headers: Headers): boolean {
  if (method !== 'GET') return false;
  const agent = headers['user-agent']?.trim() ?? '';
  if (!agent) return false;
  for (const name of ['sec-purpose', 'purpose', 'x-purpose', 'x-moz']) {
    const value = headers[name];
    if (value && PREFETCH.test(value)) return false;
  }
  return !isbot(agent) && !notVisitorPattern.test(agent);
}
