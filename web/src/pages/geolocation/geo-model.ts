import { localDay, toDisplayDate } from '@freguesia/shared/domain/dates';
import type { PolygonPayload } from '../../api/geolocation';
import { formatCount } from '../../components/format';

/**
 * Pure pieces of the geographic screen (spec part 1 §2 '/geolocation', §5 'Lead'): the drawn
 * polygon as the count payload, the location typed in the search box as a geocoding query, the
 * default description of the lead and the count text.
 */

/** A vertex as Leaflet gives it (`L.LatLng` or a plain object). */
export interface LatLngLike {
  lat: number;
  lng: number;
}

/** What `L.Polygon#getLatLngs()` answers: a ring, rings (holes), or polygons of rings. */
export type PolygonLatLngs = LatLngLike[] | LatLngLike[][] | LatLngLike[][][];

export type { PolygonPayload };

/** Vertices are sent with 6 decimals (about 10 cm): more is noise in the request and in the cache key. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

const isLatLng = (value: unknown): value is LatLngLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LatLngLike).lat === 'number' &&
  typeof (value as LatLngLike).lng === 'number';

/** The outer ring of what Leaflet answers (the first ring of the first polygon). */
function outerRing(latlngs: PolygonLatLngs): LatLngLike[] {
  let ring: unknown = latlngs;
  while (Array.isArray(ring) && ring.length > 0 && !isLatLng(ring[0])) ring = ring[0];
  return Array.isArray(ring) ? ring.filter(isLatLng) : [];
}

/**
 * The drawn polygon → the count payload: its outer ring as [lat, lng] pairs rounded to 6
 * decimals, repeated consecutive vertices and the closing vertex (same as the first) left out.
 * Undefined when fewer than 3 distinct vertices remain (nothing to count).
 */
export function polygonPayload(latlngs: PolygonLatLngs): PolygonPayload | undefined {
  const points: PolygonPayload = [];
  for (const vertex of outerRing(latlngs)) {
    if (!Number.isFinite(vertex.lat) || !Number.isFinite(vertex.lng)) return undefined;
    const point: [number, number] = [round6(vertex.lat), round6(vertex.lng)];
    const last = points[points.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  return points.length >= 3 ? points : undefined;
}

/** The payload back as Leaflet vertices (to draw a polygon received from elsewhere). */
export function payloadLatLngs(polygon: PolygonPayload): LatLngLike[] {
  return polygon.map(([lat, lng]) => ({ lat, lng }));
}

/** Spec part 1 §5: 'Lead Geográfico' plus the date, DD/MM/YYYY in the business time zone. */
export function geographicLeadDescription(now: Date = new Date()): string {
  return `Lead Geográfico ${toDisplayDate(localDay(now)) ?? ''}`.trim();
}

/** 'N clientes na área' ('1 cliente na área'). */
export function populationText(population: number): string {
  return `${formatCount(population)} ${population === 1 ? 'cliente' : 'clientes'} na área`;
}

/** The notice of a location search that found nothing (spec part 1 §2), shown for 10 s. */
export const LOCATION_NOT_FOUND =
  'Nenhuma localização encontrada, melhore a busca ou tente novamente mais tarde.';
export const LOCATION_NOT_FOUND_MS = 10_000;

/** The geocoding query of the app (GET /web/geocode): street, optional number, city, state. */
export interface LocationQuery {
  address: string;
  number?: string;
  city: string;
  state: string;
}

/**
 * What is typed in the location search ('Avenida Paulista, 1000, São Paulo, SP',
 * 'Rua da Assembleia, Rio de Janeiro - RJ', 'Centro, Paraty/RJ') → the geocoding query: the last
 * part is the state (or 'city - UF' / 'city/UF'), the one before it the city, a part made only of
 * digits the number, the rest the street. 'City, UF' alone searches the city's name as the street
 * (a central place of it). Undefined when there is no city and state to search in.
 */
export function parseLocationSearch(text: string): LocationQuery | undefined {
  let parts = text
    .split(',')
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  // 'Rio de Janeiro - RJ' or 'Paraty/RJ' in the last part: split off the state.
  const last = parts[parts.length - 1];
  const cityState = last ? /^(.*\S)\s*(?:-|\/)\s*([A-Za-z]{2})$/.exec(last) : null;
  if (cityState) parts = [...parts.slice(0, -1), cityState[1]!, cityState[2]!];
  if (parts.length < 2) return undefined;
  const state = parts[parts.length - 1]!;
  const city = parts[parts.length - 2]!;
  const rest = parts.slice(0, -2);
  const number = rest.find((p) => /^\d+[A-Za-z]?$/.test(p));
  const street = rest.filter((p) => p !== number).join(', ');
  if (!/[A-Za-zÀ-ÿ]/.test(state) || !/[A-Za-zÀ-ÿ]/.test(city)) return undefined;
  return {
    address: street || city,
    ...(number ? { number } : {}),
    city,
    state: state.length === 2 ? state.toUpperCase() : state,
  };
}
