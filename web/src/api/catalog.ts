import type {
  Brand,
  CascaderNode,
  Category,
  PaymentMethod,
  Partner,
  Product,
  ProductPrice,
  ProductSearchField,
  Store,
} from '@freguesia/shared/schemas/catalog';
import { api, ApiError } from './client';

/**
 * Catalogue calls (spec part 1 §7 "Products, categories, pricing, stores"; part 2 §7 brands and
 * partners; part 3 §7 payment methods). The server validates every body with the shared zod
 * schemas of `shared/src/schemas/catalog.ts` and answers 400 `{message, errors: {field: msg}}`.
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

export interface Paginated<T> {
  data: T[];
  pagination: { total: number; page: number; per_page: number; last_page: number; estimated?: boolean };
}

export interface PageQuery {
  page?: number;
  per_page?: number;
  q?: string;
}

type YesNo = 'Y' | 'N';

/** The field errors of a failed call (`errors` of a 400), keyed by field path. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body as { errors?: unknown } | undefined;
  if (!body || typeof body.errors !== 'object' || body.errors === null) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body.errors as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** The message to show for a failed call. */
export function errorText(error: unknown, fallback = 'Tente novamente.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

// ---- products ----

export interface ProductQuery extends PageQuery {
  field?: ProductSearchField;
  id_store?: number;
}

/** GET /web/products (page, q, field, per_page). */
export const listProducts = (query: ProductQuery, signal?: AbortSignal) =>
  api.get<Paginated<Product>>('/web/products', { query: { ...query, q: query.q || undefined }, signal });

export const getProduct = (id: number) => api.get<Product>(`/web/product/${id}`);

export interface ProductBody {
  code: string;
  reference_code: string;
  description: string;
  pack: number | string;
  weighable: YesNo;
  active: YesNo;
  fast_orders: YesNo;
  url: string;
  category: { reference_code: string } | null;
  id_brand: number | null;
}

export const createProduct = (body: ProductBody) => api.post<Product>('/web/product/new', body);
export const updateProduct = (body: ProductBody & { id: number }) =>
  api.put<Product>('/web/product/update', body);

// ---- prices ----

/** GET /web/prices?id_product= — the product's price rows (store-visibility applied). */
export const getPrices = (idProduct: number) =>
  api.get<ProductPrice[]>('/web/prices', { query: { id_product: idProduct } });

export interface PriceBody {
  id_product: number;
  id_store: number;
  cust_price: number | null;
  regular_price: number;
  offer_price: number | null;
  attribute: string | null;
  stock: number;
}

/**
 * POST /web/price/new — the product's complete price set (stores left out lose their price): the
 * spec's array of rows, or `{id_product, prices: []}` to remove every price of the product.
 */
export const savePrices = (idProduct: number, rows: PriceBody[]) =>
  api.post<{ message: string; prices: ProductPrice[] }>(
    '/web/price/new',
    rows.length > 0 ? rows : { id_product: idProduct, prices: [] },
  );

// ---- categories ----

export const listCategories = (query: PageQuery, signal?: AbortSignal) =>
  api.get<Paginated<Category>>('/web/categories', { query: { ...query, q: query.q || undefined }, signal });

export const categoriesCascader = () => api.get<CascaderNode[]>('/web/categories/cascader');

export interface CategoryBody {
  description: string;
  reference_code: string;
  level_up: number;
  active: YesNo;
  show_app: YesNo;
  image: string;
}

export const createCategory = (body: CategoryBody) => api.post<Category>('/web/category/new', body);

// ---- stores ----

/** GET /web/stores — every store the user may see (small list, read whole). */
export const listStores = () => api.get<Store[]>('/web/stores');
export const getStore = (id: number) => api.get<Store>(`/web/store/${id}`);

export interface StoreBody {
  reference_code?: string;
  name: string;
  zipcode: string;
  address: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  url: string;
  business_hours: Store['business_hours'];
}

export const createStore = (body: StoreBody) => api.post<Store>('/web/store/new', body);
export const updateStore = (body: StoreBody & { id: number }) => api.put<Store>('/web/store/update', body);

// ---- payment methods ----

export interface PaymentQuery extends PageQuery {
  /** undefined: all; true/false: only visible / hidden ones. */
  visible?: boolean;
}

export const listPayments = (query: PaymentQuery, signal?: AbortSignal) =>
  api.get<Paginated<PaymentMethod>>('/web/payments', {
    query: {
      ...query,
      q: query.q || undefined,
      visible: query.visible === undefined ? undefined : String(query.visible),
    },
    signal,
  });

export interface PaymentBody {
  description: string;
  visible: boolean;
  max_installments: number;
  has_change: boolean;
}

export const createPayment = (body: PaymentBody) => api.post<PaymentMethod>('/web/payments', body);
export const updatePayment = (id: number, body: PaymentBody) =>
  api.put<PaymentMethod>(`/web/payments/${id}`, body);

// ---- brands and partners ----

export interface BrandQuery extends PageQuery {
  field?: 'reference_code' | 'description';
}

export const listBrands = (query: BrandQuery, signal?: AbortSignal) =>
  api.get<Paginated<Brand>>('/web/brands', { query: { ...query, q: query.q || undefined }, signal });
/** GET /web/brands/full — every brand (for selects). */
export const allBrands = () => api.get<Brand[]>('/web/brands/full');
export const createBrand = (body: { reference_code: string; description: string }) =>
  api.post<Brand>('/web/brand/new', body);
export const updateBrand = (body: { id: number; reference_code: string; description: string }) =>
  api.put<Brand>('/web/brand/update', body);

export interface PartnerQuery extends PageQuery {
  field?: 'reference_code' | 'name' | 'document';
}

export const listPartners = (query: PartnerQuery, signal?: AbortSignal) =>
  api.get<Paginated<Partner>>('/web/partners', { query: { ...query, q: query.q || undefined }, signal });
export const createPartner = (body: { reference_code: string; name: string; document?: string }) =>
  api.post<Partner>('/web/partner/new', body);
export const updatePartner = (body: {
  id: number;
  reference_code: string;
  name: string;
  document?: string;
}) => api.put<Partner>('/web/partner/update', body);
