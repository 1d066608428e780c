import type { CepAnswer, GeocodeAnswer } from '@freguesia/shared/schemas/catalog';
import type { City, State } from '@freguesia/shared/domain/reference';
import { onlyDigits } from '@freguesia/shared/domain/masks';
import { api, ApiError } from './client';
import { queryClient, tenantKey } from './query-client';

/**
 * The reference and lookup calls behind the address block (spec part 1 §5, §7):
 * states, cities of a state, postal-code (CEP) lookup and geocoding. The CEP and geocoding calls
 * go through the staff proxies `/api/web/cep/{cep}` and `/api/web/geocode` (the browser never
 * calls ViaCEP / Nominatim directly).
 */

/** Spec part 1 §8: postal code with fewer than 8 digits, or unknown. */
export const ADDRESS_NOT_FOUND = 'Endereço não encontrado!';

// Reference data changes with a release, not during a session: read once, kept for the page's life
// (a failed read is not kept, so the next call tries again).
const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;

/** GET /api/web/states — the 27 UFs (cached for the page's life). */
export function fetchStates(): Promise<readonly State[]> {
  return queryClient.fetchQuery({
    queryKey: tenantKey('reference', 'states'),
    queryFn: () => api.get<State[]>('/web/states', { auth: 'none' }),
    ...FOREVER,
  });
}

/** GET /api/web/cities?state=UF — the municipalities of a state (cached per UF). */
export function fetchCities(state: string): Promise<readonly City[]> {
  const uf = state.trim().toUpperCase();
  return queryClient.fetchQuery({
    queryKey: tenantKey('reference', 'cities', uf),
    queryFn: () => api.get<City[]>('/web/cities', { query: { state: uf }, auth: 'none' }),
    ...FOREVER,
  });
}

/**
 * GET /api/web/cep/{cep}. Resolves `undefined` when the CEP has fewer than 8 digits or is unknown
 * (show ADDRESS_NOT_FOUND); rejects with ApiError when the service fails (502).
 */
export async function lookupCep(zipcode: string): Promise<CepAnswer | undefined> {
  const digits = onlyDigits(zipcode);
  if (digits.length !== 8) return undefined;
  try {
    return await api.get<CepAnswer>(`/web/cep/${digits}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}

export interface GeocodeQuery {
  address: string;
  number?: string;
  city: string;
  state: string;
}

/**
 * GET /api/web/geocode — coordinates of an address (the number closest to the typed one).
 * Resolves `undefined` when the address is incomplete or nothing was found; rejects with
 * ApiError when the service fails.
 */
export async function geocodeAddress(query: GeocodeQuery): Promise<GeocodeAnswer | undefined> {
  if (!query.address.trim() || !query.city.trim() || !query.state.trim()) return undefined;
  try {
    return await api.get<GeocodeAnswer>('/web/geocode', {
      query: {
        address: query.address.trim(),
        number: query.number?.trim() || undefined,
        city: query.city.trim(),
        state: query.state.trim(),
      },
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}
