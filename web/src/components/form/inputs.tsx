import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import Textarea, { type TextareaProps } from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
} from 'react-hook-form';
import { MaskedInput, type Mask, type MaskedInputProps } from '../masked-input/masked-input';
import { Field, type FieldProps } from './field';

/** The FormField props of a bound field (label, description, constraintText, stretch, controlId, …). */
type BoundFieldProps<T extends FieldValues, N extends FieldPath<T>> = Omit<FieldProps<T, N>, 'children'>;

/** A stored value as the text of a control (null/undefined → ''). */
const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export interface TextFieldProps<T extends FieldValues, N extends FieldPath<T>> extends BoundFieldProps<T, N> {
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
          value={asText(field.value)}
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

export interface MaskedFieldProps<T extends FieldValues, N extends FieldPath<T>> extends BoundFieldProps<
  T,
  N
> {
  /** A key of MASKS ('cpf', 'zipcode'…), a pattern or a function (see `MaskedInput`). */
  mask: Mask;
  testId?: string;
  /** Other MaskedInput props (placeholder, ariaLabel, disabled, onBlur, …). */
  input?: Omit<MaskedInputProps, 'mask' | 'value' | 'onChange'>;
}

/** A text field formatted as typed ('000.000.000-00', '(00) 0.0000-0000'); stores the masked text. */
export function MaskedField<T extends FieldValues, N extends FieldPath<T>>({
  mask,
  testId,
  input,
  ...props
}: MaskedFieldProps<T, N>) {
  return (
    <Field {...props}>
      {(field, invalid) => (
        <MaskedInput
          {...input}
          ref={field.ref}
          mask={mask}
          value={asText(field.value)}
          invalid={invalid}
          data-testid={testId}
          onChange={field.onChange}
          onBlur={(event) => {
            field.onBlur();
            input?.onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}

export interface TextareaFieldProps<T extends FieldValues, N extends FieldPath<T>> extends BoundFieldProps<
  T,
  N
> {
  testId?: string;
  /** Other Textarea props (rows, placeholder, …). */
  textarea?: Omit<TextareaProps, 'value' | 'onChange'>;
}

/** A multi-line text field: Cloudscape FormField + Textarea bound to `name`. */
export function TextareaField<T extends FieldValues, N extends FieldPath<T>>({
  testId,
  textarea,
  ...props
}: TextareaFieldProps<T, N>) {
  return (
    <Field {...props}>
      {(field, invalid) => (
        <Textarea
          {...textarea}
          ref={field.ref}
          value={asText(field.value)}
          invalid={invalid}
          data-testid={testId}
          onChange={({ detail }) => field.onChange(detail.value)}
          onBlur={(event) => {
            field.onBlur();
            textarea?.onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}

export interface SelectFieldProps<T extends FieldValues, N extends FieldPath<T>> extends BoundFieldProps<
  T,
  N
> {
  options: readonly SelectProps.Option[];
  testId?: string;
  /** The stored value as an option value (default: its text; null/undefined → '' = none). */
  format?: (stored: FieldPathValue<T, N>) => string;
  /** The value stored for a chosen option value ('' = none; default: the option value itself). */
  parse?: (value: string) => FieldPathValue<T, N>;
  /** What shows a stored value that is not among the options (default: the value itself; null: nothing). */
  unknownOption?: (value: string) => SelectProps.Option | null;
  /** With nothing stored, show the option whose value is '' ('Sem marca') instead of the placeholder. */
  showBlankOption?: boolean;
  /** Other Select props (placeholder, filteringType, statusType, empty, …). */
  select?: Omit<SelectProps, 'selectedOption' | 'options' | 'onChange'>;
}

/** The option of `value` among `options`; '' is none (the placeholder shows, or the '' option when `blank`). */
function selectedOption(
  options: readonly SelectProps.Option[],
  value: string,
  unknown: (value: string) => SelectProps.Option | null,
  blank: boolean,
): SelectProps.Option | null {
  if (!value) return blank ? (options.find((o) => o.value === '') ?? null) : null;
  return options.find((o) => o.value === value) ?? unknown(value);
}

/** A choice among `options` as a Cloudscape Select bound to `name` (an option value '' stores none). */
export function SelectField<T extends FieldValues, N extends FieldPath<T>>({
  options,
  testId,
  format = asText,
  parse = (value) => value as FieldPathValue<T, N>,
  unknownOption = (value) => ({ value, label: value }),
  showBlankOption = false,
  select,
  ...props
}: SelectFieldProps<T, N>) {
  return (
    <Field {...props}>
      {(field, invalid) => (
        <Select
          {...select}
          ref={field.ref}
          selectedOption={selectedOption(options, format(field.value), unknownOption, showBlankOption)}
          options={options as SelectProps.Option[]}
          invalid={invalid}
          data-testid={testId}
          onChange={({ detail }) => field.onChange(parse(detail.selectedOption.value ?? ''))}
          onBlur={(event) => {
            field.onBlur();
            select?.onBlur?.(event);
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
  onChange,
}: {
  control: Control<T>;
  name: N;
  testId?: string;
  children: ReactNode;
  /** Stored values for on and off, e.g. `['Y', 'N']`. */
  flag?: readonly [unknown, unknown];
  /** Called after the value changed (clear a dependent field's error, …). */
  onChange?: (checked: boolean) => void;
}) {
  const { field } = useController({ control, name });
  const on = flag ? field.value === flag[0] : field.value === true;
  return (
    <Toggle
      checked={on}
      data-testid={testId}
      onChange={({ detail }) => {
        field.onChange(flag ? flag[detail.checked ? 0 : 1] : detail.checked);
        onChange?.(detail.checked);
      }}
    >
      {children}
    </Toggle>
  );
}
