import { config } from '../config';
import type { SESv2Client } from '@aws-sdk/client-sesv2'; // type only: the SDK itself loads lazily
import type * as LocalOutboxModule from './local/outbox';

export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  /**
   * The sending pipeline's ledger key: a message sent again with the same key is the same message
   * (the local outbox keeps one copy; with SES it travels as a tag so its events name it).
   */
  idempotencyKey?: string;
  /** Extra headers (the RFC 8058 `List-Unsubscribe` pair of a marketing e-mail). */
  headers?: Record<string, string>;
  /** The tenant the message is sent for (the local outbox shows each tenant only its own messages). */
  tenant?: string;
  /** Message tags (SES: EmailTags) that come back with the delivery, open, click and bounce events. */
  tags?: Record<string, string>;
  /** Aborts the provider request (the sending pipeline's call budget). */
  signal?: AbortSignal;
}

/** E-mail: SES v2 in AWS (with the configuration set whose events feed the analytics), an outbox folder (.data/outbox) locally. Returns the message id. */
export interface MailPort {
  send(message: MailMessage): Promise<string>;
}

let ses: SESv2Client | undefined;

/** SES tag values allow letters, digits, '_', '-', '.', '@' only. */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 256);

const awsMail: MailPort = {
  async send(message) {
    const sdk = await import('@aws-sdk/client-sesv2');
    ses ??= new sdk.SESv2Client({ region: config.region });
    const tags = { ...message.tags, ...(message.idempotencyKey ? { ledger: message.idempotencyKey } : {}) };
    const result = await ses.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: message.from,
        Destination: { ToAddresses: message.to },
        ...(process.env.SES_CONFIGURATION_SET
          ? { ConfigurationSetName: process.env.SES_CONFIGURATION_SET }
          : {}),
        EmailTags: Object.entries(tags).map(([Name, Value]) => ({
          Name: tagValue(Name),
          Value: tagValue(Value),
        })),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
              ...(message.text ? { Text: { Data: message.text, Charset: 'UTF-8' } } : {}),
            },
            ...(message.headers
              ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) }
              : {}),
          },
        },
      }),
      message.signal ? { abortSignal: message.signal } : {},
    );
    return result.MessageId ?? '';
  },
};

/** Replaces the port (tests inject failing or counting providers). */
let override: MailPort | undefined;
export function setMailPort(port: MailPort | undefined): void {
  override = port;
}

/** The local outbox never runs in AWS: an opaque specifier keeps it out of the Lambda bundles (./queue.ts). */
const LOCAL_OUTBOX: string = './local/outbox';

export async function mailPort(): Promise<MailPort> {
  if (override) return override;
  if (config.runtime === 'local') return ((await import(LOCAL_OUTBOX)) as typeof LocalOutboxModule).outbox();
  return awsMail;
}
