import { describe, expect, it } from 'vitest';
import type { CustomerItem } from './entities';
import { addDays, endOfMonth, localDateTime } from '@freguesia/shared/domain/dates';
import {
  averageCentavos,
  changedFields,
  consentChanges,
  formatBrl,
  phonesOf,
  reais,
  searchKey,
  type Profile,
} from './customers.model';

describe('search field detection', () => {
  it('detects document, e-mail, phone and name when no field is given', () => {
    expect(searchKey('123.456.789-09')).toEqual({ kind: 'document', value: '12345678909' });
    expect(searchKey('12.345.678/0001-95')).toEqual({ kind: 'document', value: '12345678000195' });
    expect(searchKey('Ana@Loja.com')).toEqual({ kind: 'email', value: 'ana@loja.com' });
    expect(searchKey('(11) 9.8765-4321')).toEqual({ kind: 'phone', value: '11987654321' });
    expect(searchKey('98765')).toEqual({ kind: 'phone', value: '98765' });
    // 11 digits that fail the CPF check are a phone.
    expect(searchKey('12345678900')).toEqual({ kind: 'phone', value: '12345678900' });
    expect(searchKey('  joão  da silva ')).toEqual({ kind: 'name', value: 'JOAO DA SILVA' });
    expect(searchKey('   ')).toBeUndefined();
    expect(searchKey('()-', 'cellphone')).toBeUndefined();
  });

  it('follows an explicit field', () => {
    expect(searchKey('123', 'document')).toEqual({ kind: 'document', value: '123' });
    expect(searchKey('Conceição', 'fullname')).toEqual({ kind: 'name', value: 'CONCEICAO' });
    expect(searchKey('ANA', 'email')).toEqual({ kind: 'email', value: 'ana' });
    expect(searchKey('11 9', 'cellphone')).toEqual({ kind: 'phone', value: '119' });
  });
});

describe('profile diffs and consent', () => {
  const current = {
    fullname: 'ANA',
    email: 'ana@x.com',
    email_optout: 'N',
    cellphone_optout: 'N',
    whatsapp_optout: 'N',
    app_optout: 'N',
    gdpr_agreement: 'N',
    tags: [],
    contacts: [],
  } as unknown as CustomerItem;

  it('lists changed fields, treating empty values alike', () => {
    const next = {
      ...current,
      fullname: 'ANA B',
      email: undefined,
      tags: undefined,
      contacts: [],
      complement: '',
    } as unknown as Profile;
    expect(changedFields(current, next)).toEqual(['fullname', 'email']);
  });

  it('records consent changes with old and new values', () => {
    const next = { ...current, email_optout: 'Y', gdpr_agreement: 'Y' } as unknown as Profile;
    expect(consentChanges(current, next)).toEqual([
      { field: 'gdpr_agreement', from: 'N', to: 'Y' },
      { field: 'email_optout', from: 'N', to: 'Y' },
    ]);
    expect(consentChanges(undefined, next)).toHaveLength(5);
  });
});

describe('money and dates', () => {
  it('converts centavos without float drift and averages half up', () => {
    expect(reais(7301)).toBe(73.01);
    expect(averageCentavos(7301, 3)).toBe(2434);
    expect(averageCentavos(0, 0)).toBe(0);
    expect(formatBrl(123456)).toBe('R$ 1.234,56');
  });

  it('formats business time in São Paulo and does date arithmetic', () => {
    expect(localDateTime(new Date('2026-03-12T15:00:00Z'))).toBe('2026-03-12 12:00:00');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
  });

  it('lists each phone once', () => {
    expect(phonesOf({ cellphone: '11987654321', telephone: '11987654321' })).toEqual(['11987654321']);
    expect(phonesOf({ telephone: '1133334444' })).toEqual(['1133334444']);
  });
});
