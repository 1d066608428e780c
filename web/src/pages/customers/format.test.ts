import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  EMPTY,
  formatAmount,
  formatDate,
  formatDateTime,
  totalText,
} from '../../components/format';
import {
  basketDays,
  cityUf,
  consentChangeText,
  CUSTOMER_NOUN,
  displayDocument,
  displayPhone,
  eventTypeLabel,
  newestFirst,
  purchasesWindow,
} from './format';

/** The customers list total, as the list page writes it (shared `totalText`, k/M). */
const customersTotalText = (total: number, estimated = false) =>
  totalText(total, CUSTOMER_NOUN, { abbreviated: true, estimated });
const formatReais = formatAmount;

describe('abbreviate', () => {
  it('keeps numbers below one thousand', () => {
    expect(abbreviate(0)).toBe('0');
    expect(abbreviate(7)).toBe('7');
    expect(abbreviate(999)).toBe('999');
  });

  it('uses k with one decimal and a comma, rounding down', () => {
    expect(abbreviate(1_000)).toBe('1k');
    expect(abbreviate(2_000)).toBe('2k');
    expect(abbreviate(2_100)).toBe('2,1k');
    expect(abbreviate(2_199)).toBe('2,1k');
    expect(abbreviate(999_999)).toBe('999,9k');
  });

  it('uses M from one million', () => {
    expect(abbreviate(1_000_000)).toBe('1M');
    expect(abbreviate(1_250_000)).toBe('1,2M');
    expect(abbreviate(12_345_678)).toBe('12,3M');
  });

  it('handles odd input', () => {
    expect(abbreviate(Number.NaN)).toBe('0');
    expect(abbreviate(-2_100)).toBe('-2,1k');
    expect(abbreviate(10.7)).toBe('10');
  });
});

describe('customersTotalText', () => {
  it('builds the list total', () => {
    expect(customersTotalText(2_100)).toBe('Total de 2,1k clientes');
    expect(customersTotalText(1)).toBe('Total de 1 cliente');
    expect(customersTotalText(0)).toBe('Total de 0 clientes');
    expect(customersTotalText(201, true)).toBe('Total de mais de 201 clientes');
  });
});

describe('dates', () => {
  it('formats wire dates as DD/MM/YYYY', () => {
    expect(formatDate('2024-03-07')).toBe('07/03/2024');
    expect(formatDate('2024-03-07 21:30:00')).toBe('07/03/2024');
    // The shared formatters show the empty sign for no value (the screens did `|| '-'`).
    expect(formatDate('')).toBe(EMPTY);
    expect(formatDate(null)).toBe(EMPTY);
    expect(formatDate('nonsense')).toBe(EMPTY);
  });

  it('shows ISO instants in Brasília time', () => {
    const instant = '2024-03-08T02:45:00.000Z';
    expect(formatDate(instant)).toBe('07/03/2024');
    expect(formatDateTime(instant)).toBe('07/03/2024 23:45');
  });

  it('formats local date-times as written', () => {
    expect(formatDateTime('2024-03-07 09:05:59')).toBe('07/03/2024 09:05');
  });
});

describe('purchasesWindow', () => {
  it('goes back N days and up to the end of the month', () => {
    expect(purchasesWindow(90, new Date(2024, 4, 15))).toEqual({ start: '2024-02-15', end: '2024-05-31' });
    expect(purchasesWindow(1, new Date(2024, 1, 10))).toEqual({ start: '2024-02-09', end: '2024-02-29' });
  });

  it('falls back to 90 days for invalid values', () => {
    expect(purchasesWindow(0, new Date(2024, 4, 15)).start).toBe('2024-02-15');
  });

  it('reads the setting', () => {
    expect(basketDays('30')).toBe(30);
    expect(basketDays(null)).toBe(90);
    expect(basketDays('x')).toBe(90);
    expect(basketDays('0')).toBe(90);
    expect(basketDays(45)).toBe(45);
  });
});

describe('display helpers', () => {
  it('masks documents and phones', () => {
    expect(displayDocument('12345678909')).toBe('123.456.789-09');
    expect(displayDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(displayDocument('')).toBe('-');
    expect(displayPhone('11987654321')).toBe('(11) 9.8765-4321');
    expect(displayPhone('1133334444')).toBe('(11) 3333-4444');
    expect(displayPhone(null)).toBe('-');
  });

  it('formats money and places', () => {
    expect(formatReais(1234.56).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatReais(0.1 + 0.2).replace(/\s/g, ' ')).toBe('R$ 0,30');
    expect(formatReais(0).replace(/\s/g, ' ')).toBe('R$ 0,00');
    expect(cityUf('São Paulo', 'SP')).toBe('São Paulo/SP');
    expect(cityUf(null, 'SP')).toBe('SP');
    expect(cityUf('', '')).toBe('-');
  });
});

describe('timeline', () => {
  it('labels events and consent changes', () => {
    expect(eventTypeLabel('consent')).toBe('Consentimento');
    expect(eventTypeLabel('portal_update')).toBe('Atualização pelo portal');
    expect(eventTypeLabel('other')).toBe('other');
    expect(consentChangeText({ field: 'cellphone_optout', from: 'N', to: 'Y' })).toBe(
      'Opt-out de SMS: Não → Sim',
    );
    expect(consentChangeText({ field: 'gdpr_agreement', from: null, to: 'Y' })).toBe(
      'Aceite do regulamento (LGPD): — → Sim',
    );
  });

  it('sorts newest first', () => {
    const events = [
      { id: 'a', created_at: '2024-01-01T10:00:00.000Z' },
      { id: 'c', created_at: '2024-02-01T10:00:00.000Z' },
      { id: 'b', created_at: '2024-01-01T10:00:00.000Z' },
    ];
    expect(newestFirst(events).map((e) => e.id)).toEqual(['c', 'b', 'a']);
  });
});
