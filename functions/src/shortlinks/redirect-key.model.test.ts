import { describe, expect, it } from 'vitest';
import { ShortLinkEntity } from './entities';
import { shortLinkItemKey } from './redirect-key.model';

describe('the redirect’s hand-built key', () => {
  it.each([
    ['demo', 'AbC123'],
    ['loja-2', 'promo_natal-2026'],
    ['t1', 'x'],
  ])('is the key ElectroDB writes the link under (%s, %s)', (tenant, slug) => {
    const { Key } = ShortLinkEntity.get({ tenant, slug }).params<{ Key: unknown }>();
    expect(shortLinkItemKey(tenant, slug)).toEqual(Key);
  });

  it('tells slugs apart by case', () => {
    expect(shortLinkItemKey('demo', 'abc')).not.toEqual(shortLinkItemKey('demo', 'ABC'));
  });
});
