import * as z from 'zod';
import { periodQuery } from '@freguesia/shared/schemas/ticket';
import { GiftValidation } from '@freguesia/shared/schemas/ticket-api';
import { route } from '../lib/http/route';
import { customerPrizes, followedTicketCampaigns, printTickets, validatePrize } from './tickets.service';

const positive = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

const READ_CUSTOMERS = { action: 'read', subject: 'Customers' } as const;

/**
 * Ticket campaigns' follow-up (spec part 2 §2.5, §7; part 1 §2 customer details › Campaigns). The
 * customer's tickets and the reprint release are served by the campaigns function under the spec's
 * `/web/campaigns/{id}/tickets/...` paths (thin calls into this domain's service).
 */
export const ticketRoutes = [
  route({
    method: 'GET',
    path: '/api/web/campaign/gifts/customer',
    permission: READ_CUSTOMERS,
    query: periodQuery('gte_date', 'lte_date').and(
      z.object({ id_customer: positive('Cliente não encontrado.') }),
    ),
    handler: ({ service, query }) =>
      customerPrizes(service, query.id_customer, { from: query.gte_date, to: query.lte_date }),
  }),
  route({
    method: 'PUT',
    path: '/api/web/campaign/gifts/validate',
    permission: { action: 'write', subject: 'Campaigns' },
    body: GiftValidation,
    handler: ({ service, body }) => validatePrize(service, body.id),
  }),
  /** The ticket campaigns the Campaigns tab offers (path ours). */
  route({
    method: 'GET',
    path: '/api/web/tickets/campaigns',
    permission: READ_CUSTOMERS,
    handler: ({ service }) => followedTicketCampaigns(service),
  }),
  /** Prints tickets (path ours): those never printed or with a reprint released become PRINTED. */
  route({
    method: 'PUT',
    path: '/api/web/tickets/print',
    permission: READ_CUSTOMERS,
    body: z.object({
      id_campaign: positive('Campanha não encontrada.'),
      ids: z
        .array(positive('Ticket inválido.'), { error: 'Envie a lista de tickets.' })
        .min(1, 'Selecione ao menos um ticket.')
        .max(1_000, 'Imprima no máximo 1.000 tickets por vez.'),
    }),
    handler: ({ service, body }) => printTickets(service, body.id_campaign, body.ids),
  }),
];
