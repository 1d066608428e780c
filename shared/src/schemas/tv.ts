import { isDay } from '../domain/dates';
import { NO_END_DATE } from '../domain/campaign-dynamics';
import { parseSheetPrice, TV_MESSAGES, TV_TYPE } from '../domain/tv';
import * as z from '../domain/zod-pt';
import { productCode } from './product-code';

export * from '../domain/tv';

/**
 * TV campaigns on the wire (spec part 2 §2.2, §3 'TV product row', §5): saved through the
 * campaigns' own paths (`POST /web/campaign/new`, `PUT /web/campaign/update`, with `type` 'TV'),
 * listed by `GET /web/campaigns?type=TV` (page 10). What the spec leaves unshown:
 * - a row's `price` is its club price (PREC_CLUBE) in reais, null when none;
 * - `reference` keeps the import's COD_PROD (the row's `code` is the EAN it was looked up by);
 * - `info.id_category` is the cascader's chosen category (the last id of `info.category_path`);
 * - `info.rotate_seconds` how long a screen shows each page of rows (default 8).
 */

const empty = (v: unknown) => v === undefined || v === null || v === '';
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, `Máximo de ${max} caracteres.`),
  );
const day = (message: string) =>
  z.string({ error: message }).trim().min(1, message).refine(isDay, 'Data inválida: use AAAA-MM-DD.');

/** A club price: reais with at most 2 decimals (text '12,50' accepted), null when empty. */
const clubPrice = z.unknown().transform((value, ctx): number | null => {
  if (empty(value)) return null;
  const reais = parseSheetPrice(value);
  if (reais === null) {
    ctx.addIssue({ code: 'custom', message: 'Preço clube inválido: use R$ com até 2 casas decimais.' });
    return z.NEVER;
  }
  return reais;
});

/** A TV product row (spec §3 'TV product row'). */
export const TvProduct = z.object({
  type: z.preprocess(
    (v) => (empty(v) ? 1 : typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(1), z.literal(2)], { error: 'Tipo de linha inválido (1 normal, 2 tela cheia).' }),
  ),
  code: productCode,
  reference: text(60).default(''),
  url: text(1_000).default(''),
  description: text(200).default(''),
  price: clubPrice.default(null),
  qt_packing: z.preprocess(
    (v) => (empty(v) ? 1 : v),
    z.coerce
      .number({ error: 'Embalagem inválida.' })
      .positive('Embalagem inválida.')
      .max(100_000, 'Embalagem inválida.'),
  ),
  unlimited: z.enum(['Y', 'N']).default('Y'),
  limit: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  budget: z.coerce.number().min(0).max(9_999_999.99).default(0),
  budget_limit: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TvProduct = z.output<typeof TvProduct>;

export const TvInfo = z.object({
  reference_code: text(60).default(''),
  id_category: z
    .preprocess((v) => (empty(v) || v === 0 ? null : v), id('Categoria inválida.').nullable())
    .default(null),
  category_path: z.array(id('Categoria inválida.')).max(20).default([]),
  rotate_seconds: z.coerce
    .number({ error: 'Tempo de rotação inválido.' })
    .int('Tempo de rotação inválido.')
    .min(3, 'Tempo de rotação: de 3 a 120 segundos.')
    .max(120, 'Tempo de rotação: de 3 a 120 segundos.')
    .default(8),
});
export type TvInfo = z.output<typeof TvInfo>;

const shape = z.object({
  id: id('Campanha inválida.').optional(),
  description: z
    .string({ error: TV_MESSAGES.description })
    .trim()
    .min(1, TV_MESSAGES.description)
    .max(200, 'Máximo de 200 caracteres.'),
  type: z.literal(TV_TYPE, { error: 'Tipo de campanha inválido.' }),
  active: z.preprocess(
    (v) => (v === true ? 'Y' : v === false ? 'N' : empty(v) ? 'Y' : v),
    z.enum(['Y', 'N'], { error: "Use 'Y' ou 'N'." }),
  ),
  start_at: day(TV_MESSAGES.period),
  end_at: z.preprocess((v) => (empty(v) ? NO_END_DATE : v), day(TV_MESSAGES.period)),
  updated_at: z.string().optional(),
  products: z
    .array(TvProduct, { error: TV_MESSAGES.products })
    .min(1, TV_MESSAGES.products)
    .max(2_000, 'Informe no máximo 2.000 produtos.'),
  stores: z
    .array(z.object({ id_store: id('Loja inválida.') }), { error: TV_MESSAGES.stores })
    .min(1, TV_MESSAGES.stores),
  info: TvInfo.default({ reference_code: '', id_category: null, category_path: [], rotate_seconds: 8 }),
});

/** A TV campaign: the body of a save with `type` 'TV', and the campaign as answered. */
export const TvCampaign = shape.superRefine((c, ctx) => {
  if (c.end_at < c.start_at)
    ctx.addIssue({
      code: 'custom',
      path: ['end_at'],
      message: 'A data final deve ser igual ou posterior à inicial.',
    });
  const seen = new Set<string>();
  c.products.forEach((row, i) => {
    if (seen.has(row.code))
      ctx.addIssue({
        code: 'custom',
        path: ['products', i, 'code'],
        message: TV_MESSAGES.duplicate(row.code),
      });
    seen.add(row.code);
  });
  const last = c.info.category_path.at(-1);
  if (last !== undefined && c.info.id_category !== null && last !== c.info.id_category)
    ctx.addIssue({
      code: 'custom',
      path: ['info', 'id_category'],
      message: 'A categoria deve ser a última do caminho escolhido.',
    });
});
export type TvCampaign = z.output<typeof TvCampaign>;

/** One row of a screen (GET /api/tv/screen): money in centavos. */
export const TvScreenRow = z.object({
  code: z.string(),
  description: z.string(),
  qt_packing: z.number(),
  url: z.string(),
  /** 2: full screen, in the banner. */
  type: z.union([z.literal(1), z.literal(2)]),
  now: z.number(),
  before: z.number().nullable(),
  kind: z.enum(['club', 'promotion', 'regular']),
});
export type TvScreenRow = z.output<typeof TvScreenRow>;

/** The public screen of a campaign at a store: nothing but what the TV shows. */
export const TvScreen = z.object({
  title: z.string(),
  store: z.string(),
  rotate_seconds: z.number(),
  /** Content hash: the ETag of the answer. */
  version: z.string(),
  rows: z.array(TvScreenRow),
});
export type TvScreen = z.output<typeof TvScreen>;

/** A screen link of a store (GET /api/web/tv/links?id=). */
export const TvLink = z.object({ id_store: z.number(), store: z.string(), path: z.string() });
export type TvLink = z.output<typeof TvLink>;

/** A simulated price (GET /api/web/tv/prices?id_store&codes), centavos; null = none. */
export const TvPrice = z.object({
  code: z.string(),
  description: z.string().nullable(),
  pack: z.number().nullable(),
  url: z.string(),
  regular: z.number().nullable(),
  offer: z.number().nullable(),
  promotion: z.number().nullable(),
});
export type TvPrice = z.output<typeof TvPrice>;
