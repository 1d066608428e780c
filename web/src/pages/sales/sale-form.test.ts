import { describe, expect, it } from 'vitest';
import { SALE_MESSAGES } from '@freguesia/shared/domain/sales';
import { cloneOf, emptyForm, firstStep, paymentsOk, stepError, toBody, type SaleForm } from './sale-form';

const address = {
  name: 'Maria',
  document: '',
  zipcode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
const filled = (): SaleForm => ({
  ...emptyForm(),
  id: 7,
  version: 3,
  store_id: 1,
  customer: { id: 9, fullname: 'MARIA', document: '52998224725', state: 'SP' },
  delivery_start_at: '2030-01-01 09:00:00',
  delivery_end_at: '2030-01-01 18:00:00',
  shipping: address,
  products: [
    {
      id: 1,
      reference_code: 'A',
      description: 'Arroz',
      barcode: '7891000100103',
      pack: 1,
      quantity: 2,
      unit_value: 10,
      discount_type: 'money',
      discount: 0,
    },
  ],
  payments: [
    {
      id: 2,
      method: 'Dinheiro',
      installments: 1,
      total_value: 20,
      change_value: 0,
      has_change: true,
      discounts: 0,
      backend_code: 'x',
    },
  ],
});

describe('the sales wizard form (spec part 3 §4, §5)', () => {
  it('stops each step with the spec message of the first rule broken', () => {
    expect(stepError(0, emptyForm(), [])).toBe(SALE_MESSAGES.customer);
    expect(stepError(0, { ...filled(), store_id: undefined }, [])).toBe(SALE_MESSAGES.store);
    expect(stepError(1, { ...filled(), products: [] }, [])).toBe(SALE_MESSAGES.products);
    expect(stepError(2, { ...filled(), delivery_end_at: '' }, [])).toBe(SALE_MESSAGES.deliveryDate);
    expect(stepError(2, { ...filled(), shipping: { ...address, number: ' ' } }, [])).toBe(
      SALE_MESSAGES.address,
    );
    expect(stepError(2, filled(), ['RJ'])).toBe(SALE_MESSAGES.blocked);
    for (const step of [0, 1, 2]) expect(stepError(step, filled(), ['SP'])).toBeUndefined();
  });

  it('clones with payments cleared, dates now, status Rascunho and no id, starting at the delivery step', () => {
    const clone = cloneOf({ ...filled(), status: 'Faturado' }, '2031-05-05 10:00:00');
    expect(clone).toMatchObject({
      status: 'Rascunho',
      payments: [],
      delivery_start_at: '2031-05-05 10:00:00',
    });
    expect(clone.id).toBeUndefined();
    expect(toBody(clone)).not.toHaveProperty('version');
    expect(clone.products).toHaveLength(1);
    expect(firstStep(clone, true)).toBe(2);
  });

  it('opens a finalised sale at the summary and a draft at its products', () => {
    expect(firstStep({ ...filled(), status: 'Faturado' }, false)).toBe(4);
    expect(firstStep(filled(), false)).toBe(1);
    expect(firstStep(emptyForm(), false)).toBe(0);
  });

  it('accepts payments equal to the total after change, to the centavo', () => {
    const pay = (total_value: number, change_value = 0) => ({
      ...filled().payments[0]!,
      total_value,
      change_value,
    });
    expect(paymentsOk(20.1, [pay(10.05), pay(10.05)])).toBe(true);
    expect(paymentsOk(20, [pay(50, 30)])).toBe(true);
    expect(paymentsOk(20, [pay(19.99)])).toBe(false);
    expect(paymentsOk(0, [])).toBe(false);
  });
});
