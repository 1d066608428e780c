import { localDateTime } from '@freguesia/shared/domain/dates';
import { centsToDecimal } from '@freguesia/shared/domain/money';
import type { Action } from '@freguesia/shared/domain/permissions';
import {
  addressComplete,
  coverageStates,
  DEFAULT_SALE_CHANNEL,
  isDraft,
  isEditable,
  isPosMethod,
  lineBase,
  nextStatus,
  outsideCoverage,
  paymentsMatch,
  SALE_MESSAGES,
  type SaleStatus,
} from '@freguesia/shared/domain/sales';
import type { SubtotalRequest } from '@freguesia/shared/schemas/checkout';
import type { Sale, SaleInput, SaleListQuery, SaleRow } from '@freguesia/shared/schemas/sales';
import {
  checkoutPaymentDiscount,
  checkoutSubtotal,
  releaseCheckoutSession,
} from '../campaigns/checkout.service';
import { listPayments } from '../catalog/payments.service';
import { listStoreRefs, storeScope } from '../catalog/stores.service';
import { saleCustomer } from '../customers/customers.service';
import { receiveBaskets } from '../integration/baskets.service';
import { staffOf, type ServiceContext, type StaffPrincipal } from '../lib/context';
import { paginated, type Paginated } from '../lib/ddb/pagination';
import { conflict, forbidden, invalid, isDomainError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { readSettingValue } from '../settings/settings.service';
import { listUsers } from '../settings/users.service';
import {
  queryScope,
  toSale,
  totalsOf,
  type StoredLine,
  type StoredPayment,
  type StoredSale,
} from './carts.model';
import { cartsRepository, type StoredCart } from './carts.repository';

/**
 * Sales orders (spec part 3 §2–§9): drafts priced by the promotion engine through the same
 * service as POST /checkout/subtotal, the status machine of §4 enforced here, and the order's life
 * after finalising (an invoiced sale becomes the customer's purchase through POS ingestion).
 */

export const SALE_NOT_FOUND = 'Venda não encontrada.';
/** The checkout (caixa) a sales order is rung up at: its purchases and checkout sessions carry it. */
export const SALES_CHECKOUT = 'VENDAS';
/** The purchase's origin (POS ingestion `origin`). */
export const SALES_ORIGIN = 'Vendas';
/** The coupon of a sale's purchase and checkout session: unique per tenant through the cart id. */
export const saleCoupon = (id: number) => `V${id}`;

const can = (staff: StaffPrincipal | undefined, action: Action) =>
  !staff || staff.abilities.some((a) => a.subject === 'Sell' && a.action === action);

const mustStaff = (ctx: ServiceContext): StaffPrincipal => {
  const staff = staffOf(ctx);
  if (!staff) throw forbidden();
  return staff;
};

/** A sale outside the caller's stores reads as not found (the store-visibility rule). */
async function mustGet(ctx: ServiceContext, id: number): Promise<StoredCart> {
  const cart = await cartsRepository(ctx.tenant).get(id);
  if (!cart || !storeScope(ctx)(cart.sale.store_id)) throw notFound(SALE_NOT_FOUND);
  return cart;
}

// ------------------------------------------------------------------ reads

/**
 * GET /web/carts: one scope read for any filter (status, seller, customer, the caller's store) and
 * its counter. Without filter_sellers a seller sees their own sales only; `q` is a sale number.
 */
export async function listCarts(ctx: ServiceContext, query: SaleListQuery): Promise<Paginated<SaleRow>> {
  const staff = mustStaff(ctx);
  const store = staff.allStores ? query.store_id : (staff.storeId ?? -1);
  if (!staff.allStores && query.store_id !== undefined && query.store_id !== staff.storeId)
    throw forbidden('Você só pode consultar os dados da sua loja.');
  const user = can(staff, 'filter_sellers') ? query.user_id : staff.userId;
  const q = query.q.replace(/^#/, '').trim();
  const repo = cartsRepository(ctx.tenant);
  if (q) {
    // A sale number: one read, answered if it passes the same filters.
    const id = /^\d{1,9}$/.test(q) ? Number(q) : 0;
    const cart = id ? await repo.get(id) : null;
    const s = cart?.sale;
    const keep =
      cart &&
      s &&
      (store === undefined || s.store_id === store) &&
      (user === undefined || s.user_id === user) &&
      (query.status === undefined || s.status === query.status) &&
      (query.customer_id === undefined || s.customer_id === query.customer_id);
    const rows = keep ? [toSale(cart.id, cart.version, s, cart.createdAt, cart.updatedAt)] : [];
    return paginated(
      rows.slice((query.page - 1) * query.per_page, query.page * query.per_page).map(rowOfSale),
      rows.length,
      query.page,
      query.per_page,
    );
  }
  const scope = queryScope({ store, status: query.status, user, customer: query.customer_id });
  const { rows, total } = await repo.page(scope, query.page, query.per_page);
  return paginated(rows, total, query.page, query.per_page);
}

const rowOfSale = (s: Sale): SaleRow => ({
  id: s.id,
  status: s.status,
  store_id: s.store_id,
  store_name: s.store_name,
  user_id: s.user_id,
  user: s.user,
  customer_id: s.customer_id,
  customer_name: s.customer.fullname,
  customer_document: s.customer.document,
  channel: s.channel,
  item_quantity: s.item_quantity,
  total_value: s.total_value,
  created_at: s.created_at,
  updated_at: s.updated_at,
});

/** GET /web/carts/users: the sellers (staff users; a store-bound caller sees their store's). */
export async function cartSellers(
  ctx: ServiceContext,
): Promise<{ id: number; shortname: string; fullname: string }[]> {
  const staff = mustStaff(ctx);
  const { data } = await listUsers(ctx, { q: '', page: 1, per_page: 100_000 } as Parameters<
    typeof listUsers
  >[1]);
  return data
    .filter((u) => staff.allStores || u.all_stores === 'Y' || u.store_id === staff.storeId)
    .map((u) => ({ id: u.id, shortname: u.shortname || u.fullname, fullname: u.fullname }));
}

export async function getCart(ctx: ServiceContext, id: number): Promise<Sale> {
  const cart = await mustGet(ctx, id);
  return toSale(cart.id, cart.version, cart.sale, cart.createdAt, cart.updatedAt);
}

// ------------------------------------------------------------------ writes

interface Lookups {
  stores: Map<number, string>;
  methods: Map<
    number,
    { description: string; reference_code: string; max_installments: number; has_change: boolean }
  >;
}

async function lookups(ctx: ServiceContext): Promise<Lookups> {
  const [stores, methods] = await Promise.all([
    listStoreRefs(ctx),
    listPayments(ctx, { q: '', page: 1, per_page: 100_000 }),
  ]);
  return {
    stores: new Map(stores.map((s) => [s.id, s.name])),
    methods: new Map(methods.data.map((m) => [m.id, m])),
  };
}

/** The seller of a sale: chosen only on a draft and only without change_seller (§6, verbatim). */
async function sellerOf(
  ctx: ServiceContext,
  staff: StaffPrincipal,
  input: SaleInput,
  current: StoredSale | undefined,
): Promise<{ id: number; name: string }> {
  const keep = current
    ? { id: current.user_id, name: current.user }
    : { id: staff.userId, name: staff.shortname || staff.fullname };
  const wanted = input.user_id ?? keep.id;
  if (wanted === keep.id) return keep;
  if (current && !isDraft(current.status)) throw conflict(SALE_MESSAGES.sellerLocked);
  if (can(staff, 'change_seller')) throw forbidden(SALE_MESSAGES.sellerForbidden);
  const seller = (await cartSellers(ctx)).find((u) => u.id === wanted);
  if (!seller) throw invalid({ user_id: 'Vendedor não encontrado.' });
  return { id: seller.id, name: seller.shortname };
}

/** The lines of the input, refusing a manual discount the caller may not give (the `discount` sub-permission). */
function linesOf(staff: StaffPrincipal, input: SaleInput, current: StoredSale | undefined): StoredLine[] {
  const mayDiscount = can(staff, 'discount');
  const before = new Map((current?.products ?? []).map((p) => [p.id, p.manual]));
  return input.products.map((p) => {
    const manual = { type: p.discount_type, value: p.discount } as const;
    const was = before.get(p.id);
    const unchanged = was ? was.type === manual.type && was.value === manual.value : manual.value === 0;
    if (!mayDiscount && !unchanged) throw forbidden(SALE_MESSAGES.discountForbidden);
    return {
      id: p.id,
      reference_code: p.reference_code,
      description: p.description,
      barcode: p.barcode,
      quantity: p.quantity,
      unit_cents: p.unit_value,
      manual: { ...manual },
      engine_cents: 0,
    };
  });
}

function paymentsOf(input: SaleInput, methods: Lookups['methods'], id: number): StoredPayment[] {
  return input.payments.map((p, i) => {
    const method = methods.get(p.id);
    if (!method) throw invalid({ payments: 'Forma de pagamento não encontrada.' });
    if (p.installments > Math.max(1, method.max_installments))
      throw invalid({
        payments: `A forma de pagamento ${method.description} aceita até ${method.max_installments} parcelas.`,
      });
    if (p.change_value > 0 && !method.has_change)
      throw invalid({ payments: `A forma de pagamento ${method.description} não aceita troco.` });
    return {
      id: p.id,
      reference_code: method.reference_code,
      method: method.description,
      installments: p.installments,
      has_change: method.has_change,
      total_cents: p.total_value,
      change_cents: p.change_value,
      discount_cents: 0,
      backend_code: `${saleCoupon(id)}-${i + 1}-${method.reference_code}`,
    };
  });
}

const sessionOf = (id: number, generation: number) => `cart:${id}:${generation}`;

/**
 * Prices the draft through the checkout service (the code path of POST /checkout/subtotal): the
 * engine's line and ticket discounts for the customer at the store, with the campaigns' budgets
 * held for the draft's own session; then each payment's method discount (POST
 * /checkout/discounts/payments). A hold that expired is replaced by a fresh session.
 */
async function price(ctx: ServiceContext, id: number, sale: StoredSale): Promise<StoredSale> {
  // The payment methods' discounts (on each payment's value) are asked while the engine prices the lines.
  const pendingPayments = Promise.all(
    sale.payments.map(async (p, index) => {
      if (p.total_cents === 0) return { ...p, discount_cents: 0 };
      // Each payment holds its method's budget in a session of its own, replaced by the next save
      // (and released by the checkout's sweep if the draft is abandoned), settled by the sale's purchase.
      const answer = await checkoutPaymentDiscount(ctx, {
        session: `${sessionOf(id, sale.hold_generation)}:p${index}`,
        customer: sale.customer.document ? { document: sale.customer.document } : null,
        vouchers: sale.vouchers,
        basket: {
          id_store: sale.store_id,
          payment_method: p.id,
          total_value: p.total_cents,
          coupon: saleCoupon(id),
          checkout: SALES_CHECKOUT,
          operator: sale.user.slice(0, 60),
        },
      });
      return { ...p, discount_cents: Math.round(answer.totalDiscount * 100) };
    }),
  );
  pendingPayments.catch(() => undefined);
  let generation = sale.hold_generation;
  let lines = sale.products;
  let hold: string | null = sale.hold_session;
  if (lines.length === 0) {
    if (hold) await releaseCheckoutSession(ctx, hold);
    hold = null;
  } else {
    for (let attempt = 0; ; attempt++) {
      const session = sessionOf(id, generation);
      const request = {
        session,
        customer: sale.customer.document ? { document: sale.customer.document } : null,
        basket: {
          coupon: saleCoupon(id),
          id_store: sale.store_id,
          checkout: SALES_CHECKOUT,
          operator: sale.user.slice(0, 60),
          items: lines.map((l, i) => {
            const { gross, manual } = lineBase(l);
            return {
              sequence: i + 1,
              barcode: l.barcode,
              quantity: l.quantity * 1000,
              unit_value: l.unit_cents,
              total_value: gross - manual,
              discounts: manual,
            };
          }),
        },
        vouchers: sale.vouchers,
      };
      try {
        const answer = await checkoutSubtotal(ctx, request as SubtotalRequest);
        const bySequence = new Map(answer.basket.items.map((item) => [item.sequence, item]));
        lines = lines.map((l, i) => ({
          ...l,
          engine_cents: Math.round((bySequence.get(i + 1)?.discounts ?? 0) * 100),
        }));
        hold = session;
        break;
      } catch (error) {
        // The session's hold expired (released by the sweep): start a fresh one.
        if (
          attempt === 0 &&
          isDomainError(error) &&
          error.kind === 'conflict' &&
          /finalizada/.test(error.message)
        ) {
          generation++;
          continue;
        }
        throw error;
      }
    }
  }
  const payments = await pendingPayments;
  return { ...sale, products: lines, payments, hold_session: hold, hold_generation: generation };
}

/** The sale of an input: the customer snapshot, the store's name, the seller, lines and payments. */
async function build(
  ctx: ServiceContext,
  id: number,
  input: SaleInput,
  current: StoredSale | undefined,
  known?: Promise<Lookups>,
): Promise<StoredSale> {
  const staff = mustStaff(ctx);
  if (!storeScope(ctx)(input.store_id)) throw forbidden('Você só pode registrar vendas na sua loja.');
  const [{ stores, methods }, customer, seller] = await Promise.all([
    known ?? lookups(ctx),
    current && current.customer_id === input.customer_id
      ? Promise.resolve(undefined)
      : saleCustomer(ctx, input.customer_id),
    sellerOf(ctx, staff, input, current),
  ]);
  const storeName = stores.get(input.store_id);
  if (storeName === undefined) throw invalid({ store_id: 'Loja não encontrada.' });
  if (current && current.store_id !== input.store_id && !isDraft(current.status))
    throw conflict(SALE_MESSAGES.storeLocked);
  if (!current || current.customer_id !== input.customer_id) {
    if (!customer) throw invalid({ customer_id: 'Cliente não encontrado.' });
  }
  const snapshot = customer
    ? {
        id: customer.id,
        fullname: customer.fullname,
        document: customer.document,
        favorite_store: customer.favorite_store_id ? (stores.get(customer.favorite_store_id) ?? '') : '',
        favorite_store_id: customer.favorite_store_id,
        zipcode: customer.zipcode,
        address: customer.address,
        number: customer.number,
        complement: customer.complement,
        neighborhood: customer.neighborhood,
        city: customer.city,
        state: customer.state,
        attributes: { email: customer.email, cellphone: customer.cellphone },
      }
    : current!.customer;
  const storeMoved = current !== undefined && current.store_id !== input.store_id;
  if (storeMoved && current.hold_session) await releaseCheckoutSession(ctx, current.hold_session);
  return {
    channel: input.channel || current?.channel || DEFAULT_SALE_CHANNEL,
    status: current?.status ?? 'Rascunho',
    store_id: input.store_id,
    store_name: storeName,
    user_id: seller.id,
    user: seller.name,
    shipping_type: input.shipping_type,
    delivery_start_at: input.delivery_start_at,
    delivery_end_at: input.delivery_end_at,
    customer_id: input.customer_id,
    customer: snapshot,
    shipping: {
      name: input.shipping_name,
      document: input.shipping_document,
      zipcode: input.shipping_zipcode,
      address: input.shipping_address,
      number: input.shipping_number,
      complement: input.shipping_complement,
      neighborhood: input.shipping_neighborhood,
      city: input.shipping_city,
      state: input.shipping_state.toUpperCase(),
    },
    observation: input.observation,
    products: linesOf(staff, input, current),
    payments: paymentsOf(input, methods, id),
    vouchers: input.vouchers.filter(Boolean),
    shipping_cents: input.shipping_value,
    hold_session: storeMoved ? null : (current?.hold_session ?? null),
    hold_generation: (current?.hold_generation ?? 0) + (storeMoved ? 1 : 0),
    invoiced_at: current?.invoiced_at ?? null,
    basket_id: current?.basket_id ?? null,
    synced_at: current?.synced_at ?? null,
  };
}

/** POST /web/carts: a new draft (status Rascunho whatever is asked), priced by the engine. */
export async function createCart(ctx: ServiceContext, input: SaleInput): Promise<Sale> {
  if (input.status !== undefined && input.status !== 'Rascunho')
    throw invalid({ status: 'Uma venda nova começa como Rascunho.' });
  const repo = cartsRepository(ctx.tenant);
  const id = await repo.nextId();
  const sale = await price(ctx, id, await build(ctx, id, input, undefined));
  const cart = await repo.create(id, sale, ctx.now().toISOString());
  return toSale(cart.id, cart.version, cart.sale, cart.createdAt, cart.updatedAt);
}

/** §5 and §4: what finalising requires; throws the spec's message of the first rule broken. */
async function assertFinalisable(ctx: ServiceContext, sale: StoredSale): Promise<void> {
  if (sale.products.length === 0) throw invalid(SALE_MESSAGES.products);
  if (!sale.delivery_start_at || !sale.delivery_end_at) throw invalid(SALE_MESSAGES.deliveryDate);
  if (!addressComplete(sale.shipping)) throw invalid(SALE_MESSAGES.address);
  const states = coverageStates(await readSettingValue(ctx, 'sales_coverage_states'));
  if (outsideCoverage(states, sale.customer.state, sale.shipping.state))
    throw invalid(SALE_MESSAGES.outOfCoverage);
  const { total_cents } = totalsOf(sale);
  if (!paymentsMatch(total_cents, sale.payments)) throw invalid(SALE_MESSAGES.payment);
}

/**
 * PUT /web/carts/{id}: saves a draft (Rascunho, Erro_IBGE) when `version` is still the stored one,
 * and moves the order through the machine of §4 when `status` changes. A sale past the draft only
 * moves (its content is frozen): asking it for a content change is refused.
 */
export async function updateCart(ctx: ServiceContext, id: number, input: SaleInput): Promise<Sale> {
  mustStaff(ctx);
  if (input.version === undefined) throw invalid({ version: 'Informe a versão da venda (version).' });
  const repo = cartsRepository(ctx.tenant);
  // Stores and payment methods are read while the cart is.
  const known = lookups(ctx);
  known.catch(() => undefined);
  const current = await mustGet(ctx, id);
  if (current.version !== input.version) throw conflict(SALE_MESSAGES.stale);
  const from = current.sale.status;
  const asked: SaleStatus = input.status ?? from;
  let sale: StoredSale;
  if (isEditable(from)) {
    sale = await price(ctx, id, await build(ctx, id, input, current.sale, known));
  } else {
    if (asked === from) throw conflict(SALE_MESSAGES.notEditable);
    sale = { ...current.sale };
  }
  if (asked !== from) {
    const to = nextStatus(
      from,
      asked,
      sale.payments.map((p) => p.method),
    );
    if (!to) throw conflict(SALE_MESSAGES.transition(from, asked));
    if (isEditable(from)) await assertFinalisable(ctx, sale);
    if (to === 'Faturado' && !isEditable(from) && !sale.payments.some((p) => isPosMethod(p.method))) {
      const { methods } = await lookups(ctx);
      if (![...methods.values()].some((m) => isPosMethod(m.description)))
        throw conflict(SALE_MESSAGES.noPosMethod);
    }
    sale = { ...sale, status: to, ...(to === 'Faturado' ? { invoiced_at: localDateTime(ctx.now()) } : {}) };
    if (to === 'Cancelado') await releaseHolds(ctx, id, sale);
  }
  let cart = await repo.update(current, sale, ctx.now().toISOString());
  if (cart.sale.status === 'Faturado' && cart.sale.basket_id === null)
    cart = await syncStored(ctx, cart, false);
  return toSale(cart.id, cart.version, cart.sale, cart.createdAt, cart.updatedAt);
}

/** DELETE /web/carts/{id}: drafts only; the budgets the draft held are given back at once. */
export async function deleteCart(ctx: ServiceContext, id: number): Promise<void> {
  mustStaff(ctx);
  const current = await mustGet(ctx, id);
  if (!isDraft(current.sale.status)) throw conflict(SALE_MESSAGES.notDeletable);
  await cartsRepository(ctx.tenant).remove(current);
  await releaseHolds(ctx, id, current.sale);
}

/** Gives back what a draft held: its lines' session and each payment's (`pay:` sessions of the payment call). */
async function releaseHolds(ctx: ServiceContext, id: number, sale: StoredSale): Promise<void> {
  if (sale.hold_session) await releaseCheckoutSession(ctx, sale.hold_session);
  const base = sessionOf(id, sale.hold_generation);
  await Promise.all(sale.payments.map((_, i) => releaseCheckoutSession(ctx, `pay:${base}:p${i}`)));
}

// ------------------------------------------------------------------ the order's life

/**
 * The POS purchase of an invoiced sale (POST /api/integration/baskets contract): its store, the
 * checkout 'VENDAS', the coupon V{id} and the instant it was invoiced are its identity, so sending
 * it again is answered as a duplicate and the purchase exists once. Items carry their discounts
 * (manual and the engine's); the purchase's discount is the payment methods'. Shipping is not goods.
 */
function purchaseOf(id: number, sale: StoredSale) {
  const { lines, payment_discount_cents } = (() => {
    const totals = toSale(id, 0, sale, '', '');
    return {
      lines: totals.products,
      payment_discount_cents: Math.round(totals.payment_discount_value * 100),
    };
  })();
  const itemsCents = sale.products.map((p, i) => {
    const gross = p.quantity * p.unit_cents;
    const discount = Math.round(lines[i]!.discount_value * 100);
    return { p, gross, discount, total: gross - discount };
  });
  const goods = itemsCents.reduce((s, l) => s + l.total, 0);
  const discount = Math.min(payment_discount_cents, goods);
  return {
    id_store: sale.store_id,
    checkout: SALES_CHECKOUT,
    coupon: saleCoupon(id),
    date: sale.invoiced_at,
    document: sale.customer.document,
    amount: centsToDecimal(goods - discount),
    discount: centsToDecimal(discount),
    origin: SALES_ORIGIN,
    items: itemsCents.map(({ p, discount: d, total }) => ({
      code: p.barcode,
      description: (p.description || p.reference_code || p.barcode).slice(0, 120),
      quantity: String(p.quantity),
      unit_value: centsToDecimal(p.unit_cents),
      total_value: centsToDecimal(total),
      discount: centsToDecimal(d),
    })),
    payments: sale.payments
      .filter((p) => p.total_cents - p.change_cents > 0)
      .map((p) => ({
        method: p.method.slice(0, 40),
        value: centsToDecimal(p.total_cents - p.change_cents),
        installments: Math.min(p.installments, 48),
      })),
  };
}

/** Records the invoiced sale as the customer's purchase (idempotent) and notes it on the cart. */
async function syncStored(ctx: ServiceContext, cart: StoredCart, strict: boolean): Promise<StoredCart> {
  let result;
  try {
    result = (await receiveBaskets(ctx, [purchaseOf(cart.id, cart.sale)])).results[0];
  } catch (error) {
    if (strict) throw error;
    logger.warn('sale purchase not recorded', { tenant: ctx.tenant, cart: cart.id, error: String(error) });
    return cart;
  }
  if (!result || result.id === null) {
    if (strict) throw invalid(Object.values(result?.errors ?? {})[0] ?? 'A compra da venda foi recusada.');
    logger.warn('sale purchase refused', { tenant: ctx.tenant, cart: cart.id, errors: result?.errors });
    return cart;
  }
  const sale = { ...cart.sale, basket_id: result.id, synced_at: ctx.now().toISOString() };
  return cartsRepository(ctx.tenant).update(cart, sale, ctx.now().toISOString());
}

/**
 * POST /web/carts/{id}/sync ('Venda sincronizada com sucesso'): makes sure an invoiced sale is the
 * customer's purchase (dashboard, segmentation, lucky numbers and tickets, campaign settlement),
 * exactly once. Finalising does it already; this repeats it when that failed (the purchase is
 * identified by the sale, so a repeat never counts it twice).
 */
export async function syncCart(ctx: ServiceContext, id: number): Promise<{ message: string; sale: Sale }> {
  mustStaff(ctx);
  const current = await mustGet(ctx, id);
  if (current.sale.status !== 'Faturado' || !current.sale.invoiced_at)
    throw conflict(SALE_MESSAGES.notSynced);
  const cart = await syncStored(ctx, current, true);
  return {
    message: SALE_MESSAGES.synced,
    sale: toSale(cart.id, cart.version, cart.sale, cart.createdAt, cart.updatedAt),
  };
}

/** GET /web/carts/coverage: the states sales may go to (`sales_coverage_states`; empty = anywhere), for the wizard. */
export async function salesCoverage(ctx: ServiceContext): Promise<{ states: string[] }> {
  mustStaff(ctx);
  return { states: coverageStates(await readSettingValue(ctx, 'sales_coverage_states')) };
}
