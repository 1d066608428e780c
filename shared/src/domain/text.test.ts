import { describe, expect, it } from 'vitest';
import { foldAccents, includesFolded, normalizeText } from './text';

describe('text', () => {
  it('folds accents and cedillas', () => {
    expect(foldAccents('São João, Conceição, Ñandú')).toBe('Sao Joao, Conceicao, Nandu');
  });
  it('normalizes case, accents and spaces for search keys', () => {
    expect(normalizeText('  São   José  ')).toBe('SAO JOSE');
    expect(normalizeText('ÁGUA')).toBe(normalizeText('agua'));
  });
  it('matches ignoring accents and case', () => {
    expect(includesFolded('Maçã Gala', 'maca')).toBe(true);
    expect(includesFolded('Maçã Gala', 'pera')).toBe(false);
    expect(includesFolded('anything', '  ')).toBe(true);
  });
});
