import * as z from 'zod';
import {
  CUSTOMER_MESSAGES,
  CustomerForm,
  CustomerTagsUpdate,
  CustomerUpdate,
} from '@freguesia/shared/schemas/customer';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import {
  createCustomer,
  customerChannels,
  customerDetails,
  customerIdByDocument,
  customerMapPoints,
  customerSegments,
  deleteCustomer,
  listCustomers,
  storeMapPoints,
  setCustomerTags,
  updateCustomer,
} from './customers.service';

const READ = { action: 'read', subject: 'Customers' } as const;
const WRITE = { action: 'write', subject: 'Customers' } as const;

const idParam = z.object({ id: z.coerce.number({ error: 'Id inválido.' }).int().positive('Id inválido.') });

const listQuery = pageQuery(10).extend({
  q: z.string().trim().max(100, 'Busca muito longa.').default(''),
  field: z
    .enum(['document', 'fullname', 'email', 'cellphone'], { error: 'Campo de busca inválido.' })
    .optional()
    .catch(undefined),
});

/** Staff customer registry (spec part 1 §7 "Customers (staff)"). */
export const customerRoutes = [
  /** The list: newest first, or a search on one field's index (see `listCustomers`). */
  route({
    method: 'GET',
    path: '/api/web/customers',
    permission: READ,
    query: listQuery,
    handler: ({ service, query }) => listCustomers(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/customers/channels',
    permission: READ,
    handler: ({ service }) => customerChannels(service),
  }),
  /** Segments are the customer tags: [{segment, total}], largest first. */
  route({
    method: 'GET',
    path: '/api/web/customers/segments',
    permission: READ,
    handler: ({ service }) => customerSegments(service),
  }),
  /** Map points [{id, latitude, longitude}], at most 5,000 (in id order). */
  route({
    method: 'GET',
    path: '/api/web/customers/geo',
    permission: READ,
    handler: ({ service }) => customerMapPoints(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/customer/{id}',
    permission: READ,
    params: idParam,
    handler: ({ service, params }) => customerDetails(service, params.id),
  }),
  route({
    method: 'GET',
    path: '/api/web/customer/exists/{document}',
    permission: READ,
    params: z.object({ document: z.string() }),
    handler: async ({ service, params }) => ({ id: await customerIdByDocument(service, params.document) }),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/customer/delete',
    permission: WRITE,
    query: idParam,
    handler: async ({ service, query }) => {
      await deleteCustomer(service, query.id);
      return { message: 'Cliente excluído com sucesso' };
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/customer/new',
    permission: WRITE,
    body: CustomerForm,
    handler: async ({ service, body }) => ({
      id: (await createCustomer(service, body)).id,
      message: CUSTOMER_MESSAGES.created,
    }),
  }),
  route({
    method: 'PUT',
    path: '/api/web/customer/update',
    permission: WRITE,
    body: CustomerUpdate,
    handler: async ({ service, body }) => ({
      id: (await updateCustomer(service, body)).id,
      message: CUSTOMER_MESSAGES.updated,
    }),
  }),
  /** Only the tags of a customer (details page); the full update would re-validate the whole record. */
  route({
    method: 'PUT',
    path: '/api/web/customer/tags',
    permission: WRITE,
    body: CustomerTagsUpdate,
    handler: async ({ service, body }) => ({
      id: (await setCustomerTags(service, body.id, body.tags)).id,
      message: CUSTOMER_MESSAGES.updated,
    }),
  }),
  /** Stores with coordinates for the maps: [{id, name, latitude, longitude}] (store visibility applies). */
  route({
    method: 'GET',
    path: '/api/web/stores/geolocation',
    permission: null,
    handler: ({ service }) => storeMapPoints(service),
  }),
];
