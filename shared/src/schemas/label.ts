import * as z from '../domain/zod-pt';

/**
 * Discount labels (spec part 2 §2.6, §3 'Label layout'; part 3 §3 'Discount label', §5, §7):
 * label layouts — a name, a size in millimetres and a markup template with `{{placeholders}}`
 * — and the data a campaign's labels are printed from. The server validates with these; the
 * web reuses them for the layout form and to parse answers. The markup itself is sanitised by
 * the server on save (functions/src/settings/labels.service.ts); placeholders are filled in by
 * `renderLabel` (shared/src/domain/label-template.ts).
 */

export const LABEL_MESSAGES = {
  name: 'Digite o nome da etiqueta',
  width: 'Digite a Largura',
  height: 'Digite a Altura',
  nameLength: 'O nome da etiqueta deve ter no máximo 100 caracteres.',
  widthRange: 'A largura deve ser um número entre 5 e 500 (mm).',
  heightRange: 'A altura deve ser um número entre 5 e 500 (mm).',
  layoutLength: 'O layout deve ter no máximo 200.000 caracteres.',
  visibleRules: 'As regras de visibilidade devem ser um JSON (objeto ou lista).',
  entity: "Tipo de etiqueta desconhecido: use 'campaigns'.",
  id: 'Etiqueta não encontrada.',
  notFound: 'Etiqueta não encontrada.',
  created: 'Cadastrado com sucesso',
  updated: 'Alterado com sucesso',
  removed: 'Etiqueta removida',
  /** The print screen's preview until a layout and a store are chosen (spec part 2 §2.6). */
  choose: 'Selecione uma etiqueta e a loja',
  store: 'Selecione a loja.',
  printLimit: 'O limite de impressão deve ser um número inteiro entre 1 e 999.',
} as const;

/** What a label layout is for; the spec knows only campaign labels. */
export const LABEL_ENTITIES = ['campaigns'] as const;
export type LabelEntity = (typeof LABEL_ENTITIES)[number];

/** Sizes in millimetres: from a tiny shelf tag to an A3 poster's side. */
export const LABEL_MIN_MM = 5;
export const LABEL_MAX_MM = 500;
export const LABEL_LAYOUT_MAX = 200_000;
export const LABEL_RULES_MAX = 10_000;
/** Print limit when the field is left empty, and its maximum (spec part 2 §2.6, §9). */
export const DEFAULT_PRINT_LIMIT = 999;
/** The limit a label shows for a product without a per-purchase limit (spec part 2 §2.6, §9). */
export const UNLIMITED_LABEL_LIMIT = 1000;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A size in mm: a number or text ('37,5'); one decimal kept. Empty → the field's required message. */
const millimetres = (required: string, range: string) =>
  z.unknown().transform((value, ctx): number => {
    if (blank(value)) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string'
          ? Number(value.trim().replace(',', '.'))
          : NaN;
    if (!Number.isFinite(n) || n < LABEL_MIN_MM || n > LABEL_MAX_MM) {
      ctx.addIssue({ code: 'custom', message: range });
      return z.NEVER;
    }
    return Math.round(n * 10) / 10;
  });

/** 'Y'/'N', booleans, 1/0 → boolean; empty → true (a new layout is offered when printing). */
const flag = z.preprocess(
  (v) => {
    if (blank(v)) return true;
    if (v === 'Y' || v === 'S' || v === 1 || v === '1' || v === 'true') return true;
    if (v === 'N' || v === 0 || v === '0' || v === 'false') return false;
    return v;
  },
  z.boolean({ error: "Use 'Y' ou 'N'." }),
);

/** JSON text of an object or a list ('' → '{}'); an object is accepted and written as JSON. */
const visibleRules = z.preprocess(
  (v) => (blank(v) ? '{}' : typeof v === 'object' ? JSON.stringify(v) : v),
  z
    .string({ error: LABEL_MESSAGES.visibleRules })
    .max(LABEL_RULES_MAX, LABEL_MESSAGES.visibleRules)
    .refine((text) => {
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null;
      } catch {
        return false;
      }
    }, LABEL_MESSAGES.visibleRules),
);

export const LabelInput = z.object({
  name: z
    .string({ error: LABEL_MESSAGES.name })
    .trim()
    .min(1, LABEL_MESSAGES.name)
    .max(100, LABEL_MESSAGES.nameLength),
  width: millimetres(LABEL_MESSAGES.width, LABEL_MESSAGES.widthRange),
  height: millimetres(LABEL_MESSAGES.height, LABEL_MESSAGES.heightRange),
  /** Markup with `{{placeholders}}`; sanitised by the server on save. */
  layout: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: 'O layout deve ser um texto.' }).max(LABEL_LAYOUT_MAX, LABEL_MESSAGES.layoutLength),
  ),
  visible: flag,
  /** JSON text; `{"types": ["D", …]}` offers the layout only for campaigns of those types. */
  visible_rules: visibleRules,
  entity: z.preprocess(
    (v) => (blank(v) ? 'campaigns' : v),
    z.enum(LABEL_ENTITIES, { error: LABEL_MESSAGES.entity }),
  ),
});
export type LabelInput = z.output<typeof LabelInput>;

const labelId = z.coerce
  .number({ error: LABEL_MESSAGES.id })
  .int(LABEL_MESSAGES.id)
  .positive(LABEL_MESSAGES.id)
  .max(Number.MAX_SAFE_INTEGER, LABEL_MESSAGES.id);

/** PUT /web/label: the layout with its id. */
export const LabelUpdate = LabelInput.extend({ id: labelId });
export type LabelUpdate = z.output<typeof LabelUpdate>;

export const LabelIdParams = z.object({ id: labelId });

/** GET /web/labels?entity=campaigns (entity optional: every layout). */
export const LabelListQuery = z.object({
  entity: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(LABEL_ENTITIES, { error: LABEL_MESSAGES.entity }).optional(),
  ),
});
export type LabelListQuery = z.output<typeof LabelListQuery>;

/** A label layout as answered. */
export const Label = z.object({
  id: z.number(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  layout: z.string(),
  visible: z.boolean(),
  visible_rules: z.string(),
  entity: z.enum(LABEL_ENTITIES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Label = z.output<typeof Label>;

/** The campaign types a layout's `visible_rules` allows (`{"types": [...]}`); undefined: every type. */
export function labelTypes(visibleRules: string): string[] | undefined {
  try {
    const rules: unknown = JSON.parse(visibleRules);
    const types =
      rules && typeof rules === 'object' && !Array.isArray(rules)
        ? (rules as { types?: unknown }).types
        : undefined;
    return Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a layout is offered when printing labels of a campaign of `type`. */
export const labelOffered = (label: Pick<Label, 'visible' | 'visible_rules'>, type: string): boolean =>
  label.visible && (labelTypes(label.visible_rules)?.includes(type) ?? true);

// ---------------------------------------------------------------------------------------
// Printing a campaign's labels
// ---------------------------------------------------------------------------------------

/** GET /web/campaigns/{id}/labels?id_store&limit. */
export const CampaignLabelsQuery = z.object({
  id_store: z.coerce
    .number({ error: LABEL_MESSAGES.store })
    .int(LABEL_MESSAGES.store)
    .positive(LABEL_MESSAGES.store)
    .max(Number.MAX_SAFE_INTEGER, LABEL_MESSAGES.store),
  limit: z.preprocess(
    (v) => (blank(v) ? DEFAULT_PRINT_LIMIT : v),
    z.coerce
      .number({ error: LABEL_MESSAGES.printLimit })
      .int(LABEL_MESSAGES.printLimit)
      .min(1, LABEL_MESSAGES.printLimit)
      .max(DEFAULT_PRINT_LIMIT, LABEL_MESSAGES.printLimit),
  ),
});
export type CampaignLabelsQuery = z.output<typeof CampaignLabelsQuery>;

/** One product label: money in reais (2 decimals), null when the store has no price for it. */
export const CampaignLabelRow = z.object({
  code: z.string(),
  description: z.string(),
  /** The store's regular price. */
  regular_price: z.number().nullable(),
  /** The campaign's (promotional) unit price at the store. */
  price: z.number().nullable(),
  /** Units per purchase; a product without a limit shows 1000. */
  limit: z.number(),
  /** No per-purchase limit (`limit` then reads 1000): the default layout shows no limit line. */
  unlimited: z.boolean().optional(),
  /** The row's dynamic (1..10), for the label's 'Leve 3 pague 2' / 'A partir de 3 unidades' line. */
  dynamic: z.number().nullable().optional(),
  /** X of 'from X' and 'take X pay Y' dynamics (0 when none), Y of 'take X pay Y'. */
  take: z.number(),
  pay: z.number(),
  qt_packing: z.number(),
});
export type CampaignLabelRow = z.output<typeof CampaignLabelRow>;

export const CampaignLabels = z.object({
  campaign: z.object({
    id: z.number(),
    description: z.string(),
    type: z.string(),
    start_at: z.string(),
    end_at: z.string(),
  }),
  store: z.object({ id: z.number(), name: z.string() }),
  data: z.array(CampaignLabelRow),
  /** Discount products of the campaign (the labels there would be without the print limit). */
  total: z.number(),
  /** Products left out: unknown to the catalogue or without a price at the store. */
  skipped: z.number(),
  /**
   * Why there is nothing to print when the campaign lists no product (issue 20): a category, brand
   * or ticket discount applies to what it names, not to listed products.
   */
  notice: z.string().nullable().optional(),
});
export type CampaignLabels = z.output<typeof CampaignLabels>;

/** The truthful message of a campaign that lists no product to label, by type (none for other types). */
export const NO_PRODUCT_LABEL_NOTICES: Readonly<Record<string, string>> = {
  DC:
    'Esta campanha dá desconto por categoria e não lista produtos: inclua na campanha os produtos da categoria ' +
    'para imprimir as etiquetas deles.',
  DBRANDS:
    'Esta campanha dá desconto por marca e não lista produtos: inclua na campanha os produtos da marca para ' +
    'imprimir as etiquetas deles.',
  DB: 'Esta campanha dá desconto no valor total da compra (ticket): não há preço de produto para etiquetar.',
  DBP: 'Esta campanha dá desconto no ticket pela forma de pagamento: não há preço de produto para etiquetar.',
};
