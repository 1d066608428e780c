import { route } from '../lib/http/route';
import { receiveBaskets } from './baskets.service';

/**
 * POS integration (auth: the tenant's integration token in `x-api-key` or `Authorization:
 * Bearer`). The body is validated row by row by the service (partial acceptance), so the
 * route declares no body schema. See `baskets.schema.ts` for the contract.
 */
export const routes = [
  route({
    method: 'POST',
    path: '/api/integration/baskets',
    auth: 'integration',
    maxBodyBytes: 6 * 1024 * 1024,
    handler: ({ service, body }) => receiveBaskets(service, body),
  }),
];
