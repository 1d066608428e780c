import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SALE_STATUSES, SALES_PAGE_SIZE, type SaleStatus } from '@freguesia/shared/domain/sales';
import type { Sale, SaleRow } from '@freguesia/shared/schemas/sales';
import { api } from './client';
import { paginated, parseAnswer, tenantKey, type Paginated, type ServerListParams } from './query';

/**
 * Sales orders (spec part 3 §7 'Sales and payments'): the list, one sale, save, delete, sync, the
 * sellers, the coverage states and the offers modal. Answers are parsed (loosely: the server adds
 * fields the screens do not read).
 */

export type { Sale, SaleRow, SaleStatus };
const SALES = 'sales';

const Status = z.enum(SALE_STATUSES);

const RowAnswer = z.looseObject({
  id: z.number(),
  status: Status,
  store_id: z.number(),
  store_name: z.string(),
  user_id: z.number(),
  user: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_document: z.string(),
  item_quantity: z.number(),
  total_value: z.number(),
  created_at: z.string(),
});

const SaleAnswer = z.looseObject({
  id: z.number(),
  version: z.number(),
  status: Status,
  store_id: z.number(),
  customer_id: z.number(),
  products: z.array(z.looseObject({ id: z.number(), barcode: z.string(), quantity: z.number() })),
  payments: z.array(z.looseObject({ id: z.number(), total_value: z.number() })),
  total_value: z.number(),
});

export interface SaleListFilters {
  onlyDrafts: boolean;
  userId?: number;
  customerId?: number;
}

export const saleListKey = (params: ServerListParams<SaleListFilters>) =>
  tenantKey(SALES, 'list', { q: params.q, page: params.page, per_page: params.per_page, ...params.filters });

/** GET /web/carts (page, q, per_page, customer_id, status, user_id). */
export async function listSales(
  params: ServerListParams<SaleListFilters>,
  signal?: AbortSignal,
): Promise<Paginated<SaleRow>> {
  const answer = await api.get('/web/carts', {
    query: {
      page: params.page,
      per_page: params.per_page || SALES_PAGE_SIZE,
      q: params.q || undefined,
      status: params.filters.onlyDrafts ? 'Rascunho' : undefined,
      user_id: params.filters.userId,
      customer_id: params.filters.customerId,
    },
    signal,
  });
  return parseAnswer(paginated(RowAnswer), answer) as unknown as Paginated<SaleRow>;
}

export const getSale = async (id: number | string, signal?: AbortSignal): Promise<Sale> =>
  parseAnswer(SaleAnswer, await api.get(`/web/carts/${id}`, { signal })) as unknown as Sale;

export const useSale = (id: number | undefined) =>
  useQuery({
    queryKey: tenantKey(SALES, 'one', id),
    queryFn: ({ signal }) => getSale(id!, signal),
    enabled: id !== undefined,
  });

/** The drafts of a customer (the 'choose an existing draft' modal; §9 asks up to 99999 rows). */
export const useCustomerDrafts = (customerId: number | undefined) =>
  useQuery({
    queryKey: tenantKey(SALES, 'drafts', customerId),
    queryFn: ({ signal }) =>
      listSales({ q: '', page: 1, per_page: 99999, filters: { onlyDrafts: true, customerId } }, signal),
    enabled: customerId !== undefined,
  });

export const useSellers = (enabled = true) =>
  useQuery({
    queryKey: tenantKey(SALES, 'sellers'),
    queryFn: ({ signal }) =>
      api
        .get('/web/carts/users', { signal })
        .then((a) =>
          parseAnswer(
            z.object({ data: z.array(z.looseObject({ id: z.number(), shortname: z.string() })) }),
            a,
          ),
        ),
    enabled,
  });

export const useCoverage = () =>
  useQuery({
    queryKey: tenantKey(SALES, 'coverage'),
    queryFn: ({ signal }) =>
      api
        .get('/web/carts/coverage', { signal })
        .then((a) => parseAnswer(z.object({ states: z.array(z.string()) }), a)),
  });

/** POST /web/carts, or PUT /web/carts/{id} with the version read (a stale one is refused). */
export function useSaveSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      (id === undefined ? api.post('/web/carts', body) : api.put(`/web/carts/${id}`, body)).then(
        (a) => parseAnswer(SaleAnswer, a) as unknown as Sale,
      ),
    onSuccess: (sale) => {
      client.setQueryData(tenantKey(SALES, 'one', sale.id), sale);
      void client.invalidateQueries({ queryKey: tenantKey(SALES, 'list') });
      void client.invalidateQueries({ queryKey: tenantKey(SALES, 'drafts') });
    },
  });
}

export function useDeleteSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/web/carts/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(SALES) }),
  });
}

export function useSyncSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api
        .post(`/web/carts/${id}/sync`)
        .then((a) => parseAnswer(z.object({ message: z.string(), sale: SaleAnswer }), a)),
    onSuccess: (answer) => client.setQueryData(tenantKey(SALES, 'one', answer.sale.id), answer.sale),
  });
}

export const OfferRow = z.looseObject({
  id_campaign: z.number(),
  type: z.string(),
  code: z.string(),
  product: z
    .looseObject({
      id: z.number(),
      description: z.string(),
      reference_code: z.string(),
      regular_price: z.number().nullable(),
      offer_price: z.number().nullable(),
      cust_price: z.number().nullable(),
    })
    .nullable(),
});
export type OfferRow = z.infer<typeof OfferRow>;
export type OfferTab = 'exclusive' | 'ongoing' | 'club' | 'offers';

/** GET /web/products/customer (page size 20). */
export const useOffers = (params: {
  page: number;
  id_store?: number;
  document: string;
  attribute: OfferTab;
}) =>
  useQuery({
    queryKey: tenantKey(SALES, 'offers', params),
    queryFn: ({ signal }) =>
      api
        .get('/web/products/customer', { query: { ...params, per_page: 20 }, signal })
        .then((a) => parseAnswer(paginated(OfferRow), a)),
    enabled: params.id_store !== undefined,
  });
