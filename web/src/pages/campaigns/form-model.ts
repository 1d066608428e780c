import { fromDisplayDate, localDay, toDisplayDate } from '@freguesia/shared/domain/dates';
import { parseMoney } from '@freguesia/shared/domain/money';
import {
  Campaign,
  CAMPAIGN_MESSAGES,
  DISCOUNT_TYPES,
  DYNAMICS,
  DYNAMICS_BY_TYPE,
  FINAL_PRICE_DYNAMICS,
  NO_END_DATE,
  PERCENT_DYNAMICS,
  QUANTITY_DYNAMICS,
  type DiscountType,
  type Dynamic,
} from '@freguesia/shared/schemas/campaign';
import { CAMPAIGN_TYPE_LABELS, type CampaignDetails } from '@freguesia/shared/schemas/campaign-api';
import type { CascaderNode } from '@freguesia/shared/schemas/catalog';
import { z } from 'zod';
import { INVALID_DAY } from '../../components/typed-day';

/**
 * The discount wizard's model (spec part 2 §2.1, §3 'Discount info', 'Discount campaign product',
 * §4, §5): the values as the screen holds them (typed DD/MM/AAAA dates, money as typed, the
 * audience and voucher switches), their conversion from the saved campaign and to the shared
 * `Campaign` payload, and the form schema, which validates the payload with that shared schema
 * (so the spec's messages are written once) and puts each message on the field that shows it.
 * Pure: unit-tested in node.
 */

export const STEP_TITLES = ['Detalhes da Campanha', 'Lojas', 'Clientes', 'Gatilho'] as const;
export const TITLE_NEW = 'Cadastrando Campanha';
export const TITLE_EDIT = 'Alterando Campanha';
export const SAVED_NEW = 'Campanha cadastrada com sucesso';
export const SAVED_EDIT = 'Campanha alterada com sucesso';
export const LEAD_REQUIRED = 'Selecione o lead da campanha.';
/** A row whose EAN the catalogue does not know (spec part 2 §5 'Import of products'). */
export const UNKNOWN_PRODUCT = 'PRODUTO NÃO CADASTRADO';
/** Title of the notices of a step that does not validate (spec part 2 §8), and of the combo's quantities (§5). */
export const STEP_ERROR_TITLE = 'Ops!';
export const COMBO_ERROR_TITLE = 'Validação';

export const TYPE_OPTIONS: readonly { value: DiscountType; label: string }[] = DISCOUNT_TYPES.map(
  (value) => ({
    value,
    label: CAMPAIGN_TYPE_LABELS[value],
  }),
);

/** The dynamics a type offers, '1 - Preço fixo' … */
export function dynamicOptions(type: DiscountType): { value: string; label: string }[] {
  return DYNAMICS_BY_TYPE[type].map((d) => ({ value: String(d), label: `${d} - ${DYNAMICS[d]}` }));
}

/** Product rows of a type: D (discount) rows only for goods and combos; T (trigger) rows for every type. */
export const takesDiscountRows = (type: DiscountType): boolean => type === 'D' || type === 'DG';

// ---------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------

export type YesNo = 'Y' | 'N';
export type Audience = 'L' | 'B';

export interface ProductRowValues {
  code: string;
  /** Display only: the catalogue's description, or {@link UNKNOWN_PRODUCT}. */
  description: string;
  trigger_discount: 'T' | 'D';
  /** The row's dynamic ('' = the campaign's). */
  type: string;
  price: string;
  take: string;
  pay: string;
  limit: string;
  unlimited: YesNo;
  budget: string;
  budget_limit: string;
  qt_packing: number;
  /** Display only: the price of the store chosen in the picker, reais (price simulation). */
  regular_price: number | null;
}

export interface GroupItemValues {
  code?: string;
  group_code?: string;
  /** The product's name when picked in the search (shown only; the campaign stores the EAN). */
  description?: string;
}

export interface GroupValues {
  title: string;
  logical_operator: 'and' | 'or';
  type: 'T' | 'D';
  requisite: 'all' | 'any';
  items: GroupItemValues[];
}

export interface TierValues {
  min_amount: string;
  min_quantity: string;
  value: string;
}

export interface CampaignFormValues {
  description: string;
  type: DiscountType;
  active: YesNo;
  /** DD/MM/AAAA as typed. */
  start_at: string;
  end_at: string;
  /** 'Sem data final': the end is 9999-12-31. */
  no_end: boolean;
  /** 'Ativar por voucher'. */
  voucher: boolean;
  /** L: a lead ('Escolher Lead'); B: the whole base. */
  audience: Audience;
  id_lead: string;
  stores: { id_store: number }[];
  brands: { id_brand: number }[];
  payments: { id_payment_method: number; factor: number }[];
  groups: GroupValues[];
  products: ProductRowValues[];
  /** The 'pague' (Y) given to new product rows of a goods campaign with 'leve X pague Y'. */
  default_pay: string;
  info: {
    need_terms: YesNo;
    can_accumulate: YesNo;
    layout_title: string;
    unique_discount: YesNo;
    can_repeat_customer: YesNo;
    trigger_quantity: string;
    discount_quantity: string;
    voucher_code: string;
    /** The dynamic, '' = none yet. */
    type: string;
    value: string;
    value_max_deduct: string;
    /** Category paths ('1,5,12;2,7'). */
    categories: string;
    requisite: 'all' | 'any';
    tiers: TierValues[];
    customer_limit: string;
    budget: string;
  };
  /** Sent back on update (the server's concurrency check). */
  updated_at?: string;
}

/** A wire number as the text of an input: 12.5 → '12,5', 0 / null → ''. */
export function numberText(value: number | null | undefined, keepZero = false): string {
  if (value === null || value === undefined || (value === 0 && !keepZero)) return '';
  return String(value).replace('.', ',');
}

/** The dynamic of a text value ('2' → 2), null when none or unknown. */
export function dynamicOf(value: string | number | null | undefined): Dynamic | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? (n as Dynamic) : null;
}

export function emptyCampaignForm(today: string = localDay()): CampaignFormValues {
  return {
    description: '',
    type: 'D',
    active: 'Y',
    start_at: toDisplayDate(today) ?? '',
    end_at: '',
    no_end: false,
    voucher: false,
    audience: 'B',
    id_lead: '',
    stores: [],
    brands: [],
    payments: [],
    groups: [],
    products: [],
    default_pay: '',
    info: {
      need_terms: 'N',
      can_accumulate: 'N',
      layout_title: '',
      unique_discount: 'N',
      can_repeat_customer: 'Y',
      trigger_quantity: '',
      discount_quantity: '',
      voucher_code: '',
      type: '',
      value: '',
      value_max_deduct: '',
      categories: '',
      requisite: 'any',
      tiers: [],
      customer_limit: '',
      budget: '',
    },
  };
}

/** The Y the saved campaign's 'Leve X pague Y' discount rows share ('' when none or when they differ). */
function commonPay(
  products: readonly { trigger_discount: string; type: number | null; pay: number }[],
): string {
  const pays = new Set(
    products.filter((p) => p.trigger_discount === 'D' && p.type === 5 && p.pay > 0).map((p) => p.pay),
  );
  return pays.size === 1 ? String([...pays][0]) : '';
}

/** The saved campaign as the wizard's values. */
export function detailsToForm(c: CampaignDetails): CampaignFormValues {
  const noEnd = c.end_at === NO_END_DATE;
  const info = c.info;
  return {
    description: c.description,
    type: c.type,
    active: c.active,
    start_at: toDisplayDate(c.start_at) ?? '',
    end_at: noEnd ? '' : (toDisplayDate(c.end_at) ?? ''),
    no_end: noEnd,
    voucher: Boolean(info.voucher_code),
    audience: c.id_lead ? 'L' : 'B',
    id_lead: c.id_lead ? String(c.id_lead) : '',
    stores: c.stores.map((s) => ({ id_store: s.id_store })),
    brands: c.brands.map((b) => ({ id_brand: b.id_brand })),
    payments: c.payments.map((p) => ({ id_payment_method: p.id_payment_method, factor: p.factor })),
    groups: c.groups.map((g) => ({
      title: g.title,
      logical_operator: g.logical_operator,
      type: g.type,
      requisite: g.requisite,
      items: g.items.map((item) =>
        item.code !== undefined ? { code: item.code } : { group_code: item.group_code ?? '' },
      ),
    })),
    products: c.products.map((p) => ({
      code: p.code,
      description: p.description ?? UNKNOWN_PRODUCT,
      trigger_discount: p.trigger_discount,
      type: p.type === null ? '' : String(p.type),
      price: numberText(p.price, true),
      take: numberText(p.take),
      pay: numberText(p.pay),
      limit: p.unlimited === 'Y' ? '' : numberText(p.limit),
      unlimited: p.unlimited,
      budget: numberText(p.budget),
      budget_limit: numberText(p.budget_limit),
      qt_packing: p.qt_packing,
      regular_price: null,
    })),
    // 'Pague (Y)' shows what the saved 'Leve X pague Y' rows pay (their common Y).
    default_pay: commonPay(c.products),
    info: {
      need_terms: info.need_terms,
      can_accumulate: info.can_accumulate,
      layout_title: info.layout_title,
      unique_discount: info.unique_discount,
      can_repeat_customer: info.can_repeat_customer,
      trigger_quantity: numberText(info.trigger_quantity),
      discount_quantity: numberText(info.discount_quantity),
      voucher_code: info.voucher_code ?? '',
      type: info.type === null ? '' : String(info.type),
      value: numberText(info.value, true),
      value_max_deduct: numberText(info.value_max_deduct),
      categories: info.categories,
      requisite: info.requisite,
      tiers: info.tiers.map((t) => ({
        min_amount: numberText(t.min_amount),
        min_quantity: numberText(t.min_quantity),
        value: numberText(t.value, true),
      })),
      customer_limit: numberText(info.customer_limit),
      budget: numberText(info.budget),
    },
    updated_at: c.updated_at,
  };
}

// ---------------------------------------------------------------------------------------
// Payload
// ---------------------------------------------------------------------------------------

export type CampaignPayloadInput = z.input<typeof Campaign>;

const blank = (text: string) => text.trim();

/**
 * The body of POST /web/campaign/new (PUT /web/campaign/update with `id`) and, for the schema's
 * messages, which form row each payload product row came from. Only what the type uses is sent:
 * D rows for goods and combos, brands for DBRANDS, payments for DBP, categories for DC, groups for
 * DG, tiers for the progressive dynamics; display-only fields are left out.
 */
export function formToPayloadWithRows(
  values: CampaignFormValues,
  id?: number,
): { payload: CampaignPayloadInput; rows: number[] } {
  const type = values.type;
  const dyn = dynamicOf(values.info.type);
  const rows: number[] = [];
  const products = values.products.flatMap((row, index) => {
    if (row.trigger_discount === 'D' && !takesDiscountRows(type)) return [];
    rows.push(index);
    return [
      {
        type: row.trigger_discount === 'T' ? null : row.type || null,
        trigger_discount: row.trigger_discount,
        code: row.code,
        price: row.trigger_discount === 'T' ? null : blank(row.price),
        take: blank(row.take),
        pay: blank(row.pay),
        // 'Ilimitado' or no limit: 0 (the schema then says unlimited 'Y').
        limit: row.unlimited === 'Y' ? 0 : blank(row.limit),
        unlimited: row.unlimited,
        budget: blank(row.budget),
        budget_limit: blank(row.budget_limit),
        qt_packing: row.qt_packing,
      },
    ];
  });
  const info = values.info;
  const payload: CampaignPayloadInput = {
    ...(id !== undefined ? { id } : {}),
    description: values.description,
    type,
    active: values.active,
    id_lead: values.audience === 'L' && values.id_lead ? Number(values.id_lead) : null,
    start_at: fromDisplayDate(values.start_at.trim()) ?? '',
    end_at: values.no_end ? NO_END_DATE : (fromDisplayDate(values.end_at.trim()) ?? ''),
    ...(values.updated_at ? { updated_at: values.updated_at } : {}),
    products,
    stores: values.stores.map((s) => ({ id_store: s.id_store })),
    brands: type === 'DBRANDS' ? values.brands.map((b) => ({ id_brand: b.id_brand })) : [],
    payments:
      type === 'DBP'
        ? values.payments.map((p) => ({ id_payment_method: p.id_payment_method, factor: p.factor || 1 }))
        : [],
    groups:
      type === 'DG'
        ? values.groups.map((g) => ({
            title: g.title,
            logical_operator: g.logical_operator,
            type: g.type,
            requisite: g.requisite,
            items: g.items.map((item) =>
              item.code ? { code: item.code } : { group_code: item.group_code ?? '' },
            ),
          }))
        : [],
    info: {
      need_terms: info.need_terms,
      can_accumulate: info.can_accumulate,
      layout_title: info.layout_title,
      unique_discount: info.unique_discount,
      can_repeat_customer: info.can_repeat_customer,
      trigger_quantity: blank(info.trigger_quantity),
      discount_quantity: blank(info.discount_quantity),
      voucher_code: values.voucher ? info.voucher_code.trim() : null,
      type: dyn,
      value: dyn === 5 ? null : blank(info.value),
      value_max_deduct: blank(info.value_max_deduct),
      categories: type === 'DC' ? info.categories : '',
      requisite: info.requisite,
      tiers:
        dyn === 9 || dyn === 10
          ? info.tiers.map((t) => ({
              min_amount: blank(t.min_amount),
              min_quantity: blank(t.min_quantity),
              value: blank(t.value),
            }))
          : [],
      customer_limit: blank(info.customer_limit),
      budget: blank(info.budget),
    },
  };
  return { payload, rows };
}

export const formToPayload = (values: CampaignFormValues, id?: number): CampaignPayloadInput =>
  formToPayloadWithRows(values, id).payload;

/** The schema's issues for the form's values, on the form's paths. */
export function campaignFormIssues(
  values: CampaignFormValues,
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const own = new Set<string>();
  const add = (path: (string | number)[], message: string) => {
    own.add(path.join('.'));
    issues.push({ path, message });
  };
  const start = values.start_at.trim();
  if (!start) add(['start_at'], CAMPAIGN_MESSAGES.period);
  else if (!fromDisplayDate(start)) add(['start_at'], INVALID_DAY);
  if (!values.no_end) {
    const end = values.end_at.trim();
    if (!end) add(['end_at'], CAMPAIGN_MESSAGES.period);
    else if (!fromDisplayDate(end)) add(['end_at'], INVALID_DAY);
  }
  if (values.voucher && !values.info.voucher_code.trim())
    add(['info', 'voucher_code'], CAMPAIGN_MESSAGES.voucher);
  if (values.audience === 'L' && !values.id_lead) add(['id_lead'], LEAD_REQUIRED);

  const { payload, rows } = formToPayloadWithRows(values);
  const result = Campaign.safeParse(payload);
  for (const issue of result.success ? [] : result.error.issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (path[0] === 'products' && typeof path[1] === 'number') path[1] = rows[path[1]] ?? path[1];
    const key = path.join('.');
    if (own.has(key)) continue;
    if (path[0] === 'id_lead' && values.audience !== 'L') continue;
    own.add(key);
    issues.push({ path, message: issue.message });
  }
  return issues;
}

/**
 * The wizard's schema: the values are whatever the screen holds; the rules are the shared
 * `Campaign` schema's (through {@link campaignFormIssues}) plus the typed dates, the voucher code
 * and the lead.
 */
export const campaignFormSchema = z
  .custom<CampaignFormValues>((v) => typeof v === 'object' && v !== null)
  .superRefine((values, ctx) => {
    for (const issue of campaignFormIssues(values))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

// ---------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------

/** The fields each step validates on 'Próximo'. */
export const STEP_FIELDS = [
  ['description', 'type', 'active', 'start_at', 'end_at', 'info.voucher_code', 'info.layout_title'],
  ['stores'],
  ['audience', 'id_lead'],
  ['info', 'products', 'brands', 'payments', 'groups', 'default_pay'],
] as const;

/** The step that shows a field path ('products.0.price' → 3); the last step for anything else. */
export function stepOfField(path: string): number {
  const [first, second] = path.split('.');
  if (first === 'info') {
    return second === 'voucher_code' || second === 'layout_title' ? 0 : 3;
  }
  const step = STEP_FIELDS.findIndex((fields) => fields.some((f) => f === first));
  return step < 0 ? STEP_FIELDS.length - 1 : step;
}

/** The first message under `error` (react-hook-form's nested errors), depth first. */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    // An error's own `type` is text; a field may be named `type` too (info.type, products.0.type).
    if (key === 'ref' || typeof value !== 'object') continue;
    const nested = firstMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

/** The title of a step's notice: 'Validação' for the combo's quantities, else 'Ops!' (spec part 2 §5, §8). */
export const noticeTitle = (message: string): string =>
  message === CAMPAIGN_MESSAGES.comboQuantities ? COMBO_ERROR_TITLE : STEP_ERROR_TITLE;

// ---------------------------------------------------------------------------------------
// Dynamics on screen
// ---------------------------------------------------------------------------------------

export type ValueKind = 'percent' | 'final' | 'amount';

export interface DynamicNeeds {
  /** What the value is: a percentage, the final unit price, an amount off; null: no value (5). */
  value: ValueKind | null;
  valueLabel: string;
  /** A quantity X (take / trigger_quantity). */
  take: boolean;
  takeLabel: string;
  /** 'pague Y' (5). */
  pay: boolean;
  /** Progressive steps (9, 10). */
  tiers: boolean;
}

/** Which inputs a dynamic needs, and their labels. */
export function dynamicNeeds(dyn: Dynamic | null): DynamicNeeds {
  const value: ValueKind | null =
    dyn === null || dyn === 5
      ? null
      : PERCENT_DYNAMICS.has(dyn)
        ? 'percent'
        : FINAL_PRICE_DYNAMICS.has(dyn)
          ? 'final'
          : 'amount';
  return {
    value,
    valueLabel:
      dyn === 9
        ? 'Desconto base (%)'
        : dyn === 10
          ? 'Desconto base (R$)'
          : value === 'percent'
            ? 'Desconto (%)'
            : value === 'final'
              ? 'Valor final (R$)'
              : dyn === 6
                ? 'Valor a subtrair (R$)'
                : 'Desconto (R$)',
    take: dyn !== null && QUANTITY_DYNAMICS.has(dyn),
    takeLabel: dyn === 5 ? 'Leve (X)' : dyn === 8 ? 'Quantidade à venda (X)' : 'A partir de (X unidades)',
    pay: dyn === 5,
    tiers: dyn === 9 || dyn === 10,
  };
}

/**
 * Whether the product picker may open (spec part 2 §2.1: "only when a dynamic with a positive
 * value, or a requisite, is set"): adding trigger rows needs the requisite; discount rows need a
 * dynamic whose value (or, for 'leve X pague Y', X) is positive.
 */
export function canPickProducts(
  values: Pick<CampaignFormValues, 'info' | 'type'>,
  adding: 'T' | 'D',
): boolean {
  if (adding === 'T') return values.info.requisite === 'all' || values.info.requisite === 'any';
  const dyn = dynamicOf(values.info.type);
  if (dyn === null || !DYNAMICS_BY_TYPE[values.type].includes(dyn)) return false;
  if (dyn === 5) return Number(values.info.trigger_quantity) > 0;
  const cents = parseMoney(values.info.value.trim());
  return cents !== undefined && cents > 0;
}

/** The rows for products chosen in the picker, with the campaign's dynamic as their default. */
export interface PickedProduct {
  code: string;
  description: string;
  pack: number;
  regular_price: number | null;
  /** Values read from an imported file, over the campaign's defaults. */
  price?: string;
  take?: string;
  pay?: string;
  limit?: string;
}

export function newProductRows(
  products: readonly PickedProduct[],
  values: Pick<CampaignFormValues, 'info' | 'default_pay' | 'products'>,
  adding: 'T' | 'D',
): { rows: ProductRowValues[]; duplicates: string[] } {
  const taken = new Set(values.products.map((p) => `${p.trigger_discount}:${p.code}`));
  const rows: ProductRowValues[] = [];
  const duplicates: string[] = [];
  const dyn = dynamicOf(values.info.type);
  for (const product of products) {
    const key = `${adding}:${product.code}`;
    if (taken.has(key)) {
      duplicates.push(product.code);
      continue;
    }
    taken.add(key);
    const discount = adding === 'D';
    const limit = discount ? (product.limit ?? '') : '';
    rows.push({
      code: product.code,
      description: product.description,
      trigger_discount: adding,
      type: discount && dyn !== null ? String(dyn) : '',
      price: discount && dyn !== 5 ? (product.price ?? values.info.value) : '',
      take:
        discount && dyn !== null && QUANTITY_DYNAMICS.has(dyn)
          ? (product.take ?? values.info.trigger_quantity)
          : '',
      pay: discount && dyn === 5 ? (product.pay ?? values.default_pay) : '',
      limit,
      unlimited: Number(limit) > 0 ? 'N' : 'Y',
      budget: '',
      budget_limit: '',
      qt_packing: product.pack || 1,
      regular_price: product.regular_price,
    });
  }
  return { rows, duplicates };
}

/**
 * The unit price a dynamic gives a product of `regular` reais (the picker's simulation), in
 * centavos; null when it depends on the basket (take X pay Y) or cannot be computed.
 */
export function simulatedCents(
  dyn: Dynamic | null,
  value: string,
  regular: number | null | undefined,
): number | null {
  if (dyn === null || regular === null || regular === undefined) return null;
  const base = Math.round(regular * 100);
  const v = parseMoney(value.trim());
  if (dyn === 5 || v === undefined) return null;
  if (FINAL_PRICE_DYNAMICS.has(dyn)) return Math.min(base, v);
  if (PERCENT_DYNAMICS.has(dyn)) return base - Math.round((base * Math.min(v, 10_000)) / 10_000);
  return Math.max(0, base - v);
}

// ---------------------------------------------------------------------------------------
// Categories (DC)
// ---------------------------------------------------------------------------------------

export interface CategoryPathOption {
  /** The path of ids from the root, joined by ',' (what `info.categories` stores). */
  value: string;
  /** 'Mercearia › Arroz' */
  label: string;
}

/** Every category of the cascader tree as a path option (pre-order). */
export function categoryPathOptions(
  nodes: readonly CascaderNode[],
  ids: number[] = [],
  names: string[] = [],
): CategoryPathOption[] {
  return nodes.flatMap((node) => {
    const path = [...ids, node.value];
    const labels = [...names, node.label];
    return [
      { value: path.join(','), label: labels.join(' › ') },
      ...categoryPathOptions(node.children ?? [], path, labels),
    ];
  });
}

/** `info.categories` ('1,5;2') → the selected paths. */
export const splitCategories = (categories: string): string[] =>
  categories
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);

/** The selected paths → `info.categories`. */
export const joinCategories = (paths: readonly string[]): string => paths.join(';');
