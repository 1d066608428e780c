import { localDay } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { clearActiveCampaigns } from '@freguesia/functions/campaigns/active-set.service';
import { handler as checkoutHandler } from '@freguesia/functions/checkout/handler';
import { expect } from 'vitest';
import { call } from '../support/api';
import type { TestTenant } from '../support/tenant';

/**
 * Shared helpers of the tests of a campaign with many product rows (its update is atomic: issue 20
 * item 22): the campaign's body and what the checkout gives for some of its products.
 */

/** The EAN of the `i`-th product of such a campaign (no catalogue entry needed: the rows name it). */
export const rowCode = (i: number) => `7890000${String(i).padStart(6, '0')}`;

/** `count` product rows, each `percent` % off ('2 - Desconto %'). */
export const percentRows = (count: number, percent: number) =>
  Array.from({ length: count }, (_, i) => ({
    code: rowCode(i),
    trigger_discount: 'D',
    type: 2,
    price: percent,
  }));

/** The body of an active discount campaign ('D') with these product rows in one store, from today on, no end. */
export const discountCampaign = (store: number, description: string, products: readonly unknown[]) => ({
  description,
  type: 'D',
  active: 'Y',
  start_at: localDay(),
  end_at: NO_END_DATE,
  stores: [{ id_store: store }],
  info: { can_accumulate: 'N', need_terms: 'N' },
  products,
});

/** The body of a discount campaign ('D') of `count` rows at `percent` % in one store, from today on. */
export const percentCampaign = (store: number, count: number, percent: number) =>
  discountCampaign(store, `${percent}% em ${count} produtos`, percentRows(count, percent));

/**
 * The discounts the checkout (POST /api/checkout/subtotal, the POS's key) gives on R$ 10 of each
 * of the products `rows` (their indexes), the active campaigns read fresh from the table.
 */
export async function checkoutDiscounts(
  t: TestTenant,
  pos: { key: string; store: number },
  coupon: string,
  rows: number[],
): Promise<number[]> {
  clearActiveCampaigns();
  const res = await call(checkoutHandler, {
    method: 'POST',
    path: '/api/checkout/subtotal',
    tenant: t.tenant,
    headers: { 'x-api-key': pos.key },
    body: {
      basket: {
        coupon,
        id_store: pos.store,
        items: rows.map((i, k) => ({
          sequence: k + 1,
          barcode: rowCode(i),
          quantity: 1,
          unit_value: 10,
          total_value: 10,
        })),
      },
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.basket.items.map((item: { discounts: number }) => item.discounts);
}
