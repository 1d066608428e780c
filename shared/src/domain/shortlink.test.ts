import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, isRedirectableUrl, randomSlug, shortLinkPrefix } from './shortlink';

describe('short-link helpers', () => {
  it('draws 6-character mixed-case slugs over the whole alphabet', () => {
    const slugs = Array.from({ length: 2000 }, () => randomSlug());
    expect(slugs.every((s) => /^[A-Za-z0-9]{6}$/.test(s) && SLUG_PATTERN.test(s))).toBe(true);
    const seen = new Set(slugs.join(''));
    expect(seen.size).toBe(62);
    expect(new Set(slugs).size).toBeGreaterThan(1990);
  });

  it('accepts only absolute http(s) destinations', () => {
    expect(isRedirectableUrl('https://loja.com.br/a?b=1#c')).toBe(true);
    expect(isRedirectableUrl('http://loja.com.br')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://x.com',
      '//loja.com',
      'loja.com',
      'https://a b.com',
      `https://x.com/${'a'.repeat(2100)}`,
    ])
      expect(isRedirectableUrl(bad)).toBe(false);
  });

  it('prefixes the slug with the tenant and the short-link domain, else the tenant host', () => {
    expect(shortLinkPrefix('demo', 'https://lnk.com.br/', 'http://demo.localhost:3000')).toBe(
      'https://demo.lnk.com.br/link/',
    );
    expect(shortLinkPrefix('demo', '', 'http://demo.localhost:3000')).toBe(
      'http://demo.localhost:3000/link/',
    );
    expect(shortLinkPrefix('demo', null, 'https://demo.freguesia.com.br')).toBe(
      'https://demo.freguesia.com.br/link/',
    );
  });
});
