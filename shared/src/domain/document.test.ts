import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidCnpj as libIsValidCnpj, isValidCpf as libIsValidCpf } from '@brazilian-utils/brazilian-utils';
import {
  cnpjFromBase,
  cpfFromBase,
  documentType,
  isValidCnpj,
  isValidCpf,
  isValidDocument,
  normalizeDocument,
  padDocument,
} from './document';

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

describe('CPF', () => {
  it('accepts known valid numbers, with or without mask', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('280.012.389-38')).toBe(true);
  });

  it('rejects wrong check digits and reserved repeated numbers', () => {
    expect(isValidCpf('12345678900')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf('123456789012')).toBe(false);
  });

  it('zero-pads short numbers before checking (POS systems drop leading zeros)', () => {
    expect(isValidCpf('191')).toBe(true);
    expect(padDocument('191')).toBe('00000000191');
    expect(normalizeDocument('191')).toBe('00000000191');
  });

  it('agrees with @brazilian-utils on every 11-digit string', () => {
    fc.assert(
      fc.property(digits(11), (cpf) => {
        expect(isValidCpf(cpf)).toBe(libIsValidCpf(cpf));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with @brazilian-utils on generated valid CPFs', () => {
    fc.assert(
      fc.property(digits(9), (base) => {
        const cpf = cpfFromBase(base);
        expect(isValidCpf(cpf)).toBe(libIsValidCpf(cpf));
        // Every number completed with its check digits is valid unless reserved.
        if (!/^(\d)\1*$/.test(cpf)) expect(isValidCpf(cpf)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  // Only the check digits: the mod-11 rule maps remainders 0 and 1 to the same digit, so a
  // changed base digit can (rarely, and correctly) still give a valid CPF.
  it('detects a changed check digit of a valid CPF', () => {
    fc.assert(
      fc.property(
        digits(9),
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const cpf = cpfFromBase(base);
          const changed =
            cpf.slice(0, position) + ((Number(cpf[position]) + delta) % 10) + cpf.slice(position + 1);
          expect(isValidCpf(changed)).toBe(false);
        },
      ),
    );
  });
});

describe('CNPJ', () => {
  it('accepts known valid numbers, with or without mask', () => {
    expect(isValidCnpj('12.345.678/0001-95')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('12345678000190')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('agrees with @brazilian-utils on every 14-digit string', () => {
    fc.assert(
      fc.property(digits(14), (cnpj) => {
        expect(isValidCnpj(cnpj)).toBe(libIsValidCnpj(cnpj));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with @brazilian-utils on generated valid CNPJs', () => {
    fc.assert(
      fc.property(digits(12), (base) => {
        const cnpj = cnpjFromBase(base);
        expect(isValidCnpj(cnpj)).toBe(libIsValidCnpj(cnpj));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with @brazilian-utils after zero padding', () => {
    fc.assert(
      fc.property(digits(12), fc.integer({ min: 1, max: 13 }), (base, keep) => {
        const cnpj = cnpjFromBase(base);
        const trimmed = cnpj.replace(/^0+/, '').slice(-keep) || '0';
        expect(isValidCnpj(trimmed)).toBe(libIsValidCnpj(trimmed.padStart(14, '0')));
      }),
    );
  });
});

describe('type and padding', () => {
  it('is F up to 11 digits and J beyond', () => {
    expect(documentType('123.456.789-09')).toBe('F');
    expect(documentType('191')).toBe('F');
    expect(documentType('12.345.678/0001-95')).toBe('J');
  });

  it('pads to 11 for F and 14 for J', () => {
    expect(padDocument('191', 'F')).toBe('00000000191');
    expect(padDocument('191', 'J')).toBe('00000000000191');
    expect(padDocument('12.345.678/0001-95')).toBe('12345678000195');
  });

  it('validates by the declared type', () => {
    expect(isValidDocument('12345678909', 'F')).toBe(true);
    expect(isValidDocument('12345678000195', 'F')).toBe(false);
    expect(isValidDocument('12345678000195', 'J')).toBe(true);
    expect(normalizeDocument('12345678900')).toBeUndefined();
  });
});
