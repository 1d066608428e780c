import { describe, expect, it } from 'vitest';
import { customerOfHash, surveyClient } from './nps-survey';

/** A fetch that answers by path and records the calls. */
function fakeFetch(answers: Record<string, { status: number; body?: unknown }>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetcher = async (url: string, init?: RequestInit) => {
    calls.push({ url, ...(init ? { init } : {}) });
    const path = url.split('?')[0]!;
    const a = answers[path] ?? { status: 404 };
    return new Response(JSON.stringify(a.body ?? {}), { status: a.status });
  };
  return { calls, fetcher };
}

describe('public NPS survey client', () => {
  const hash = '2Bi;1;abcdefghijklmnopqrstuv';

  it('reads the customer id from the base-62 hash', () => {
    expect(customerOfHash(hash)).toBe(2 * 62 * 62 + 11 * 62 + 44);
    expect(customerOfHash('')).toBeUndefined();
    expect(customerOfHash('!!;1;x')).toBeUndefined();
  });

  it('trades the hash for a token, then reads the layout and submits with the token', async () => {
    const { calls, fetcher } = fakeFetch({
      '/api/internalservices/login/url-token': { status: 200, body: { token: 'tok' } },
      '/api/nps/layout': { status: 200, body: { html: '<h1>Oi</h1>' } },
      '/api/nps/submit': { status: 200, body: { id: 1 } },
    });
    const client = surveyClient(hash, fetcher);
    expect(await client.start()).toBe('ok');
    expect(calls[0]!.url).toBe(`/api/internalservices/login/url-token?id_customer=${customerOfHash(hash)}`);
    expect((calls[0]!.init!.headers as Record<string, string>).authorization).toBe(`Bearer ${hash}`);
    expect(await client.layout()).toBe('<h1>Oi</h1>');
    expect(await client.submit({ score: 8, observation: 'ok' })).toBe('ok');
    const submit = calls[2]!;
    expect((submit.init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(String(submit.init!.body))).toMatchObject({
      id: 1,
      id_customer: customerOfHash(hash),
      score: 8,
      observation: 'ok',
    });
  });

  it('tells an answered survey and a bad link apart', async () => {
    expect(
      await surveyClient(
        hash,
        fakeFetch({ '/api/internalservices/login/url-token': { status: 409 } }).fetcher,
      ).start(),
    ).toBe('answered');
    expect(
      await surveyClient(
        hash,
        fakeFetch({ '/api/internalservices/login/url-token': { status: 401 } }).fetcher,
      ).start(),
    ).toBe('error');
    expect(await surveyClient('', fakeFetch({}).fetcher).start()).toBe('error');
  });
});
