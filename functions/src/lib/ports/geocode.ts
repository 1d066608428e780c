/**
 * Geocoding through a Nominatim-compatible service (`/search?format=jsonv2`).
 *
 * The base URL comes from `GEOCODE_BASE_URL` (read on every call so tests can point it at the local
 * stand-in server); default `https://nominatim.openstreetmap.org`. Requests carry a User-Agent and
 * time out after 5 s.
 */
import { fetchJson } from './cep';

export { ExternalLookupError } from './cep';

export interface GeocodeQuery {
  /** Street, e.g. 'Avenida Paulista'. */
  address: string;
  /** House number; optional. */
  number?: string | number | null;
  city: string;
  /** Two-letter state code or name. */
  state: string;
}

export interface GeocodeResult {
  lat: number;
  lon: number;
  place_id: number;
  display_name: string;
}

interface NominatimPlace {
  place_id?: number | string;
  lat?: string | number;
  lon?: string | number;
  display_name?: string;
}

/** Default Nominatim endpoint. */
export const DEFAULT_GEOCODE_BASE_URL = 'https://nominatim.openstreetmap.org';

/**
 * Finds coordinates for an address. Returns `undefined` when nothing matches; throws
 * ExternalLookupError (an 'unavailable' domain error, 502 over HTTP) when the service fails or times out.
 */
export async function geocode(query: GeocodeQuery): Promise<GeocodeResult | undefined> {
  const base = (process.env.GEOCODE_BASE_URL ?? DEFAULT_GEOCODE_BASE_URL).replace(/\/+$/, '');
  const number = query.number === undefined || query.number === null ? '' : String(query.number).trim();
  const street = [number, query.address.trim()].filter(Boolean).join(' ');
  const params = new URLSearchParams({
    street,
    city: query.city.trim(),
    state: query.state.trim(),
    country: 'Brasil',
    format: 'jsonv2',
    limit: '1',
  });
  const places = await fetchJson<NominatimPlace[]>(`${base}/search?${params.toString()}`, {
    notFoundAsUndefined: true,
    service: 'geolocalização',
  });
  const first = Array.isArray(places) ? places[0] : undefined;
  if (!first || first.lat === undefined || first.lon === undefined) return undefined;
  const lat = Number(first.lat);
  const lon = Number(first.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  return { lat, lon, place_id: Number(first.place_id ?? 0), display_name: first.display_name ?? '' };
}
