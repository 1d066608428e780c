/**
 * The SMS and push providers, over HTTP (never an SDK: two small REST calls):
 *
 * - SMS: Zenvia (`POST {SMS_BASE_URL}/v2/channels/sms/messages`, header `X-API-TOKEN`), a Brazilian
 *   operator-connected provider with delivery reports per message; our idempotency key travels as
 *   `externalId` (Zenvia keeps one message per externalId).
 * - Push: OneSignal (`POST {PUSH_BASE_URL}/notifications`, `Authorization: Key …`), which addresses
 *   customers by `external_id` (the app registers the signed-in customer's `c{id}`), so no device
 *   tokens live here, and accepts an `idempotency_key` (one notification per key for 30 days).
 *
 * Tokens come from the environment (Secrets Manager in AWS); the base URLs point at local stand-ins
 * in `npm start` and in tests (infra/local/stand-ins.ts), never at the internet.
 */

export interface ProviderAnswer {
  ok: boolean;
  /** The provider's message id (ok), or why it refused the message for good (not ok). */
  id?: string;
  error?: string;
}

/** A refusal the provider will repeat (4xx but 408/429): the recipient is failed, not retried. */
class ProviderError extends Error {}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
    redirect: 'error',
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 500 || response.status === 408 || response.status === 429) throw new Error(`provider answered ${response.status}`);
  return { status: response.status, json };
}

const permanent = (status: number, json: Record<string, unknown>): ProviderAnswer => ({ ok: false, error: `${status}: ${String(json.message ?? json.errors ?? 'recusado')}`.slice(0, 300) });

export async function sendSms(input: { to: string; text: string; idempotencyKey: string }): Promise<ProviderAnswer> {
  const base = process.env.SMS_BASE_URL || 'https://api.zenvia.com';
  const token = process.env.ZENVIA_API_TOKEN;
  if (!token && !process.env.SMS_BASE_URL) throw new ProviderError('SMS provider is not configured (ZENVIA_API_TOKEN)');
  const to = input.to.replace(/\D/g, '');
  const { status, json } = await post(`${base}/v2/channels/sms/messages`, { 'X-API-TOKEN': token ?? 'local' }, {
    from: process.env.ZENVIA_SMS_FROM ?? 'freguesia',
    to: to.length <= 11 ? `55${to}` : to,
    externalId: input.idempotencyKey,
    contents: [{ type: 'text', text: input.text }],
  });
  return status < 300 ? { ok: true, id: String(json.id ?? '') } : permanent(status, json);
}

export async function sendPush(input: { externalId: string; title: string; heading: string; body: string; url?: string; idempotencyKey: string }): Promise<ProviderAnswer> {
  const base = process.env.PUSH_BASE_URL || 'https://api.onesignal.com';
  const key = process.env.ONESIGNAL_API_KEY;
  if (!key && !process.env.PUSH_BASE_URL) throw new ProviderError('push provider is not configured (ONESIGNAL_API_KEY)');
  const { status, json } = await post(`${base}/notifications`, { Authorization: `Key ${key ?? 'local'}` }, {
    app_id: process.env.ONESIGNAL_APP_ID ?? 'local',
    target_channel: 'push',
    include_aliases: { external_id: [input.externalId] },
    headings: { pt: input.heading, en: input.heading },
    subtitle: input.title ? { pt: input.title, en: input.title } : undefined,
    contents: { pt: input.body, en: input.body },
    ...(input.url ? { url: input.url } : {}),
    idempotency_key: input.idempotencyKey,
  });
  return status < 300 ? { ok: true, id: String(json.id ?? '') } : permanent(status, json);
}
