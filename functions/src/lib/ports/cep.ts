/**
 * Postal-code (CEP) lookup through a ViaCEP-compatible service.
 *
 * The base URL comes from `CEP_BASE_URL` (read on every call so tests can point it at the local
 * stand-in server); default `https://viacep.com.br/ws`. The request is `GET {base}/{8 digits}/json/`.
 *
 * Also holds the small JSON-GET helper (User-Agent, 5 s timeout) the geocoding port reuses.
 */
import { DomainError } from '../errors';
import type { CepAnswer } from '@freguesia/shared/schemas/catalog';

/** An address found for a CEP: the API's answer (shared schema). */
export type CepAddress = CepAnswer;

interface ViaCepResponse {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  ibge?: string;
  erro?: boolean | string;
}

/** Default ViaCEP endpoint. */
export const DEFAULT_CEP_BASE_URL = 'https://viacep.com.br/ws';

/** Strips anything but digits: '01310-100' → '01310100'. */
export function cepDigits(cep: string): string {
  return cep.replace(/\D/g, '');
}

/**
 * Looks a CEP up. Returns `undefined` when the CEP is malformed (not 8 digits) or unknown;
 * throws {@link ExternalLookupError} when the service fails or takes longer than 5 s.
 */
export async function lookupCep(cep: string): Promise<CepAddress | undefined> {
  const digits = cepDigits(cep);
  if (digits.length !== 8) return undefined;
  const base = (process.env.CEP_BASE_URL ?? DEFAULT_CEP_BASE_URL).replace(/\/+$/, '');
  const body = await fetchJson<ViaCepResponse>(`${base}/${digits}/json/`, { notFoundAsUndefined: true });
  if (!body || body.erro === true || body.erro === 'true' || !body.localidade) return undefined;
  return {
    zipcode: cepDigits(body.cep ?? digits),
    address: body.logradouro ?? '',
    neighborhood: body.bairro ?? '',
    city: body.localidade,
    state: (body.uf ?? '').toUpperCase(),
    ibge: body.ibge ?? '',
  };
}

// ---- outbound JSON GET shared with ./geocode ----

/** Identifies us to public services (Nominatim's usage policy requires it). */
export const LOOKUP_USER_AGENT = 'Freguesia/1.0 (+https://freguesia.app)';
export const LOOKUP_TIMEOUT_MS = 5000;

/**
 * The external service failed (network error, timeout, 5xx, invalid JSON). A route that lets it
 * propagate answers 502 with a Portuguese message.
 */
export class ExternalLookupError extends DomainError {
  constructor(service: string, cause?: unknown) {
    super('unavailable', `Não foi possível consultar o serviço de ${service}. Tente novamente.`);
    this.name = 'ExternalLookupError';
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

/** GETs JSON; 404 (when asked) and 400 map to undefined; other failures throw ExternalLookupError. */
export async function fetchJson<T>(
  url: string,
  options: { notFoundAsUndefined?: boolean; service?: string } = {},
): Promise<T | undefined> {
  const service = options.service ?? 'CEP';
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'user-agent': LOOKUP_USER_AGENT, accept: 'application/json' },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ExternalLookupError(service, error);
  }
  // ViaCEP answers 400 for malformed CEPs; treat it like "not found".
  if (response.status === 400 || (response.status === 404 && options.notFoundAsUndefined)) return undefined;
  if (!response.ok) throw new ExternalLookupError(service, new Error(`HTTP ${response.status}`));
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new ExternalLookupError(service, error);
  }
}
