import { Entity, Service } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';

/**
 * The whatsapp domain's records (functions/README.md, "WhatsApp"): service channels with their
 * sealed credentials, the inbound messages the customer-service issue reads, each channel's
 * contacts (who interacted, who opted out), its pacer, and the webhook requests already seen.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const channelId = {
  type: 'number',
  required: true,
  readOnly: true,
  padding: { length: 6, char: '0' },
} as const;

/**
 * A service channel (spec part 3 §3 'Service channel'). `token` and `password` are kept only
 * sealed (lib/ports/secrets-key.ts, context `whatsapp-channel:<tenant>:<id>:<field>`); the clear
 * values are never stored, returned or logged. A tenant has a handful: read whole.
 */
export const ChannelEntity = new Entity(
  {
    model: { entity: 'serviceChannel', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id: channelId,
      description: { type: 'string', required: true },
      type: { type: 'string', required: true },
      partner: { type: 'string', required: true },
      icon: { type: 'string' },
      account: { type: 'string' },
      key: { type: 'string' },
      user: { type: 'string' },
      extra_config: { type: 'string' },
      token_sealed: { type: 'string' },
      token_hint: { type: 'string' },
      password_sealed: { type: 'string' },
      password_hint: { type: 'string' },
      updated_at: { type: 'string', required: true },
    },
    indexes: { byTenant: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

/**
 * An inbound message of a channel (kept for the customer-service issue): partition per channel,
 * in arrival order; `partner_id` deduplicates a partner's redelivery (the id is the sort key's tail).
 */
export const InboundMessageEntity = new Entity(
  {
    model: { entity: 'inboundMessage', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id_channel: channelId,
      partner_id: { type: 'string', required: true, readOnly: true },
      received_at: { type: 'string', required: true },
      from: { type: 'string', required: true },
      text: { type: 'string' },
      media_url: { type: 'string' },
      id_customer: { type: 'number' },
      /** 'in' / 'out' when the text was an opt keyword. */
      opt: { type: 'string' },
    },
    indexes: {
      byChannel: key('primary', ['tenant', 'id_channel'], ['partner_id']),
      byTime: key('gsi1', ['tenant', 'id_channel'], ['received_at', 'partner_id']),
    },
  },
  { client: documentClient, table: tableName() },
);

/**
 * A customer (or number) as a channel knows it: interacted (the ban-safety switch sends only to
 * those) and the channel's own opt-in/out. The audience counters `wpp:{channel}:total` and
 * `wpp:{channel}:optout` move with these.
 */
export const ChannelContactEntity = new Entity(
  {
    model: { entity: 'channelContact', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id_channel: channelId,
      phone: { type: 'string', required: true, readOnly: true },
      id_customer: { type: 'number' },
      interacted_at: { type: 'string' },
      optout: { type: ['Y', 'N'] as const, required: true, default: 'N' },
      opt_at: { type: 'string' },
    },
    indexes: { byPhone: key('primary', ['tenant', 'id_channel'], ['phone']) },
  },
  { client: documentClient, table: tableName() },
);

/** A channel's pacer: the next free slot, the burst count, the day's count (the daily cap). */
export const PacerEntity = new Entity(
  {
    model: { entity: 'whatsappPacer', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id_channel: channelId,
      next_at: { type: 'number', required: true, default: 0 },
      burst: { type: 'number', required: true, default: 0 },
      resting_until: { type: 'number', required: true, default: 0 },
      day: { type: 'string', required: true, default: '' },
      day_count: { type: 'number', required: true, default: 0 },
      /** The last slot handed out (ms): the bench measures the intervals from these. */
      last_at: { type: 'number', required: true, default: 0 },
      version: { type: 'number', required: true, default: 0 },
    },
    indexes: { byChannel: key('primary', ['tenant', 'id_channel'], []) },
  },
  { client: documentClient, table: tableName() },
);

/** A webhook request already processed (digest of its body), so a replay changes nothing. */
export const WebhookSeenEntity = new Entity(
  {
    model: { entity: 'whatsappWebhookSeen', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      digest: { type: 'string', required: true, readOnly: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: { byDigest: key('primary', ['tenant', 'digest'], []) },
  },
  { client: documentClient, table: tableName() },
);

/**
 * A message sent outside campaigns (replies.service.ts: customer service's replies and bot messages):
 * the partner's message id → the sender's `reference`; `status` moves forward only (`rank`).
 */
export const ReplyEntity = new Entity(
  {
    model: { entity: 'whatsappReply', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id_channel: channelId,
      partner_id: { type: 'string', required: true, readOnly: true },
      reference: { type: 'string', required: true },
      status: { type: 'string', required: true },
      rank: { type: 'number', required: true, default: 1 },
      at: { type: 'string', required: true },
    },
    indexes: { byMessage: key('primary', ['tenant', 'id_channel', 'partner_id'], []) },
  },
  { client: documentClient, table: tableName() },
);

export const whatsappService = new Service(
  {
    channel: ChannelEntity,
    inbound: InboundMessageEntity,
    contact: ChannelContactEntity,
    pacer: PacerEntity,
    seen: WebhookSeenEntity,
    reply: ReplyEntity,
    counter: CounterEntity,
  },
  { client: documentClient, table: tableName() },
);
