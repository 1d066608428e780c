import { centsToNumber } from '../domain/money';
import type { PaymentDiscountAnswer, SubtotalAnswer, SubtotalRequest } from '../schemas/checkout';
import { UNIT } from './arithmetic';
import { evaluate } from './engine';
import type {
  BasketLine,
  CustomerFacts,
  EvaluationInput,
  EvaluationResult,
  PreparedCampaigns,
  RemainingBudget,
} from './types';

/**
 * The point-of-sale calls of spec part 3 §7 on top of the engine: the request's items become
 * basket lines (with the product facts the caller looked up), and the engine's result becomes
 * the answer's shape (money back to reais, quantities to 3 decimals).
 */

/** What the caller knows of a product, by barcode (catalogue lookup). */
export type ProductFacts = Pick<BasketLine, 'category_path' | 'brand_id' | 'group_code' | 'on_offer'>;

/**
 * The basket lines of a subtotal request. An item the point of sale already discounted
 * (`discounts` > 0) counts as on offer.
 */
export function basketLines(
  request: { basket: { items: readonly SubtotalRequest['basket']['items'][number][] } },
  facts: (barcode: string) => ProductFacts | undefined,
): BasketLine[] {
  return request.basket.items.map((item) => {
    const product = facts(item.barcode) ?? {};
    return {
      sequence: item.sequence,
      code: item.barcode,
      quantity: item.quantity,
      unit_price_cents: item.unit_value,
      total_cents: item.total_value,
      ...product,
      on_offer: product.on_offer === true || item.discounts > 0,
    };
  });
}

/** The answer of POST /checkout/subtotal for the engine's result on that request. */
export function subtotalAnswer(request: SubtotalRequest, result: EvaluationResult): SubtotalAnswer {
  const bySequence = new Map(result.lines.map((line) => [line.sequence, line]));
  return {
    basket: {
      items: request.basket.items.map((item) => {
        const line = bySequence.get(item.sequence);
        const campaigns = new Map<number, number>();
        for (const a of line?.applied ?? [])
          campaigns.set(a.campaign_id, (campaigns.get(a.campaign_id) ?? 0) + a.amount_cents);
        return {
          sequence: item.sequence,
          barcode: item.barcode,
          quantity: item.quantity / UNIT,
          unit_value: centsToNumber(item.unit_value),
          total_value: centsToNumber(item.total_value),
          discounts: centsToNumber(line?.discount_cents ?? 0),
          unit_discount_value: centsToNumber(line?.unit_discount_cents ?? 0),
          discount_quantity: (line?.discount_quantity ?? 0) / UNIT,
          campaigns: [...campaigns].map(([id_campaign, cents]) => ({
            id_campaign,
            value: centsToNumber(cents),
          })),
        };
      }),
      discounts: result.ticket.map((t) => ({
        id_campaign: t.campaign_id,
        value: centsToNumber(t.amount_cents),
        items: t.allocation.map((a) => ({ sequence: a.sequence, value: centsToNumber(a.amount_cents) })),
      })),
      total_discount: centsToNumber(result.total_discount_cents),
      total_with_discount: centsToNumber(result.total_cents),
    },
  };
}

export interface PaymentDiscountInput {
  store_id: number;
  at: Date | number;
  payment_method: number;
  total_cents: number;
  customer?: CustomerFacts | null;
  vouchers?: readonly string[];
  budgets?: readonly RemainingBudget[];
  /** The ticket's lines when the point of sale sends them; else one unit of `total_cents`. */
  lines?: readonly BasketLine[] | undefined;
}

/**
 * POST /checkout/discounts/payments: the discount of the payment method (DBP campaigns) on the
 * ticket's lines (or, known only by its total, one unit of it), with the engine's result for the
 * budget consumption.
 */
export function paymentDiscount(
  prepared: PreparedCampaigns,
  input: PaymentDiscountInput,
): { answer: PaymentDiscountAnswer; result: EvaluationResult } {
  const evaluation: EvaluationInput = {
    ...input,
    lines: input.lines ?? [
      {
        sequence: 1,
        code: '',
        quantity: UNIT,
        unit_price_cents: input.total_cents,
        total_cents: input.total_cents,
      },
    ],
  };
  const result = evaluate(prepared, evaluation, ['DBP']);
  return {
    answer: {
      method: input.payment_method,
      totalDiscount: centsToNumber(result.total_discount_cents),
      totalWithDiscount: centsToNumber(result.total_cents),
    },
    result,
  };
}
