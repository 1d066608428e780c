import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { optKeyword, localPhones, pacingOf, DEFAULT_PACING } from '@freguesia/shared/domain/whatsapp';
import { readEvents, verifySignature, type SignedRequest } from './webhooks.model';

const secrets = { token: 'twilio-auth-token', password: 'app-secret' };
const request = (
  partner: SignedRequest['partner'],
  raw: string,
  headers: Record<string, string>,
  extra: Partial<SignedRequest> = {},
): SignedRequest => ({
  partner,
  raw,
  headers,
  urls: ['https://loja.example.com/api/hooks/whatsapp/twilio/1'],
  secrets,
  now: Date.now(),
  ...extra,
});

describe('partner webhook signatures', () => {
  it('Meta: X-Hub-Signature-256 over the raw body with the app secret', () => {
    const raw = '{"object":"whatsapp_business_account","entry":[]}';
    const good = `sha256=${createHmac('sha256', 'app-secret').update(raw).digest('hex')}`;
    expect(verifySignature(request('META', raw, { 'x-hub-signature-256': good }))).toBe(true);
    expect(verifySignature(request('META', raw + ' ', { 'x-hub-signature-256': good }))).toBe(false);
    expect(verifySignature(request('META', raw, {}))).toBe(false);
  });

  it('Twilio: X-Twilio-Signature over the URL and the sorted parameters with the auth token', () => {
    const raw = 'MessageStatus=delivered&MessageSid=SM1&To=whatsapp%3A%2B5511999990000';
    const data =
      'https://loja.example.com/api/hooks/whatsapp/twilio/1MessageSidSM1MessageStatusdeliveredTowhatsapp:+5511999990000';
    const good = createHmac('sha1', 'twilio-auth-token').update(data).digest('base64');
    expect(verifySignature(request('TWILIO', raw, { 'x-twilio-signature': good }))).toBe(true);
    expect(
      verifySignature(request('TWILIO', raw.replace('delivered', 'read'), { 'x-twilio-signature': good })),
    ).toBe(false);
  });

  it('WAHA: HMAC-SHA512 and a fresh timestamp', () => {
    const raw = JSON.stringify({ event: 'message', timestamp: Date.now(), payload: {} });
    const sign = (body: string) => createHmac('sha512', 'app-secret').update(body).digest('hex');
    expect(verifySignature(request('RetailThink_v3', raw, { 'x-webhook-hmac': sign(raw) }))).toBe(true);
    const old = JSON.stringify({ event: 'message', timestamp: Date.now() - 10 * 60_000, payload: {} });
    expect(verifySignature(request('RetailThink_v3', old, { 'x-webhook-hmac': sign(old) }))).toBe(false);
  });

  it('Evolution and Gupshup: the shared secret, in the header or the URL', () => {
    expect(verifySignature(request('RetailThink', '{}', { 'x-webhook-token': 'app-secret' }))).toBe(true);
    expect(verifySignature(request('GUPSHUP', '{}', {}, { queryToken: 'app-secret' }))).toBe(true);
    expect(verifySignature(request('RetailThink_v2', '{}', { 'x-webhook-token': 'wrong' }))).toBe(false);
    expect(verifySignature(request('GUPSHUP', '{}', {}, { secrets: { token: '', password: '' } }))).toBe(
      false,
    );
  });
});

describe('partner events', () => {
  const now = '2026-11-26T12:00:00.000Z';
  it('reads statuses and inbound messages of each partner', () => {
    expect(readEvents('TWILIO', 'MessageSid=SM1&MessageStatus=undelivered', now)).toEqual([
      { kind: 'status', messageId: 'SM1', action: 'failed', at: now },
    ]);
    expect(
      readEvents(
        'RetailThink_v3',
        JSON.stringify({ event: 'message', payload: { id: 'x', from: '5511988887777@c.us', body: 'Sair' } }),
        now,
      ),
    ).toMatchObject([{ kind: 'inbound', messageId: 'x', from: '5511988887777', text: 'Sair' }]);
    expect(
      readEvents(
        'RetailThink_v2',
        JSON.stringify({ event: 'MESSAGES_UPDATE', data: { keyId: 'k', status: 'READ' } }),
        now,
      ),
    ).toEqual([{ kind: 'status', messageId: 'k', action: 'read', at: now }]);
    expect(readEvents('META', '{"hello":1}', now)).toBeUndefined();
  });
  it('reads a timestamp of 1e308 or -9007199254740993 as the arrival instant, never a throw (issue 20 item 26)', () => {
    for (const timestamp of [1e308, Number('-9007199254740993'), '+275760-09-13T00:00:00.000Z']) {
      const raw = JSON.stringify({
        type: 'message',
        timestamp,
        payload: { id: 'g', source: '5511988887777', payload: { text: 'oi' } },
      });
      expect(readEvents('GUPSHUP', raw, now)).toMatchObject([{ kind: 'inbound', at: now }]);
    }
  });
});

describe('opt keywords, phones and pacing', () => {
  it('folds accents, case and punctuation; only the whole message counts', () => {
    expect(optKeyword(' sair! ')).toBe('out');
    expect(optKeyword('Não quero')).toBe('out');
    expect(optKeyword('Aceito')).toBe('in');
    expect(optKeyword('quero sair daqui')).toBeUndefined();
  });
  it('matches a WhatsApp number to local phones with and without the ninth digit', () => {
    expect(localPhones('5511987654321')).toEqual(['11987654321', '1187654321']);
    expect(localPhones('551187654321')).toEqual(['1187654321', '11987654321']);
  });
  it('takes the channel pacing from extra_config within bounds, defaults otherwise', () => {
    expect(pacingOf('')).toEqual(DEFAULT_PACING);
    expect(pacingOf('{"pacing":{"min_interval_s":30,"max_interval_s":10}}')).toMatchObject({
      min_interval_s: 30,
      max_interval_s: 30,
    });
    expect(pacingOf('not json')).toEqual(DEFAULT_PACING);
  });
});
