/**
 * The money and quantity a retailer can really have, for purchases (POS ingestion) and the
 * customer record. Every amount the API accepts is bounded here, so sums of them stay far
 * below 2^53 and no record can be written that a JSON answer cannot carry exactly.
 *
 * | what | limit |
 * |---|---|
 * | unit price of an item | R$ 9.999.999,99 |
 * | item total, item or purchase discount, purchase amount, one payment | R$ 99.999.999,99 |
 * | quantity of an item (units or kg, 3 decimals) | 99.999,999 |
 * | customer income | R$ 99.999.999,99 |
 * | a customer's purchase total (aggregate) | saturates at R$ 9.999.999.999.999,99 |
 *
 * Sums inside one purchase: at most 500 items × R$ 99.999.999,99 ≈ 5 × 10^12 centavos and
 * quantity × unit price ≈ 10^17 is computed with BigInt, so validation itself cannot overflow.
 */

/** Unit price of an item, in centavos (R$ 9.999.999,99). */
export const MAX_ITEM_PRICE_CENTS = 999_999_999;
/** Item total, discounts, purchase amount and a payment, in centavos (R$ 99.999.999,99). */
export const MAX_BASKET_CENTS = 9_999_999_999;
/** Quantity of an item in thousandths (99.999,999 units or kilograms). */
export const MAX_QUANTITY_MILLI = 99_999_999;
/** Customer income in reais (R$ 99.999.999,99). */
export const MAX_INCOME_REAIS = 99_999_999.99;
/**
 * Ceiling of a customer's purchase total, in centavos (R$ 9.999.999.999.999,99): the stored
 * sum saturates here instead of growing past 2^53 (≈ 9 × 10^15).
 */
export const MAX_CUSTOMER_TOTAL_CENTS = 999_999_999_999_999;

export const LIMIT_MESSAGES = {
  amount: 'Valor da compra (amount) acima do limite de R$ 99.999.999,99.',
  discount: 'Desconto (discount) acima do limite de R$ 99.999.999,99.',
  unitValue: 'Valor unitário acima do limite de R$ 9.999.999,99.',
  totalValue: 'Valor total do item acima do limite de R$ 99.999.999,99.',
  itemDiscount: 'Desconto do item acima do limite de R$ 99.999.999,99.',
  quantity: 'Quantidade acima do limite de 99.999,999.',
  payment: 'Valor do pagamento acima do limite de R$ 99.999.999,99.',
  income: 'Renda inválida: informe um valor de R$ 0,00 a R$ 99.999.999,99.',
} as const;
