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
 * in `npm start` and in tests (infra/local/stand-ins.ts), never at the internet. Both providers
 * report deliveries back to `POST /api/hooks/{provider}` with the shared secret of
 * {@link webhookSecret} (src/communications/provider-events.service.ts).
 */

export interface ProviderAnswer {
  ok: boolean;
  /** The provider's message id (ok), or why it refused the message for good (not ok). */
  id?: string;
  error?: string;
}

/** A refusal the provider will repeat (4xx but 408/429): the recipient is failed, not retried. */
class ProviderError extends Error {}

async function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal?: AbortSignal,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const timeout = AbortSignal.timeout(10_000);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    // The caller's budget (the sender's lease) or 10 s, whichever ends first.
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    redirect: 'error',
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 500 || response.status === 408 || response.status === 429)
    throw new Error(`provider answered ${response.status}`);
  return { status: response.status, json };
}

const permanent = (status: number, json: Record<string, unknown>): ProviderAnswer => ({
  ok: false,
  error: `${status}: ${String(json.message ?? json.errors ?? 'recusado')}`.slice(0, 300),
});

export async function sendSms(input: {
  to: string;
  text: string;
  idempotencyKey: string;
  signal?: AbortSignal;
}): Promise<ProviderAnswer> {
  const base = process.env.SMS_BASE_URL || 'https://api.zenvia.com';
  const token = process.env.ZENVIA_API_TOKEN;
  if (!token && !process.env.SMS_BASE_URL)
    throw new ProviderError('SMS provider is not configured (ZENVIA_API_TOKEN)');
  const to = input.to.replace(/\D/g, '');
  const { status, json } = await post(
    `${base}/v2/channels/sms/messages`,
    { 'X-API-TOKEN': token ?? 'local' },
    {
      from: process.env.ZENVIA_SMS_FROM ?? 'freguesia',
      to: to.length <= 11 ? `55${to}` : to,
      externalId: input.idempotencyKey,
      contents: [{ type: 'text', text: input.text }],
    },
    input.signal,
  );
  return status < 300 ? { ok: true, id: String(json.id ?? '') } : permanent(status, json);
}

export async function sendPush(input: {
  externalId: string;
  title: string;
  heading: string;
  body: string;
  url?: string;
  idempotencyKey: string;
  signal?: AbortSignal;
}): Promise<ProviderAnswer> {
  const base = process.env.PUSH_BASE_URL || 'https://api.onesignal.com';
  const key = process.env.ONESIGNAL_API_KEY;
  if (!key && !process.env.PUSH_BASE_URL)
    throw new ProviderError('push provider is not configured (ONESIGNAL_API_KEY)');
  const { status, json } = await post(
    `${base}/notifications`,
    { Authorization: `Key ${key ?? 'local'}` },
    {
      app_id: process.env.ONESIGNAL_APP_ID ?? 'local',
      target_channel: 'push',
      include_aliases: { external_id: [input.externalId] },
      headings: { pt: input.heading, en: input.heading },
      subtitle: input.title ? { pt: input.title, en: input.title } : undefined,
      contents: { pt: input.body, en: input.body },
      ...(input.url ? { url: input.url } : {}),
      idempotency_key: input.idempotencyKey,
    },
    input.signal,
  );
  return status < 300 ? { ok: true, id: String(json.id ?? '') } : permanent(status, json);
}

/**
 * The shared secret a provider sends with its delivery reports (header `x-webhook-token`, set on
 * the Zenvia subscription and the OneSignal event stream by the operator). Locally and in tests
 * it is `ZENVIA_WEBHOOK_SECRET` / `ONESIGNAL_WEBHOOK_SECRET` (`npm start` generates them); in AWS
 * the function reads the Secrets Manager secret named by `…_WEBHOOK_SECRET_ARN` once per cold
 * start. Undefined when not configured: every report is then refused. Never logged.
 */
export type WebhookProvider = 'zenvia' | 'onesignal';

const secretCache = new Map<WebhookProvider, Promise<string | undefined>>();

export async function webhookSecret(provider: WebhookProvider): Promise<string | undefined> {
  const name = `${provider.toUpperCase()}_WEBHOOK_SECRET`;
  const fromEnv = process.env[name]?.trim();
  if (fromEnv) return fromEnv;
  const arn = process.env[`${name}_ARN`];
  if (!arn) return undefined;
  let loaded = secretCache.get(provider);
  if (!loaded) {
    loaded = (async () => {
      const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
      const client = new SecretsManagerClient({ region: process.env.AWS_REGION ?? 'sa-east-1' });
      const result = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      return result.SecretString?.trim() || undefined;
    })();
    secretCache.set(provider, loaded);
    // A failed read (network, permissions) is tried again on the next request, not cached.
    loaded.catch(() => secretCache.delete(provider));
  }
  return loaded;
}
