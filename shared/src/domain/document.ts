/**
 * Brazilian tax ids: CPF (people, 11 digits) and CNPJ (companies, 14 digits).
 *
 * The customer's `document` is always stored as digits only, zero-padded to 11 (type F) or
 * 14 (type J): POS systems and spreadsheets often drop leading zeros ('191' is the CPF
 * 000.000.001-91). Validation follows the Receita Federal check-digit rules and, like
 * `@brazilian-utils/brazilian-utils`, rejects the reserved repeated-digit numbers
 * (000.000.000-00, 111.111.111-11, ...). Numeric CNPJ only: the spec's mask and payloads are
 * digits; the alphanumeric CNPJ (from July 2026) would need a different key normalization.
 */

/** F: natural person (CPF); J: legal entity (CNPJ). */
export type DocumentType = 'F' | 'J';

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;

/** Strips everything but digits. */
export function documentDigits(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\D/g, '');
}

/** The portal's rule (spec part 1 §3): F when the document has 11 digits or fewer, J when longer. */
export function documentType(value: string | number): DocumentType {
  return documentDigits(value).length <= CPF_LENGTH ? 'F' : 'J';
}

/** Left-pads the digits with zeros to 11 (F) or 14 (J); the type defaults to `documentType`. */
export function padDocument(value: string | number, type: DocumentType = documentType(value)): string {
  const digits = documentDigits(value);
  return digits.padStart(type === 'F' ? CPF_LENGTH : CNPJ_LENGTH, '0');
}

function repeated(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** CPF check digit over `base` (9 or 10 digits): weights base.length+1 down to 2. */
function cpfDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[i]) * (base.length + 1 - i);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** CNPJ check digit over `base` (12 or 13 digits): weights 2..9 cycling from the right. */
function cnpjDigit(base: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = base.length - 1; i >= 0; i--) {
    sum += Number(base[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Completes a 9-digit CPF base with its two check digits (seed data, tests). */
export function cpfFromBase(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error('CPF base must have 9 digits');
  const first = cpfDigit(base9);
  return `${base9}${first}${cpfDigit(base9 + first)}`;
}

/** Completes a 12-digit CNPJ base with its two check digits (seed data, tests). */
export function cnpjFromBase(base12: string): string {
  if (!/^\d{12}$/.test(base12)) throw new Error('CNPJ base must have 12 digits');
  const first = cnpjDigit(base12);
  return `${base12}${first}${cnpjDigit(base12 + first)}`;
}

/**
 * Whether `value` is a valid CPF. Mask characters are ignored and fewer than 11 digits are
 * zero-padded first (so '191' is valid); more than 11 digits is invalid.
 */
export function isValidCpf(value: string | number): boolean {
  const digits = documentDigits(value);
  if (digits.length === 0 || digits.length > CPF_LENGTH) return false;
  const cpf = digits.padStart(CPF_LENGTH, '0');
  if (repeated(cpf)) return false;
  return cpfFromBase(cpf.slice(0, 9)) === cpf;
}

/** Whether `value` is a valid numeric CNPJ (mask ignored, zero-padded to 14 digits). */
export function isValidCnpj(value: string | number): boolean {
  const digits = documentDigits(value);
  if (digits.length === 0 || digits.length > CNPJ_LENGTH) return false;
  const cnpj = digits.padStart(CNPJ_LENGTH, '0');
  if (repeated(cnpj)) return false;
  return cnpjFromBase(cnpj.slice(0, 12)) === cnpj;
}

/** Validates by type (F → CPF, J → CNPJ); without a type, by length as the portal does. */
export function isValidDocument(value: string | number, type: DocumentType = documentType(value)): boolean {
  return type === 'F' ? isValidCpf(value) : isValidCnpj(value);
}

/**
 * Normalizes a document for storage and lookup: digits, zero-padded by type. Returns
 * undefined when it does not validate.
 */
export function normalizeDocument(value: string | number, type?: DocumentType): string | undefined {
  const resolved = type ?? documentType(value);
  return isValidDocument(value, resolved) ? padDocument(value, resolved) : undefined;
}
