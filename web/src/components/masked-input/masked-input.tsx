import Input, { type InputProps } from '@cloudscape-design/components/input';
import { forwardRef } from 'react';
import { formatWithMask, type Mask } from './format-mask';

export { formatWithMask, maskPattern, type Mask, type MaskName } from './format-mask';

/**
 * A Cloudscape Input that formats what is typed with a mask of `shared/src/domain/masks.ts`
 * ('000.000.000-00', '(00) 0.0000-0000', …): only digits are kept and the literals are
 * inserted as the user types, so pasting '12345678909' gives '123.456.789-09'.
 *
 * `mask` is a key of MASKS, a pattern string, or a function (for masks that depend on the
 * length, e.g. `maskDocument` or `maskPhone`). `onChange` receives the masked text; strip it
 * with `onlyDigits` before sending. Every other Input prop (onBlur, placeholder, ariaLabel,
 * disabled, data-testid, ref…) passes through.
 *
 *   <MaskedInput mask="cpf" value={doc} onChange={setDoc} />
 */
export interface MaskedInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'inputMode'> {
  mask: Mask;
  value: string;
  onChange: (masked: string) => void;
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
