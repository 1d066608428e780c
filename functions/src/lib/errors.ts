/**
 * Domain errors: what services and repositories raise. They know nothing of HTTP; the HTTP
 * layer (`lib/http/middleware/errors.ts`) maps each kind to a status code, and queue
 * consumers or stream processors decide for themselves (retry, drop, dead-letter).
 *
 * Every message is Portuguese and meant for the user who caused it.
 */
export type DomainErrorKind =
  | 'not-found'
  | 'conflict'
  | 'invalid'
  | 'forbidden'
  | 'unauthenticated'
  | 'rate-limited'
  /** An external service we depend on failed (postal-code or geocoding lookup, provider). */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Extra fields for the caller (e.g. `errors` per field, an `id` that already exists). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Bad input: one Portuguese message per field; `message` is the first of them. */
export class InvalidError extends DomainError {
  constructor(
    readonly errors: Record<string, string>,
    message?: string,
  ) {
    super('invalid', message ?? Object.values(errors)[0] ?? 'Dados inválidos.', { errors });
    this.name = 'InvalidError';
  }
}

/** Too many attempts: the caller may retry after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate-limited', message);
    this.name = 'RateLimitedError';
  }
}

export const NOT_FOUND_MESSAGE = 'Registro não encontrado.';
export const FORBIDDEN_MESSAGE = 'Você não tem permissão para realizar esta ação.';
export const UNAUTHENTICATED_MESSAGE = 'Sessão inválida ou expirada. Faça login novamente.';

export const notFound = (message = NOT_FOUND_MESSAGE) => new DomainError('not-found', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('conflict', message, details);
export const forbidden = (message = FORBIDDEN_MESSAGE) => new DomainError('forbidden', message);
export const unauthenticated = (message = UNAUTHENTICATED_MESSAGE) =>
  new DomainError('unauthenticated', message);
/** One field's message, or several: `invalid({ email: 'E-mail inválido' })`. */
export const invalid = (errors: Record<string, string> | string, field = 'message'): InvalidError =>
  typeof errors === 'string' ? new InvalidError({ [field]: errors }, errors) : new InvalidError(errors);
export const unavailable = (message: string, cause?: unknown) => {
  const error = new DomainError('unavailable', message);
  if (cause !== undefined) (error as { cause?: unknown }).cause = cause;
  return error;
};
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new RateLimitedError(message, retryAfterSeconds);

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/** Maps zod issues to `{ field: message }` (dot paths; the first message per field wins). */
export function fieldErrors(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    errors[field] ??= issue.message;
  }
  return errors;
}
