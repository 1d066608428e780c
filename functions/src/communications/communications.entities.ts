import { Entity, Service } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';

/**
 * The sending pipeline's records (functions/README.md, "Communications"). Everything of one
 * campaign's sends sits in the partition (tenant, campaign), so a 1,000,000-recipient send spreads
 * over its own partition and never crowds the tenant's.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const campaign = {
  type: 'number',
  required: true,
  readOnly: true,
  padding: { length: 9, char: '0' },
} as const;

/**
 * One run of a campaign: the once-only send ('once') or one firing of a recurring one (its
 * minute, 'YYYY-MM-DDTHH:mm'). The planner pages the audience from `cursor`; the counters are
 * moved only together with a ledger entry (never twice for one recipient).
 */
export const SendRunEntity = new Entity(
  {
    model: { entity: 'sendRun', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      run: { type: 'string', required: true, readOnly: true },
      channel: { type: 'string', required: true },
      status: { type: ['PLANNING', 'SENDING', 'PAUSED', 'COMPLETED', 'CANCELED'] as const, required: true },
      /** The audience page the planner reads next (JSON: source and its cursor); null when planned whole. */
      cursor: { type: 'string' },
      /** Planner steps done: a plan message names the step it is for. */
      step: { type: 'number', required: true, default: 0 },
      /** When a plan message took the current step (ms): a copy of it waits instead of planning the page again. */
      step_taken_at: { type: 'number' },
      /** Recipient batches handed to the channel queue. */
      planned: { type: 'number', required: true, default: 0 },
      sent: { type: 'number', required: true, default: 0 },
      failed: { type: 'number', required: true, default: 0 },
      /** Left out by the planner: opted out, suppressed, without an address. */
      skipped: { type: 'number', required: true, default: 0 },
      /** Planned but settled unsent by a cancel. */
      canceled: { type: 'number', required: true, default: 0 },
      planning_done: { type: 'boolean', required: true, default: false },
      version: { type: 'number', required: true, default: 1 },
      started_at: { type: 'string', required: true },
      finished_at: { type: 'string' },
      canceled_by: { type: 'string' },
      /** R$ per message when the run started ('Investimentos' keeps past sends at the price they were sent at). */
      unit_price: { type: 'number' },
    },
    indexes: { byRun: key('primary', ['tenant', 'campaign'], ['run']) },
  },
  { client: documentClient, table: tableName() },
);

/**
 * The per-recipient ledger: claimed before the provider call, completed with the provider's
 * message id after it. A claim older than the lease belongs to a sender that died: the next
 * delivery of the batch takes it over and sends with the same idempotency key.
 */
export const DeliveryEntity = new Entity(
  {
    model: { entity: 'delivery', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      run: { type: 'string', required: true, readOnly: true },
      /** The recipient's key: 'c{customer id}' or the address of an explicit list. */
      recipient: { type: 'string', required: true, readOnly: true },
      id_customer: { type: 'number' },
      address: { type: 'string', required: true },
      status: { type: ['CLAIMED', 'SENT', 'FAILED', 'CANCELED'] as const, required: true },
      claimed_at: { type: 'number', required: true },
      attempts: { type: 'number', required: true, default: 1 },
      provider_id: { type: 'string' },
      error: { type: 'string' },
      sent_at: { type: 'string' },
    },
    indexes: { byRecipient: key('primary', ['tenant', 'campaign'], ['run', 'recipient']) },
  },
  { client: documentClient, table: tableName() },
);

/** A customer behind an action of a campaign (opened, clicked, bounced…): the audiences of 'Criar lead'. */
export const ActionMarkEntity = new Entity(
  {
    model: { entity: 'actionMark', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      action: { type: 'string', required: true, readOnly: true },
      recipient: { type: 'string', required: true, readOnly: true },
      id_customer: { type: 'number' },
      at: { type: 'string', required: true },
    },
    indexes: { byAction: key('primary', ['tenant', 'campaign'], ['action', 'recipient']) },
  },
  { client: documentClient, table: tableName() },
);

/** Addresses never to write to again (hard bounces, complaints), per channel. */
export const SuppressionEntity = new Entity(
  {
    model: { entity: 'suppression', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      channel: { type: 'string', required: true, readOnly: true },
      address: { type: 'string', required: true, readOnly: true },
      reason: { type: 'string', required: true },
      at: { type: 'string', required: true },
    },
    indexes: { byAddress: key('primary', ['tenant', 'channel'], ['address']) },
  },
  { client: documentClient, table: tableName() },
);

/**
 * Which send a provider's message id belongs to, for the delivery reports that name only that id
 * (OneSignal's event streams carry the notification id, not our idempotency key). Written with the
 * ledger's completion of a push. The one key here without the tenant in front: a report arrives
 * before anyone knows its tenant, and this item is what tells it. Expires through the table's TTL
 * after {@link PROVIDER_MESSAGE_DAYS} days (OneSignal keeps message data for 30).
 */
export const ProviderMessageEntity = new Entity(
  {
    model: { entity: 'providerMessage', version: '1', service: 'freguesia' },
    attributes: {
      provider: { type: 'string', required: true, readOnly: true },
      message_id: { type: 'string', required: true, readOnly: true },
      tenant: { type: 'string', required: true },
      campaign: { type: 'number', required: true },
      run: { type: 'string', required: true },
      recipient: { type: 'string', required: true },
      id_customer: { type: 'number' },
      /** Epoch seconds: the table's TTL attribute. */
      expiresAt: { type: 'number', required: true },
    },
    indexes: { byMessage: key('primary', ['provider', 'message_id'], []) },
  },
  { client: documentClient, table: tableName() },
);
export const PROVIDER_MESSAGE_DAYS = 90;

/**
 * Which tenants sent an SMS to a number lately (one item per number and tenant, written when the
 * provider accepts a send): an opt-out reply names only the number, on a webhook bound to no
 * tenant, so this is what tells whose customers it is about. Keyed by the number first, like
 * {@link ProviderMessageEntity}; expires after {@link SMS_REPLY_DAYS}.
 */
export const SmsReplyEntity = new Entity(
  {
    model: { entity: 'smsReply', version: '1', service: 'freguesia' },
    attributes: {
      /** The national number (DDD + number) the SMS went to. */
      phone: { type: 'string', required: true, readOnly: true },
      tenant: { type: 'string', required: true, readOnly: true },
      at: { type: 'string', required: true },
      /** Epoch seconds: the table's TTL attribute. */
      expiresAt: { type: 'number', required: true },
    },
    indexes: { byPhone: key('primary', ['phone'], ['tenant']) },
  },
  { client: documentClient, table: tableName() },
);
export const SMS_REPLY_DAYS = 90;

/**
 * An inbound SMS (a keyword reply) already applied, by the provider's message id: Zenvia retries a
 * webhook it saw fail or time out, and a stale copy of an older 'SAIR' must not undo a later
 * 'VOLTAR' (or the reverse). Not bound to a tenant (the reply is not); expires after
 * {@link SMS_REPLY_DAYS}.
 */
export const SmsInboundEntity = new Entity(
  {
    model: { entity: 'smsInbound', version: '1', service: 'freguesia' },
    attributes: {
      provider: { type: 'string', required: true, readOnly: true },
      message_id: { type: 'string', required: true, readOnly: true },
      at: { type: 'string', required: true },
      /** Epoch seconds: the table's TTL attribute. */
      expiresAt: { type: 'number', required: true },
    },
    indexes: { byMessage: key('primary', ['provider', 'message_id'], []) },
  },
  { client: documentClient, table: tableName() },
);

export const communicationsService = new Service({
  sendRun: SendRunEntity,
  delivery: DeliveryEntity,
  actionMark: ActionMarkEntity,
  suppression: SuppressionEntity,
  counter: CounterEntity,
  providerMessage: ProviderMessageEntity,
});
