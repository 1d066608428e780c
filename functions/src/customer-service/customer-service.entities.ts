import { Entity, Service } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';
import { InFlightEntity } from '../lib/async/in-flight';

/**
 * The customer-service domain's records (functions/README.md "Customer service"): departments,
 * the channels' bot flows, conversations with their messages, and the marker that keeps one open
 * conversation per contact and channel.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const id6 = { type: 'number', required: true, readOnly: true, padding: { length: 6, char: '0' } } as const;
const id12 = { type: 'number', required: true, readOnly: true, padding: { length: 12, char: '0' } } as const;

/** A department (§3 'Service channel': id, name, id_channel, active, users). A handful per tenant: read whole. */
export const DepartmentEntity = new Entity(
  {
    model: { entity: 'csDepartment', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id: id6,
      name: { type: 'string', required: true },
      id_channel: { type: 'number', required: true, default: 0 },
      active: { type: 'boolean', required: true, default: true },
      users: { type: 'list', items: { type: 'number' }, required: true, default: () => [] },
      updated_at: { type: 'string', required: true },
    },
    indexes: { byTenant: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

/** A channel's bot flow: the editor's graph as JSON text (shared/domain/bot-flow.ts). */
export const BotFlowEntity = new Entity(
  {
    model: { entity: 'csBotFlow', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id_channel: id6,
      flow: { type: 'string', required: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: { byChannel: key('primary', ['tenant', 'id_channel'], []) },
  },
  { client: documentClient, table: tableName() },
);

/**
 * A conversation (§3 'Conversation'). Written whole (`put`) under its `version`, so the bot,
 * staff and inbound messages never lose each other's changes. Open conversations are in two
 * sparse indexes, newest first: per department (gsi1, the inbox of a department: one Query for
 * its first page) and per tenant (gsi2, an admin's inbox without a filter).
 */
export const ConversationEntity = new Entity(
  {
    model: { entity: 'csConversation', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id: id12,
      id_channel: { type: 'number', required: true },
      /** The contact's key in its channel: `c{customer}` or `p{phone}` (prospect). */
      contact: { type: 'string', required: true },
      phone: { type: 'string', required: true },
      name: { type: 'string', required: true, default: '' },
      id_customer: { type: 'number', required: true, default: 0 },
      id_department: { type: 'number', required: true, default: 0 },
      id_user: { type: 'number', required: true, default: 0 },
      shortname: { type: 'string', required: true, default: '' },
      active: { type: 'boolean', required: true },
      /** 'Y' while the bot handles it (stops when a human takes it or the flow transfers / ends). */
      bot: { type: ['Y', 'N'] as const, required: true, default: 'Y' },
      /** The bot's state (BotState of bot-engine.model.ts) as JSON. */
      bot_state: { type: 'string', required: true, default: '{}' },
      /** The context variables (a JSON object of strings). */
      variables: { type: 'string', required: true, default: '{}' },
      /** The next message's sequence number. */
      next_seq: { type: 'number', required: true, default: 1 },
      /** The last inbound partner ids applied (idempotency per inbound message). */
      seen: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
      /** Sequence numbers of messages stored but not yet handed to the channel (the outbox). */
      outbox: { type: 'list', items: { type: 'number' }, required: true, default: () => [] },
      last_text: { type: 'string', required: true, default: '' },
      /** Lower-case, accent-free name and phone (the inbox's search). */
      search: { type: 'string', required: true, default: '' },
      created_at: { type: 'string', required: true },
      updated_at: { type: 'string', required: true },
      finished_at: { type: 'string' },
      version: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byId: key('primary', ['tenant', 'id'], []),
      openByDepartment: {
        ...key('gsi1', ['tenant', 'id_department'], ['updated_at', 'id']),
        condition: (a: Record<string, unknown>) => a.active === true,
      },
      openByTenant: {
        ...key('gsi2', ['tenant'], ['updated_at', 'id']),
        condition: (a: Record<string, unknown>) => a.active === true,
      },
    },
  },
  { client: documentClient, table: tableName() },
);

/** The open conversation of a contact on a channel (created with the conversation, removed when it ends). */
export const OpenConversationEntity = new Entity(
  {
    model: { entity: 'csOpenConversation', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id_channel: id6,
      contact: { type: 'string', required: true, readOnly: true },
      id_conversation: { type: 'number', required: true },
    },
    indexes: { byContact: key('primary', ['tenant', 'id_channel', 'contact'], []) },
  },
  { client: documentClient, table: tableName() },
);

/** A message of a conversation, in order (`seq`). `key` is the idempotency key of a sent one. */
export const ConversationMessageEntity = new Entity(
  {
    model: { entity: 'csMessage', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id_conversation: id12,
      seq: id6,
      type: { type: ['RECEIVED', 'SENT', 'BOT'] as const, required: true },
      from: { type: 'string', required: true },
      text: { type: 'string', required: true, default: '' },
      /** The channel's item as JSON (media, contact) when not plain text. */
      item: { type: 'string' },
      media_url: { type: 'string' },
      status: { type: 'string', required: true },
      partner_id: { type: 'string' },
      error: { type: 'string' },
      created_at: { type: 'string', required: true },
    },
    indexes: { byConversation: key('primary', ['tenant', 'id_conversation'], ['seq']) },
  },
  { client: documentClient, table: tableName() },
);

export const customerServiceStore = new Service(
  {
    department: DepartmentEntity,
    flow: BotFlowEntity,
    conversation: ConversationEntity,
    open: OpenConversationEntity,
    message: ConversationMessageEntity,
    counter: CounterEntity,
    /** A conversation with messages in its outbox is registered in flight (the outbox sweep). */
    inFlight: InFlightEntity,
  },
  { client: documentClient, table: tableName() },
);
