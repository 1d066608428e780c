import { config } from '../config';
import type { SESv2Client } from '@aws-sdk/client-sesv2'; // type only: the SDK itself loads lazily

export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
}

/** E-mail: SES in AWS, an outbox folder (.data/outbox) locally. Returns the message id. */
export interface MailPort {
  send(message: MailMessage): Promise<string>;
}

let ses: SESv2Client | undefined;

const awsMail: MailPort = {
  async send(message) {
    const sdk = await import('@aws-sdk/client-sesv2');
    ses ??= new sdk.SESv2Client({ region: config.region });
    const result = await ses.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: message.from,
        Destination: { ToAddresses: message.to },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
              ...(message.text ? { Text: { Data: message.text, Charset: 'UTF-8' } } : {}),
            },
          },
        },
      }),
    );
    return result.MessageId ?? '';
  },
};

export async function mailPort(): Promise<MailPort> {
  if (config.runtime === 'local') return (await import('./local/outbox')).outbox();
  return awsMail;
}
