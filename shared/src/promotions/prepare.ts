import { numberToCents } from '../domain/money';
import { parseCategoryPaths, PERCENT_DYNAMICS, type Dynamic } from '../domain/campaign-dynamics';
import type { Campaign, CampaignGroup } from '../schemas/campaign';
import { FULL_PERCENT, UNIT } from './arithmetic';
import type {
  Combo,
  ComboGroup,
  ComboItem,
  PreparedCampaign,
  PreparedCampaigns,
  ProductRule,
  Rule,
  Tier,
} from './types';

/**
 * From campaign payloads (as `Campaign` parses them) to the engine's normalized, indexed form.
 * Done once per set of active campaigns (e.g. when the campaigns change, or cached per
 * tenant), so each evaluation only looks up what the basket's lines can match: by EAN, product
 * family, category and brand, and the ticket campaigns by store.
 */

/** Reais (≤ 2 decimals) → centavos; the schema guarantees the decimals, Math.round covers float noise. */
const cents = (reais: number | null | undefined): number =>
  reais ? (numberToCents(reais) ?? Math.round(reais * 100)) : 0;
/** A percentage 0..100 (≤ 2 decimals) → basis points. */
const basisPoints = (percent: number | null | undefined): number =>
  Math.min(FULL_PERCENT, Math.max(0, Math.round((percent ?? 0) * 100)));
/** 'YYYY-MM-DD' → YYYYMMDD as a number (2025-06-15 → 20250615), ordered like the dates. */
export const dayNumber = (day: string): number =>
  Number(day.slice(0, 4)) * 10_000 + Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));
const positiveOr = (value: number, fallback: number) => (value > 0 ? value : fallback);

function ruleOf(
  dynamic: Dynamic,
  value: number | null,
  take: number,
  pay: number,
  tiers: Campaign['info']['tiers'],
): Rule | null {
  // Without its value a dynamic cannot apply (a missing final price must not read as R$ 0,00).
  if (value === null && dynamic !== 5) return null;
  const percent = PERCENT_DYNAMICS.has(dynamic);
  const convert = (v: number | null) => (percent ? basisPoints(v) : cents(v));
  const steps: Tier[] =
    dynamic === 9 || dynamic === 10
      ? tiers.map((t) => ({
          minAmount: cents(t.min_amount),
          minQuantity: t.min_quantity * UNIT,
          value: convert(t.value),
        }))
      : [];
  return { dynamic, value: convert(value), take: take * UNIT, pay: Math.min(pay, take) * UNIT, tiers: steps };
}

function comboOf(campaign: Campaign): Combo {
  const { info } = campaign;
  const asGroup = (g: CampaignGroup): ComboGroup => ({
    requisite: g.requisite,
    items: g.items.map((item): ComboItem =>
      item.code !== undefined ? { code: item.code } : { groupCode: item.group_code },
    ),
  });
  const rowsGroup = (kind: 'T' | 'D', requisite: 'all' | 'any'): ComboGroup[] => {
    const codes = campaign.products.filter((p) => p.trigger_discount === kind).map((p) => ({ code: p.code }));
    return codes.length > 0 ? [{ requisite, items: codes }] : [];
  };
  const triggerGroups = campaign.groups.filter((g) => g.type === 'T');
  const chains: ComboGroup[][] = [];
  if (triggerGroups.length > 0) {
    // 'and' binds tighter than 'or': a group whose operator is 'or' starts a new chain.
    for (const group of triggerGroups) {
      if (chains.length === 0 || group.logical_operator === 'or') chains.push([]);
      chains[chains.length - 1]!.push(asGroup(group));
    }
  } else {
    const fromRows = rowsGroup('T', info.requisite);
    if (fromRows.length > 0) chains.push(fromRows);
  }
  const discountGroups = campaign.groups.filter((g) => g.type === 'D').map(asGroup);
  return {
    chains,
    discount: discountGroups.length > 0 ? discountGroups : rowsGroup('D', 'any'),
    triggerQuantity: positiveOr(info.trigger_quantity, 1) * UNIT,
    discountQuantity: positiveOr(info.discount_quantity, 1) * UNIT,
  };
}

/** The campaign in engine form, or undefined when it cannot apply (inactive, no id, no rule). */
function prepareOne(campaign: Campaign, index: number): PreparedCampaign | undefined {
  if (campaign.active !== 'Y' || campaign.id === undefined) return undefined;
  const { info, type } = campaign;
  const rows = new Map<string, ProductRule>();
  if (type === 'D' || type === 'DG') {
    // By code, so that rows are always visited in the same order.
    for (const row of [...campaign.products].sort((a, b) =>
      a.code < b.code ? -1 : a.code > b.code ? 1 : 0,
    )) {
      const dynamic = row.type ?? info.type;
      if (row.trigger_discount !== 'D' || dynamic === null || rows.has(row.code)) continue;
      const rule = ruleOf(
        dynamic,
        row.price ?? (type === 'DG' ? info.value : null),
        row.take,
        row.pay,
        info.tiers,
      );
      if (!rule) continue;
      rows.set(row.code, {
        code: row.code,
        rule,
        limit: row.unlimited === 'Y' || row.limit <= 0 ? Infinity : row.limit * UNIT,
        amountBudget: row.budget > 0 ? cents(row.budget) : Infinity,
        // Dynamic 8 closes after X units sold in total: a units budget of its own.
        unitsBudget: Math.min(
          row.budget_limit > 0 ? row.budget_limit * UNIT : Infinity,
          dynamic === 8 ? rule.take : Infinity,
        ),
      });
    }
  }
  let rule: Rule | null = null;
  if (type !== 'D') {
    if (info.type === null) return undefined;
    // 'take X pay Y' at campaign level: X = trigger_quantity, discount_quantity units free.
    rule = ruleOf(
      info.type,
      info.value,
      info.trigger_quantity,
      Math.max(0, info.trigger_quantity - info.discount_quantity),
      info.tiers,
    );
    // A combo can still discount through its rows; any other type needs its rule.
    if (!rule && (type !== 'DG' || rows.size === 0)) return undefined;
  } else if (rows.size === 0) {
    return undefined;
  }
  const level = type === 'DB' || type === 'DBP' ? 'ticket' : 'item';
  const firstRow = rows.values().next().value;
  // One object literal with every field: all campaigns share one hidden class, which keeps
  // the engine's property reads monomorphic (a spread gave each campaign its own).
  return {
    id: campaign.id,
    index,
    type,
    level,
    exclusive: info.can_accumulate !== 'Y',
    ignoreOnOffer: info.unique_discount === 'Y',
    repeat: info.can_repeat_customer !== 'N',
    needTerms: info.need_terms === 'Y',
    lead: campaign.id_lead,
    voucher: info.voucher_code?.trim().toUpperCase() || null,
    start: dayNumber(campaign.start_at),
    end: dayNumber(campaign.end_at),
    stores: new Set(campaign.stores.map((s) => s.id_store)),
    payments: new Map(campaign.payments.map((p) => [p.id_payment_method, Math.round(p.factor * UNIT)])),
    customerLimit: info.customer_limit,
    maxDeduct: info.value_max_deduct > 0 ? cents(info.value_max_deduct) : Infinity,
    amountBudget: info.budget > 0 ? cents(info.budget) : Infinity,
    unitsBudget: rule && type !== 'DG' && rule.dynamic === 8 ? rule.take : Infinity,
    requisite: info.requisite,
    triggerCodes:
      type === 'DG'
        ? []
        : [...new Set(campaign.products.filter((p) => p.trigger_discount === 'T').map((p) => p.code))].sort(),
    rows,
    rowList: [...rows.values()],
    rule,
    categories:
      type === 'DC'
        ? [...new Set(parseCategoryPaths(info.categories).map((path) => path[path.length - 1]!))].sort()
        : [],
    brands:
      type === 'DBRANDS' ? [...new Set(campaign.brands.map((b) => b.id_brand))].sort((a, b) => a - b) : [],
    combo: type === 'DG' ? comboOf(campaign) : null,
    dynamic: rule?.dynamic ?? firstRow!.rule.dynamic,
  };
}

function push<K>(map: Map<K, number[]>, key: K, index: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

/**
 * Normalizes and indexes discount campaigns for {@link evaluate}. Inactive campaigns and those
 * without an id or a dynamic are left out. Campaigns are ordered by id (ids are unique), so the
 * order of `payloads` does not matter.
 */
export function prepareCampaigns(payloads: readonly Campaign[]): PreparedCampaigns {
  const prepared: PreparedCampaign[] = [];
  for (const payload of [...payloads].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    const c = prepareOne(payload, prepared.length);
    if (c) prepared.push(c);
  }
  const byCode = new Map<string, number[]>();
  const byGroupCode = new Map<string, number[]>();
  const byCategory = new Map<string, number[]>();
  const byBrand = new Map<number, number[]>();
  const ticketByStore = new Map<number, number[]>();
  for (const c of prepared) {
    if (c.level === 'ticket') {
      for (const store of c.stores) push(ticketByStore, store, c.index);
      continue;
    }
    // A campaign is looked up by what it discounts: trigger-only lines cannot make it apply.
    for (const code of c.rows.keys()) push(byCode, code, c.index);
    for (const category of c.categories) push(byCategory, category, c.index);
    for (const brand of c.brands) push(byBrand, brand, c.index);
    for (const group of c.combo?.discount ?? []) {
      for (const item of group.items) {
        if (item.code !== undefined) push(byCode, item.code, c.index);
        else if (item.groupCode !== undefined) push(byGroupCode, item.groupCode, c.index);
      }
    }
  }
  return { campaigns: prepared, byCode, byGroupCode, byCategory, byBrand, ticketByStore };
}
