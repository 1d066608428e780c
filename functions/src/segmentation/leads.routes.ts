import * as z from 'zod';
import { LEAD_MESSAGES, LeadFromList, LeadInput, LeadUpdate } from '@freguesia/shared/schemas/segmentation';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import {
  createLead,
  createLeadFromList,
  deleteLead,
  leadDetails,
  leadMembers,
  listLeads,
  updateLead,
  validLeads,
} from './leads.service';

const READ = { action: 'read', subject: 'Leads' } as const;
const WRITE = { action: 'write', subject: 'Leads' } as const;

const idQuery = z.object({
  id: z.coerce
    .number({ error: LEAD_MESSAGES.notFound })
    .int(LEAD_MESSAGES.notFound)
    .positive(LEAD_MESSAGES.notFound)
    .max(Number.MAX_SAFE_INTEGER),
});

/** A file or e-mail lead of 50,000 rows is a few MB of JSON (Lambda's payload limit is 6 MB). */
const LEAD_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Leads (spec part 1 §7 'Leads and tags'). The export (`/api/web/leads/export`) is a job of the exports
 * domain; the population of a filter being edited and the geographic count are the `lead-preview`
 * function's (src/lead-preview).
 */
export const leadRoutes = [
  route({
    method: 'GET',
    path: '/api/web/leads',
    permission: READ,
    query: pageQuery(50, 200).extend({ q: z.string().trim().max(100, 'Busca muito longa.').default('') }),
    handler: ({ service, query }) => listLeads(service, query),
  }),
  /** Leads usable now: [{id, description, population, origin}]. */
  route({
    method: 'GET',
    path: '/api/web/leads/valid',
    permission: READ,
    handler: ({ service }) => validLeads(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/lead/details',
    permission: READ,
    query: idQuery,
    handler: ({ service, query }) => leadDetails(service, query.id),
  }),
  /** 'Detalhes' (issue 20): `{data: [{id_customer, document, fullname, email, cellphone}], total, cursor}`, 50 a page, `q` searches. */
  route({
    method: 'GET',
    path: '/api/web/lead/members',
    permission: READ,
    query: idQuery.extend({
      cursor: z
        .string()
        .trim()
        .regex(/^\d{1,2}:\d{1,15}$/, 'Página inválida.')
        .optional(),
      q: z.string().trim().max(100, 'Busca muito longa.').optional(),
    }),
    handler: ({ service, query }) => leadMembers(service, query.id, { cursor: query.cursor, q: query.q }),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/lead/delete',
    permission: WRITE,
    query: idQuery,
    handler: async ({ service, query }) => {
      await deleteLead(service, query.id);
      return { id: query.id };
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/lead/new',
    permission: WRITE,
    body: LeadInput,
    maxBodyBytes: LEAD_BODY_BYTES,
    handler: ({ service, body }) => createLead(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/lead/update',
    permission: WRITE,
    query: z.object({
      keep_old_customers: z
        .string()
        .optional()
        .transform((v) => ['Y', 'S', '1', 'TRUE'].includes((v ?? '').trim().toUpperCase())),
    }),
    body: LeadUpdate,
    maxBodyBytes: LEAD_BODY_BYTES,
    handler: ({ service, body, query }) => updateLead(service, body, query.keep_old_customers),
  }),
  /** A manual lead from customer ids: {id}. */
  route({
    method: 'POST',
    path: '/api/web/lead/new/list',
    permission: WRITE,
    body: LeadFromList,
    maxBodyBytes: LEAD_BODY_BYTES,
    handler: ({ service, body }) => createLeadFromList(service, body),
  }),
];
