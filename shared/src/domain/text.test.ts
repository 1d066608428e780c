import { describe, expect, it } from 'vitest';
import { foldAccents, includesFolded, normalizeText, SEARCH_WORD_MAX, searchRank, searchWords } from './text';

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

describe('searchWords', () => {
  it('folds accents and case, splits on punctuation and keeps each word once, in order', () => {
    expect(searchWords('Arroz CAMIL tipo-1, Camil')).toEqual(['ARROZ', 'CAMIL', 'TIPO', '1']);
    expect(searchWords('  Beatriz   da Costa São ')).toEqual(['BEATRIZ', 'DA', 'COSTA', 'SAO']);
    expect(searchWords('')).toEqual([]);
  });

  it('cuts very long words to the stored prefix length', () => {
    expect(searchWords('a'.repeat(40))).toEqual(['A'.repeat(SEARCH_WORD_MAX)]);
  });
});

describe('searchRank', () => {
  it('matches a prefix of any word, several words narrowing', () => {
    expect(searchRank('Beatriz Costa', 'COSTA')).toBeGreaterThan(0);
    expect(searchRank('Beatriz Costa', 'cos bea')).toBeGreaterThan(0);
    expect(searchRank('Beatriz Costa', 'costa silva')).toBe(-1);
    expect(searchRank('Arroz Camil 5kg', 'camil')).toBeGreaterThan(0);
  });

  it('ranks the exact text, then the start of the text, then whole words above prefixes', () => {
    const exact = searchRank('Ana Costa', 'ana costa');
    const start = searchRank('Ana Costa Lima', 'ana costa');
    const whole = searchRank('Maria Costa', 'costa');
    const prefix = searchRank('Maria Costanza', 'costa');
    expect(exact).toBeGreaterThan(start);
    expect(start).toBeGreaterThan(whole);
    expect(whole).toBeGreaterThan(prefix);
  });
});
