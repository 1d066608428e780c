import { describe, expect, it } from 'vitest';
import { geocodable, geocodeKey } from './auto-geocode';

const paulista = { address: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' };

describe('auto geocoding key', () => {
  it('needs street, city and state, in whatever order they were typed', () => {
    expect(geocodable({ ...paulista, address: '' })).toBe(false);
    expect(geocodable({ ...paulista, city: ' ' })).toBe(false);
    expect(geocodable({ ...paulista, number: '' })).toBe(true);
    expect(geocodeKey({ ...paulista, state: '' })).toBe('');
  });

  it('changes with what the lookup depends on, not with case or accents', () => {
    expect(geocodeKey(paulista)).toBe(
      geocodeKey({ ...paulista, address: 'AVENIDA PAULISTA', city: 'Sao Paulo' }),
    );
    expect(geocodeKey(paulista)).not.toBe(geocodeKey({ ...paulista, number: '1001' }));
  });
});
