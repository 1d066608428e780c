import { describe, expect, it } from 'vitest';
import { readMessage } from '../lib/async/sqs-consumer';
import { EmailEventMessage } from './email-events.schema';
import { PlannerMessage, SendMessage } from './sending.schema';

const ses = {
  eventType: 'Open',
  mail: { messageId: 'm1', tags: { tenant: ['acme'] } },
  open: { timestamp: '2026-03-18T12:00:00.000Z', userAgent: 'Mozilla' },
};

describe('EmailEventMessage', () => {
  it('reads the SES event from EventBridge, SNS and the local outbox alike', () => {
    for (const body of [
      { 'detail-type': 'Open', detail: ses },
      { Type: 'Notification', Message: JSON.stringify(ses) },
      ses,
    ]) {
      expect(readMessage(EmailEventMessage, JSON.stringify(body))).toEqual({ ok: true, message: ses });
    }
  });

  it('refuses what is no SES event (so the consumer drops it with a warning)', () => {
    expect(readMessage(EmailEventMessage, JSON.stringify({ hello: 'world' }))).toMatchObject({ ok: false });
    expect(readMessage(EmailEventMessage, JSON.stringify({ Message: '{not json' }))).toMatchObject({
      ok: false,
    });
  });
});

describe('the sending pipeline messages', () => {
  it('reads a firing and a plan step, and refuses a plan without its run', () => {
    expect(PlannerMessage.safeParse({ kind: 'fire', tenant: 'acme', campaign: 7 }).success).toBe(true);
    expect(
      PlannerMessage.safeParse({
        kind: 'plan',
        tenant: 'acme',
        campaign: 7,
        run: 'once',
        step: 0,
        cursor: '{"source":"base"}',
      }).success,
    ).toBe(true);
    expect(
      PlannerMessage.safeParse({ kind: 'plan', tenant: 'acme', campaign: 7, step: 0, cursor: '' }).success,
    ).toBe(false);
  });

  it('refuses a send batch whose recipients are not a list', () => {
    expect(
      SendMessage.safeParse({
        kind: 'send',
        tenant: 'acme',
        campaign: 7,
        run: 'once',
        recipients: [{ key: 'c1', id_customer: 1, address: 'a@b.c', name: 'Ana' }],
      }).success,
    ).toBe(true);
    expect(
      SendMessage.safeParse({ kind: 'send', tenant: 'acme', campaign: 7, run: 'once', recipients: 'c1' })
        .success,
    ).toBe(false);
  });
});
