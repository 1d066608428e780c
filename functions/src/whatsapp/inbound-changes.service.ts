import type { DynamoDBRecord } from 'aws-lambda';
import { plainImage } from '../lib/ddb/stream-images';
import { InboundMessageEntity, ReplyEntity } from './whatsapp.entities';

/**
 * The whatsapp domain's records as other domains may see them in the table's stream (like
 * customers/changes.service.ts): a stored inbound message (customer service opens and continues
 * conversations from it) and a reply's status (customer service marks its message).
 */

export interface StoredInbound {
  tenant: string;
  channel: number;
  /** The partner's message id (unique per channel). */
  messageId: string;
  /** Digits of the sender's number. */
  from: string;
  text: string;
  mediaUrl?: string;
  at: string;
  /** The customer the whatsapp domain matched by phone (0: none). */
  customer: number;
}

/** An inbound message just stored (inserts only), or undefined. */
export function storedInboundOf(record: DynamoDBRecord): StoredInbound | undefined {
  if (record.eventName !== 'INSERT') return undefined;
  const image = record.dynamodb?.NewImage;
  if (!image) return undefined;
  try {
    const item = InboundMessageEntity.parse({ Item: plainImage(image) }).data;
    if (!item) return undefined;
    return {
      tenant: item.tenant,
      channel: item.id_channel,
      messageId: item.partner_id,
      from: item.from,
      text: item.text ?? '',
      ...(item.media_url ? { mediaUrl: item.media_url } : {}),
      at: item.received_at,
      customer: item.id_customer ?? 0,
    };
  } catch {
    return undefined;
  }
}

export interface ReplyStatusChange {
  tenant: string;
  channel: number;
  reference: string;
  status: string;
  partnerId: string;
}

/** A reply's new status (inserts and changes), or undefined. */
export function replyStatusOf(record: DynamoDBRecord): ReplyStatusChange | undefined {
  if (record.eventName === 'REMOVE') return undefined;
  const image = record.dynamodb?.NewImage;
  if (!image) return undefined;
  try {
    const item = ReplyEntity.parse({ Item: plainImage(image) }).data;
    if (!item) return undefined;
    return {
      tenant: item.tenant,
      channel: item.id_channel,
      reference: item.reference,
      status: item.status,
      partnerId: item.partner_id,
    };
  } catch {
    return undefined;
  }
}
