import { ProviderReport } from './provider-events.schema';

/**
 * The SMS and push providers' delivery reports (webhooks), read into one shape: which send they
 * are about and which analytics actions (spec part 3 §3 'Analytics rows', §7 filters) they are.
 * Pure: no I/O, so the HTTP entry, the queue consumer and the unit tests share one reading.
 *
 * - Zenvia (API v2) posts a `MESSAGE_STATUS` event per status change of a message we sent
 *   (zenvia/zenvia-openapi-spec, spec/components/schemas/events/message-status-event.ts and
 *   spec/tags/subscriptions.md): `id` (the webhook event, the same on a retried delivery),
 *   `type`, `channel`, `message.id`, `message.externalId` (ours: the send's idempotency key
 *   `tenant:campaign:run:recipient`, at most 100 characters), `messageStatus.code`
 *   (SENT, DELIVERED, NOT_DELIVERED, REJECTED, READ, …), `messageStatus.timestamp` and
 *   `messageStatus.causes`. The send key travels in the event: no lookup is needed.
 * - OneSignal Event Streams post one request per event with a JSON body the operator writes in
 *   Liquid (documentation.onesignal.com/docs/event-streams, /event-streams-data): `event.kind`
 *   (`message.push.received` — confirmed delivery —, `message.push.clicked`,
 *   `message.push.failed`, …), `event.id` (for idempotent tracking), `event.datetime`,
 *   `event.external_id` (our `c{id}`) and `message.id` (the notification id our send got back).
 *   None of them carries our send key, so the sender stores a small lookup from the notification
 *   id at completion (functions/README.md, "Communications").
 */

export type Provider = 'zenvia' | 'onesignal';
export const PROVIDERS: readonly Provider[] = ['zenvia', 'onesignal'];

/** A send of the pipeline, as its idempotency key names it. */
export interface SendKey {
  tenant: string;
  campaign: number;
  run: string;
  recipient: string;
}

/** What a provider event means to us, as the webhook hands it to the `provider-events` queue (its schema: provider-events.schema.ts). */
export type { ProviderReport };

/** Zenvia status code → SMS analytics action (spec part 3 §7: DELIVERED, NOT DELIVERED, REJECTED). */
export const ZENVIA_ACTIONS: Readonly<Record<string, string>> = {
  DELIVERED: 'DELIVERED',
  NOT_DELIVERED: 'NOT DELIVERED',
  REJECTED: 'REJECTED',
};

/**
 * OneSignal event kind → push analytics actions (spec part 3 §3: successful is Entregues,
 * converted is Clicados, failed or errored is Perdidos). A click proves the delivery too, where
 * the platform has no confirmed delivery (iOS without a notification service extension), so
 * Entregues never falls below Clicados. 'failed' stays the refusals counted at send time.
 */
export const ONESIGNAL_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  'message.push.received': ['successful'],
  'message.push.clicked': ['converted', 'successful'],
  'message.push.failed': ['errored'],
};

/** The customer activity (segmentation condition CM) an SMS action is: a delivery is 'Recebeu SMS'. */
export const SMS_ACTIVITY: Readonly<Record<string, 'sms_received'>> = { DELIVERED: 'sms_received' };

const TENANT = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const RUN = /^(once|\d{4}-\d{2}-\d{2}T\d{2}:\d{2})$/;

/**
 * Reads a send's idempotency key `tenant:campaign:run:recipient`. A recurring run is a minute
 * (`2026-03-18T09:00`), so the run is everything between the campaign and the last colon.
 */
export function parseSendKey(value: unknown): SendKey | undefined {
  if (typeof value !== 'string' || value.length > 200) return undefined;
  const parts = value.split(':');
  if (parts.length < 4) return undefined;
  const [tenant, campaignText] = parts as [string, string];
  const recipient = parts.at(-1)!;
  const run = parts.slice(2, -1).join(':');
  const campaign = Number(campaignText);
  if (
    !TENANT.test(tenant) ||
    !/^\d{1,15}$/.test(campaignText) ||
    !Number.isSafeInteger(campaign) ||
    campaign <= 0
  )
    return undefined;
  if (!RUN.test(run) || !recipient) return undefined;
  return { tenant, campaign, run, recipient };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 200): string | undefined =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined;
/** Instants a report may carry: from 2000 to a year ahead (1e308 or a year 275760 reads as none, never a 500). */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
const plausible = (ms: number): string | undefined =>
  Number.isFinite(ms) && ms >= EARLIEST_MS && ms <= Date.now() + 366 * 86_400_000
    ? new Date(ms).toISOString()
    : undefined;
const instant = (v: unknown): string | undefined => {
  if (typeof v === 'number') return plausible(v < 1e12 ? v * 1000 : v);
  const s = text(v, 40);
  return s ? plausible(Date.parse(s)) : undefined;
};

/** How a webhook body reads: a report to record, an event we do not record, or not an event of that provider. */
export type Reading =
  | { kind: 'report'; report: ProviderReport }
  | { kind: 'reply'; from: string; text: string; id?: string }
  | { kind: 'ignored' }
  | { kind: 'malformed' };

/**
 * A Zenvia inbound SMS (`MESSAGE`, direction IN): who answered and the text (its text contents
 * joined), for the opt-out and opt-in keywords (sms-replies.service.ts).
 */
function readZenviaReply(body: Record<string, unknown>): Reading {
  const message = isObject(body.message) ? body.message : undefined;
  if (!message || (body.direction ?? message.direction) !== 'IN') return { kind: 'ignored' };
  if (body.channel !== undefined && body.channel !== 'sms') return { kind: 'ignored' };
  const from = text(message.from, 40);
  const contents = Array.isArray(message.contents) ? message.contents : [];
  const said = contents
    .map((c) => (isObject(c) && c.type === 'text' ? text(c.text, 1000) : undefined))
    .filter((t): t is string => t !== undefined)
    .join(' ');
  // The message's id (the same in Zenvia's retries of the webhook), else the event's.
  const id = text(message.id, 200) ?? text(body.id, 200);
  return from && said ? { kind: 'reply', from, text: said, ...(id ? { id } : {}) } : { kind: 'ignored' };
}

/** A Zenvia webhook body (any event type; only MESSAGE_STATUS of DELIVERED, NOT_DELIVERED, REJECTED is recorded). */
export function readZenvia(body: unknown): Reading {
  if (!isObject(body) || typeof body.type !== 'string') return { kind: 'malformed' };
  if (body.type === 'MESSAGE') return readZenviaReply(body);
  if (body.type !== 'MESSAGE_STATUS') return { kind: 'ignored' };
  const status = body.messageStatus;
  const message = isObject(body.message) ? body.message : {};
  if (!isObject(status) || typeof status.code !== 'string') return { kind: 'malformed' };
  const action = ZENVIA_ACTIONS[status.code];
  // SENT is counted when Zenvia accepts the message; READ, CLICKED, … have no SMS counter.
  if (!action) return { kind: 'ignored' };
  if (body.channel !== undefined && body.channel !== 'sms') return { kind: 'ignored' };
  const key = parseSendKey(message.externalId);
  // Not a campaign message of ours (a message sent from Zenvia's console, another system).
  if (!key) return { kind: 'ignored' };
  const messageId = text(message.id) ?? text(body.messageId);
  const eventId = text(body.id);
  const at = instant(status.timestamp) ?? instant(body.timestamp);
  return {
    kind: 'report',
    report: {
      kind: 'provider-report',
      provider: 'zenvia',
      key,
      actions: [action],
      ...(messageId ? { messageId } : {}),
      ...(eventId ? { eventId } : {}),
      ...(at ? { at } : {}),
    },
  };
}

/** A OneSignal Event Streams body, as the README's template writes it. */
export function readOneSignal(body: unknown): Reading {
  if (!isObject(body) || !isObject(body.event) || typeof body.event.kind !== 'string')
    return { kind: 'malformed' };
  const event = body.event;
  const actions = ONESIGNAL_ACTIONS[event.kind as string];
  if (!actions) return { kind: 'ignored' };
  const messageId = isObject(body.message) ? text(body.message.id) : undefined;
  // Without the notification id nothing can be found (a Journey's or a dashboard message).
  if (!messageId) return { kind: 'ignored' };
  const externalId = text(event.external_id);
  const eventId = text(event.id);
  const at = instant(event.datetime) ?? instant(event.timestamp);
  return {
    kind: 'report',
    report: {
      kind: 'provider-report',
      provider: 'onesignal',
      messageId,
      actions: [...actions],
      ...(externalId ? { externalId } : {}),
      ...(eventId ? { eventId } : {}),
      ...(at ? { at } : {}),
    },
  };
}

export const readProviderEvent = (provider: Provider, body: unknown): Reading =>
  provider === 'zenvia' ? readZenvia(body) : readOneSignal(body);

/** Whether a queue message is a report this domain wrote (the consumer trusts nothing else). */
export const isProviderReport = (value: unknown): value is ProviderReport =>
  ProviderReport.safeParse(value).success;
