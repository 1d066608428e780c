import * as z from 'zod';
import { CUSTOMER_MESSAGES, PortalCustomer } from '@freguesia/shared/schemas/customer';
import { text } from '../lib/http/response';
import { route } from '../lib/http/route';
import {
  loginFromPortal,
  portalAddressByCep,
  portalCustomerExists,
  portalMe,
  portalTags,
  registerFromPortal,
  updateFromPortal,
} from './portal.service';

/**
 * The public self-registration portal (spec part 1 §2 "/cadastro", §7 "Session and portal").
 * Rate limits and the portal's rules live in `portal.service.ts`.
 */

const documentQuery = z.object({
  document: z
    .string({ error: 'Informe o CPF.' })
    .trim()
    .min(1, 'Informe o CPF.')
    .max(30, 'Documento inválido.'),
});

const loginInput = documentQuery.extend({
  password: z.string().max(200).optional(),
  token: z.string().optional(),
});

export const routes = [
  /** The portal's postal-code lookup: the staff one, public and rate-limited per IP. */
  route({
    method: 'GET',
    path: '/api/customer/cep/{cep}',
    auth: 'public',
    params: z.object({ cep: z.string().max(20) }),
    handler: ({ service, params }) => portalAddressByCep(service, params.cep),
  }),
  /** Empty text (200) when unknown, otherwise `{id}` only. */
  route({
    method: 'GET',
    path: '/api/customer/exists',
    auth: 'public',
    query: documentQuery,
    handler: async ({ service, query }) => {
      const id = await portalCustomerExists(service, query.document);
      return id ? { id } : text(200, '');
    },
  }),
  /** Self-registration: public, rate-limited per IP and per document. */
  route({
    method: 'POST',
    path: '/api/customer/public/new',
    auth: 'public',
    body: PortalCustomer,
    handler: async ({ service, body }) => ({
      id: (await registerFromPortal(service, body)).id,
      message: CUSTOMER_MESSAGES.portalCreated,
    }),
  }),
  /**
   * `{id, token}`; an unknown document answers `{id: '0', token: null}`. The spec's GET sends
   * the password in the query string and stays for its clients; the portal uses the POST with
   * a JSON body (same answers), since query strings end up in access logs.
   */
  route({
    method: 'GET',
    path: '/api/customer/login',
    auth: 'public',
    query: loginInput,
    handler: ({ service, query }) => loginFromPortal(service, query),
  }),
  route({
    method: 'POST',
    path: '/api/customer/login',
    auth: 'public',
    body: loginInput,
    handler: ({ service, body }) => loginFromPortal(service, body),
  }),
  /** The signed-in customer's own record (no password, no staff-only fields). */
  route({
    method: 'GET',
    path: '/api/customer/me',
    auth: 'customer',
    handler: ({ service }) => portalMe(service),
  }),
  /** Updates only the token's own customer; the password is optional here. */
  route({
    method: 'PUT',
    path: '/api/customer/update',
    auth: 'customer',
    body: z.intersection(
      z.object({ id: z.coerce.number().int().optional().catch(undefined) }),
      PortalCustomer,
    ),
    handler: async ({ service, body }) => ({
      id: (await updateFromPortal(service, body)).id,
      message: CUSTOMER_MESSAGES.portalUpdated,
    }),
  }),
  /** Interest tags offered by the portal: [{description}] from the `portal_tags` setting. */
  route({
    method: 'GET',
    path: '/api/web/tags/public',
    auth: 'public',
    handler: async ({ service }) => (await portalTags(service)).map((description) => ({ description })),
  }),
  /** The same list in the shape the portal reads after login (`data.data`). */
  route({
    method: 'GET',
    path: '/api/tags',
    auth: 'public',
    handler: async ({ service }) => ({
      data: { data: (await portalTags(service)).map((description) => ({ description })) },
    }),
  }),
];
