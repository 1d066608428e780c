import { describe, expect, it } from 'vitest';
import { BasketInput, basketRows, parseDecimal, parsePurchaseDate } from './baskets.schema';

describe('POS purchase contract', () => {
  it('parses money and quantities exactly, refusing extra decimals', () => {
    expect(parseDecimal(12.34, 2)).toBe(1234);
    expect(parseDecimal('0.1', 2)).toBe(10);
    expect(parseDecimal(0.1 + 0.2, 2)).toBeUndefined();
    expect(parseDecimal('1,5', 2)).toBeUndefined();
    expect(parseDecimal(-1, 2)).toBeUndefined();
    expect(parseDecimal(0.355, 3)).toBe(355);
    expect(parseDecimal(1e21, 2)).toBeUndefined();
  });

  it('reads local and ISO dates into São Paulo local time', () => {
    expect(parsePurchaseDate('2026-01-15 10:30:00')).toBe('2026-01-15 10:30:00');
    expect(parsePurchaseDate('2026-01-15T10:30')).toBe('2026-01-15 10:30:00');
    expect(parsePurchaseDate('2026-01-15T13:30:00Z')).toBe('2026-01-15 10:30:00');
    expect(parsePurchaseDate('2026-01-15T10:30:00-03:00')).toBe('2026-01-15 10:30:00');
    expect(parsePurchaseDate('2026-02-30 10:00:00')).toBeUndefined();
    expect(parsePurchaseDate('15/01/2026')).toBeUndefined();
  });

  it('accepts a consistent purchase and converts it to centavos', () => {
    const parsed = BasketInput.parse({
      id_store: '2',
      checkout: 3,
      coupon: 991,
      date: '2026-01-15 10:30:00',
      document: '191',
      amount: '20.26',
      discount: 1,
      items: [
        { code: 789, description: 'Queijo kg', quantity: '0.355', unit_value: 59.9, total_value: 21.26 },
      ],
    });
    expect(parsed).toMatchObject({
      idStore: 2,
      checkout: '3',
      coupon: '991',
      day: '2026-01-15',
      document: '00000000191',
      amount: 2026,
      discount: 100,
      origin: 'PDV',
      itens: 1,
      products: [{ code: '789', quantity: 0.355, unit_value: 5990, total_value: 2126, discount: 0 }],
      payments: [],
    });
  });

  it('unwraps single, enveloped and bare-array bodies', () => {
    expect(basketRows({ id_store: 1 })).toHaveLength(1);
    expect(basketRows({ baskets: [{}, {}] })).toHaveLength(2);
    expect(basketRows([{}])).toHaveLength(1);
    expect(basketRows(undefined)).toBe('Envie ao menos uma compra.');
  });
});

describe('POS purchase messages', () => {
  it('names every missing field in Portuguese', () => {
    const result = BasketInput.safeParse({ items: [{}] });
    const errors = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(errors).toEqual({
      id_store: 'Informe a loja (id_store).',
      checkout: 'Informe o caixa (checkout), até 20 caracteres.',
      coupon: 'Informe o cupom (coupon), até 30 caracteres.',
      date: 'Informe a data da compra (date).',
      amount: 'Valor da compra (amount) inválido: use um número com até 2 casas decimais.',
      'items.0.code': 'Informe o código (EAN) do item.',
      'items.0.description': 'Informe a descrição do item.',
      'items.0.quantity': 'Quantidade inválida: use um número maior que zero com até 3 casas decimais.',
      'items.0.unit_value': 'Valor unitário inválido: use um número com até 2 casas decimais.',
      'items.0.total_value': 'Valor total do item inválido: use um número com até 2 casas decimais.',
    });
  });
});
