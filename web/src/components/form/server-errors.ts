import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors } from '../../api/client';

/**
 * Puts a 400 answer's `errors` ({field: message}, dot paths) on the form's fields, so the
 * server's Portuguese message shows under the field it is about. Answers whether any field
 * error was set; the caller shows the answer's `message` as a notice when none was (or always).
 * Field names the form does not know are passed to `unknown` (e.g. shown in a notice).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields?: readonly string[],
  unknown?: (field: string, message: string) => void,
): boolean {
  const errors = serverFieldErrors(error);
  let applied = false;
  for (const [field, message] of Object.entries(errors)) {
    if (knownFields && !knownFields.includes(field) && !knownFields.includes(field.split('.')[0]!)) {
      unknown?.(field, message);
      continue;
    }
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
