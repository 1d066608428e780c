import { describe, expect, it } from 'vitest';
import { ean13, ImportProductRow, isValidEan13, PriceSetInput, ProductInput, StoreInput } from './catalog';

describe('catalog schemas', () => {
  it('computes and checks EAN-13 check digits', () => {
    expect(ean13('789100010010')).toBe('7891000100103');
    expect(isValidEan13('7891000100103')).toBe(true);
    expect(isValidEan13('7891000100104')).toBe(false);
    expect(isValidEan13('789100010010')).toBe(false);
  });

  it('turns money text into centavos and keeps row paths in errors', () => {
    const ok = PriceSetInput.parse([
      { id_product: 1, id_store: 2, regular_price: '12,50', cust_price: 'R$ 8,00', stock: '3,5' },
    ]);
    expect(ok).toEqual([
      {
        id_product: 1,
        id_store: 2,
        regular_price: 1250,
        cust_price: 800,
        offer_price: null,
        attribute: null,
        stock: 3.5,
      },
    ]);
    const bad = PriceSetInput.safeParse([{ id_product: 1, id_store: 2, regular_price: '1,234' }]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual([0, 'regular_price']);
  });

  it('gives the spec messages for products and stores', () => {
    const product = ProductInput.safeParse({});
    expect(product.error!.issues.map((i) => i.message)).toContain('Digite o codigo da mercadoria');
    const store = StoreInput.safeParse({ name: 'X', address: 'Rua A' });
    expect(store.error!.issues.find((i) => i.path[0] === 'zipcode')!.message).toBe('Digite o nome da loja');
    expect(StoreInput.parse({ name: 'X', address: 'Rua A', zipcode: '01310-100' }).zipcode).toBe('01310100');
  });

  it('bounds money and stock to what a retailer can have, with a message per field', () => {
    const errors = (value: unknown) =>
      Object.fromEntries(
        (PriceSetInput.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
      );
    const row = { id_product: 1, id_store: 2, regular_price: 1 };
    const largest = PriceSetInput.parse([
      { ...row, regular_price: '9.999.999,99', cust_price: 9999999.99, stock: '-99999999' },
    ]);
    expect(Array.isArray(largest) && largest[0]).toMatchObject({
      regular_price: 999_999_999,
      cust_price: 999_999_999,
      stock: -99_999_999,
    });
    expect(
      errors([{ ...row, regular_price: '10.000.000,00', offer_price: 1e308, cust_price: Infinity }]),
    ).toEqual({
      '0.regular_price': 'O preço regular deve ser de no máximo R$ 9.999.999,99.',
      '0.offer_price': 'O preço de oferta deve ser de no máximo R$ 9.999.999,99.',
      '0.cust_price': 'O preço de custo deve ser um número com até 2 casas decimais.',
    });
    expect(errors([{ ...row, stock: -(2 ** 53 + 1) }])).toEqual({
      '0.stock': 'O estoque deve estar entre -99.999.999 e 99.999.999.',
    });
    expect(errors([{ ...row, stock: '100000000' }])).toEqual({
      '0.stock': 'O estoque deve estar entre -99.999.999 e 99.999.999.',
    });
    expect(errors([{ ...row, stock: Number.NaN }])).toEqual({
      '0.stock': 'Estoque inválido: use um número com até 3 casas decimais.',
    });
    expect(errors([{ ...row, id_store: 1.5, id_product: '9007199254740993' }])).toEqual({
      '0.id_store': 'Selecione a loja.',
      '0.id_product': 'Mercadoria inválida.',
    });
    const imported = ImportProductRow.safeParse({
      code: '1',
      description: 'X',
      pack: 1,
      prices: [{ id_store: 1, regular_price: 1, stock: 1e21 }],
    });
    expect(imported.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['prices.0.stock', 'Estoque inválido: use um número com até 3 casas decimais.'],
    ]);
    expect(
      ProductInput.safeParse({ code: '1', description: 'X', pack: 1, id_brand: 2.5 }).error!.issues[0]!
        .message,
    ).toBe('Marca inválida.');
  });
});
