import { isDay } from '../domain/dates';
import { centsToNumber, parseMoney } from '../domain/money';
import * as z from '../domain/zod-pt';
import { productCode } from './product-code';
import {
  DISCOUNT_TYPES,
  DYNAMICS_BY_TYPE,
  FINAL_PRICE_DYNAMICS,
  NO_END_DATE,
  parseCategoryPaths,
  PERCENT_DYNAMICS,
  QUANTITY_DYNAMICS,
  type Dynamic,
} from '../domain/campaign-dynamics';

// The campaigns' vocabulary (types, dynamics, the open end date) is plain data in
// ../domain/campaign-dynamics, which the promotion engine reads without this file's schemas.
export * from '../domain/campaign-dynamics';

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

// The checkout's requests and answers (spec part 3 §7) live in ./checkout, so the point of sale's
// function does not bundle the campaign form; re-exported here for the campaign screens and tests.
export * from './checkout';

/** POST /web/campaign/duplicate (issue 20, 'Duplicar'): the campaign to copy and the copy's period. */
export const CampaignDuplicate = z
  .object({
    id: id('Campanha não encontrada.'),
    start_at: day(CAMPAIGN_MESSAGES.period),
    end_at: z.preprocess((v) => (empty(v) ? NO_END_DATE : v), day(CAMPAIGN_MESSAGES.period)),
  })
  .refine((d) => d.start_at <= d.end_at, {
    path: ['end_at'],
    message: 'A data final deve ser igual ou posterior à data inicial.',
  });
export type CampaignDuplicate = z.output<typeof CampaignDuplicate>;
