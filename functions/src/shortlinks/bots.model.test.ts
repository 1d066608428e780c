import { describe, expect, it } from 'vitest';
import { isHumanVisit } from './bots.model';
import { destinationOf, slugOfPath } from './redirect.model';

/** Real user agents, as their clients send them. */
const BROWSERS: Array<[string, string]> = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ],
  [
    'Chrome on Android',
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  ],
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0'],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
  ],
  [
    'Samsung Internet',
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Instagram in-app browser',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.23.54 (iPhone14,5; iOS 17_3; pt_BR; pt; scale=3.00; 1170x2532; 577210397)',
  ],
];

const CRAWLERS: Array<[string, string]> = [
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  [
    'Applebot',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ],
  ['AhrefsBot', 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'],
  [
    'GPTBot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
  ],
  ['curl', 'curl/8.5.0'],
  ['python-requests', 'python-requests/2.31.0'],
  [
    'HeadlessChrome',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
  ],
];

const PREVIEWS: Array<[string, string]> = [
  ['WhatsApp', 'WhatsApp/2.23.20.0 A'],
  ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['Telegram', 'TelegramBot (like TwitterBot)'],
  ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
  ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
  ['Twitter/X', 'Twitterbot/1.0'],
  [
    'Skype',
    'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
  ],
  [
    'iMessage',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  ],
];

const MAIL_SCANNERS: Array<[string, string]> = [
  ['Office existence discovery', 'Microsoft Office Existence Discovery'],
  ['Outlook (ms-office)', 'Mozilla/4.0 (compatible; ms-office; MSOffice 16)'],
  ['Barracuda', 'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))'],
  ['Proofpoint', 'Mozilla/5.0 (compatible; Proofpoint URL Defense)'],
  ['Mimecast', 'Mimecast URL Protect/1.0'],
  [
    'Gmail image proxy',
    'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
  ],
  ['Yahoo mail proxy', 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html'],
];

const visit = (agent: string, extra: Record<string, string> = {}, method = 'GET') =>
  isHumanVisit(method, { 'user-agent': agent, ...extra });

describe('who counts as a visit of a short link', () => {
  it.each(BROWSERS)('a person on %s counts', (_, agent) => {
    expect(visit(agent)).toBe(true);
  });

  it.each(CRAWLERS)('the crawler %s does not', (_, agent) => {
    expect(visit(agent)).toBe(false);
  });

  it.each(PREVIEWS)('the link preview of %s does not', (_, agent) => {
    expect(visit(agent)).toBe(false);
  });

  it.each(MAIL_SCANNERS)('the mail scanner %s does not', (_, agent) => {
    expect(visit(agent)).toBe(false);
  });

  it('a HEAD request, no user agent or a prefetch does not', () => {
    const chrome = BROWSERS[0]![1];
    expect(visit(chrome, {}, 'HEAD')).toBe(false);
    expect(visit('')).toBe(false);
    expect(isHumanVisit('GET', {})).toBe(false);
    expect(visit(chrome, { 'sec-purpose': 'prefetch;prerender' })).toBe(false);
    expect(visit(chrome, { purpose: 'prefetch' })).toBe(false);
    expect(visit(chrome, { 'x-purpose': 'preview' })).toBe(false);
    expect(visit(chrome, { 'x-moz': 'prefetch' })).toBe(false);
  });
});

describe('where a short link sends its visitor', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const link = { id: 1, url: 'https://loja.com.br/oferta', active: true, accessCount: 3 };

  it('sends an active link to its destination', () => {
    expect(destinationOf(link, now)).toBe('https://loja.com.br/oferta');
  });

  it('answers nothing for an unknown, inactive, expired or exhausted link, or a non-http destination', () => {
    expect(destinationOf(undefined, now)).toBeUndefined();
    expect(destinationOf({ ...link, active: false }, now)).toBeUndefined();
    expect(destinationOf({ ...link, validUntil: '2026-03-10T11:59:59.999Z' }, now)).toBeUndefined();
    expect(destinationOf({ ...link, validUntil: '2026-03-11T02:59:59.999Z' }, now)).toBe(link.url);
    expect(destinationOf({ ...link, maxVisits: 3 }, now)).toBeUndefined();
    expect(destinationOf({ ...link, maxVisits: 4 }, now)).toBe(link.url);
    expect(destinationOf({ ...link, url: 'javascript:alert(1)' }, now)).toBeUndefined();
    expect(destinationOf({ ...link, url: 'data:text/html,<script>' }, now)).toBeUndefined();
  });

  it('reads the slug of one path segment only', () => {
    expect(slugOfPath('/link/AbC123')).toBe('AbC123');
    expect(slugOfPath('/link/AbC123/')).toBe('AbC123');
    expect(slugOfPath('/link/a/b')).toBeUndefined();
    expect(slugOfPath('/link/')).toBeUndefined();
    expect(slugOfPath('/link/%2e%2e')).toBeUndefined();
  });
});
