import { fieldErrors } from '../lib/errors';
import { invalid } from '../lib/errors';
import { route } from '../lib/http/route';
import { basketsRepository, type IngestResult, type NewBasket } from '../customers/baskets-repository';
import { storeRefs } from '../customers/stores';
import { BasketInput, basketRows } from './schema';

/**
 * POS integration (auth: the tenant's integration token in `x-api-key` or `Authorization:
 * Bearer`). Every row is validated on its own: rejected rows come back with their errors,
 * accepted rows are stored, replays answer the stored id with `duplicate: true`. See
 * `schema.ts` for the contract.
 */
export const routes = [
  route({
    method: 'POST',
    path: '/api/integration/baskets',
    auth: 'integration',
    maxBodyBytes: 6 * 1024 * 1024,
    handler: async ({ tenant, body }) => {
      const rows = basketRows(body);
      if (typeof rows === 'string') throw invalid(rows);
      const stores = new Set((await storeRefs(tenant.id)).map((s) => s.id));
      const results: IngestResult[] = [];
      const accepted: { index: number; basket: NewBasket }[] = [];
      rows.forEach((row, index) => {
        const parsed = BasketInput.safeParse(row);
        if (!parsed.success) results.push({ index, id: null, errors: fieldErrors(parsed.error) });
        else if (!stores.has(parsed.data.idStore)) results.push({ index, id: null, errors: { id_store: 'Loja não encontrada.' } });
        else accepted.push({ index, basket: parsed.data });
      });
      results.push(...(await basketsRepository(tenant.id).ingest(accepted)));
      results.sort((a, b) => a.index - b.index);
      return {
        accepted: results.filter((r) => r.id !== null && !r.duplicate).length,
        duplicates: results.filter((r) => r.duplicate).length,
        rejected: results.filter((r) => r.errors).length,
        results,
      };
    },
  }),
];
