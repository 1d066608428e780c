import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyMask,
  brDateToIso,
  isIsoDate,
  isoDateToBr,
  maskBirth,
  maskCellphone,
  maskCnpj,
  maskCpf,
  maskDocument,
  maskPhone,
  maskPortalCellphone,
  maskTelephone,
  maskZipcode,
  onlyDigits,
} from './masks';

describe('masks', () => {
  it('formats every mask of the spec', () => {
    expect(maskCpf('12345678909')).toBe('123.456.789-09');
    expect(maskCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(maskBirth('01022000')).toBe('01/02/2000');
    expect(maskZipcode('01310100')).toBe('01310-100');
    expect(maskTelephone('1133334444')).toBe('(11) 3333-4444');
    expect(maskCellphone('11987654321')).toBe('(11) 9.8765-4321');
    expect(maskPortalCellphone('11987654321')).toBe('(11) 9.8765-4321');
  });

  it('formats partial input while typing and ignores extra digits', () => {
    expect(maskCpf('123')).toBe('123');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskZipcode('013101009999')).toBe('01310-100');
    expect(applyMask('', '000')).toBe('');
  });

  it('picks CPF or CNPJ, landline or cell by length', () => {
    expect(maskDocument('12345678909')).toBe('123.456.789-09');
    expect(maskDocument('123456780001')).toBe('12.345.678/0001');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11987654321')).toBe('(11) 9.8765-4321');
  });

  it('strips to digits, and masking then stripping gives the digits back', () => {
    expect(onlyDigits('(11) 9.8765-4321')).toBe('11987654321');
    expect(onlyDigits(null)).toBe('');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 11 }),
        (d) => {
          expect(onlyDigits(maskCpf(d))).toBe(d);
          expect(onlyDigits(maskCellphone(d))).toBe(d);
        },
      ),
    );
  });
});

describe('dates', () => {
  it('converts DDMMYYYY and DD/MM/YYYY to YYYY-MM-DD', () => {
    expect(brDateToIso('01022000')).toBe('2000-02-01');
    expect(brDateToIso('29/02/2024')).toBe('2024-02-29');
    expect(brDateToIso('')).toBeNull();
    expect(brDateToIso('31/02/2000')).toBeUndefined();
    expect(brDateToIso('0102200')).toBeUndefined();
  });

  it('converts YYYY-MM-DD back to DD/MM/YYYY', () => {
    expect(isoDateToBr('2000-02-01')).toBe('01/02/2000');
    expect(isoDateToBr('2000-02-01T10:00:00Z')).toBe('01/02/2000');
    expect(isoDateToBr(null)).toBe('');
    expect(isoDateToBr('garbage')).toBe('');
  });

  it('round-trips every real date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(isIsoDate(iso)).toBe(true);
          expect(brDateToIso(isoDateToBr(iso))).toBe(iso);
          expect(brDateToIso(onlyDigits(isoDateToBr(iso)))).toBe(iso);
        },
      ),
    );
  });
});
