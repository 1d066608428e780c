import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  Brand,
  CascaderNode,
  Category,
  PaymentMethod,
  Partner,
  PriceSetAnswer,
  Product,
  ProductPrice,
  Store,
  type BrandInput,
  type CategoryAppUpdate,
  type CategoryInput,
  type PartnerInput,
  type PaymentInput,
  type ProductInput,
  type ProductSearchField,
  type StoreInput,
} from '@freguesia/shared/schemas/catalog';
import { includesFolded } from '@freguesia/shared/domain/text';
import { api } from './client';
import {
  paginated,
  parseAnswer,
  queryClient,
  tenantKey,
  usePagedQuery,
  type Paginated,
  type ServerListParams,
  type ServerListSource,
} from './query';

/**
 * Catalogue data (spec part 1 §7 "Products, categories, pricing, stores"; part 2 §7 brands and
 * partners; part 3 §7 payment methods) as TanStack Query hooks. Every key starts with the tenant
 * (`tenantKey('catalog', entity, …)`), every answer is parsed with the shared schemas of
 * `shared/src/schemas/catalog.ts`, and every mutation invalidates the entity it changes. The
 * server validates bodies with the same schemas and answers 400 `{message, errors: {field: msg}}`.
 */

export type {
  Brand,
  CascaderNode,
  Category,
  PaymentMethod,
  Partner,
  Product,
  ProductPrice,
  ProductSearchField,
  Store,
};
export type { Paginated };

/** The key of a catalogue entity (`products`, `stores`, …); invalidating it refreshes every list and record of it. */
export const catalogKey = (entity: string, ...parts: unknown[]) => tenantKey('catalog', entity, ...parts);

const invalidate = (...entities: string[]) =>
  Promise.all(entities.map((entity) => queryClient.invalidateQueries({ queryKey: catalogKey(entity) })));

/** A list's options for `useServerList`: the key and the fetch of one page, from the list's params. */
type ListSource<T, F> = ServerListSource<T, F>;

function listSource<T, F, Q>(
  entity: string,
  toQuery: (params: ServerListParams<F>) => Q,
  fetch: (query: Q, signal?: AbortSignal) => Promise<Paginated<T>>,
): ListSource<T, F> {
  return {
    queryKey: (params) => catalogKey(entity, 'list', toQuery(params)),
    fetchPage: (params, signal) => fetch(toQuery(params), signal),
  };
}

const parsedGet = <S extends z.ZodType>(
  schema: S,
  path: string,
  query?: Record<string, string | number | undefined>,
  signal?: AbortSignal,
) => api.get<unknown>(path, { query, signal }).then((answer) => parseAnswer(schema, answer));

export interface PageQuery {
  page: number;
  per_page: number;
  q?: string;
}

// ---- products ----

export interface ProductQuery extends PageQuery {
  field?: ProductSearchField;
  id_store?: number;
}

/** GET /web/products (page, q, field, per_page). */
export const listProducts = (query: ProductQuery, signal?: AbortSignal) =>
  parsedGet(paginated(Product), '/web/products', { ...query, q: query.q || undefined }, signal);

/** The product list of the products and pricing screens: search text in `field`. */
export const productsList = listSource(
  'products',
  ({ q, page, per_page, filters }: ServerListParams<{ field: ProductSearchField }>): ProductQuery => ({
    page,
    per_page,
    q: q || undefined,
    field: q ? filters.field : undefined,
  }),
  listProducts,
);

/** One page of products (the previous page stays while the next loads). */
export const useProducts = (query: ProductQuery) =>
  usePagedQuery(catalogKey('products', 'list', query), (signal) => listProducts(query, signal));

/** GET /web/product/{id}. */
export const useProduct = (id: number | undefined) =>
  useQuery({
    queryKey: catalogKey('products', 'one', id),
    queryFn: ({ signal }) => parsedGet(Product, `/web/product/${id}`, undefined, signal),
    enabled: id !== undefined,
  });

/** Creates (POST /web/product/new) or, with `id`, updates (PUT /web/product/update) a product. */
export const useSaveProduct = () =>
  useMutation({
    mutationFn: ({ id, ...body }: ProductInput & { id?: number }) =>
      (id === undefined
        ? api.post('/web/product/new', body)
        : api.put('/web/product/update', { ...body, id })
      ).then((answer) => parseAnswer(Product, answer)),
    onSuccess: () => invalidate('products'),
  });

/** GET /web/products/search — products matching what is typed (any field when `field` is absent). */
export const useProductLookup = (q: string, field?: ProductSearchField, perPage = 20) =>
  useQuery({
    queryKey: catalogKey('products', 'lookup', { q, field, perPage }),
    queryFn: ({ signal }) =>
      parsedGet(paginated(Product), '/web/products/search', { q, field, page: 1, per_page: perPage }, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

// ---- prices ----

/** A row of POST /web/price/new, money as numbers in reais with 2 decimals. */
export interface PriceBody {
  id_product: number;
  id_store: number;
  cust_price: number | null;
  regular_price: number;
  offer_price: number | null;
  attribute: string | null;
  stock: number;
}

/** GET /web/prices?id_product= — the product's price rows (store visibility applied). */
export const usePrices = (idProduct: number) =>
  useQuery({
    queryKey: catalogKey('prices', idProduct),
    queryFn: ({ signal }) =>
      parsedGet(z.array(ProductPrice), '/web/prices', { id_product: idProduct }, signal),
    // The pricing form edits what it loads: always start from the stored rows.
    staleTime: 0,
  });

/**
 * POST /web/price/new — the product's complete price set (stores left out lose their price): the
 * spec's array of rows, or `{id_product, prices: []}` to remove every price of the product.
 * Stock and prices show in the product lists too, so those are refreshed as well.
 */
export const useSavePrices = () =>
  useMutation({
    mutationFn: ({ idProduct, rows }: { idProduct: number; rows: PriceBody[] }) =>
      api
        .post('/web/price/new', rows.length > 0 ? rows : { id_product: idProduct, prices: [] })
        .then((answer) => parseAnswer(PriceSetAnswer, answer)),
    onSuccess: () => invalidate('prices', 'products'),
  });

// ---- categories ----

export const listCategories = (query: PageQuery, signal?: AbortSignal) =>
  parsedGet(paginated(Category), '/web/categories', { ...query, q: query.q || undefined }, signal);

/** The category list screen. */
export const categoriesList = listSource(
  'categories',
  ({ q, page, per_page }: ServerListParams<object>): PageQuery => ({ page, per_page, q: q || undefined }),
  listCategories,
);

/** One page of categories. */
export const useCategories = (query: PageQuery) =>
  usePagedQuery(catalogKey('categories', 'list', query), (signal) => listCategories(query, signal));

/** GET /web/categories/cascader — the category tree for the cascading selectors. */
export const useCategoryTree = (enabled = true) =>
  useQuery({
    queryKey: catalogKey('categories', 'cascader'),
    queryFn: ({ signal }) => parsedGet(z.array(CascaderNode), '/web/categories/cascader', undefined, signal),
    enabled,
  });

/** Every category (page 1 of 5000, as the spec's helper reads it), for selects that need the reference codes. */
export const useAllCategories = (enabled = true) =>
  useQuery({
    queryKey: catalogKey('categories', 'all'),
    queryFn: ({ signal }) =>
      listCategories({ page: 1, per_page: 5000 }, signal).then((answer) => answer.data),
    enabled,
  });

/** POST /web/category/new. */
export const useSaveCategory = () =>
  useMutation({
    mutationFn: (body: CategoryInput) =>
      api.post('/web/category/new', body).then((answer) => parseAnswer(Category, answer)),
    onSuccess: () => invalidate('categories'),
  });

/** PUT /web/category/update — the app fields of a category (spec part 3 §7; the /mobile/categories screen). */
export const useUpdateCategoryApp = () =>
  useMutation({
    mutationFn: (body: CategoryAppUpdate) =>
      api.put('/web/category/update', body).then((answer) => parseAnswer(Category, answer)),
    onSuccess: () => invalidate('categories'),
  });

// ---- stores ----

const storesKey = catalogKey('stores', 'all');
const fetchStores = (signal?: AbortSignal) => parsedGet(z.array(Store), '/web/stores', undefined, signal);

/** GET /web/stores — every store the user may see (a small list, read whole). */
export const useStores = (enabled = true) =>
  useQuery({ queryKey: storesKey, queryFn: ({ signal }) => fetchStores(signal), enabled });

export interface StoreListFilters {
  /** Column sorted by, ascending unless `descending`. */
  sortBy: 'id' | 'reference_code' | 'name' | 'created_at';
  descending: boolean;
}

/**
 * The store list screen: the whole list is read once (and shared with `useStores`), then
 * searched (id, code, name, address, CEP; any case and accents), sorted and paged here.
 */
export const storesList: ListSource<Store, StoreListFilters> = {
  queryKey: (params) => catalogKey('stores', 'list', params),
  fetchPage: async ({ q, page, per_page, filters }) => {
    const stores = await queryClient.fetchQuery({
      queryKey: storesKey,
      queryFn: ({ signal }) => fetchStores(signal),
    });
    const found = stores.filter((s) =>
      [String(s.id), s.reference_code, s.name, s.full_address, s.zipcode].some((v) => includesFolded(v, q)),
    );
    const key = filters.sortBy;
    const sorted = [...found].sort((a, b) => {
      const order = key === 'id' ? a.id - b.id : String(a[key]).localeCompare(String(b[key]), 'pt-BR');
      return filters.descending ? -order : order;
    });
    const total = sorted.length;
    return {
      data: sorted.slice((page - 1) * per_page, page * per_page),
      pagination: { total, page, per_page, last_page: Math.max(1, Math.ceil(total / per_page)) },
    };
  },
};

/** GET /web/store/{id}. */
export const useStore = (id: number | undefined) =>
  useQuery({
    queryKey: catalogKey('stores', 'one', id),
    queryFn: ({ signal }) => parsedGet(Store, `/web/store/${id}`, undefined, signal),
    enabled: id !== undefined,
  });

/** Creates (POST /web/store/new) or, with `id`, updates (PUT /web/store/update) a store. */
export const useSaveStore = () =>
  useMutation({
    mutationFn: ({ id, ...body }: StoreInput & { id?: number }) =>
      (id === undefined
        ? api.post('/web/store/new', body)
        : api.put('/web/store/update', { ...body, id })
      ).then((answer) => parseAnswer(Store, answer)),
    onSuccess: () => invalidate('stores'),
  });

// ---- payment methods ----

export interface PaymentQuery extends PageQuery {
  /** undefined: all; true/false: only visible / hidden ones. */
  visible?: boolean;
}

export const listPayments = (query: PaymentQuery, signal?: AbortSignal) =>
  parsedGet(
    paginated(PaymentMethod),
    '/web/payments',
    {
      ...query,
      q: query.q || undefined,
      visible: query.visible === undefined ? undefined : String(query.visible),
    },
    signal,
  );

/** The payment-method list screen, with its 'Visível' filter. */
export const paymentsList = listSource(
  'payments',
  ({ q, page, per_page, filters }: ServerListParams<{ visible?: boolean }>): PaymentQuery => ({
    page,
    per_page,
    q: q || undefined,
    visible: filters.visible,
  }),
  listPayments,
);

/** One page of payment methods. */
export const usePayments = (query: PaymentQuery) =>
  usePagedQuery(catalogKey('payments', 'list', query), (signal) => listPayments(query, signal));

/** Creates (POST /web/payments) or, with `id`, updates (PUT /web/payments/{id}) a payment method. */
export const useSavePayment = () =>
  useMutation({
    mutationFn: ({ id, ...body }: PaymentInput & { id?: number }) =>
      (id === undefined ? api.post('/web/payments', body) : api.put(`/web/payments/${id}`, body)).then(
        (answer) => parseAnswer(PaymentMethod, answer),
      ),
    onSuccess: () => invalidate('payments'),
  });

// ---- brands and partners ----

export type BrandSearchField = 'reference_code' | 'description';
export type PartnerSearchField = 'reference_code' | 'name' | 'document';

export interface FieldQuery<F> extends PageQuery {
  field?: F;
}

/** Search text in `field` ('' = every field). */
const fieldQuery =
  <F extends string>() =>
  ({ q, page, per_page, filters }: ServerListParams<{ field: F | '' }>): FieldQuery<F> => ({
    page,
    per_page,
    q: q || undefined,
    field: q && filters.field ? filters.field : undefined,
  });

export const listBrands = (query: FieldQuery<BrandSearchField>, signal?: AbortSignal) =>
  parsedGet(paginated(Brand), '/web/brands', { ...query, q: query.q || undefined }, signal);

export const brandsList = listSource('brands', fieldQuery<BrandSearchField>(), listBrands);

/** One page of brands. */
export const useBrands = (query: FieldQuery<BrandSearchField>) =>
  usePagedQuery(catalogKey('brands', 'list', query), (signal) => listBrands(query, signal));

/** GET /web/brands/full — every brand (for selects). */
export const useAllBrands = (enabled = true) =>
  useQuery({
    queryKey: catalogKey('brands', 'all'),
    queryFn: ({ signal }) => parsedGet(z.array(Brand), '/web/brands/full', undefined, signal),
    enabled,
  });

/** GET /web/brand/search — brands matching what is typed (best 20). */
export const useBrandLookup = (q: string) =>
  useQuery({
    queryKey: catalogKey('brands', 'lookup', q),
    queryFn: ({ signal }) => parsedGet(z.array(Brand), '/web/brand/search', { q }, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** Creates (POST /web/brand/new) or, with `id`, updates (PUT /web/brand/update) a brand. */
export const useSaveBrand = () =>
  useMutation({
    mutationFn: ({ id, ...body }: BrandInput & { id?: number }) =>
      (id === undefined
        ? api.post('/web/brand/new', body)
        : api.put('/web/brand/update', { ...body, id })
      ).then((answer) => parseAnswer(Brand, answer)),
    onSuccess: () => invalidate('brands'),
  });

export const listPartners = (query: FieldQuery<PartnerSearchField>, signal?: AbortSignal) =>
  parsedGet(paginated(Partner), '/web/partners', { ...query, q: query.q || undefined }, signal);

export const partnersList = listSource('partners', fieldQuery<PartnerSearchField>(), listPartners);

/** One page of suppliers. */
export const usePartners = (query: FieldQuery<PartnerSearchField>) =>
  usePagedQuery(catalogKey('partners', 'list', query), (signal) => listPartners(query, signal));

/** GET /web/partner/search — suppliers matching what is typed (best 20). */
export const usePartnerLookup = (q: string) =>
  useQuery({
    queryKey: catalogKey('partners', 'lookup', q),
    queryFn: ({ signal }) => parsedGet(z.array(Partner), '/web/partner/search', { q }, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** Creates (POST /web/partner/new) or, with `id`, updates (PUT /web/partner/update) a supplier. */
export const useSavePartner = () =>
  useMutation({
    mutationFn: ({ id, ...body }: PartnerInput & { id?: number }) =>
      (id === undefined
        ? api.post('/web/partner/new', body)
        : api.put('/web/partner/update', { ...body, id })
      ).then((answer) => parseAnswer(Partner, answer)),
    onSuccess: () => invalidate('partners'),
  });
