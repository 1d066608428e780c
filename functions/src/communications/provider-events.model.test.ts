import { describe, expect, it } from 'vitest';
import { isProviderReport, parseSendKey, readOneSignal, readZenvia } from './provider-events.model';

/** A Zenvia API v2 MESSAGE_STATUS event, as its OpenAPI spec describes it. */
const zenvia = (code: string, extra: Record<string, unknown> = {}) => ({
  id: 'b6f1c0de-event',
  timestamp: '2026-03-18T12:00:05.000Z',
  type: 'MESSAGE_STATUS',
  subscriptionId: 'sub-1',
  channel: 'sms',
  messageId: 'zenvia-msg-1',
  contentIndex: 0,
  message: {
    id: 'zenvia-msg-1',
    externalId: 'loja:42:once:c7',
    contentIndex: 0,
    direction: 'OUT',
    from: 'freguesia',
    to: '5511987654321',
  },
  messageStatus: { timestamp: '2026-03-18T12:00:04.000Z', code, description: 'x', causes: [] },
  ...extra,
});

/** A OneSignal event stream body, written by the README's Liquid template. */
const oneSignal = (kind: string, extra: Record<string, unknown> = {}) => ({
  event: { id: 'e-1', kind, datetime: '2026-03-18T12:01:00.000Z', external_id: 'c7' },
  message: { id: 'notif-1' },
  ...extra,
});

describe('parseSendKey', () => {
  it('reads once-only and recurring keys (the run of a recurring send holds a colon)', () => {
    expect(parseSendKey('loja:42:once:c7')).toEqual({
      tenant: 'loja',
      campaign: 42,
      run: 'once',
      recipient: 'c7',
    });
    expect(parseSendKey('loja-2:9:2026-03-18T09:00:c123')).toEqual({
      tenant: 'loja-2',
      campaign: 9,
      run: '2026-03-18T09:00',
      recipient: 'c123',
    });
    expect(parseSendKey('loja:42:once:5511987654321')?.recipient).toBe('5511987654321');
  });

  it('refuses anything else', () => {
    for (const bad of [
      undefined,
      42,
      '',
      'loja:42:once',
      'Loja:42:once:c7',
      'loja:0:once:c7',
      'loja:x:once:c7',
      'loja:42:sometime:c7',
      'loja:42:once:',
      '_hooks:1:once:c1',
    ]) {
      expect(parseSendKey(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('readZenvia', () => {
  it('maps DELIVERED, NOT_DELIVERED and REJECTED to the spec actions, with the send and the status instant', () => {
    expect(readZenvia(zenvia('DELIVERED'))).toEqual({
      kind: 'report',
      report: {
        kind: 'provider-report',
        provider: 'zenvia',
        key: { tenant: 'loja', campaign: 42, run: 'once', recipient: 'c7' },
        messageId: 'zenvia-msg-1',
        eventId: 'b6f1c0de-event',
        actions: ['DELIVERED'],
        at: '2026-03-18T12:00:04.000Z',
      },
    });
    expect(readZenvia(zenvia('NOT_DELIVERED'))).toMatchObject({ report: { actions: ['NOT DELIVERED'] } });
    expect(readZenvia(zenvia('REJECTED'))).toMatchObject({ report: { actions: ['REJECTED'] } });
  });

  it('leaves out what has no SMS counter, other channels and messages the pipeline did not send', () => {
    expect(readZenvia(zenvia('SENT'))).toEqual({ kind: 'ignored' });
    expect(readZenvia(zenvia('READ'))).toEqual({ kind: 'ignored' });
    expect(readZenvia(zenvia('DELIVERED', { channel: 'whatsapp' }))).toEqual({ kind: 'ignored' });
    expect(readZenvia(zenvia('DELIVERED', { message: { id: 'm', externalId: 'my-own-id' } }))).toEqual({
      kind: 'ignored',
    });
    expect(readZenvia({ type: 'MESSAGE', message: {} })).toEqual({ kind: 'ignored' });
  });

  it('calls anything that is no Zenvia event malformed', () => {
    for (const bad of [
      undefined,
      null,
      'x',
      [],
      {},
      { type: 'MESSAGE_STATUS' },
      { type: 'MESSAGE_STATUS', messageStatus: { code: 7 } },
    ]) {
      expect(readZenvia(bad), JSON.stringify(bad)).toEqual({ kind: 'malformed' });
    }
  });
});

describe('readOneSignal', () => {
  it('maps confirmed delivery to Entregues, a click to Clicados (and Entregues), a failure to Perdidos', () => {
    expect(readOneSignal(oneSignal('message.push.received'))).toEqual({
      kind: 'report',
      report: {
        kind: 'provider-report',
        provider: 'onesignal',
        messageId: 'notif-1',
        externalId: 'c7',
        eventId: 'e-1',
        actions: ['successful'],
        at: '2026-03-18T12:01:00.000Z',
      },
    });
    expect(readOneSignal(oneSignal('message.push.clicked'))).toMatchObject({
      report: { actions: ['converted', 'successful'] },
    });
    expect(readOneSignal(oneSignal('message.push.failed'))).toMatchObject({
      report: { actions: ['errored'] },
    });
  });

  it('takes the UNIX timestamp when the template sends no datetime', () => {
    const body = { event: { kind: 'message.push.received', timestamp: 1773835260 }, message: { id: 'n' } };
    expect(readOneSignal(body)).toMatchObject({ report: { at: '2026-03-18T12:01:00.000Z' } });
  });

  it('leaves out other kinds and events without a notification id; refuses other bodies', () => {
    expect(readOneSignal(oneSignal('message.push.sent'))).toEqual({ kind: 'ignored' });
    expect(readOneSignal(oneSignal('message.email.opened'))).toEqual({ kind: 'ignored' });
    expect(readOneSignal(oneSignal('message.push.clicked', { message: { id: '' } }))).toEqual({
      kind: 'ignored',
    });
    for (const bad of [undefined, {}, { event: 'x' }, { event: { kind: 3 } }, zenvia('DELIVERED')]) {
      expect(readOneSignal(bad), JSON.stringify(bad)).toEqual({ kind: 'malformed' });
    }
  });
});

describe('isProviderReport', () => {
  it('accepts only the reports the webhook queues', () => {
    const zenviaReport = readZenvia(zenvia('DELIVERED'));
    const pushReport = readOneSignal(oneSignal('message.push.clicked'));
    expect(
      zenviaReport.kind === 'report' && isProviderReport(JSON.parse(JSON.stringify(zenviaReport.report))),
    ).toBe(true);
    expect(pushReport.kind === 'report' && isProviderReport(pushReport.report)).toBe(true);
    expect(isProviderReport({ kind: 'provider-report', provider: 'twilio', actions: [] })).toBe(false);
    expect(isProviderReport({ kind: 'provider-report', provider: 'zenvia', actions: ['DELIVERED'] })).toBe(
      false,
    );
    expect(isProviderReport(zenvia('DELIVERED'))).toBe(false);
  });
});

describe('instants out of range (issue 20 item 26)', () => {
  it('reads 1e308, -9007199254740993 and a year 275760 as no instant, never a throw', () => {
    for (const bad of [1e308, Number('-9007199254740993'), '+275760-09-13T00:00:00.000Z', 8.64e15 + 1]) {
      const push = {
        event: { kind: 'message.push.received', timestamp: bad, datetime: bad },
        message: { id: 'n' },
      };
      expect(() => readOneSignal(push)).not.toThrow();
      expect(readOneSignal(push)).toMatchObject({ kind: 'report' });
      expect((readOneSignal(push) as { report: { at?: string } }).report.at).toBeUndefined();
      const sms = zenvia('DELIVERED', {
        timestamp: bad,
        messageStatus: { timestamp: bad, code: 'DELIVERED', description: 'x', causes: [] },
      });
      expect(() => readZenvia(sms)).not.toThrow();
      expect((readZenvia(sms) as { report: { at?: string } }).report.at).toBeUndefined();
    }
  });
});
