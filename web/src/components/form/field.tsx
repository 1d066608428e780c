import FormField, { type FormFieldProps } from '@cloudscape-design/components/form-field';
import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

export interface FieldProps<T extends FieldValues, N extends FieldPath<T>> extends Omit<
  FormFieldProps,
  'errorText' | 'children'
> {
  control: Control<T>;
  name: N;
  /** Renders the Cloudscape control bound to the field: `(field) => <Input value={field.value} onChange={({detail}) => field.onChange(detail.value)} />`. */
  children: (field: ControllerRenderProps<T, N>, invalid: boolean) => ReactNode;
}

/** The message of a field error, or of the first error inside it (an object field such as `category.reference_code`). */
export function errorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'message') continue;
    const nested = errorMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The one adapter between react-hook-form and Cloudscape: a FormField whose `errorText` is the
 * field's message (from the zod schema or from the server's 400), around the control that
 * `children` renders with the field's value and change handler.
 */
export function Field<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  children,
  ...formField
}: FieldProps<T, N>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField {...formField} errorText={errorMessage(fieldState.error)}>
      {children(field, fieldState.invalid)}
    </FormField>
  );
}
