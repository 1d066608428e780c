import { ApiError } from '../../api/client';

/** Messages of a form, by field name. */
export type FieldErrors = Record<string, string>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message of each top-level field of zod issues (`error.issues`). */
export function issuesToFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The server's per-field messages (`{message, errors: {field: msg}}` of a 400). */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const body = error.body as { errors?: unknown } | undefined;
  const errors = body && typeof body === 'object' ? body.errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  const result: FieldErrors = {};
  for (const [field, message] of Object.entries(errors as Record<string, unknown>)) {
    if (typeof message === 'string') result[field] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') result[field] = message[0];
  }
  return result;
}

/** What a failure notice says: the server's message, else a generic Portuguese text. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'Não foi possível concluir a operação. Tente novamente.';
}
