import { isDay } from '../domain/dates';
import { centsToNumber, parseMoney, parseStock } from '../domain/money';
import { z } from '../domain/zod-pt';
import { productCode } from './catalog';
import { MAX_BASKET_CENTS, MAX_ITEM_PRICE_CENTS, MAX_QUANTITY_MILLI } from './customer-limits';

/**
 * Discount (sales) campaigns on the wire (spec part 2 §2.1, §3 'Campaign', 'Discount info',
 * 'Discount campaign product', §5, §9) and the point-of-sale checkout calls that apply them
 * (part 3 §7: POST /checkout/subtotal and /checkout/discounts/payments). The wizard and the API
 * validate with the same schema; the promotion engine (`promotions/`) reads what it outputs.
 *
 * Money in a campaign stays in the wire's unit, a number of reais with at most 2 decimals
 * (`12.5`; text such as '12,50' is accepted and normalized), so the parsed campaign can be
 * stored and answered as is; the engine converts it to centavos once (`prepareCampaigns`).
 * Percentages are numbers 0..100 with at most 2 decimals. The checkout requests, which only the
 * server reads, are parsed straight into centavos and thousandths of a unit.
 *
 * What the spec leaves unshown and the engine needs (documented in `promotions/README.md`):
 * - `info.type` is the dynamic (1..10) of campaign-level rules (DB, DBP, DC, DBRANDS, DG) and the
 *   default of product rows; `info.value` its value (final price, percentage, amount);
 * - `info.tiers` the steps of the progressive dynamics 9 and 10;
 * - `info.customer_limit` how many purchases a customer may benefit (0 = no limit);
 * - `info.budget` the campaign's money budget in reais (0 = none);
 * - `groups`, the combo groups of a DG campaign, beside `products`;
 * - `unique_discount` 'Y' is the wizard's 'ignore the discount if the item is already on offer'
 *   and `can_repeat_customer` its 'can repeat the discount' (per multiple, in one purchase);
 * - a product row's `price` is its dynamic's value, `take` its X, `pay` the Y of 'take X pay Y',
 *   `limit` the units per purchase (`unlimited` 'Y' = none), `budget` its sellout money budget
 *   and `budget_limit` its units budget (0 = none).
 */

export const CAMPAIGN_MESSAGES = {
  description: 'Informe a descrição da campanha',
  store: 'Selecione uma loja para a campanha!',
  comboQuantities: 'Gatilho e Fator de Quantidade de desconto inválidos',
  triggerQuantity: 'Informe a quantidade gatilho',
  finalValue: 'Informe o valor final',
  subtractValue: 'Informe o valor a subtrair',
  discountValue: 'Informe o valor do desconto',
  period: 'Selecione o Período',
  periodOrder: 'A data final deve ser igual ou posterior à inicial.',
  percentage: 'O percentual deve estar entre 0 e 100.',
  type: 'Selecione o tipo de desconto.',
  dynamic: 'Selecione a dinâmica do desconto.',
  dynamicNotAllowed: 'Dinâmica de desconto não disponível para este tipo de campanha.',
  takePay: 'Em "leve X pague Y", informe quanto leva e pague menos do que leva.',
  products: 'Adicione ao menos um produto à campanha.',
  categories: 'Selecione ao menos uma categoria.',
  brands: 'Selecione ao menos uma marca.',
  payments: 'Selecione ao menos uma forma de pagamento.',
  comboGroups: 'Adicione ao menos um grupo de desconto ao combo.',
  groupItems: 'Adicione ao menos um produto ao grupo.',
  /** The wizard's 'activate by voucher' switch on without a code. */
  voucher: 'Informe o código do voucher.',
  duplicateCode: (code: string) => `Atenção: Código ${code} já foi importado, verifique !`,
} as const;

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
/** Largest money value of a campaign: R$ 9.999.999,99 (as a product price). */
const MAX_MONEY_CENTS = 999_999_999;
/** Largest quantity of a campaign rule, in units. */
const MAX_UNITS = 1_000_000;

// ---------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------

const empty = (v: unknown) => v === undefined || v === null || v === '';
const yesNo = (fallback: 'Y' | 'N') =>
  z.preprocess(
    (v) => (v === true ? 'Y' : v === false ? 'N' : empty(v) ? undefined : v),
    z.enum(['Y', 'N'], { error: "Use 'Y' ou 'N'." }).default(fallback),
  );

/**
 * A money amount of the wire: a number of reais (or text '12,50', 'R$ 1.234,56') with at most
 * two decimals, not negative → a number of reais (`12.5`). Empty is null, so rules can say
 * which message a missing value gets.
 */
const reais = (label = 'O valor') =>
  z.unknown().transform((value, ctx): number | null => {
    if (empty(value)) return null;
    const cents = typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message: `${label} deve ser um número com até 2 casas decimais.` });
      return z.NEVER;
    }
    if (cents < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} não pode ser negativo.` });
      return z.NEVER;
    }
    if (cents > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: `${label} deve ser de no máximo R$ 9.999.999,99.` });
      return z.NEVER;
    }
    return centsToNumber(cents);
  });

/** A whole number of units, 0 when empty. */
const units = (message: string) =>
  z.preprocess(
    (v) => (empty(v) ? 0 : v),
    z.coerce.number({ error: message }).int(message).min(0, message).max(MAX_UNITS, message),
  );

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

const dynamic = z.preprocess(
  (v) => (empty(v) || v === 0 || v === '0' ? null : v),
  z.coerce
    .number({ error: CAMPAIGN_MESSAGES.dynamic })
    .int(CAMPAIGN_MESSAGES.dynamic)
    .min(1, CAMPAIGN_MESSAGES.dynamic)
    .max(10, CAMPAIGN_MESSAGES.dynamic)
    .transform((v) => v as Dynamic)
    .nullable(),
);

const day = (message: string) =>
  z.string({ error: message }).trim().min(1, message).refine(isDay, 'Data inválida: use AAAA-MM-DD.');

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, `Máximo de ${max} caracteres.`),
  );

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

// ---------------------------------------------------------------------------------------
// Campaign parts
// ---------------------------------------------------------------------------------------

/** A product row of a discount campaign. Display-only fields (description, url, …) are dropped. */
export const CampaignProduct = z
  .object({
    /** The row's dynamic; empty takes `info.type`. */
    type: dynamic.default(null),
    /** T: the product triggers the campaign (a requisite); D: the product gets the discount. */
    trigger_discount: z.preprocess(
      (v) => (empty(v) ? 'D' : v),
      z.enum(['T', 'D'], { error: "Use 'T' (gatilho) ou 'D' (desconto)." }),
    ),
    code: productCode,
    /** The dynamic's value: final price (1, 3, 7, 8), percentage (2, 4, 9) or amount (6, 10). */
    price: reais('O valor').default(null),
    /** X of dynamics 3, 4, 5, 7 (per purchase) and 8 (units on sale in total). */
    take: units('Quantidade "leve" inválida.').default(0),
    /** Y of dynamic 5 (take X pay Y). */
    pay: units('Quantidade "pague" inválida.').default(0),
    /** Units per purchase that get the discount; 0 or `unlimited` 'Y': no limit. */
    limit: units('Limite inválido.').default(0),
    unlimited: yesNo('N'),
    /** Sellout money budget of this product in the campaign, reais (0 = none). */
    budget: reais('O orçamento')
      .transform((v) => v ?? 0)
      .default(0),
    /** Units of this product that may be sold with the discount in total (0 = no limit). */
    budget_limit: units('Limite do orçamento inválido.').default(0),
    qt_packing: z.preprocess(
      (v) => (empty(v) ? 1 : v),
      z.coerce
        .number({ error: 'Embalagem inválida.' })
        .positive('Embalagem inválida.')
        .max(100_000, 'Embalagem inválida.'),
    ),
  })
  // The spec: "unlimited is 'Y' when the value is empty or zero".
  .transform((row) => (row.limit === 0 ? { ...row, unlimited: 'Y' as const } : row));
export type CampaignProduct = z.output<typeof CampaignProduct>;

/** An item of a combo group: one product by EAN, or a product family by its group code. */
export const CampaignGroupItem = z
  .object({
    code: z.preprocess((v) => (empty(v) ? undefined : v), productCode.optional()),
    group_code: z.preprocess((v) => (empty(v) ? undefined : v), text(60).optional()),
  })
  .refine(
    (item) => (item.code === undefined) !== (item.group_code === undefined),
    'Informe o código (EAN) ou o grupo do produto.',
  );
export type CampaignGroupItem = z.output<typeof CampaignGroupItem>;

/**
 * A combo (DG) group. T groups are the trigger: `requisite` 'all' needs every item, 'any' one of
 * them; `logical_operator` joins a group to the previous T group ('and' binds tighter than 'or').
 * D groups receive the discount.
 */
export const CampaignGroup = z.object({
  title: text(120).default(''),
  logical_operator: z.preprocess(
    (v) => (empty(v) ? 'and' : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(['and', 'or'], { error: "Use 'and' ou 'or'." }),
  ),
  type: z.enum(['T', 'D'], { error: "Use 'T' (gatilho) ou 'D' (desconto)." }),
  requisite: z.preprocess(
    (v) => (empty(v) ? 'any' : v),
    z.enum(['all', 'any'], { error: "Use 'all' ou 'any'." }),
  ),
  items: z
    .array(CampaignGroupItem, { error: CAMPAIGN_MESSAGES.groupItems })
    .min(1, CAMPAIGN_MESSAGES.groupItems)
    .max(5_000),
});
export type CampaignGroup = z.output<typeof CampaignGroup>;

/** A step of a progressive dynamic: from `min_amount` reais (and `min_quantity` units) the value is `value`. */
export const DiscountTier = z.object({
  min_amount: reais('O valor mínimo').transform((v) => v ?? 0),
  min_quantity: units('Quantidade mínima inválida.').default(0),
  value: reais('O valor do desconto').pipe(z.number({ error: CAMPAIGN_MESSAGES.discountValue })),
});
export type DiscountTier = z.output<typeof DiscountTier>;

/** The `info` of a discount campaign (spec part 2 §3 'Discount info', plus the engine's fields). */
export const DiscountInfo = z.object({
  need_terms: yesNo('N'),
  /** Y: adds to other discounts (on the running price); N: exclusive. */
  can_accumulate: yesNo('N'),
  layout_title: text(200).default(''),
  /** Y: ignore the discount when the item is already on offer. */
  unique_discount: yesNo('N'),
  /** Y: the discount repeats for each multiple in a purchase; N: once per purchase. */
  can_repeat_customer: yesNo('Y'),
  trigger_quantity: units(CAMPAIGN_MESSAGES.triggerQuantity).default(0),
  discount_quantity: units(CAMPAIGN_MESSAGES.comboQuantities).default(0),
  /** When set, the campaign applies only if this voucher is presented. */
  voucher_code: z
    .preprocess(
      (v) => (empty(v) ? null : typeof v === 'number' ? String(v) : v),
      z.string().trim().max(60, 'Máximo de 60 caracteres.').nullable(),
    )
    .default(null),
  type: dynamic.default(null),
  value: reais('O valor do desconto').default(null),
  /** The most the campaign may deduct from one purchase, reais (0 = no cap). */
  value_max_deduct: reais('O desconto máximo')
    .transform((v) => v ?? 0)
    .default(0),
  /** DC: selected category paths ('1,5,12;2,7'), see {@link parseCategoryPaths}. */
  categories: text(5_000).default(''),
  requisite: z.preprocess(
    (v) => (empty(v) ? 'any' : v),
    z.enum(['all', 'any'], { error: "Use 'all' ou 'any'." }),
  ),
  tiers: z.array(DiscountTier).max(50, 'Informe no máximo 50 faixas.').default([]),
  customer_limit: units('Limite por cliente inválido.').default(0),
  budget: reais('O orçamento')
    .transform((v) => v ?? 0)
    .default(0),
});
export type DiscountInfo = z.output<typeof DiscountInfo>;

// ---------------------------------------------------------------------------------------
// The campaign
// ---------------------------------------------------------------------------------------

const campaignShape = z.object({
  /** Present when editing (PUT /web/campaign/update). */
  id: id('Campanha inválida.').optional(),
  description: z
    .string({ error: CAMPAIGN_MESSAGES.description })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.description)
    .max(200, 'Máximo de 200 caracteres.'),
  type: z.enum(DISCOUNT_TYPES, { error: CAMPAIGN_MESSAGES.type }),
  active: yesNo('Y'),
  /** The lead (customer segment) aimed at; null = the whole base. */
  id_lead: z
    .preprocess((v) => (empty(v) || v === 0 ? null : v), id('Lead inválido.').nullable())
    .default(null),
  start_at: day(CAMPAIGN_MESSAGES.period),
  end_at: z.preprocess((v) => (empty(v) ? NO_END_DATE : v), day(CAMPAIGN_MESSAGES.period)),
  updated_at: z.string().optional(),
  products: z.array(CampaignProduct).max(10_000, 'Informe no máximo 10.000 produtos.').default([]),
  stores: z
    .array(z.object({ id_store: id('Loja inválida.') }), { error: CAMPAIGN_MESSAGES.store })
    .min(1, CAMPAIGN_MESSAGES.store),
  brands: z.array(z.object({ id_brand: id('Marca inválida.') })).default([]),
  payments: z
    .array(
      z.object({
        id_payment_method: id('Forma de pagamento inválida.'),
        factor: z.preprocess(
          (v) => (empty(v) ? 1 : v),
          z.coerce.number({ error: 'Fator inválido.' }).min(0, 'Fator inválido.').max(100, 'Fator inválido.'),
        ),
      }),
    )
    .default([]),
  groups: z.array(CampaignGroup).max(100, 'Informe no máximo 100 grupos.').default([]),
  info: DiscountInfo,
});

type CampaignShape = z.output<typeof campaignShape>;
type Issue = { path: (string | number)[]; message: string };

/** Whether a dynamic's value is there and fits it; the issue's message otherwise. */
function valueIssue(dyn: Dynamic, value: number | null | undefined): string | undefined {
  if (dyn === 5) return undefined;
  if (value === null || value === undefined) {
    return FINAL_PRICE_DYNAMICS.has(dyn)
      ? CAMPAIGN_MESSAGES.finalValue
      : dyn === 6
        ? CAMPAIGN_MESSAGES.subtractValue
        : CAMPAIGN_MESSAGES.discountValue;
  }
  if (PERCENT_DYNAMICS.has(dyn) && value > 100) return CAMPAIGN_MESSAGES.percentage;
  return undefined;
}

/** The rules of one dynamic with its value, X (take), Y (pay) and tiers. */
function ruleIssues(
  dyn: Dynamic,
  rule: { value: number | null; take: number; pay: number; tiers: readonly DiscountTier[] },
  at: { value: (string | number)[]; take: (string | number)[] },
): Issue[] {
  const issues: Issue[] = [];
  const value = valueIssue(dyn, rule.value);
  if (value) issues.push({ path: at.value, message: value });
  if (QUANTITY_DYNAMICS.has(dyn) && rule.take < 1)
    issues.push({ path: at.take, message: CAMPAIGN_MESSAGES.triggerQuantity });
  if (dyn === 5 && rule.take >= 1 && rule.pay >= rule.take)
    issues.push({ path: at.take, message: CAMPAIGN_MESSAGES.takePay });
  if (dyn === 9) {
    rule.tiers.forEach((tier, i) => {
      if (tier.value > 100)
        issues.push({ path: ['info', 'tiers', i, 'value'], message: CAMPAIGN_MESSAGES.percentage });
    });
  }
  return issues;
}

/** The cross-field rules of spec part 2 §5 and of each type and dynamic. */
export function campaignIssues(c: CampaignShape): Issue[] {
  const issues: Issue[] = [];
  const info = c.info;
  if (c.start_at && c.end_at && c.end_at < c.start_at)
    issues.push({ path: ['end_at'], message: CAMPAIGN_MESSAGES.periodOrder });
  const allowed = DYNAMICS_BY_TYPE[c.type];
  const discountRows = c.products
    .map((row, i) => ({ row, i }))
    .filter(({ row }) => row.trigger_discount === 'D');
  const seen = new Set<string>();
  c.products.forEach((row, i) => {
    const key = `${row.trigger_discount}:${row.code}`;
    if (seen.has(key))
      issues.push({ path: ['products', i, 'code'], message: CAMPAIGN_MESSAGES.duplicateCode(row.code) });
    seen.add(key);
  });

  // Campaign-level rule: every type but D (whose rows carry their own dynamic).
  // Campaign-level 'take X pay Y' is X = trigger_quantity with discount_quantity units free (checked below).
  const infoRule = { value: info.value, take: info.trigger_quantity, pay: 0, tiers: info.tiers };
  const infoAt = { value: ['info', 'value'], take: ['info', 'trigger_quantity'] };
  if (c.type !== 'D') {
    if (info.type === null) issues.push({ path: ['info', 'type'], message: CAMPAIGN_MESSAGES.dynamic });
    else if (!allowed.includes(info.type))
      issues.push({ path: ['info', 'type'], message: CAMPAIGN_MESSAGES.dynamicNotAllowed });
    else if (c.type !== 'DG') {
      issues.push(...ruleIssues(info.type, infoRule, infoAt));
      if (info.type === 5 && (info.discount_quantity < 1 || info.discount_quantity > info.trigger_quantity))
        issues.push({ path: ['info', 'discount_quantity'], message: CAMPAIGN_MESSAGES.takePay });
    } else {
      // In a combo each D row may carry its own value: the info's is needed only for the
      // discount items without a row (product families, codes not among the rows).
      const rowCodes = new Set(discountRows.map(({ row }) => row.code));
      const itemsWithoutRow = c.groups.some(
        (g) => g.type === 'D' && g.items.some((item) => item.code === undefined || !rowCodes.has(item.code)),
      );
      const needsValue = discountRows.length === 0 || itemsWithoutRow;
      issues.push(
        ...ruleIssues(info.type, { ...infoRule, value: needsValue ? info.value : (info.value ?? 0) }, infoAt),
      );
    }
  }
  if (c.type === 'D' && discountRows.length === 0)
    issues.push({ path: ['products'], message: CAMPAIGN_MESSAGES.products });
  if (c.type === 'D' || c.type === 'DG') {
    for (const { row, i } of discountRows) {
      const dyn = row.type ?? info.type;
      if (dyn === null) {
        issues.push({ path: ['products', i, 'type'], message: CAMPAIGN_MESSAGES.dynamic });
        continue;
      }
      if (!allowed.includes(dyn)) {
        issues.push({ path: ['products', i, 'type'], message: CAMPAIGN_MESSAGES.dynamicNotAllowed });
        continue;
      }
      // A combo row without its own price takes the info's value.
      const value = c.type === 'DG' && row.price === null ? info.value : row.price;
      issues.push(
        ...ruleIssues(
          dyn,
          { value, take: row.take, pay: row.pay, tiers: info.tiers },
          { value: ['products', i, 'price'], take: ['products', i, 'take'] },
        ),
      );
    }
  }
  if (c.type === 'DC' && parseCategoryPaths(info.categories).length === 0)
    issues.push({ path: ['info', 'categories'], message: CAMPAIGN_MESSAGES.categories });
  if (c.type === 'DBRANDS' && c.brands.length === 0)
    issues.push({ path: ['brands'], message: CAMPAIGN_MESSAGES.brands });
  if (c.type === 'DBP' && c.payments.length === 0)
    issues.push({ path: ['payments'], message: CAMPAIGN_MESSAGES.payments });
  if (c.type === 'DG') {
    if (info.trigger_quantity < 1 && info.discount_quantity < 1)
      issues.push({ path: ['info', 'trigger_quantity'], message: CAMPAIGN_MESSAGES.comboQuantities });
    else if (info.trigger_quantity < 1)
      issues.push({ path: ['info', 'trigger_quantity'], message: CAMPAIGN_MESSAGES.triggerQuantity });
    else if (info.discount_quantity < 1)
      issues.push({ path: ['info', 'discount_quantity'], message: CAMPAIGN_MESSAGES.comboQuantities });
    if (!c.groups.some((g) => g.type === 'D') && discountRows.length === 0)
      issues.push({ path: ['groups'], message: CAMPAIGN_MESSAGES.comboGroups });
  }
  // One message per field (rows share the info's tiers).
  const unique = new Map(issues.map((issue) => [`${issue.path.join('.')}|${issue.message}`, issue]));
  return [...unique.values()];
}

/**
 * A discount campaign: POST /web/campaign/new, PUT /web/campaign/update (with `id`) and the
 * campaign as answered. The cross-field rules run once every field is well formed.
 */
export const Campaign = campaignShape.superRefine((campaign, ctx) => {
  for (const issue of campaignIssues(campaign)) ctx.addIssue({ code: 'custom', ...issue });
});
export type Campaign = z.output<typeof Campaign>;

// ---------------------------------------------------------------------------------------
// Checkout (spec part 3 §7): the point of sale asks for the discounts of a basket
// ---------------------------------------------------------------------------------------

/** Money of a checkout request → integer centavos (not negative, at most `max`). */
const requestCents = (label: string, max: number) =>
  z.unknown().transform((value, ctx) => {
    const cents = typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
    if (cents === undefined || cents < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} inválido: use um número com até 2 casas decimais.` });
      return z.NEVER;
    }
    if (cents > max) {
      ctx.addIssue({ code: 'custom', message: `${label} acima do limite.` });
      return z.NEVER;
    }
    return cents;
  });

/** A quantity with up to 3 decimals (weighed goods) → thousandths, above zero. */
const requestThousandths = z.unknown().transform((value, ctx) => {
  const parsed = typeof value === 'number' || typeof value === 'string' ? parseStock(value) : undefined;
  const milli = parsed === undefined ? 0 : Math.round(parsed * 1000);
  if (milli <= 0 || milli > MAX_QUANTITY_MILLI) {
    ctx.addIssue({
      code: 'custom',
      message: 'Quantidade inválida: use um número maior que zero com até 3 casas decimais.',
    });
    return z.NEVER;
  }
  return milli;
});

const barcode = z
  .union([z.string(), z.number()], { error: 'Informe o código de barras (barcode) do item.' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,14}$/.test(v), 'Código de barras inválido: use de 1 a 14 dígitos.');

/** An item of POST /checkout/subtotal; money in centavos, quantity in thousandths. */
export const CheckoutItem = z.object({
  sequence: id('Sequência do item inválida.'),
  barcode,
  quantity: requestThousandths,
  unit_value: requestCents('Valor unitário', MAX_ITEM_PRICE_CENTS),
  total_value: requestCents('Valor total do item', MAX_BASKET_CENTS),
  /** What the point of sale already deducted from the item (an offer), centavos. */
  discounts: z.preprocess((v) => (empty(v) ? 0 : v), requestCents('Desconto do item', MAX_BASKET_CENTS)),
});
export type CheckoutItem = z.output<typeof CheckoutItem>;

/** POST /checkout/subtotal: the basket being rung up, with the customer's document when known. */
export const SubtotalRequest = z.object({
  session: text(200).default(''),
  customer: z
    .object({ document: text(20).transform((v) => v.replace(/\D/g, '')) })
    .nullish()
    .transform((c) => (c && c.document ? c : null)),
  basket: z.object({
    coupon: text(30).default(''),
    id_store: id('Informe a loja (id_store).'),
    checkout: text(20).default(''),
    operator: text(60).default(''),
    items: z
      .array(CheckoutItem, { error: 'Informe os itens da compra.' })
      .min(1, 'Informe os itens da compra.')
      .max(500, 'Envie no máximo 500 itens.')
      .superRefine((items, ctx) => {
        const seen = new Set<number>();
        items.forEach((item, i) => {
          if (seen.has(item.sequence))
            ctx.addIssue({
              code: 'custom',
              path: [i, 'sequence'],
              message: `Sequência ${item.sequence} repetida.`,
            });
          seen.add(item.sequence);
        });
      }),
  }),
});
export type SubtotalRequest = z.output<typeof SubtotalRequest>;

// Answers describe the wire exactly: money as numbers of reais, quantities with 3 decimals.

/** An item of the subtotal answer: what the engine deducts from it and which campaigns did. */
export const SubtotalAnswerItem = z.object({
  sequence: z.number(),
  barcode: z.string(),
  quantity: z.number(),
  unit_value: z.number(),
  total_value: z.number(),
  /** Total discount of the item (item and ticket campaigns), reais. */
  discounts: z.number(),
  unit_discount_value: z.number(),
  discount_quantity: z.number(),
  campaigns: z.array(z.object({ id_campaign: z.number(), value: z.number() })),
});
export type SubtotalAnswerItem = z.output<typeof SubtotalAnswerItem>;

/** The answer of POST /checkout/subtotal; `discounts` are the ticket-level campaigns with their split. */
export const SubtotalAnswer = z.object({
  basket: z.object({
    items: z.array(SubtotalAnswerItem),
    discounts: z.array(
      z.object({
        id_campaign: z.number(),
        value: z.number(),
        items: z.array(z.object({ sequence: z.number(), value: z.number() })),
      }),
    ),
    total_discount: z.number(),
    total_with_discount: z.number(),
  }),
});
export type SubtotalAnswer = z.output<typeof SubtotalAnswer>;

/** POST /checkout/discounts/payments: the ticket's total and the payment method chosen. */
export const PaymentDiscountRequest = z.object({
  basket: z.object({
    id_store: id('Informe a loja (id_store).'),
    payment_method: id('Informe a forma de pagamento.'),
    total_value: requestCents('Valor total', MAX_BASKET_CENTS),
  }),
});
export type PaymentDiscountRequest = z.output<typeof PaymentDiscountRequest>;

export const PaymentDiscountAnswer = z.object({
  method: z.number(),
  totalDiscount: z.number(),
  totalWithDiscount: z.number(),
});
export type PaymentDiscountAnswer = z.output<typeof PaymentDiscountAnswer>;
