import { describe, expect, it } from 'vitest';
import { ean13, isValidEan13, PriceSetInput, ProductInput, StoreInput } from './catalog';

describe('catalog schemas', () => {
  it('computes and checks EAN-13 check digits', () => {
    expect(ean13('789100010010')).toBe('7891000100103');
    expect(isValidEan13('7891000100103')).toBe(true);
    expect(isValidEan13('7891000100104')).toBe(false);
    expect(isValidEan13('789100010010')).toBe(false);
  });

  it('turns money text into centavos and keeps row paths in errors', () => {
    const ok = PriceSetInput.parse([{ id_product: 1, id_store: 2, regular_price: '12,50', cust_price: 'R$ 8,00', stock: '3,5' }]);
    expect(ok).toEqual([{ id_product: 1, id_store: 2, regular_price: 1250, cust_price: 800, offer_price: null, attribute: null, stock: 3.5 }]);
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
});
