import { setFlash } from '../app/flash';
import { clearSession, sessionToken } from '../app/session';

/**
 * The API client: `fetch` against `/api` on the current host (the API resolves the tenant
 * from the host), JSON in and out.
 *
 * Authorization: by default the staff session's token is sent as `Bearer <token>` when one
 * is stored (spec part 1 §7). `auth: 'none'` sends nothing (login, public pages) and
 * `auth: {token}` sends another token (the portal's customer token).
 *
 * 401: when the request carried the staff session token, the session is over — the
 * 'Token' notice is stored as a one-shot flash, the stored user is removed and the browser
 * goes to /login, where the notice is shown. Requests that did not carry the staff token
 * (a failed login, a customer's portal call) just reject with `ApiError`, so a wrong
 * password is never reported as an expired token.
 */

export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Serialised as JSON unless it is FormData / Blob / string. */
  body?: unknown;
  auth?: 'session' | 'none' | { token: string };
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A non-2xx answer. `message` is the server's Portuguese `message` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const EXPIRED_TOKEN_NOTICE = {
  type: 'error',
  header: 'Token',
  content: 'Seu token foi expirado, faça login novamente para continuar.',
} as const;

/** `/api` + path + query string; null/undefined query values are left out. */
export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = API_BASE + (path.startsWith('/') ? path : `/${path}`);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** The error text of an error body: `message` (spec), else `error` (short links), else undefined. */
export function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'error']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

let leavingForLogin = false;

/** Ends the staff session after a 401 and goes to /login with the 'Token' notice. */
export function handleExpiredSession(): void {
  // Several calls may fail at once; the first one leads, the others just reject.
  if (leavingForLogin) return;
  leavingForLogin = true;
  setFlash(EXPIRED_TOKEN_NOTICE);
  clearSession();
  window.location.assign('/login');
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Performs one call and resolves with the parsed body; rejects with ApiError on non-2xx. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, auth = 'session', signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = auth === 'session' ? sessionToken() : auth === 'none' ? undefined : auth.token;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  const parsed = await parseBody(response);
  if (response.ok) return parsed as T;

  if (response.status === 401 && auth === 'session' && token) handleExpiredSession();
  throw new ApiError(response.status, errorMessage(parsed) ?? `Erro ${response.status}`, parsed);
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The server's per-field messages of a failed call (`errors` of a 400), keyed by field path. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body as { errors?: unknown } | undefined;
  const errors = body && typeof body === 'object' ? body.errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors as Record<string, unknown>)) {
    if (typeof message === 'string') result[field] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') result[field] = message[0];
  }
  return result;
}

/** What a failure notice says: the server's message, else a generic Portuguese text. */
export function failureMessage(
  error: unknown,
  fallback = 'Não foi possível concluir a operação. Tente novamente.',
): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
