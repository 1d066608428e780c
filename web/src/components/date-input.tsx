import type { InputProps } from '@cloudscape-design/components/input';
import { forwardRef } from 'react';
import { MaskedInput, type MaskedInputProps } from './masked-input/masked-input';
import { DAY_MASK, DAY_PLACEHOLDER } from './typed-day';

export type DateInputProps = Omit<MaskedInputProps, 'mask'>;

/**
 * A date typed as DD/MM/AAAA (the slashes come as the digits are typed); `value` and `onChange`
 * are that text: read it with `readTypedDay` (shared `fromDisplayDate`) before sending 'YYYY-MM-DD'.
 */
export const DateInput = forwardRef<InputProps.Ref, DateInputProps>(function DateInput(props, ref) {
  return <MaskedInput placeholder={DAY_PLACEHOLDER} {...props} ref={ref} mask={DAY_MASK} />;
});
