import { isCronExpression } from '../domain/cron';
import { isDay } from '../domain/dates';
import { LeadConditions, type LeadCondition } from '../segmentation/conditions';
import * as z from '../domain/zod-pt';

/**
 * Leads and tags on the wire (spec part 1 §3 'Lead', 'Tag', §5 'Lead', §7 'Leads and tags').
 * The server validates with these; the lead and tag screens reuse them for their forms, so the
 * spec's messages live here once.
 */

export * from '../domain/segmentation';
import {
  LEAD_DESCRIPTION_MAX,
  LEAD_MESSAGES,
  LEAD_ORIGINS,
  MAX_LEAD_ROWS,
  TAG_MESSAGES,
  type LeadOrigin,
  type LeadStatus,
} from '../domain/segmentation';

export { isCronExpression };

const yesNo = (fallback: 'Y' | 'N') => z.enum(['Y', 'N'], { error: "Use 'Y' ou 'N'." }).default(fallback);
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, `Máximo de ${max} caracteres.`).optional(),
  );

/**
 * One customer row of a file, e-mail or manual lead: an id (manual list, geographic lead), a
 * document (file), an e-mail (e-mail list) or the file's columns. The server resolves it to a
 * customer by id, then document, then e-mail; rows that match nobody are counted as `not_found`.
 */
export const LeadCustomerRow = z.object({
  id_customer: z.coerce
    .number({ error: 'Cliente inválido.' })
    .int('Cliente inválido.')
    .positive('Cliente inválido.')
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  document: optionalText(30),
  fullname: optionalText(200),
  email: optionalText(200),
  cellphone: optionalText(30),
});
export type LeadCustomerRow = z.output<typeof LeadCustomerRow>;

const rowIdentifies = (row: LeadCustomerRow) =>
  row.id_customer !== undefined || Boolean(row.document) || Boolean(row.email);

const leadFields = {
  description: z
    .string({ error: LEAD_MESSAGES.descriptionRequired })
    .trim()
    .min(1, LEAD_MESSAGES.descriptionRequired)
    .max(LEAD_DESCRIPTION_MAX, `Máximo de ${LEAD_DESCRIPTION_MAX} caracteres.`),
  origin: z.enum(LEAD_ORIGINS, { error: LEAD_MESSAGES.originRequired }),
  /** Condition rows of a segmentation lead (validated by `LeadConditions` when origin is S). */
  filter: z.unknown().optional(),
  always_valid: yesNo('Y'),
  valid_until: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(10).nullable().optional()),
  auto_refresh: yesNo('N'),
  frequency_refresh: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().trim().max(100, LEAD_MESSAGES.frequencyInvalid).nullable().optional(),
  ),
  customers: z
    .array(LeadCustomerRow, { error: 'Envie a lista de clientes.' })
    .max(MAX_LEAD_ROWS, `Envie no máximo ${MAX_LEAD_ROWS} clientes por lead.`)
    .default([]),
};

type RawLead = z.output<z.ZodObject<typeof leadFields>>;

/** A lead as saved: `filter` normalized for S ([] otherwise), customers only for F/M/E. */
export interface LeadFields {
  description: string;
  origin: LeadOrigin;
  filter: LeadCondition[];
  always_valid: 'Y' | 'N';
  valid_until: string | null;
  auto_refresh: 'Y' | 'N';
  frequency_refresh: string | null;
  customers: LeadCustomerRow[];
}

/**
 * The cross-field rules of part 1 §5: valid_until when not always valid, a frequency that parses
 * when auto refresh is on, conditions for S, rows for F/E and customers for M (unless `rowsOptional`:
 * an update that keeps the current members).
 */
function checkLead(lead: RawLead, ctx: z.RefinementCtx, rowsOptional: boolean): void {
  if (lead.always_valid === 'N') {
    if (!lead.valid_until)
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: LEAD_MESSAGES.validUntilRequired });
    else if (!isDay(lead.valid_until))
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'Data inválida: use AAAA-MM-DD.' });
  }
  if (lead.auto_refresh === 'Y') {
    if (!lead.frequency_refresh)
      ctx.addIssue({ code: 'custom', path: ['frequency_refresh'], message: LEAD_MESSAGES.frequencyRequired });
    else if (!isCronExpression(lead.frequency_refresh))
      ctx.addIssue({ code: 'custom', path: ['frequency_refresh'], message: LEAD_MESSAGES.frequencyInvalid });
  }
  if (lead.origin === 'S') {
    const parsed = LeadConditions.safeParse(lead.filter);
    // The spec's message on `filter` first, then each refused row as `filter.<index>` (issue 20).
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: ['filter', ...issue.path], message: issue.message });
    return;
  }
  const rows = lead.customers.filter(rowIdentifies);
  if (rows.length === 0 && !rowsOptional) {
    ctx.addIssue({
      code: 'custom',
      path: ['customers'],
      message: lead.origin === 'M' ? LEAD_MESSAGES.customersRequired : LEAD_MESSAGES.rowsRequired,
    });
  }
}

function toLeadFields(lead: RawLead): LeadFields {
  const segmentation = lead.origin === 'S';
  return {
    description: lead.description,
    origin: lead.origin,
    filter: segmentation ? LeadConditions.parse(lead.filter) : [],
    always_valid: lead.always_valid,
    valid_until: lead.always_valid === 'N' ? (lead.valid_until ?? null) : null,
    auto_refresh: lead.auto_refresh,
    frequency_refresh:
      lead.auto_refresh === 'Y' ? (lead.frequency_refresh?.trim().split(/\s+/).join(' ') ?? null) : null,
    customers: segmentation ? [] : lead.customers.filter(rowIdentifies),
  };
}

/** POST /web/lead/new. */
export const LeadInput = z
  .object(leadFields)
  .superRefine((lead, ctx) => checkLead(lead, ctx, false))
  .transform(toLeadFields);
export type LeadInput = z.output<typeof LeadInput>;

/** PUT /web/lead/update: the lead fields plus its id; rows may be left out to keep the current members. */
export const LeadUpdate = z
  .object({
    ...leadFields,
    id: z.coerce
      .number({ error: LEAD_MESSAGES.notFound })
      .int()
      .positive(LEAD_MESSAGES.notFound)
      .max(Number.MAX_SAFE_INTEGER),
  })
  .superRefine((lead, ctx) => checkLead(lead, ctx, true))
  .transform((lead) => ({ ...toLeadFields(lead), id: lead.id }));
export type LeadUpdate = z.output<typeof LeadUpdate>;

/** POST /web/lead/new/list: a manual lead from a list of customer ids (geographic screen, analytics). */
export const LeadFromList = z.object({
  description: leadFields.description,
  customers: z
    .array(
      z.object({
        id_customer: z.coerce
          .number({ error: 'Cliente inválido.' })
          .int('Cliente inválido.')
          .positive('Cliente inválido.')
          .max(Number.MAX_SAFE_INTEGER),
      }),
      {
        error: LEAD_MESSAGES.customersRequired,
      },
    )
    .min(1, LEAD_MESSAGES.customersRequired)
    .max(MAX_LEAD_ROWS, `Envie no máximo ${MAX_LEAD_ROWS} clientes por lead.`),
});
export type LeadFromList = z.output<typeof LeadFromList>;

/** POST /web/leads/preview: the population a filter would have now. */
export const LeadPreview = z.object({ filter: LeadConditions });

/** POST /web/geolocation/count: a polygon of [latitude, longitude] vertices. */
export const GeoPolygon = z.object({
  polygon: z
    .array(z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]), {
      error: 'Desenhe uma área no mapa.',
    })
    .min(3, 'Desenhe uma área com ao menos 3 pontos.')
    .max(1_000, 'Desenhe uma área com no máximo 1000 pontos.'),
});

/** A lead as the API answers it. */
export interface Lead {
  id: number;
  description: string;
  origin: LeadOrigin;
  filter: LeadCondition[];
  status: LeadStatus;
  always_valid: 'Y' | 'N';
  valid_until: string | null;
  auto_refresh: 'Y' | 'N';
  frequency_refresh: string | null;
  population: number;
  created_at: string;
  updated_at: string;
}

/** A member row of a static lead's details. */
export interface LeadMember {
  id_customer: number;
  document: string;
  fullname: string;
  email: string | null;
  cellphone: string | null;
}

// ---------------------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------------------

export const TAG_DESCRIPTION_MAX = 60;

const tagDescription = z
  .string({ error: TAG_MESSAGES.descriptionRequired })
  .trim()
  .min(1, TAG_MESSAGES.descriptionRequired)
  .max(TAG_DESCRIPTION_MAX, `Máximo de ${TAG_DESCRIPTION_MAX} caracteres.`)
  .transform((v) => v.split(/\s+/).join(' '));

/** POST /web/tag/new. */
export const TagInput = z.object({ description: tagDescription });
export type TagInput = z.output<typeof TagInput>;

/** PUT /web/tag/update. */
export const TagUpdate = z.object({
  id: z.coerce
    .number({ error: TAG_MESSAGES.notFound })
    .int()
    .positive(TAG_MESSAGES.notFound)
    .max(Number.MAX_SAFE_INTEGER),
  description: tagDescription,
});
export type TagUpdate = z.output<typeof TagUpdate>;

export interface Tag {
  id: number;
  description: string;
  population: number;
  created_at: string;
  updated_at: string;
}
