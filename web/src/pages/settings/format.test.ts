import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, totalText } from './format';

describe('Ajustes date formats', () => {
  it('shows dd/mm/yyyy in Brasília time', () => {
    expect(formatDate('2024-03-05T12:00:00.000Z')).toBe('05/03/2024');
    // 01:30 UTC is still the previous day in Brasília (UTC-3).
    expect(formatDate('2024-03-05T01:30:00.000Z')).toBe('04/03/2024');
  });

  it('shows date and time without the comma', () => {
    expect(formatDateTime('2024-03-05T12:34:00.000Z')).toBe('05/03/2024 09:34');
  });

  it('shows - for empty or unreadable values', () => {
    expect(formatDate('')).toBe('-');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
  });

  it('writes the total text', () => {
    expect(totalText(1234, 'usuário(s)')).toBe('Total de 1.234 usuário(s)');
  });
});
