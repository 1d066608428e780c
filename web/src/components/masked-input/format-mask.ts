import { applyMask, MASKS } from '@freguesia/shared/domain/masks';

/** A mask: a key of MASKS ('cpf', 'cellphone'…), a pattern ('00/00') or a function of the text. */
export type MaskName = keyof typeof MASKS;
export type Mask = MaskName | string | ((value: string) => string);

/** The pattern of a named or literal mask (undefined for function masks). */
export function maskPattern(mask: Mask): string | undefined {
  if (typeof mask === 'function') return undefined;
  return mask in MASKS ? MASKS[mask as MaskName] : mask;
}

/** Formats `value` with `mask`: only digits are kept and literals are inserted as typed. */
export function formatWithMask(value: string, mask: Mask): string {
  if (typeof mask === 'function') return mask(value);
  return applyMask(value, maskPattern(mask) ?? '');
}
