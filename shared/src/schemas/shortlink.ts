import * as z from '../domain/zod-pt';
import {
  SHORTLINK_MESSAGES as M,
  SHORTLINK_URL_MAX,
  SLUG_PATTERN,
  isRedirectableUrl,
} from '../domain/shortlink';

export * from '../domain/shortlink';

/**
 * Short links on the wire (spec part 3 §3 'Short link', §5, §7): `POST /web/shortlinks` and
 * `PUT /web/shortlinks/{id}` take {description, active, url, slug}; beyond the spec, an optional
 * `expires_at` (last valid day, YYYY-MM-DD, America/Sao_Paulo) and `max_visits`.
 */

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (required: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : blank(v) ? '' : v), z.string().min(1, required));

/** 'Y'/'N', booleans, 1/0; empty → active (the modal's default). */
const flag = z.preprocess(
  (v) => {
    if (blank(v)) return true;
    if (v === 'Y' || v === 'S' || v === 1 || v === '1' || v === 'true') return true;
    if (v === 'N' || v === 0 || v === '0' || v === 'false') return false;
    return v;
  },
  z.boolean({ error: "Use 'Y' ou 'N'." }),
);

export const ShortLinkInput = z.object({
  description: text(M.description).pipe(z.string().max(200, M.descriptionLength)),
  active: flag,
  url: text(M.url)
    .pipe(z.string().max(SHORTLINK_URL_MAX, M.urlLength))
    .refine(isRedirectableUrl, M.urlScheme),
  slug: text(M.slug).pipe(z.string().regex(SLUG_PATTERN, M.slugChars)),
  expires_at: z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.expiresAt)
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), M.expiresAt)
      .nullable(),
  ),
  max_visits: z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: M.maxVisits }).int(M.maxVisits).min(1, M.maxVisits).max(1e9, M.maxVisits).nullable(),
  ),
});
export type ShortLinkInput = z.output<typeof ShortLinkInput>;

export const ShortLinkIdParams = z.object({
  id: z.coerce.number({ error: M.notFound }).int(M.notFound).min(1, M.notFound),
});

const boolQuery = z.preprocess(
  (v) =>
    v === 'true' || v === '1' || v === 'Y' ? true : v === 'false' || v === '0' || v === 'N' ? false : v,
  z.boolean({ error: "Use 'true' ou 'false'." }).optional(),
);

/** GET /web/shortlinks?active&filter&per_page (the screen asks for 9999). */
export const ShortLinkListQuery = z.object({
  active: boolQuery,
  filter: z.string().max(200, 'A busca deve ter no máximo 200 caracteres.').optional(),
  page: z.coerce.number().int().min(1, 'A página deve ser 1 ou maior.').default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, 'per_page deve ser 1 ou maior.')
    .max(9999, 'per_page deve ser no máximo 9999.')
    .default(9999),
});
export type ShortLinkListQuery = z.output<typeof ShortLinkListQuery>;

export const ShortLinkVisitsQuery = z.object({
  days: z.coerce.number({ error: M.days }).int(M.days).min(1, M.days).max(180, M.days).default(30),
});

export const ShortLink = z.object({
  id: z.number(),
  description: z.string(),
  url: z.string(),
  slug: z.string(),
  /** The full address to share. */
  shortlink: z.string(),
  active: z.boolean(),
  access_count: z.number(),
  expires_at: z.string().nullable(),
  max_visits: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShortLink = z.output<typeof ShortLink>;

export const ShortLinkList = z.object({
  data: z.array(ShortLink),
  pagination: z.object({ total: z.number(), page: z.number(), per_page: z.number(), last_page: z.number() }),
  /** What precedes the slug in the modal: `{tenant}.{shortlink_domain}/link/` or the tenant host's. */
  prefix: z.string(),
});
export type ShortLinkList = z.output<typeof ShortLinkList>;

export const ShortLinkVisits = z.object({
  data: z.array(z.object({ day: z.string(), visits: z.number() })),
  total: z.number(),
});
export type ShortLinkVisits = z.output<typeof ShortLinkVisits>;
