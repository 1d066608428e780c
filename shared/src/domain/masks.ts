/**
 * Input masks and wire conversions of the customer screens (spec part 1 §5).
 *
 * A mask pattern uses `0` or `9` for a digit; any other character is a literal inserted
 * as the user types. `applyMask` is total: it never throws and stops at the end of either the
 * digits or the pattern, so it works on partial input while typing.
 */

export const MASKS = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  birth: '00/00/0000',
  zipcode: '00000-000',
  telephone: '(00) 0000-0000',
  cellphone: '(00) 0.0000-0000',
  /** The portal's cellphone mask (same shape, written with 9s in the spec). */
  portalCellphone: '(99) 9.9999-9999',
  portalDocument: '999.999.999-99',
  portalDate: '99/99/9999',
  portalZipcode: '99999-999',
} as const;

/** Strips everything but digits ('(11) 9.8765-4321' → '11987654321'). */
export function onlyDigits(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\D/g, '');
}

/**
 * Formats the digits of `value` with `pattern`. Literals after the last typed digit are not
 * added, so '123' with the CPF mask gives '123' and '1234' gives '123.4'.
 */
export function applyMask(value: string | number | null | undefined, pattern: string): string {
  const digits = onlyDigits(value);
  let out = '';
  let d = 0;
  for (const ch of pattern) {
    if (d >= digits.length) break;
    if (ch === '0' || ch === '9') out += digits[d++];
    else out += ch;
  }
  return out;
}

export const maskCpf = (v: string | number | null | undefined) => applyMask(v, MASKS.cpf);
export const maskCnpj = (v: string | number | null | undefined) => applyMask(v, MASKS.cnpj);
export const maskZipcode = (v: string | null | undefined) => applyMask(v, MASKS.zipcode);
export const maskTelephone = (v: string | null | undefined) => applyMask(v, MASKS.telephone);
export const maskCellphone = (v: string | null | undefined) => applyMask(v, MASKS.cellphone);
export const maskPortalCellphone = (v: string | null | undefined) => applyMask(v, MASKS.portalCellphone);
export const maskBirth = (v: string | null | undefined) => applyMask(v, MASKS.birth);

/** CPF mask for up to 11 digits, CNPJ mask beyond (one input for both types). */
export function maskDocument(value: string | number | null | undefined): string {
  return onlyDigits(value).length <= 11 ? maskCpf(value) : maskCnpj(value);
}

/** A phone in the mask that fits its length: 11 digits → cell, otherwise landline. */
export function maskPhone(value: string | null | undefined): string {
  return onlyDigits(value).length >= 11 ? maskCellphone(value) : maskTelephone(value);
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The portal's date conversion: 'DD/MM/YYYY' or 'DDMMYYYY' → 'YYYY-MM-DD'. Returns null for
 * an empty value and undefined for an incomplete or impossible date (31/02/2000).
 */
export function brDateToIso(value: string | null | undefined): string | null | undefined {
  const digits = onlyDigits(value);
  if (digits.length === 0) return null;
  if (digits.length !== 8) return undefined;
  const day = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const year = Number(digits.slice(4, 8));
  if (!isRealDate(year, month, day)) return undefined;
  return `${digits.slice(4, 8)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
}

/** 'YYYY-MM-DD' (or an ISO date-time) → 'DD/MM/YYYY'; '' for an empty or malformed value. */
export function isoDateToBr(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return '';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** Whether `value` is a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) : false;
}
