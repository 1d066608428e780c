import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  centsToNumber,
  formatMoney,
  numberToCents,
  parseMoney,
  parseStock,
  splitMoney,
  sumStock,
} from './money';

describe('parseMoney', () => {
  it('reads Brazilian text with a comma as the decimal separator', () => {
    expect(parseMoney('12,50')).toBe(1250);
    expect(parseMoney('12,5')).toBe(1250);
    expect(parseMoney('0,99')).toBe(99);
    expect(parseMoney('R$ 1.234,56')).toBe(123456);
    expect(parseMoney('1.234.567,00')).toBe(123456700);
    expect(parseMoney('7,')).toBe(700);
  });

  it('reads dot-decimal text and numbers (ERP format)', () => {
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney('12')).toBe(1200);
    expect(parseMoney(12.5)).toBe(1250);
    expect(parseMoney(0.29)).toBe(29);
    expect(parseMoney(19.99)).toBe(1999);
    expect(parseMoney(0)).toBe(0);
  });

  it('keeps the sign so callers can refuse negative prices', () => {
    expect(parseMoney('-3,10')).toBe(-310);
    expect(parseMoney(-0.5)).toBe(-50);
  });

  it('refuses more than two decimals, stray text and misplaced separators', () => {
    expect(parseMoney('12,505')).toBeUndefined();
    expect(parseMoney('12.505')).toBeUndefined();
    expect(parseMoney(1.005)).toBeUndefined();
    expect(parseMoney(0.1 + 0.2)).toBeUndefined();
    expect(parseMoney('abc')).toBeUndefined();
    expect(parseMoney('')).toBeUndefined();
    expect(parseMoney('1.23,45')).toBeUndefined();
    expect(parseMoney('12,3,4')).toBeUndefined();
    expect(parseMoney(Number.NaN)).toBeUndefined();
    expect(parseMoney(Infinity)).toBeUndefined();
    expect(parseMoney(1e21)).toBeUndefined();
  });
});

describe('money output', () => {
  it('answers numbers and decimals with two places', () => {
    expect(centsToNumber(1250)).toBe(12.5);
    expect(centsToNumber(1999)).toBe(19.99);
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1250)).toBe('-12.50');
    expect(numberToCents(centsToNumber(123456))).toBe(123456);
  });

  it('formats R$ with a comma and dot thousands', () => {
    expect(formatMoney(123456)).toBe('R$ 1.234,56');
    expect(formatMoney(5)).toBe('R$ 0,05');
    expect(formatMoney(100000000)).toBe('R$ 1.000.000,00');
    expect(formatMoney(-990)).toBe('-R$ 9,90');
    expect(formatMoney(1250, { symbol: false })).toBe('12,50');
    expect(splitMoney(129999)).toEqual(['1.299', '99']);
  });

  it('round-trips every centavo amount up to R$ 1.000,00', () => {
    const broken: number[] = [];
    for (let cents = 0; cents <= 100_000; cents++) {
      if (parseMoney(formatMoney(cents)) !== cents || parseMoney(centsToNumber(cents)) !== cents)
        broken.push(cents);
    }
    expect(broken).toEqual([]);
  });
});

describe('parseStock (comma becomes a dot)', () => {
  it('parses comma and dot decimals and integers', () => {
    expect(parseStock('12,5')).toBe(12.5);
    expect(parseStock('12.5')).toBe(12.5);
    expect(parseStock(' 7 ')).toBe(7);
    expect(parseStock('0,125')).toBe(0.125);
    expect(parseStock(3)).toBe(3);
    expect(parseStock('-2')).toBe(-2);
  });

  it('refuses text and more than three decimals', () => {
    expect(parseStock('')).toBeUndefined();
    expect(parseStock('dez')).toBeUndefined();
    expect(parseStock('1,2345')).toBeUndefined();
    expect(parseStock('1.000,5')).toBeUndefined();
  });

  it('sums without float drift', () => {
    expect(sumStock([0.1, 0.2])).toBe(0.3);
    expect(sumStock([])).toBe(0);
    expect(sumStock([1.125, 2.5, 3])).toBe(6.625);
  });
});
