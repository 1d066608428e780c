import { describe, expect, it } from 'vitest';
import { PaymentDiscountAnswer, SubtotalAnswer, SubtotalRequest } from '../schemas/campaign';
import { basketLines, paymentDiscount, subtotalAnswer } from './checkout';
import { evaluate } from './engine';
import { AT, campaign, itemCampaign, STORE } from './fixtures';
import { prepareCampaigns } from './prepare';

describe('the checkout calls', () => {
  const prepared = prepareCampaigns([
    itemCampaign(1, '7891000100103', { type: 5, take: 3, pay: 2 }),
    campaign({ id: 2, type: 'DB', info: { type: 6, value: 2, can_accumulate: 'Y' } }),
    campaign({
      id: 3,
      type: 'DBP',
      payments: [{ id_payment_method: 4, factor: 1 }],
      info: { type: 2, value: 5 },
    }),
  ]);

  it('answers POST /checkout/subtotal with item and ticket discounts in reais', () => {
    const request = SubtotalRequest.parse({
      session: 'abc',
      customer: { document: '123.456.789-09' },
      basket: {
        coupon: '991',
        id_store: STORE,
        checkout: '3',
        operator: 'ana',
        items: [
          {
            sequence: 1,
            barcode: '7891000100103',
            quantity: 3,
            unit_value: 10,
            total_value: 30,
            discounts: 0,
          },
          { sequence: 2, barcode: '7890000000001', quantity: '0,5', unit_value: '12,00', total_value: 6 },
        ],
      },
    });
    expect(request.basket.items[1]).toMatchObject({
      quantity: 500,
      unit_value: 1200,
      total_value: 600,
      discounts: 0,
    });
    const result = evaluate(prepared, {
      lines: basketLines(request, () => undefined),
      store_id: STORE,
      at: AT,
    });
    const answer = SubtotalAnswer.parse(subtotalAnswer(request, result));
    // Campaign 1 is exclusive: its line stays out of the ticket discount, which falls on line 2.
    expect(answer.basket.items).toEqual([
      {
        sequence: 1,
        barcode: '7891000100103',
        quantity: 3,
        unit_value: 10,
        total_value: 30,
        discounts: 10,
        unit_discount_value: 10,
        discount_quantity: 1,
        campaigns: [{ id_campaign: 1, value: 10 }],
      },
      {
        sequence: 2,
        barcode: '7890000000001',
        quantity: 0.5,
        unit_value: 12,
        total_value: 6,
        discounts: 2,
        unit_discount_value: 4,
        discount_quantity: 0.5,
        campaigns: [{ id_campaign: 2, value: 2 }],
      },
    ]);
    expect(answer.basket.discounts).toEqual([
      { id_campaign: 2, value: 2, items: [{ sequence: 2, value: 2 }] },
    ]);
    expect(answer.basket).toMatchObject({ total_discount: 12, total_with_discount: 24 });
  });

  it('treats an item the point of sale already discounted as on offer', () => {
    const request = SubtotalRequest.parse({
      basket: {
        id_store: 1,
        items: [{ sequence: 1, barcode: '1', quantity: 1, unit_value: 10, total_value: 9, discounts: 1 }],
      },
    });
    expect(basketLines(request, () => ({ brand_id: 3 }))[0]).toMatchObject({
      on_offer: true,
      brand_id: 3,
      total_cents: 900,
    });
  });

  it('answers POST /checkout/discounts/payments with the payment method discount only', () => {
    const { answer } = paymentDiscount(prepared, {
      store_id: STORE,
      at: AT,
      payment_method: 4,
      total_cents: 10_000,
    });
    expect(PaymentDiscountAnswer.parse(answer)).toEqual({
      method: 4,
      totalDiscount: 5,
      totalWithDiscount: 95,
    });
    expect(
      paymentDiscount(prepared, { store_id: STORE, at: AT, payment_method: 9, total_cents: 10_000 }).answer
        .totalDiscount,
    ).toBe(0);
  });
});
