import * as z from 'zod';
import { isValidCnpj, documentDigits } from '../domain/document';
import { parseMoney, parseStock } from '../domain/money';
import { isUf } from '../domain/reference';
import { productCode } from './product-code';

/**
 * Catalogue on the wire: products, prices per store, categories, stores, payment methods, brands
 * and partners (spec part 1 §3, §5, §7; part 2 §7; part 3 §3, §5, §7). The server validates with
 * these; the web reuses them for forms. Messages quoted by the spec are used verbatim.
 *
 * Money enters as a number (12.5) or text ('12,50', 'R$ 1.234,56') and leaves the schema as
 * integer centavos; answers carry money as numbers with at most 2 decimals.
 */

// ---------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------

/** 'Y'/'N' flag; also takes booleans, 'S' (sim), 1/0 — ERPs send all of these. */
export const yesNoFlag = z.preprocess(
  (v) => {
    if (v === true || v === 1 || v === '1' || v === 'S' || v === 's' || v === 'y') return 'Y';
    if (v === false || v === 0 || v === '0' || v === 'n') return 'N';
    return v;
  },
  z.enum(['Y', 'N'], { error: "Use 'Y' ou 'N'." }),
);

const toText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const optionalText = (max: number, message = `Máximo de ${max} caracteres.`) =>
  z.preprocess((v) => (v === null ? undefined : toText(v)), z.string().trim().max(max, message).optional());

/**
 * Bounds of what a retailer can really have, checked at the API so that no stored amount ever
 * nears the unsafe-integer range: a price up to R$ 9.999.999,99 and a stock between
 * -99.999.999 and 99.999.999 (three decimals: kilograms to the gram; negative stock is what
 * ERPs send after selling more than was counted).
 */
export const MAX_PRICE_CENTS = 999_999_999;
export const MAX_STOCK = 99_999_999;
export const PRICE_LIMIT_TEXT = 'R$ 9.999.999,99';
export const STOCK_LIMIT_TEXT = '-99.999.999 e 99.999.999';

/** A number or a text, with NaN/Infinity (not JSON, but reachable through coercions) treated as garbage. */
const numberOrText = (value: unknown): value is number | string =>
  typeof value === 'string' || typeof value === 'number';

/**
 * A money amount (number or text with up to 2 decimals, not negative, at most
 * R$ 9.999.999,99) → integer centavos.
 */
export const moneyCents = (label = 'O valor') =>
  z
    .custom<number | string>((v) => v !== undefined && v !== null, { error: `${label} é obrigatório.` })
    .transform((value, ctx) => {
      const cents = numberOrText(value) ? parseMoney(value) : undefined;
      // A finite number too large for centavos (1e308) is out of range rather than malformed.
      if (
        cents === undefined &&
        typeof value === 'number' &&
        Number.isFinite(value) &&
        Math.abs(value) > MAX_PRICE_CENTS / 100
      ) {
        ctx.addIssue({ code: 'custom', message: `${label} deve ser de no máximo ${PRICE_LIMIT_TEXT}.` });
        return z.NEVER;
      }
      if (cents === undefined) {
        ctx.addIssue({ code: 'custom', message: `${label} deve ser um número com até 2 casas decimais.` });
        return z.NEVER;
      }
      if (cents < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} não pode ser negativo.` });
        return z.NEVER;
      }
      if (cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: 'custom', message: `${label} deve ser de no máximo ${PRICE_LIMIT_TEXT}.` });
        return z.NEVER;
      }
      return cents;
    });

/** Stock quantity between -99.999.999 and 99.999.999; the comma becomes a dot ('12,5' → 12.5). */
export const stockQuantity = z.unknown().transform((value, ctx) => {
  const parsed = numberOrText(value) ? parseStock(value) : undefined;
  if (parsed === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Estoque inválido: use um número com até 3 casas decimais.' });
    return z.NEVER;
  }
  if (Math.abs(parsed) > MAX_STOCK) {
    ctx.addIssue({ code: 'custom', message: `O estoque deve estar entre ${STOCK_LIMIT_TEXT}.` });
    return z.NEVER;
  }
  return parsed;
});

const positiveId = (message = 'Id inválido.') =>
  z.coerce.number({ error: message }).int(message).positive(message);

/** The product code lives in ./product-code (the campaign schemas carry it without this module). */
export { productCode };

/** Fields a product search can target (spec part 2 §7: description, EAN, SKU, group). */
export const PRODUCT_SEARCH_FIELDS = ['description', 'code', 'reference_code', 'group_code'] as const;
export type ProductSearchField = (typeof PRODUCT_SEARCH_FIELDS)[number];

// ---------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------

const productFields = {
  code: productCode,
  reference_code: optionalText(60).default(''),
  description: z
    .string({ error: 'Digite a descricao da mercadoria' })
    .trim()
    .min(1, 'Digite a descricao da mercadoria')
    .max(200, 'A descrição deve ter no máximo 200 caracteres.'),
  pack: z.coerce
    .number({ error: 'Informe a embalagem (quantidade).' })
    .positive('Informe a embalagem (quantidade).')
    .max(100_000, 'Embalagem inválida.'),
  weighable: yesNoFlag.default('N'),
  active: yesNoFlag.default('Y'),
  url: optionalText(1000).default(''),
  fast_orders: yesNoFlag.default('N'),
  group_code: optionalText(60).default(''),
};

/** POST /api/web/product/new. */
export const ProductInput = z.object({
  ...productFields,
  /** The category by its reference code; it must exist. Null or absent: no category. */
  category: z
    .object({ reference_code: z.preprocess(toText, z.string().trim().max(60)) })
    .nullish()
    .transform((c) => (c && c.reference_code ? c : null)),
  id_brand: z.coerce
    .number({ error: 'Marca inválida.' })
    .int('Marca inválida.')
    .positive('Marca inválida.')
    .nullish()
    .transform((v) => v ?? null),
});
export type ProductInput = z.infer<typeof ProductInput>;

/** PUT /api/web/product/update: the whole product plus its id. */
export const ProductUpdate = ProductInput.extend({ id: positiveId('Mercadoria inválida.') });
export type ProductUpdate = z.infer<typeof ProductUpdate>;

// Answers: what the server sends back. The web parses every answer with these (a mismatch is a
// bug between web and API), so they describe the wire exactly; money is a number with 2 decimals.

const yesNo = z.enum(['Y', 'N']);

/** A store's price of a product, as answered (money as numbers with 2 decimals; null = not set). */
export const ProductPrice = z.object({
  id_product: z.number(),
  id_store: z.number(),
  store_name: z.string().optional(),
  cust_price: z.number().nullable(),
  regular_price: z.number(),
  offer_price: z.number().nullable(),
  attribute: z.string().nullable(),
  stock: z.number(),
});
export type ProductPrice = z.infer<typeof ProductPrice>;

/** A product as answered by lists, searches, find and create/update. */
export const Product = z.object({
  id: z.number(),
  code: z.string(),
  reference_code: z.string(),
  description: z.string(),
  pack: z.number(),
  weighable: yesNo,
  active: yesNo,
  url: z.string(),
  fast_orders: yesNo,
  group_code: z.string(),
  id_brand: z.number().nullable(),
  category: z.object({ id: z.number(), reference_code: z.string(), description: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Stock of `id_store` when one was asked for, otherwise the sum over all stores. */
  stock: z.number(),
  stores_with_stock: z.array(z.object({ id_store: z.number(), stock: z.number() })),
  /** Prices of `id_store` when one was asked for (null without a store or without a price there). */
  cust_price: z.number().nullable(),
  regular_price: z.number().nullable(),
  offer_price: z.number().nullable(),
});
export type Product = z.infer<typeof Product>;

/** The answer of POST /api/web/price/new. */
export const PriceSetAnswer = z.object({ message: z.string(), prices: z.array(ProductPrice) });
export type PriceSetAnswer = z.infer<typeof PriceSetAnswer>;

// ---------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------

/** One row of POST /api/web/price/new. */
export const PriceRow = z.object({
  id_product: positiveId('Mercadoria inválida.'),
  id_store: positiveId('Selecione a loja.'),
  cust_price: moneyCents('O preço de custo')
    .nullish()
    .transform((v) => v ?? null),
  regular_price: moneyCents('O preço regular'),
  offer_price: moneyCents('O preço de oferta')
    .nullish()
    .transform((v) => v ?? null),
  attribute: optionalText(60).transform((v) => v || null),
  stock: stockQuantity.nullish().transform((v) => v ?? 0),
});
export type PriceRow = z.infer<typeof PriceRow>;

export const MAX_PRICE_ROWS = 100;

/**
 * POST /api/web/price/new: the spec's array of rows, or `{id_product, prices}` (which can be empty
 * to remove every price of the product). Either form REPLACES the full price set of each product
 * it names: a store missing from the rows loses its price.
 */
const PriceRows = z
  .array(PriceRow, { error: 'Envie a lista de preços.' })
  .min(1, 'Informe ao menos um preço.')
  .max(MAX_PRICE_ROWS, `No máximo ${MAX_PRICE_ROWS} preços por vez.`);
const ProductPriceSet = z.object({
  id_product: positiveId('Mercadoria inválida.'),
  prices: z
    .array(PriceRow.omit({ id_product: true }))
    .max(MAX_PRICE_ROWS, `No máximo ${MAX_PRICE_ROWS} preços por vez.`),
});

// Dispatches on the shape instead of z.union, so that errors keep their field paths ('0.regular_price').
export const PriceSetInput = z
  .unknown()
  .transform((value, ctx): z.output<typeof PriceRows> | z.output<typeof ProductPriceSet> => {
    const parsed = Array.isArray(value) ? PriceRows.safeParse(value) : ProductPriceSet.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
export type PriceSetInput = z.infer<typeof PriceSetInput>;

// ---------------------------------------------------------------------------------------
// ERP import
// ---------------------------------------------------------------------------------------

export const MAX_IMPORT_ROWS = 1000;

/** One store price in an import row: the store by reference code or by id. */
export const ImportPrice = z
  .object({
    store_reference_code: z.preprocess(toText, z.string().trim().min(1).max(60)).optional(),
    id_store: positiveId('Loja inválida.').optional(),
    cust_price: moneyCents('O preço de custo')
      .nullish()
      .transform((v) => v ?? null),
    regular_price: moneyCents('O preço regular'),
    offer_price: moneyCents('O preço de oferta')
      .nullish()
      .transform((v) => v ?? null),
    attribute: optionalText(60).transform((v) => v || null),
    stock: stockQuantity.nullish().transform((v) => v ?? 0),
  })
  .refine((p) => p.store_reference_code !== undefined || p.id_store !== undefined, {
    message: 'Informe a loja (store_reference_code ou id_store).',
    path: ['store_reference_code'],
  });
export type ImportPrice = z.infer<typeof ImportPrice>;

/** Optional text where null or '' means "clear it" and absent means "keep what is stored". */
const clearableText = (max: number) =>
  z.preprocess(
    (v) => (v === '' ? null : toText(v)),
    z.string().trim().max(max, `Máximo de ${max} caracteres.`).nullable().optional(),
  );

/**
 * One row of POST /api/integration/products (validated row by row). code, description and pack
 * are required; every other field is optional: absent keeps the stored value (or the default for
 * a new product), null or '' clears category, brand and group.
 */
export const ImportProductRow = z.object({
  code: productFields.code,
  description: productFields.description,
  pack: productFields.pack,
  reference_code: optionalText(60),
  weighable: yesNoFlag.optional(),
  active: yesNoFlag.optional(),
  url: optionalText(1000),
  fast_orders: yesNoFlag.optional(),
  group_code: clearableText(60),
  category_reference_code: clearableText(60),
  /** Brand reference code or name (accent- and case-insensitive); an unknown brand is created. */
  brand: clearableText(60),
  /** Prices per store; stores not listed keep their prices. */
  prices: z.array(ImportPrice).max(500, 'No máximo 500 preços por mercadoria.').optional(),
});
export type ImportProductRow = z.infer<typeof ImportProductRow>;

export const ImportProductsRequest = z.object({
  products: z
    .array(z.unknown(), { error: 'Envie a lista products.' })
    .min(1, 'Envie ao menos uma mercadoria.')
    .max(MAX_IMPORT_ROWS, `No máximo ${MAX_IMPORT_ROWS} mercadorias por requisição.`),
});

export interface ImportProductsAnswer {
  /** Rows written or already up to date (created + updated + unchanged). */
  accepted: number;
  created: number;
  updated: number;
  /** Rows identical to what is stored (nothing written). */
  unchanged: number;
  rejected: { index: number; code: string | null; errors: Record<string, string> }[];
}

// ---------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------

export const MAX_CATEGORY_LEVEL = 3;

/** POST /api/web/category/new. */
export const CategoryInput = z.object({
  description: z
    .string({ error: 'Digite a descrição da mercadoria' })
    .trim()
    .min(1, 'Digite a descrição da mercadoria')
    .max(120, 'A descrição deve ter no máximo 120 caracteres.'),
  reference_code: z.preprocess(
    toText,
    z
      .string({ error: 'Digite a referência da categoria' })
      .trim()
      .min(1, 'Digite a referência da categoria')
      .max(60, 'Máximo de 60 caracteres.'),
  ),
  /** Parent id; 0 (or absent) makes a root category. */
  level_up: z.coerce
    .number({ error: 'Categoria pai inválida.' })
    .int('Categoria pai inválida.')
    .min(0, 'Categoria pai inválida.')
    .nullish()
    .transform((v) => v ?? 0),
  active: yesNoFlag.default('Y'),
  show_app: yesNoFlag.default('Y'),
  image: optionalText(1000).default(''),
  url: optionalText(1000).default(''),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

/** PUT /api/web/category/update: the app fields (part 3, mobile categories). */
export const CategoryAppUpdate = z.object({
  id: positiveId('Categoria inválida.'),
  app_description: optionalText(120),
  show_app: yesNoFlag.optional(),
  icon: optionalText(40),
  ordenation: z.coerce
    .number()
    .int('A ordenação deve ser um número inteiro.')
    .min(0, 'A ordenação deve ser 0 ou maior.')
    .nullish(),
});
export type CategoryAppUpdate = z.infer<typeof CategoryAppUpdate>;

/** A category as answered. */
export const Category = z.object({
  id: z.number(),
  level: z.number(),
  reference_code: z.string(),
  description: z.string(),
  active: yesNo,
  show_app: yesNo,
  image: z.string(),
  url: z.string(),
  level_up: z.number(),
  app_description: z.string(),
  icon: z.string(),
  ordenation: z.number(),
  created_at: z.string(),
});
export type Category = z.infer<typeof Category>;

/** A node of GET /api/web/categories/cascader (leaves have no `children`). */
export interface CascaderNode {
  value: number;
  label: string;
  children?: CascaderNode[];
}
export const CascaderNode: z.ZodType<CascaderNode> = z.lazy(() =>
  z.object({ value: z.number(), label: z.string(), children: z.array(CascaderNode).optional() }),
);

// ---------------------------------------------------------------------------------------
// Stores
// ---------------------------------------------------------------------------------------

export const WEEK_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/** Free-text opening hours per week day, e.g. '08:00 às 22:00'. */
export type BusinessHours = Record<(typeof WEEK_DAYS)[number], string>;
const dayHours = optionalText(100);

const coordinate = (max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.replace(',', '.')) : v),
    z.number({ error: message }).min(-max, message).max(max, message).optional(),
  );

/** POST /api/web/store/new (and, with id, PUT /api/web/store/update). */
export const StoreInput = z.object({
  /** Internal code; defaults to the id. Unique per tenant. */
  reference_code: optionalText(60),
  name: z
    .string({ error: 'Digite o nome da loja' })
    .trim()
    .min(1, 'Digite o nome da loja')
    .max(120, 'Máximo de 120 caracteres.'),
  // The spec gives the name's message for a missing zip code too.
  zipcode: z
    .string({ error: 'Digite o nome da loja' })
    .transform((v) => documentDigits(v))
    .pipe(z.string().min(1, 'Digite o nome da loja').length(8, 'CEP inválido: use o formato 00000-000.')),
  address: z
    .string({ error: 'Digite o endereço da loja' })
    .trim()
    .min(1, 'Digite o endereço da loja')
    .max(200, 'Máximo de 200 caracteres.'),
  number: optionalText(20).default(''),
  complement: optionalText(100).default(''),
  neighborhood: optionalText(100).default(''),
  city: optionalText(100).default(''),
  state: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((uf) => uf === '' || isUf(uf), 'Estado (UF) inválido.')
      .default(''),
  ),
  latitude: coordinate(90, 'Latitude inválida.'),
  longitude: coordinate(180, 'Longitude inválida.'),
  url: optionalText(1000).default(''),
  business_hours: z
    .object({
      sunday: dayHours,
      monday: dayHours,
      tuesday: dayHours,
      wednesday: dayHours,
      thursday: dayHours,
      friday: dayHours,
      saturday: dayHours,
    })
    .nullish()
    .transform((h): BusinessHours => ({
      sunday: h?.sunday ?? '',
      monday: h?.monday ?? '',
      tuesday: h?.tuesday ?? '',
      wednesday: h?.wednesday ?? '',
      thursday: h?.thursday ?? '',
      friday: h?.friday ?? '',
      saturday: h?.saturday ?? '',
    })),
});
export type StoreInput = z.infer<typeof StoreInput>;

export const StoreUpdate = StoreInput.extend({ id: positiveId('Loja inválida.') });
export type StoreUpdate = z.infer<typeof StoreUpdate>;

/** A store as answered. */
export const Store = z.object({
  id: z.number(),
  reference_code: z.string(),
  name: z.string(),
  zipcode: z.string(),
  address: z.string(),
  number: z.string(),
  complement: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  /** 'Avenida Paulista, 1000 - Bela Vista - São Paulo/SP' */
  full_address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  url: z.string(),
  business_hours: z.object({
    sunday: z.string(),
    monday: z.string(),
    tuesday: z.string(),
    wednesday: z.string(),
    thursday: z.string(),
    friday: z.string(),
    saturday: z.string(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Store = z.infer<typeof Store>;

// ---------------------------------------------------------------------------------------
// Payment methods (part 3)
// ---------------------------------------------------------------------------------------

const flag = z.preprocess(
  (v) => (v === 'Y' || v === 'true' || v === 1 ? true : v === 'N' || v === 'false' || v === 0 ? false : v),
  z.boolean(),
);

export const PaymentInput = z.object({
  reference_code: optionalText(60),
  description: z
    .string({ error: 'Digite a descrição da forma de pagamento' })
    .trim()
    .min(1, 'Digite a descrição da forma de pagamento')
    .max(120, 'Máximo de 120 caracteres.'),
  visible: flag.default(true),
  max_installments: z.coerce
    .number({ error: 'Informe o número máximo de parcelas (de 1 a 72).' })
    .int('O número máximo de parcelas deve ser um número inteiro.')
    .min(1, 'O número máximo de parcelas deve estar entre 1 e 72.')
    .max(72, 'O número máximo de parcelas deve estar entre 1 e 72.')
    .default(1),
  has_change: flag.default(false),
});
export type PaymentInput = z.infer<typeof PaymentInput>;

/** A payment method as answered. */
export const PaymentMethod = z.object({
  id: z.number(),
  reference_code: z.string(),
  description: z.string(),
  visible: z.boolean(),
  max_installments: z.number(),
  has_change: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

// ---------------------------------------------------------------------------------------
// Brands and partners (part 2 §7)
// ---------------------------------------------------------------------------------------

export const BrandInput = z.object({
  reference_code: z.preprocess(
    toText,
    z
      .string({ error: 'Digite o código da marca' })
      .trim()
      .min(1, 'Digite o código da marca')
      .max(60, 'Máximo de 60 caracteres.'),
  ),
  description: z
    .string({ error: 'Digite a descrição da marca' })
    .trim()
    .min(1, 'Digite a descrição da marca')
    .max(120, 'Máximo de 120 caracteres.'),
});
export type BrandInput = z.infer<typeof BrandInput>;
export const BrandUpdate = BrandInput.extend({ id: positiveId('Marca inválida.') });

/** A brand as answered. */
export const Brand = z.object({
  id: z.number(),
  reference_code: z.string(),
  description: z.string(),
  created_at: z.string(),
});
export type Brand = z.infer<typeof Brand>;

export const PartnerInput = z.object({
  reference_code: z.preprocess(
    toText,
    z
      .string({ error: 'Digite o código do fornecedor' })
      .trim()
      .min(1, 'Digite o código do fornecedor')
      .max(60, 'Máximo de 60 caracteres.'),
  ),
  name: z
    .string({ error: 'Digite o nome do fornecedor' })
    .trim()
    .min(1, 'Digite o nome do fornecedor')
    .max(160, 'Máximo de 160 caracteres.'),
  /** CNPJ, stored as 14 digits; optional. */
  document: z.preprocess(
    (v) => (v === null || v === '' ? undefined : toText(v)),
    z
      .string()
      .refine((d) => isValidCnpj(d), 'CNPJ inválido.')
      .transform((d) => documentDigits(d).padStart(14, '0'))
      .optional(),
  ),
});
export type PartnerInput = z.infer<typeof PartnerInput>;
export const PartnerUpdate = PartnerInput.extend({ id: positiveId('Fornecedor inválido.') });

/** A partner (supplier) as answered; `document` is the CNPJ's 14 digits or ''. */
export const Partner = z.object({
  id: z.number(),
  reference_code: z.string(),
  name: z.string(),
  document: z.string(),
  created_at: z.string(),
});
export type Partner = z.infer<typeof Partner>;

// ---------------------------------------------------------------------------------------
// Postal code and geocoding (staff proxies of the external lookups)
// ---------------------------------------------------------------------------------------

export interface CepAnswer {
  zipcode: string;
  address: string;
  neighborhood: string;
  city: string;
  state: string;
  ibge: string;
}

export interface GeocodeAnswer {
  lat: number;
  lon: number;
  place_id: number;
  display_name: string;
}

// ---------------------------------------------------------------------------------------
// EAN-13
// ---------------------------------------------------------------------------------------

/** The GS1 check digit of a 12-digit EAN-13 body. */
export function ean13CheckDigit(body12: string): number {
  const sum = [...body12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** Completes 12 digits into an EAN-13 (seed data, tests). */
export function ean13(body12: string): string {
  if (!/^\d{12}$/.test(body12)) throw new Error('EAN-13 body must have 12 digits');
  return body12 + String(ean13CheckDigit(body12));
}

/** Whether `code` is a 13-digit EAN with a correct check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}
