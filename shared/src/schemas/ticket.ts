import { addDays, isDay, localDay } from '../domain/dates';
import { centsToNumber, parseMoney } from '../domain/money';
import { NO_END_DATE } from '../domain/campaign-dynamics';
import { ACCELERATOR_TYPES } from '../domain/tickets';
import * as z from '../domain/zod-pt';

/**
 * Ticket campaigns on the wire (spec part 2 §2.4, §2.5, §3 'Ticket campaign', 'Accelerator rule',
 * 'Ticket and prize records', §5, §7, §8). The editor and `POST /web/campaign/new` /
 * `PUT /web/campaign/update` (type 'T') validate with the same schema.
 */

export const TICKET_MESSAGES = {
  description: 'Informe a descrição da campanha',
  period: 'Selecione o Período',
  startDate: 'Informe a data de início',
  periodOrder: 'A data final deve ser igual ou posterior à inicial.',
  value: 'Informe o valor de troca',
  layout: 'Informe o layout do ticket',
  store: 'Selecione uma loja para a campanha!',
  acceleratorType: 'Selecione o tipo do acelerador',
  factor: 'Informe o fator multiplicador (0 ou mais)',
  requisite: 'Selecione o requisito do acelerador',
  minimum: 'Informe o valor mínimo',
  items: 'Selecione ao menos um item para o acelerador',
  giftStore: 'O prêmio deve ser de uma loja selecionada na campanha.',
  validated: 'Prêmio Validado ao cliente com sucesso !',
  alreadyValidated: 'Este prêmio já foi validado.',
  prizeNotFound: 'Prêmio não encontrado.',
  reprintNone: 'Selecione ao menos um ticket impresso para liberar a reimpressão.',
  saved: 'Campanha cadastrada com sucesso',
  updated: 'Campanha alterada com sucesso',
} as const;

export const TICKET_STATUS_LABELS = { CREATED: 'Gerado', PRINTED: 'Impresso' } as const;
export type TicketStatus = keyof typeof TICKET_STATUS_LABELS;

/** Gifts a campaign may hold (a year of a prize an hour in 1,000 stores is beyond; 20,000 covers the 10,000-row import twice). */
export const MAX_GIFTS = 20_000;

const empty = (v: unknown) => v === undefined || v === null || v === '';
const yesNo = (fallback: 'Y' | 'N') =>
  z.preprocess(
    (v) => (v === true ? 'Y' : v === false ? 'N' : empty(v) ? undefined : v),
    z.enum(['Y', 'N'], { error: "Use 'Y' ou 'N'." }).default(fallback),
  );
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const day = (message: string) =>
  z.string({ error: message }).trim().min(1, message).refine(isDay, 'Data inválida: use AAAA-MM-DD.');

/** Reais on the wire (12.5, '12,50') with 2 decimals; null when empty. */
const reais = (message: string) =>
  z.unknown().transform((value, ctx): number | null => {
    if (empty(value)) return null;
    const cents = typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
    if (cents === undefined || cents < 0 || cents > 999_999_999) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return centsToNumber(cents);
  });

/** An accelerator rule (spec part 2 §3 'Accelerator rule'). */
export const AcceleratorRule = z
  .object({
    logical_operator: z.preprocess(
      (v) => (empty(v) ? 'and' : typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(['and', 'or'], { error: 'Operador lógico inválido.' }),
    ),
    type: z.enum(ACCELERATOR_TYPES, { error: TICKET_MESSAGES.acceleratorType }),
    multiplier_factor: z.preprocess(
      (v) => (empty(v) ? undefined : v),
      z.coerce
        .number({ error: TICKET_MESSAGES.factor })
        .int(TICKET_MESSAGES.factor)
        .min(0, TICKET_MESSAGES.factor)
        .max(100, 'O fator deve ser de no máximo 100.'),
    ),
    condition: z.preprocess((v) => (empty(v) ? null : v), z.literal('>=').nullable()).default(null),
    value: reais('O valor mínimo deve ser um número com até 2 casas decimais.').default(null),
    requisite: z.enum(['all', 'any'], { error: TICKET_MESSAGES.requisite }),
    items: z
      .array(
        z.object({
          item_id: z
            .union([z.string(), z.number()], { error: 'Item inválido.' })
            .transform((v) => String(v).trim())
            .pipe(z.string().min(1, 'Item inválido.').max(60, 'Item inválido.')),
        }),
      )
      .max(5_000, 'Informe no máximo 5.000 itens por acelerador.')
      .default([]),
  })
  .superRefine((rule, ctx) => {
    if (rule.condition === '>=' && (rule.value === null || rule.value <= 0))
      ctx.addIssue({ code: 'custom', path: ['value'], message: TICKET_MESSAGES.minimum });
    if (rule.items.length === 0)
      ctx.addIssue({ code: 'custom', path: ['items'], message: TICKET_MESSAGES.items });
  });
export type AcceleratorRule = z.output<typeof AcceleratorRule>;

/** A release instant with the business offset ('2026-12-01T14:37:00-03:00'). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/;

/** A prize of the schedule (spec part 2 §3: id_store, available_at, gift, qt_print). */
export const GiftInput = z.object({
  /** Present for a prize already saved (kept as is on update). */
  id: id('Prêmio inválido.').optional(),
  id_store: id('Loja inválida.'),
  available_at: z
    .string({ error: 'Data de liberação inválida.' })
    .trim()
    .regex(INSTANT, 'Data de liberação inválida.')
    .refine((v) => isDay(v.slice(0, 10)), 'Data de liberação inválida.'),
  gift: z
    .string({ error: 'Informe o prêmio.' })
    .trim()
    .min(1, 'Informe o prêmio.')
    .max(200, 'Máximo de 200 caracteres.'),
  qt_print: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type GiftInput = z.output<typeof GiftInput>;

export const TicketInfo = z.object({
  need_terms: yesNo('N'),
  value: reais('O valor de troca deve ser um número com até 2 casas decimais.').refine(
    (v) => v !== null && v > 0,
    TICKET_MESSAGES.value,
  ),
  layout_body: z
    .string({ error: TICKET_MESSAGES.layout })
    .trim()
    .min(1, TICKET_MESSAGES.layout)
    .max(20_000, 'Máximo de 20.000 caracteres.'),
  can_accumulate: yesNo('N'),
  /** The gift layout: when set, the campaign gives instant prizes. */
  layout_gift: z.preprocess(
    (v) => (empty(v) ? null : v),
    z.string().trim().max(20_000, 'Máximo de 20.000 caracteres.').nullable(),
  ),
});
export type TicketInfo = z.output<typeof TicketInfo>;

/** The payload of a ticket campaign (spec part 2 §3 'Ticket campaign'). */
export const TicketCampaign = z
  .object({
    id: id('Campanha inválida.').optional(),
    description: z
      .string({ error: TICKET_MESSAGES.description })
      .trim()
      .min(1, TICKET_MESSAGES.description)
      .max(200, 'Máximo de 200 caracteres.'),
    type: z.literal('T'),
    active: yesNo('Y'),
    id_lead: z
      .preprocess((v) => (empty(v) || v === 0 ? null : v), id('Lead inválido.').nullable())
      .default(null),
    start_at: day(TICKET_MESSAGES.period),
    end_at: z.preprocess((v) => (empty(v) ? NO_END_DATE : v), day(TICKET_MESSAGES.period)),
    updated_at: z.string().optional(),
    info: TicketInfo,
    accelerators: z.array(AcceleratorRule).max(50, 'Informe no máximo 50 aceleradores.').default([]),
    stores: z
      .array(z.object({ id_store: id('Loja inválida.') }), { error: TICKET_MESSAGES.store })
      .min(1, TICKET_MESSAGES.store),
    /** Derived on save: true when `info.layout_gift` is not empty. */
    instant_prize: z.boolean().optional(),
    gifts: z.array(GiftInput).max(MAX_GIFTS, `Informe no máximo ${MAX_GIFTS} prêmios.`).default([]),
  })
  .superRefine((c, ctx) => {
    if (c.end_at < c.start_at)
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: TICKET_MESSAGES.periodOrder });
    const stores = new Set(c.stores.map((s) => s.id_store));
    const bad = c.gifts.findIndex((g) => !stores.has(g.id_store));
    if (bad >= 0)
      ctx.addIssue({ code: 'custom', path: ['gifts', bad, 'id_store'], message: TICKET_MESSAGES.giftStore });
  });
export type TicketCampaign = z.output<typeof TicketCampaign>;

/** PUT /web/campaigns/{id}/tickets/reprint: a list of ticket ids (or `{ids: [...]}`). */
export const ReprintBody = z
  .union([z.array(z.unknown()), z.object({ ids: z.array(z.unknown()) })], {
    error: 'Envie a lista de tickets.',
  })
  .transform((v) => (Array.isArray(v) ? v : v.ids))
  .pipe(
    z
      .array(id('Ticket inválido.'), { error: 'Envie a lista de tickets.' })
      .min(1, TICKET_MESSAGES.reprintNone)
      .max(1_000, 'Libere no máximo 1.000 tickets por vez.'),
  );

/** A period filter's answer limit: tickets and prizes of one customer. */
export const CUSTOMER_LIST_LIMIT = 1_000;

const optionalDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().refine(isDay, 'Data inválida: use AAAA-MM-DD.').optional(),
);

/**
 * A period filter of the customer's Campaigns tab (`gteDate`/`lteDate` for tickets,
 * `gte_date`/`lte_date` for prizes): both days optional, by default the last 365 days up to today
 * (America/Sao_Paulo); the end may not come before the start.
 */
export const periodQuery = <F extends string, T extends string>(from: F, to: T) =>
  z
    .object({ [from]: optionalDay, [to]: optionalDay })
    .transform((q) => {
      const read = q as Record<string, string | undefined>;
      const end = read[to] ?? localDay();
      const start = read[from] ?? addDays(end, -365);
      return { [from]: start, [to]: end } as Record<F | T, string>;
    })
    .refine((q) => (q as Record<string, string>)[from]! <= (q as Record<string, string>)[to]!, {
      message: TICKET_MESSAGES.periodOrder,
      path: [to],
    });
