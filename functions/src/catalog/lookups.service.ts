import type { CepAnswer, GeocodeAnswer } from '@freguesia/shared/schemas/catalog';
import type { ServiceContext } from '../lib/context';
import { InvalidError, notFound } from '../lib/errors';
import { cepDigits, lookupCep } from '../lib/ports/cep';
import { geocode, type GeocodeQuery } from '../lib/ports/geocode';

/** Spec part 1 §8: postal-code lookup with fewer than 8 digits (and, here, an unknown CEP). */
export const ADDRESS_NOT_FOUND = 'Endereço não encontrado!';
/** Spec part 1 §2 (geographic screen): the notice when a location search finds nothing. */
export const LOCATION_NOT_FOUND =
  'Nenhuma localização encontrada, melhore a busca ou tente novamente mais tarde.';

/**
 * Postal-code and geocoding lookups, proxied so the browser never calls third parties
 * directly. Used by the staff routes and by the portal's public CEP route (same answers and
 * errors).
 */
export async function findAddressByCep(_ctx: ServiceContext, cep: string): Promise<CepAnswer> {
  if (cepDigits(cep).length !== 8) throw new InvalidError({ cep: ADDRESS_NOT_FOUND });
  const found = await lookupCep(cep);
  if (!found) throw notFound(ADDRESS_NOT_FOUND);
  return found;
}

export async function findLocation(_ctx: ServiceContext, query: GeocodeQuery): Promise<GeocodeAnswer> {
  const found = await geocode(query);
  if (!found) throw notFound(LOCATION_NOT_FOUND);
  return found;
}
