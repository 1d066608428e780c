import Input, { type InputProps } from '@cloudscape-design/components/input';
import { applyMask, MASKS } from '@freguesia/shared/domain/masks';
import { forwardRef } from 'react';

/**
 * A Cloudscape Input that formats what is typed with a mask of `shared/src/domain/masks.ts`
 * ('000.000.000-00', '(00) 0.0000-0000', …): only digits are kept and the literals are
 * inserted as the user types, so pasting '12345678909' gives '123.456.789-09'.
 *
 * `mask` is a key of MASKS, a pattern string, or a function (for masks that depend on the
 * length, e.g. `maskDocument` or `maskPhone`). `onChange` receives the masked text; strip it
 * with `onlyDigits` before sending.
 *
 *   <MaskedInput mask="cpf" value={doc} onChange={setDoc} />
 */
export type MaskName = keyof typeof MASKS;

export interface MaskedInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'inputMode'> {
  mask: MaskName | string | ((value: string) => string);
  value: string;
  onChange: (masked: string) => void;
}

/** Formats `value` with a mask given as a MASKS key, a pattern or a function. */
export function formatWithMask(value: string, mask: MaskedInputProps['mask']): string {
  if (typeof mask === 'function') return mask(value);
  const pattern = mask in MASKS ? MASKS[mask as MaskName] : mask;
  return applyMask(value, pattern);
}

/** The longest text a mask can produce (for `maxLength`-like checks and placeholders). */
export function maskPattern(mask: MaskedInputProps['mask']): string | undefined {
  if (typeof mask === 'function') return undefined;
  return mask in MASKS ? MASKS[mask as MaskName] : mask;
}

export const MaskedInput = forwardRef<InputProps.Ref, MaskedInputProps>(function MaskedInput(
  { mask, value, onChange, ...rest },
  ref,
) {
  return (
    <Input
      {...rest}
      ref={ref}
      type="text"
      inputMode="numeric"
      value={formatWithMask(value, mask)}
      onChange={({ detail }) => onChange(formatWithMask(detail.value, mask))}
    />
  );
});

export default MaskedInput;
