import { createHmac, timingSafeEqual } from 'node:crypto';
import { setChannelOptout } from '../customers/customers.service';
import { getJwtSecret } from '../lib/auth/secret';
import { systemContext, type ServiceContext } from '../lib/context';
import { invalid } from '../lib/errors';
import { limit } from '../lib/ratelimit';
import { sendingRepository } from './sending.repository';

/**
 * Unsubscribe (LGPD; RFC 8058 one-click, the bulk-sender rules of the large mailbox providers).
 * Every marketing e-mail carries a per-recipient signed token: in a visible link to the public page
 * `/descadastro?t=…` and in the `List-Unsubscribe` header, whose URL a mailbox provider POSTs
 * `List-Unsubscribe=One-Click` to. Following either sets the customer's `email_optout` at once
 * through the customers service (a consent event on the customer's timeline); an address of a typed
 * recipient list (no customer) joins the suppression list. The token is an HMAC of the tenant, the
 * channel and the recipient (customer id or address) with a key derived from the platform's
 * secret: it cannot be forged, altered or moved to another tenant. The answer is the same whoever
 * the recipient is (it reveals nothing), and the public endpoint is rate-limited per address.
 */

/** The public endpoint the header and the page post to (the communications function's `/api/hooks`). */
export const UNSUBSCRIBE_PATH = '/api/hooks/unsubscribe';
/** The public confirmation page (web: `/descadastro`). */
export const UNSUBSCRIBE_PAGE = '/descadastro';
export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'Link de descadastro inválido.',
  done: 'Pronto: você não receberá mais nossos e-mails de ofertas.',
} as const;
/** Unsubscribe calls per minute from one address (a person clicks once; a scanner is cut short). */
const PER_MINUTE = 30;

/** The public address of the tenant's site (`SITE_URL_TEMPLATE`, as the NPS links; nps imports this domain). */
const siteUrl = (tenant: string): string =>
  (process.env.SITE_URL_TEMPLATE || 'https://{tenant}.freguesia.app')
    .replace('{tenant}', tenant)
    .replace(/\/$/, '');

let derived: Buffer | undefined;
async function key(): Promise<Buffer> {
  derived ??= createHmac('sha256', await getJwtSecret())
    .update('freguesia:unsubscribe:v1')
    .digest();
  return derived;
}

const sign = async (tenant: string, payload: string): Promise<string> =>
  createHmac('sha256', await key())
    .update(`${tenant}:${payload}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');

/** The token of one recipient: `c{id}` for a customer, else the address itself. */
export async function unsubscribeToken(tenant: string, recipient: string): Promise<string> {
  const payload = Buffer.from(`E:${recipient}`, 'utf8').toString('base64url');
  return `${payload}.${await sign(tenant, payload)}`;
}

/** The recipient a token names when its signature holds for this tenant. */
export async function verifyUnsubscribeToken(tenant: string, token: unknown): Promise<string | undefined> {
  if (typeof token !== 'string' || token.length > 600) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(await sign(tenant, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const text = Buffer.from(payload, 'base64url').toString('utf8');
  return text.startsWith('E:') && text.length > 2 ? text.slice(2) : undefined;
}

/** The visible link and the one-click URL of one recipient's e-mail. */
export async function unsubscribeLinks(
  tenant: string,
  recipient: string,
): Promise<{ page: string; oneClick: string }> {
  const t = encodeURIComponent(await unsubscribeToken(tenant, recipient));
  const site = siteUrl(tenant);
  return { page: `${site}${UNSUBSCRIBE_PAGE}?t=${t}`, oneClick: `${site}${UNSUBSCRIBE_PATH}?t=${t}` };
}

/** The RFC 8058 headers of a marketing e-mail. */
export const unsubscribeHeaders = (oneClick: string): Record<string, string> => ({
  'List-Unsubscribe': `<${oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The visible footer with the link (Portuguese), appended to the message's HTML. */
export function withUnsubscribeFooter(html: string, page: string): string {
  const href = page.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const footer =
    `<p style="font-family:Arial,sans-serif;font-size:12px;color:#555;text-align:center;margin:24px 0 8px">` +
    `Não quer mais receber nossos e-mails? <a href="${href}" data-unsubscribe="1" style="color:#555">Descadastre-se</a>.</p>`;
  const at = html.search(/<\/body\s*>/i);
  return at >= 0 ? `${html.slice(0, at)}${footer}${html.slice(at)}` : `${html}${footer}`;
}

/**
 * `POST /api/hooks/unsubscribe?t=…` (public, rate-limited): the page's call and the mailbox
 * provider's one-click POST. Sets the opt-out at once; the same answer for every valid token.
 */
export async function unsubscribe(ctx: ServiceContext, token: unknown): Promise<{ message: string }> {
  await limit(ctx.tenant, `unsubscribe:ip:${ctx.sourceIp ?? 'unknown'}`, PER_MINUTE, 60);
  const recipient = await verifyUnsubscribeToken(ctx.tenant, token);
  if (!recipient) throw invalid(UNSUBSCRIBE_MESSAGES.invalid);
  const system = systemContext(ctx.tenant, 'Descadastro pelo link do e-mail', ctx.now);
  const customer = /^c(\d{1,15})$/.exec(recipient);
  if (customer) await setChannelOptout(system, Number(customer[1]), 'email_optout', 'Y');
  else
    await sendingRepository(ctx.tenant).suppress('EMAIL', recipient, 'unsubscribe', ctx.now().toISOString());
  return { message: UNSUBSCRIBE_MESSAGES.done };
}
