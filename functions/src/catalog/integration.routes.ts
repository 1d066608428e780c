import { ImportProductsRequest } from '@freguesia/shared/schemas/catalog';
import { route } from '../lib/http/route';
import { importProducts } from './import.service';

/**
 * ERP bulk import of products and prices (integration token). Up to 1,000 rows per request;
 * answers 200 `{accepted, created, updated, unchanged, rejected:[{index, code, errors}]}` even when
 * some rows are rejected. See import.service.ts for the contract.
 */
export const integrationRoutes = [
  route({
    method: 'POST',
    path: '/api/integration/products',
    auth: 'integration',
    body: ImportProductsRequest,
    maxBodyBytes: 5 * 1024 * 1024,
    handler: async ({ service, body }) => importProducts(service, body.products),
  }),
];
