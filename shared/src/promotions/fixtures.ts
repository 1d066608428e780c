import { Campaign, NO_END_DATE } from '../schemas/campaign';
import { evaluate } from './engine';
import { prepareCampaigns } from './prepare';
import type { BasketLine, EvaluationInput, EvaluationResult } from './types';

/**
 * Builders for the engine's tests and benchmark (not used by the product). Campaigns go
 * through the `Campaign` schema, so every fixture is a payload the API would accept.
 */

/** Noon of 2025-06-15 in São Paulo. */
export const AT = new Date('2025-06-15T15:00:00Z');
export const STORE = 1;

type CampaignInput = Record<string, unknown> & { id: number; type: string };

/** A valid campaign payload: store 1, running since 2025-01-01 without an end, active. */
export function campaign(fields: CampaignInput): Campaign {
  return Campaign.parse({
    description: `Campanha ${fields.id}`,
    active: 'Y',
    start_at: '2025-01-01',
    end_at: NO_END_DATE,
    stores: [{ id_store: STORE }],
    ...fields,
    info: { ...((fields.info as object | undefined) ?? {}) },
  });
}

/** A D campaign with one discount row. */
export function itemCampaign(
  id: number,
  code: string,
  row: Record<string, unknown>,
  info: Record<string, unknown> = {},
): Campaign {
  return campaign({ id, type: 'D', products: [{ code, trigger_discount: 'D', ...row }], info });
}

/** A line of `units` whole units at `unitCents` each (or `quantity` thousandths with `extra.quantity`). */
export function line(
  sequence: number,
  code: string,
  units: number,
  unitCents: number,
  extra: Partial<BasketLine> = {},
): BasketLine {
  const quantity = extra.quantity ?? units * 1000;
  return {
    sequence,
    code,
    quantity,
    unit_price_cents: unitCents,
    total_cents: Math.round((quantity * unitCents) / 1000),
    ...extra,
  };
}

/** Prepares the campaigns and evaluates the lines at {@link AT} in store 1. */
export function run(
  campaigns: readonly Campaign[],
  lines: readonly BasketLine[],
  input: Partial<EvaluationInput> = {},
): EvaluationResult {
  return evaluate(prepareCampaigns(campaigns), { lines, store_id: STORE, at: AT, ...input });
}

/** Each line's discount in centavos, by sequence. */
export const discounts = (result: EvaluationResult): number[] => result.lines.map((l) => l.discount_cents);
