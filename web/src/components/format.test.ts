import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  EMPTY,
  formatAmount,
  formatCentavos,
  formatDate,
  formatDateTime,
  totalText,
} from './format';

describe('formatters', () => {
  it('shows dates as DD/MM/YYYY in Brasília time', () => {
    expect(formatDate('2024-03-01T01:00:00Z')).toBe('29/02/2024');
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDateTime('2024-03-05T12:34:00Z')).toBe('05/03/2024 09:34');
    expect(formatDate(null)).toBe(EMPTY);
    expect(formatDate('lixo')).toBe(EMPTY);
  });
  it('shows money as R$ 1.234,56', () => {
    expect(formatCentavos(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatAmount(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatAmount(undefined)).toBe(EMPTY);
  });
  it('abbreviates big totals without overstating them', () => {
    expect(abbreviate(999)).toBe('999');
    expect(abbreviate(2_199)).toBe('2,1k');
    expect(abbreviate(2_000)).toBe('2k');
    expect(abbreviate(1_250_000)).toBe('1,2M');
  });
  it('writes the lists total text', () => {
    expect(totalText(1234, 'produto(s)')).toBe('Total de 1.234 produto(s)');
    expect(totalText(1, { one: 'cliente', many: 'clientes' })).toBe('Total de 1 cliente');
    expect(
      totalText(2100, { one: 'cliente', many: 'clientes' }, { abbreviated: true, estimated: true }),
    ).toBe('Total de mais de 2,1k clientes');
  });
});
