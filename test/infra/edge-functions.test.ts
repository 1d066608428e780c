import { describe, expect, it } from 'vitest';
import {
  cmsFilesCode,
  forwardHostCode,
  spaRewriteCode,
} from '@freguesia/infra/lib/constructs/edge-functions';

interface CloudFrontRequest {
  uri: string;
  headers: Record<string, { value: string } | undefined>;
  querystring?: Record<string, { value: string } | undefined>;
}
type Handler = (event: { request: CloudFrontRequest }) => CloudFrontRequest;

/** Loads a CloudFront Function's source the way the runtime does: a global `handler`. */
function load(code: string): Handler {
  return new Function(`${code}\nreturn handler;`)() as Handler;
}

const request = (
  uri: string,
  headers: CloudFrontRequest['headers'] = {},
): { request: CloudFrontRequest } => ({
  request: { uri, headers },
});

describe('forward-host CloudFront Function (/api/*, /link/*)', () => {
  const forwardHost = load(forwardHostCode);

  it('copies the tenant host the viewer used into x-forwarded-host', () => {
    const result = forwardHost(
      request('/api/web/customers', { host: { value: 'loja-azul.freguesia.com.br' } }),
    );
    expect(result.headers['x-forwarded-host']).toEqual({ value: 'loja-azul.freguesia.com.br' });
    expect(result.uri).toBe('/api/web/customers');
  });

  it('overwrites an x-forwarded-host sent by the client, so it cannot pick another tenant', () => {
    const result = forwardHost(
      request('/api/auth/login', {
        host: { value: 'demo.freguesia.com.br' },
        'x-forwarded-host': { value: 'other-tenant.freguesia.com.br' },
      }),
    );
    expect(result.headers['x-forwarded-host']).toEqual({ value: 'demo.freguesia.com.br' });
  });
});

describe('SPA rewrite CloudFront Function (default behaviour)', () => {
  const spaRewrite = load(spaRewriteCode);
  const rewritten = (uri: string) => spaRewrite(request(uri)).uri;

  it.each(['/', '/nps/abc123', '/web/customers/42/edit', '/portal/', '/cadastro/termos', '/login/extra'])(
    'serves index.html for the app route %s',
    (uri) => expect(rewritten(uri)).toBe('/index.html'),
  );

  it.each([
    ['/login', '/login.html'],
    ['/login/', '/login.html'],
    ['/cadastro', '/cadastro.html'],
    ['/cadastro/', '/cadastro.html'],
    ['/tv', '/tv.html'],
    ['/tv/', '/tv.html'],
  ])('serves the prerendered page of %s (%s)', (uri, file) => expect(rewritten(uri)).toBe(file));

  it.each([
    '/assets/index-4f3a2b.js',
    '/assets/index-4f3a2b.css',
    '/favicon.ico',
    '/robots.txt',
    '/index.html',
  ])('serves the file %s as it is', (uri) => expect(rewritten(uri)).toBe(uri));

  it('serves the survey page for /nps with a hash, and the app for the staff /nps', () => {
    const survey = (uri: string, querystring: CloudFrontRequest['querystring']) =>
      spaRewrite({ request: { uri, headers: {}, querystring } }).uri;
    expect(survey('/nps', { hash: { value: '1;2;abc' } })).toBe('/nps.html');
    expect(survey('/nps/', { hash: { value: '1;2;abc' } })).toBe('/nps.html');
    expect(survey('/nps', {})).toBe('/index.html');
    expect(survey('/nps', { days: { value: '30' } })).toBe('/index.html');
    expect(survey('/customers', { hash: { value: 'x' } })).toBe('/index.html');
  });

  it('treats a token with dots in the last segment as a route, not a file', () => {
    expect(rewritten('/nps/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVlLWxvbmc')).toBe(
      '/index.html',
    );
  });
});

describe('CMS files CloudFront Function (/files/*)', () => {
  type Answer = CloudFrontRequest & { statusCode?: number };
  const files = load(cmsFilesCode) as unknown as (event: { request: CloudFrontRequest }) => Answer;
  const future = Math.floor(Date.now() / 1000) + 3600;
  const past = Math.floor(Date.now() / 1000) - 1;

  it('maps the address to the tenant’s prefix of the bucket', () => {
    const result = files(
      request(`/files/${future}/7-abcDEF_12/banner.png`, { host: { value: 'loja-azul.freguesia.com.br' } }),
    );
    expect(result.statusCode).toBeUndefined();
    expect(result.uri).toBe(`/loja-azul/${future}/7-abcDEF_12/banner.png`);
  });

  it('refuses a file past its expiry, a malformed path and a host without a tenant', () => {
    const host = { host: { value: 'demo.freguesia.com.br' } };
    expect(files(request(`/files/${past}/7-abc/banner.png`, host)).statusCode).toBe(404);
    expect(files(request(`/files/${future}/../../other/x.png`, host)).statusCode).toBe(404);
    expect(files(request(`/files/${future}/7-abc/sub/x.png`, host)).statusCode).toBe(404);
    expect(
      files(request(`/files/${future}/7-abc/x.png`, { host: { value: '-bad.freguesia.com.br' } })).statusCode,
    ).toBe(404);
  });
});
