import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, yesNo } from '../../components/format';
import { cascadeLevels, choosePath, flattenCascader, lastOfPath, pathTo } from './category-tree';
import {
  amountToInput,
  stockToInput,
  storesUsedElsewhere,
  buildPriceBody,
  emptyPriceRow,
  normalizeMoneyInput,
  priceRowOf,
  rowErrorsFromServer,
} from './pricing';
import { validatePayment } from './payments-page';
import { applyCep, EMPTY_ADDRESS, foldName } from '../../components/address/address-fields';

const tree = [
  {
    value: 1,
    label: 'Bebidas',
    children: [
      { value: 3, label: 'Refrigerantes', children: [{ value: 5, label: 'Cola' }] },
      { value: 4, label: 'Sucos' },
    ],
  },
  { value: 2, label: 'Limpeza' },
];

describe('formatting', () => {
  it('shows dates as DD/MM/YYYY', () => {
    expect(formatDate('2024-03-09')).toBe('09/03/2024');
    expect(formatDate('2024-03-09T12:00:00.000Z')).toBe('09/03/2024');
    expect(formatDate('')).toBe('-');
    expect(formatDate('nope')).toBe('-');
  });
  it('shows Y/N as Sim/Não and money with a comma', () => {
    expect(yesNo('Y')).toBe('Sim');
    expect(yesNo('N')).toBe('Não');
    expect(formatAmount(1234.5)).toBe('R$ 1.234,50');
    expect(formatAmount(null)).toBe('-');
    expect(amountToInput(12.5)).toBe('12,50');
    expect(amountToInput(null)).toBe('');
    expect(stockToInput(12.5)).toBe('12,5');
  });
});

describe('category cascade', () => {
  it('flattens the tree with path labels', () => {
    expect(flattenCascader(tree).map((c) => c.path)).toEqual([
      'Bebidas',
      'Bebidas › Refrigerantes',
      'Bebidas › Refrigerantes › Cola',
      'Bebidas › Sucos',
      'Limpeza',
    ]);
  });
  it('offers one level per chosen category, up to maxDepth', () => {
    expect(cascadeLevels(tree, [], 2).map((l) => l.map((n) => n.value))).toEqual([[1, 2]]);
    expect(cascadeLevels(tree, [1], 2).map((l) => l.map((n) => n.value))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    // Level 3 categories cannot be parents: maxDepth 2 stops there.
    expect(cascadeLevels(tree, [1, 3], 2)).toHaveLength(2);
    // A leaf has no next level.
    expect(cascadeLevels(tree, [2], 2)).toHaveLength(1);
  });
  it('uses the last selected id; a change at any level counts', () => {
    expect(lastOfPath([])).toBe(0);
    expect(lastOfPath([1, 3])).toBe(3);
    expect(choosePath([1, 3], 0, 2)).toEqual([2]);
    expect(choosePath([1, 3], 1, 4)).toEqual([1, 4]);
    expect(choosePath([1, 3], 1, undefined)).toEqual([1]);
  });
  it('finds the path of a chosen parent (the cascade shown for it)', () => {
    expect(pathTo(tree, 5)).toEqual([1, 3, 5]);
    expect(pathTo(tree, 2)).toEqual([2]);
    expect(pathTo(tree, 0)).toEqual([]);
    expect(pathTo(tree, 99)).toEqual([]);
  });
});

describe('pricing', () => {
  it('disables in a row the stores chosen in the other rows', () => {
    const rows = [{ id_store: 1 }, { id_store: 2 }, { id_store: null }];
    expect([...storesUsedElsewhere(rows, 0)]).toEqual([2]);
    expect([...storesUsedElsewhere(rows, 2)].sort()).toEqual([1, 2]);
  });
  it('builds the POST body: money with a comma, stock comma → dot', () => {
    const row = {
      ...emptyPriceRow(),
      id_store: 7,
      cust_price: '8,90',
      regular_price: '1.234,50',
      offer_price: '',
      stock: '12,5',
      attribute: ' kg ',
    };
    const built = buildPriceBody(3, [row]);
    expect(built.valid).toBe(true);
    expect(built.body).toEqual([
      {
        id_product: 3,
        id_store: 7,
        cust_price: 8.9,
        regular_price: 1234.5,
        offer_price: null,
        attribute: 'kg',
        stock: 12.5,
      },
    ]);
  });
  it('flags a missing store, a repeated store, a missing regular price and bad numbers', () => {
    const built = buildPriceBody(3, [
      { ...emptyPriceRow(), id_store: null, regular_price: '1' },
      { ...emptyPriceRow(), id_store: 7, regular_price: '' },
      { ...emptyPriceRow(), id_store: 7, regular_price: '1,999', stock: 'x' },
    ]);
    expect(built.valid).toBe(false);
    expect(built.errors[0]?.id_store).toBe('Selecione a loja.');
    expect(built.errors[1]?.regular_price).toBe('Informe o preço regular.');
    expect(built.errors[2]?.id_store).toBe('Esta loja já foi usada em outra linha.');
    expect(built.errors[2]?.regular_price).toMatch(/inválido/);
    expect(built.errors[2]?.stock).toMatch(/inválido/);
  });
  it('round-trips stored prices and normalises typed amounts', () => {
    const row = priceRowOf({
      id_product: 1,
      id_store: 2,
      cust_price: null,
      regular_price: 12.5,
      offer_price: 9.99,
      attribute: null,
      stock: 3.25,
    });
    expect(row).toMatchObject({
      id_store: 2,
      cust_price: '',
      regular_price: '12,50',
      offer_price: '9,99',
      stock: '3,25',
      attribute: '',
    });
    expect(normalizeMoneyInput('12,5')).toBe('12,50');
    expect(normalizeMoneyInput('1234.5')).toBe('1.234,50');
    expect(normalizeMoneyInput('abc')).toBe('abc');
  });
  it('maps server errors to rows', () => {
    expect(
      rowErrorsFromServer({ '1.id_store': 'Loja não encontrada.', 'prices.0.stock': 'x', _: 'y' }, 2),
    ).toEqual([{ stock: 'x' }, { id_store: 'Loja não encontrada.' }]);
  });
});

describe('payment method validation', () => {
  it('requires a description and 1..72 installments', () => {
    expect(validatePayment('', '1').description).toBe('Digite a descrição da forma de pagamento');
    expect(validatePayment('Pix', '0').max_installments).toBeDefined();
    expect(validatePayment('Pix', '73').max_installments).toBeDefined();
    expect(validatePayment('Cartão', '72')).toEqual({});
  });
});

describe('address block', () => {
  it('fills the address from a CEP answer and keeps number and complement', () => {
    const next = applyCep(
      { ...EMPTY_ADDRESS, zipcode: '01310-100', number: '1000', complement: 'Loja 2', address: 'old' },
      {
        zipcode: '01310100',
        address: 'Avenida Paulista',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        ibge: '3550308',
      },
    );
    expect(next).toEqual({
      zipcode: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      complement: 'Loja 2',
      neighborhood: 'Bela Vista',
      state: 'SP',
      city: 'São Paulo',
      id_city: '3550308',
    });
  });
  it('keeps the typed street for city-wide CEPs and compares names without accents', () => {
    const next = applyCep(
      { ...EMPTY_ADDRESS, address: 'Eixo Monumental' },
      { zipcode: '70070120', address: '', neighborhood: '', city: 'Brasília', state: 'DF', ibge: '5300108' },
    );
    expect(next.address).toBe('Eixo Monumental');
    expect(foldName('SÃO  PAULO')).toBe(foldName('São Paulo'));
  });
});
