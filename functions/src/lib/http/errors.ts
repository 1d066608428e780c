/**
 * Errors a route may throw. The error middleware turns them into JSON responses with a
 * Portuguese `message`; anything that is not an HttpError becomes a generic 500.
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

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'Sessão inválida ou expirada. Faça login novamente.') =>
  new HttpError(401, message);
export const forbidden = (message = 'Você não tem permissão para realizar esta ação.') =>
  new HttpError(403, message);
export const notFound = (message = 'Registro não encontrado.') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { 'retry-after': String(retryAfterSeconds) });

/** A validation failure: 400 with one Portuguese message per field. */
export class ValidationError extends HttpError {
  constructor(readonly errors: Record<string, string>) {
    super(400, firstMessage(errors), { errors });
    this.name = 'ValidationError';
  }
}

function firstMessage(errors: Record<string, string>): string {
  const first = Object.values(errors)[0];
  return first ?? 'Dados inválidos.';
}
