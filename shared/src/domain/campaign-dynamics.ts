/**
 * The vocabulary of discount campaigns (spec part 2 §2.1): types, dynamics, the open end date
 * and the category selection of a DC campaign. Plain data and functions, no zod: the promotion
 * engine (`promotions/`) and the checkout function read them without the campaign form's
 * schemas (`schemas/campaign.ts` re-exports everything here).
 */

/** D goods, DB ticket, DC category, DBRANDS brand, DG product group (combo), DBP ticket by payment method. */
export const DISCOUNT_TYPES = ['D', 'DB', 'DC', 'DBRANDS', 'DG', 'DBP'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** The wizard's dynamics, numbered as the spec numbers them (part 2 §2.1). */
export const DYNAMICS = {
  1: 'Preço fixo',
  2: 'Desconto %',
  3: 'A partir de X pague Y',
  4: 'A partir de X ganhe %',
  5: 'Leve X pague Y',
  6: 'Pague X a menos',
  7: 'Prazo reduzido por quantidade vendida',
  8: 'Encerrada por quantidade vendida',
  9: 'Desconto progressivo %',
  10: 'Desconto progressivo fixo',
} as const;
export type Dynamic = keyof typeof DYNAMICS;
export const DYNAMIC_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const satisfies readonly Dynamic[];

/** Dynamics whose value is a percentage (the others' is money, except 5 which has none). */
export const PERCENT_DYNAMICS: ReadonlySet<Dynamic> = new Set<Dynamic>([2, 4, 9]);
/** Dynamics whose value is the final unit price ('Informe o valor final'). */
export const FINAL_PRICE_DYNAMICS: ReadonlySet<Dynamic> = new Set<Dynamic>([1, 3, 7, 8]);
/** Dynamics that take a quantity X (`take`, or `info.trigger_quantity` for campaign-level rules). */
export const QUANTITY_DYNAMICS: ReadonlySet<Dynamic> = new Set<Dynamic>([3, 4, 5, 7, 8]);

/**
 * Which dynamics each type offers. A ticket has no unit price to fix (1, 3, 7, 8); a combo's
 * quantities come from its groups, so its discount units take a per-unit or progressive rule.
 */
export const DYNAMICS_BY_TYPE: Readonly<Record<DiscountType, readonly Dynamic[]>> = {
  D: DYNAMIC_CODES,
  DC: DYNAMIC_CODES,
  DBRANDS: DYNAMIC_CODES,
  DG: [1, 2, 6, 9, 10],
  DB: [2, 4, 5, 6, 9, 10],
  DBP: [2, 4, 5, 6, 9, 10],
};

/** End date of a campaign without an end (spec part 2 §1, §9). */
export const NO_END_DATE = '9999-12-31';

/**
 * The selected categories of a DC campaign as the wizard writes them: each selected category is
 * its cascader path (ids from the root, joined by ','), and selections are separated by ';'
 * ('1,5,12;2,7'). Returns the paths, each a list of ids; blanks are dropped.
 */
export function parseCategoryPaths(categories: string): string[][] {
  return categories
    .split(';')
    .map((path) =>
      path
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .filter((path) => path.length > 0);
}
