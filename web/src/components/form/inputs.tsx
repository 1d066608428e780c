import Input, { type InputProps } from '@cloudscape-design/components/input';
import Toggle from '@cloudscape-design/components/toggle';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from './field';

export interface TextFieldProps<T extends FieldValues, N extends FieldPath<T>> extends Omit<
  FieldProps<T, N>,
  'children'
> {
  /** data-testid of the Input. */
  testId?: string;
  /** Rewrites what is typed before it is stored (keep digits only, cut a length, …). */
  transform?: (typed: string) => string;
  /** Other Input props (type, inputMode, placeholder, onBlur, …). */
  input?: Omit<InputProps, 'value' | 'onChange'>;
}

/** A text field of a react-hook-form form: Cloudscape FormField + Input bound to `name`. */
export function TextField<T extends FieldValues, N extends FieldPath<T>>({
  testId,
  transform,
  input,
  ...props
}: TextFieldProps<T, N>) {
  return (
    <Field {...props}>
      {(field, invalid) => (
        <Input
          {...input}
          ref={field.ref}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          invalid={invalid}
          data-testid={testId}
          onChange={({ detail }) => field.onChange(transform ? transform(detail.value) : detail.value)}
          onBlur={(event) => {
            field.onBlur();
            input?.onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}

/** A boolean (or 'Y'/'N') field as a Cloudscape Toggle; stores what `flag` gives for on/off (default booleans). */
export function ToggleField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  testId,
  children,
  flag,
}: {
  control: Control<T>;
  name: N;
  testId?: string;
  children: ReactNode;
  /** Stored values for on and off, e.g. `['Y', 'N']`. */
  flag?: readonly [unknown, unknown];
}) {
  const { field } = useController({ control, name });
  const on = flag ? field.value === flag[0] : field.value === true;
  return (
    <Toggle
      checked={on}
      data-testid={testId}
      onChange={({ detail }) => field.onChange(flag ? flag[detail.checked ? 0 : 1] : detail.checked)}
    >
      {children}
    </Toggle>
  );
}
