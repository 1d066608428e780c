import type { DomainError, DomainErrorKind } from '../errors';

/**
 * Transport-level failures that only the HTTP layer can have (unknown route, wrong method,
 * body too large, malformed JSON). Everything else is a domain error (`lib/errors.ts`),
 * mapped to a status here.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 502,
};

/** The HTTP answer for a domain error: its status, `{message, ...details}` and headers. */
export function fromDomainError(error: DomainError): HttpError {
  const headers: Record<string, string> = {};
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  return new HttpError(STATUS[error.kind], error.message, error.details, headers);
}
