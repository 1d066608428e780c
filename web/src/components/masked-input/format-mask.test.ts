import { maskDocument } from '@freguesia/shared/domain/masks';
import { describe, expect, it } from 'vitest';
import { formatWithMask, maskPattern } from './format-mask';

describe('formatWithMask', () => {
  it('uses the named masks of shared/domain/masks', () => {
    expect(formatWithMask('12345678909', 'cpf')).toBe('123.456.789-09');
    expect(formatWithMask('11222333000181', 'cnpj')).toBe('11.222.333/0001-81');
    expect(formatWithMask('07031990', 'birth')).toBe('07/03/1990');
    expect(formatWithMask('01310100', 'zipcode')).toBe('01310-100');
    expect(formatWithMask('1133334444', 'telephone')).toBe('(11) 3333-4444');
    expect(formatWithMask('11987654321', 'cellphone')).toBe('(11) 9.8765-4321');
  });

  it('formats partial and pasted input, dropping extra and non-digit characters', () => {
    expect(formatWithMask('1234', 'cpf')).toBe('123.4');
    expect(formatWithMask('abc 123.456.789-09 99', 'cpf')).toBe('123.456.789-09');
    expect(formatWithMask('', 'cpf')).toBe('');
  });

  it('accepts literal patterns and functions', () => {
    expect(formatWithMask('1234', '00-00')).toBe('12-34');
    expect(formatWithMask('11222333000181', maskDocument)).toBe('11.222.333/0001-81');
    expect(maskPattern('zipcode')).toBe('00000-000');
    expect(maskPattern('00-00')).toBe('00-00');
    expect(maskPattern(maskDocument)).toBeUndefined();
  });
});
