import { z } from 'zod';
import type { CepAnswer, GeocodeAnswer } from '@freguesia/shared/schemas/catalog';
import { HttpError, notFound } from '../lib/http/errors';
import { route } from '../lib/http/route';
import { cepDigits, lookupCep } from '../lib/ports/cep';
import { geocode } from '../lib/ports/geocode';

/** Spec part 1 §8: postal-code lookup with fewer than 8 digits (and, here, an unknown CEP). */
export const ADDRESS_NOT_FOUND = 'Endereço não encontrado!';
/** Spec part 1 §2 (geographic screen): the notice when a location search finds nothing. */
export const LOCATION_NOT_FOUND = 'Nenhuma localização encontrada, melhore a busca ou tente novamente mais tarde.';

/**
 * Staff proxies of the external postal-code and geocoding services, so the browser never calls
 * third parties directly (their base URLs come from CEP_BASE_URL / GEOCODE_BASE_URL). Any signed-in
 * staff user may call them: the store and customer forms both need them.
 */
/** Looks a CEP up for the staff route and the portal's public one (same answers and errors). */
export async function answerCep(cep: string): Promise<CepAnswer> {
  if (cepDigits(cep).length !== 8) throw new HttpError(400, ADDRESS_NOT_FOUND, { errors: { cep: ADDRESS_NOT_FOUND } });
  const found = await lookupCep(cep);
  if (!found) throw notFound(ADDRESS_NOT_FOUND);
  return found;
}

export const lookupRoutes = [
  route({
    method: 'GET',
    path: '/api/web/cep/{cep}',
    permission: null,
    params: z.object({ cep: z.string() }),
    handler: async ({ params }) => answerCep(params.cep),
  }),
  route({
    method: 'GET',
    path: '/api/web/geocode',
    permission: null,
    query: z.object({
      address: z.string({ error: 'Informe o endereço.' }).trim().min(1, 'Informe o endereço.').max(200),
      number: z.string().trim().max(20).optional(),
      city: z.string({ error: 'Informe a cidade.' }).trim().min(1, 'Informe a cidade.').max(100),
      state: z.string({ error: 'Informe o estado (UF).' }).trim().min(1, 'Informe o estado (UF).').max(40),
    }),
    handler: async ({ query }): Promise<GeocodeAnswer> => {
      const found = await geocode(query);
      if (!found) throw notFound(LOCATION_NOT_FOUND);
      return found;
    },
  }),
];
