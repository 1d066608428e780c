import * as z from '../domain/zod-pt';
import { AcceleratorRule, TICKET_MESSAGES, TicketInfo } from './ticket';

/**
 * Answers of the ticket campaign API (spec part 2 §3 'Ticket and prize records', §7), parsed by
 * the screens; the functions build them with these types only (the request schemas are in
 * `ticket.ts`, so the campaigns function does not bundle the answers' schemas).
 */

/** A saved prize as details and the customer tab show it. */
export const Gift = z.object({
  id: z.number(),
  id_store: z.number(),
  available_at: z.string(),
  gift: z.string(),
  qt_print: z.number(),
  id_customer: z.number().nullable(),
  won_at: z.string().nullable(),
});
export type Gift = z.output<typeof Gift>;

/** GET /web/campaign/details of a ticket campaign. */
export const TicketCampaignDetails = z.object({
  id: z.number(),
  description: z.string(),
  type: z.literal('T'),
  active: z.enum(['Y', 'N']),
  id_lead: z.number().nullable(),
  lead_description: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  info: TicketInfo,
  accelerators: z.array(AcceleratorRule),
  stores: z.array(z.object({ id_store: z.number() })),
  instant_prize: z.boolean(),
  gifts: z.array(Gift),
  campaign_stores: z.array(z.object({ id_store: z.number() })),
  campaign_info: TicketInfo,
  campaign_accelerators: z.array(AcceleratorRule),
  /** Tickets issued so far. */
  ticket_count: z.number(),
  /** A deleted campaign (GET /web/campaign/details?archived=Y): when it was deleted. */
  archived_at: z.string().optional(),
});
export type TicketCampaignDetails = z.output<typeof TicketCampaignDetails>;

/** A ticket (spec part 2 §3 'Ticket and prize records'), with what reprint and printing need. */
export const Ticket = z.object({
  id: z.number(),
  campaign_description: z.string(),
  status: z.enum(['CREATED', 'PRINTED']),
  created_at: z.string(),
  /** A reprint was released after it was printed (it may be printed once more). */
  reprint: z.boolean(),
  id_store: z.number(),
  id_basket: z.number(),
});
export type Ticket = z.output<typeof Ticket>;

/** A won prize (spec part 2 §3). */
export const WonPrize = z.object({
  id: z.number(),
  id_campaign: z.number(),
  campaign_description: z.string(),
  gift: z.string(),
  id_store: z.number(),
  won_at: z.string(),
  validated_tag: z.string().nullable(),
  validated_by: z.string().nullable(),
});
export type WonPrize = z.output<typeof WonPrize>;

/** PUT /web/campaign/gifts/validate (spec part 2 §7). */
export const GiftValidation = z.object({
  id: z.coerce
    .number({ error: TICKET_MESSAGES.prizeNotFound })
    .int(TICKET_MESSAGES.prizeNotFound)
    .positive(TICKET_MESSAGES.prizeNotFound)
    .max(Number.MAX_SAFE_INTEGER, TICKET_MESSAGES.prizeNotFound),
  /** Set by the server to the signed-in user; what the client sends is ignored. */
  validated_by: z.unknown().optional(),
  id_user_binding: z.unknown().optional(),
  dt_binding: z.unknown().optional(),
  /** The campaign (optional: the prize id is unique per tenant). */
  id_campaign: z.unknown().optional(),
});
