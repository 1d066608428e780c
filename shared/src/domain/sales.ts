/**
 * Sales orders (spec part 3 §3 'Sale (cart)', §4 'Sale wizard', §5 'Sales wizard', §9): the status
 * machine and the totals, pure, so the server enforces exactly what the wizard shows.
 * Money is integer centavos; quantities whole units (minimum 1).
 */

export const SALE_STATUSES = [
  'Rascunho',
  'Erro_IBGE',
  'Aguardando Pagamento',
  'Confirmado',
  'Faturado',
  'Cancelado',
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** §9: default sale status and channel ('{product}' is the product's name). */
export const DEFAULT_SALE_STATUS: SaleStatus = 'Rascunho';
export const DEFAULT_SALE_CHANNEL = 'Freguesia';
/** §9: sales list page size; offers page size; the draft lookup's row count. */
export const SALES_PAGE_SIZE = 100;
export const OFFERS_PAGE_SIZE = 20;
export const DRAFT_LOOKUP_SIZE = 99999;
export const MAX_INSTALLMENTS = 72;
/** The marker that makes a payment method a point-of-sale one (§4 Finalizing). */
export const POS_MARKER = '[ pos ]';

/** The spec's messages (§5, §8) and the server's own, in one place. */
export const SALE_MESSAGES = {
  customer: 'Selecione um cliente para a venda! ',
  store: 'Selecione uma loja para a venda! ',
  products: 'Selecione ao menos um produto! ',
  deliveryDate: 'Selecione a data de entrega! ',
  address: 'Endereço inválido. Verifique novamente! ',
  payment: 'Pagamento incorreto, verifique e tente novamente!',
  zipcode: 'Endereço não encontrado!',
  created: 'Venda cadastrada com sucesso',
  cloned: 'Venda duplicada com sucesso',
  synced: 'Venda sincronizada com sucesso',
  deleteConfirm: 'Tem certeza que deseja excluir esta venda?',
  noPosMethod: 'Nenhum método de pagamento POS configurado!',
  blocked: 'Cliente Bloqueado',
  coverageSaved: 'Cobertura de Vendas atualizada com sucesso!',
  coverageFailed: 'Erro ao atualizar a Cobertura de Vendas!',
  backendCopied: 'Backend copiado!',
  stale:
    'Esta venda foi alterada por outra pessoa. Recarregue a venda para ver a versão atual antes de salvar.',
  notEditable: 'Esta venda não é mais um rascunho e não pode ser alterada.',
  notDeletable: 'Só vendas em rascunho podem ser excluídas.',
  storeLocked: 'Só é possível trocar a loja de uma venda em rascunho.',
  sellerLocked: 'Só é possível trocar o vendedor de uma venda em rascunho.',
  sellerForbidden: 'Você não pode trocar o vendedor desta venda.',
  discountForbidden: 'Você não tem permissão para conceder desconto.',
  transition: (from: SaleStatus, to: SaleStatus) => `Uma venda ${from} não pode passar a ${to}.`,
  outOfCoverage: 'Cliente Bloqueado: o estado do cliente ou da entrega está fora da cobertura de vendas.',
  notSynced: 'Só vendas faturadas são sincronizadas com as compras do cliente.',
} as const;

/** Only Rascunho and Erro_IBGE can go back a step, be edited or be finalised (§4). */
export const isEditable = (status: SaleStatus): boolean => status === 'Rascunho' || status === 'Erro_IBGE';
/** Only a draft (exactly Rascunho) can be deleted or have its store or seller changed (§4). */
export const isDraft = (status: SaleStatus): boolean => status === 'Rascunho';

/** Whether a payment method's name marks it as the point of sale's ('[ pos ]', case-insensitive). */
export const isPosMethod = (description: string): boolean => description.toLowerCase().includes(POS_MARKER);

/** §4 Finalizing: Faturado when any payment method is a POS one, else Aguardando Pagamento. */
export const finalisedStatus = (methods: readonly string[]): SaleStatus =>
  methods.some(isPosMethod) ? 'Faturado' : 'Aguardando Pagamento';

/**
 * The moves an order makes after finalising: payment confirmed, invoiced, cancelled. Finalising
 * itself (from Rascunho or Erro_IBGE) is `finalisedStatus`; a draft is deleted, never cancelled.
 */
const NEXT: Readonly<Record<SaleStatus, readonly SaleStatus[]>> = {
  Rascunho: [],
  Erro_IBGE: [],
  'Aguardando Pagamento': ['Confirmado', 'Faturado', 'Cancelado'],
  Confirmado: ['Faturado', 'Cancelado'],
  Faturado: [],
  Cancelado: [],
};

/**
 * The status a requested move leads to, or undefined when the machine refuses it. `to` is what the
 * caller asks for; finalising an editable sale (asking for any status past the draft) gives
 * `finalisedStatus(methods)` whatever the caller asked, so a screen cannot pick Faturado itself.
 */
export function nextStatus(
  from: SaleStatus,
  to: SaleStatus,
  methods: readonly string[],
): SaleStatus | undefined {
  if (to === from) return from;
  if (isEditable(from)) {
    if (to === 'Rascunho' || to === 'Erro_IBGE' || to === 'Cancelado') return undefined;
    return finalisedStatus(methods);
  }
  return NEXT[from].includes(to) ? to : undefined;
}

// ------------------------------------------------------------------ totals

/** A manual line discount: money (centavos) or percentage in hundredths of a percent (0–10000). */
export interface ManualDiscount {
  type: 'money' | 'percent';
  /** Centavos for money; hundredths of a percent for percent (12,5 % = 1250). */
  value: number;
}

export interface TotalsLine {
  quantity: number;
  unit_cents: number;
  manual: ManualDiscount;
  /** What the promotion engine deducts from this line (item and ticket campaigns), centavos. */
  engine_cents: number;
}

export interface TotalsPayment {
  total_cents: number;
  change_cents: number;
  /** The payment method's discount (DBP campaigns), centavos. */
  discount_cents: number;
}

export interface LineTotals {
  gross_cents: number;
  manual_cents: number;
  discount_cents: number;
  total_cents: number;
}

export interface SaleTotals {
  lines: LineTotals[];
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  payment_discount_cents: number;
  total_cents: number;
  item_quantity: number;
}

/** Integer division rounded half up (non-negative operands). */
const divRound = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));

/** The centavos a manual discount takes from a line of `gross` centavos (never more than the line). */
export function manualCents(gross: number, manual: ManualDiscount): number {
  const cents =
    manual.type === 'percent'
      ? divRound(gross * Math.min(Math.max(manual.value, 0), 10_000), 10_000)
      : Math.max(manual.value, 0);
  return Math.min(cents, gross);
}

/** The gross and manual discount of a line: what the engine is given (its price already reduced). */
export function lineBase(line: Omit<TotalsLine, 'engine_cents'>): { gross: number; manual: number } {
  const gross = line.quantity * line.unit_cents;
  return { gross, manual: manualCents(gross, line.manual) };
}

/**
 * §4: Total = subtotal − discounts + shipping − payment discounts (while in draft). The line's
 * discount is its manual discount plus the engine's, never more than the line.
 */
export function saleTotals(
  lines: readonly TotalsLine[],
  shipping_cents: number,
  payments: readonly TotalsPayment[],
): SaleTotals {
  const lineTotals = lines.map((line) => {
    const { gross, manual } = lineBase(line);
    const discount = Math.min(gross, manual + Math.max(line.engine_cents, 0));
    return {
      gross_cents: gross,
      manual_cents: manual,
      discount_cents: discount,
      total_cents: gross - discount,
    };
  });
  const subtotal = lineTotals.reduce((s, l) => s + l.gross_cents, 0);
  const discount = lineTotals.reduce((s, l) => s + l.discount_cents, 0);
  const paymentDiscount = payments.reduce((s, p) => s + Math.max(p.discount_cents, 0), 0);
  return {
    lines: lineTotals,
    subtotal_cents: subtotal,
    discount_cents: discount,
    shipping_cents,
    payment_discount_cents: paymentDiscount,
    total_cents: subtotal - discount + shipping_cents - paymentDiscount,
    item_quantity: lines.reduce((s, l) => s + l.quantity, 0),
  };
}

/** §5 step 4: the total is above 0 and equals the payments minus the change. */
export function paymentsMatch(total_cents: number, payments: readonly TotalsPayment[]): boolean {
  const paid = payments.reduce((s, p) => s + p.total_cents - p.change_cents, 0);
  return total_cents > 0 && paid === total_cents;
}

/** §5: the address needs zipcode, address, number, neighborhood, city and state non-empty. */
export function addressComplete(a: {
  zipcode?: string | null;
  address?: string | null;
  number?: string | null;
  neighborhood?: string | null;
  city?: string | null;
  state?: string | null;
}): boolean {
  return [a.zipcode, a.address, a.number, a.neighborhood, a.city, a.state].every(
    (v) => typeof v === 'string' && v.trim() !== '',
  );
}

/** The states of `sales_coverage_states` (stored as a JSON list or comma-separated text). */
export function coverageStates(value: string | undefined | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map((s) => String(s).trim().toUpperCase()).filter(Boolean);
  } catch {
    // plain text below
  }
  return value
    .split(/[,;\s]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

/**
 * §4 Coverage: blocked when coverage is configured and the customer's or the shipping state is
 * outside it. No configured state means no restriction.
 */
export function outsideCoverage(
  states: readonly string[],
  customerState: string | null | undefined,
  shippingState: string | null | undefined,
): boolean {
  if (states.length === 0) return false;
  const inside = (s: string | null | undefined) => !s || states.includes(s.trim().toUpperCase());
  return !inside(customerState) || !inside(shippingState);
}
