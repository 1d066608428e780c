import { cpfFromBase } from '@freguesia/shared/domain/document';
import type { PortalCustomerRecord } from '@freguesia/shared/schemas/customer';
import { describe, expect, it } from 'vitest';
import { buildPayload, emptyForm, formFromRecord, tickedTags } from './portal-model';

const CPF = cpfFromBase('123456789'); // 12345678909

describe('portal form', () => {
  const filled = () => ({
    ...emptyForm(CPF),
    fullname: 'ANA LIMA',
    password: 'segredo1',
    password_confirmation: 'segredo1',
  });

  it('starts with SP and every channel ticked (spec §9)', () => {
    const form = emptyForm(CPF);
    expect(form.document).toBe('123.456.789-09');
    expect(form.state).toBe('SP');
    expect([form.allow_sms, form.allow_whatsapp, form.allow_email, form.allow_app]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('builds the payload: digits, ISO date, type, id_state 0, Landing Page, opt-out flags', () => {
    const payload = buildPayload({
      ...filled(),
      date_birth: '24/12/1985',
      cellphone: '(11) 9.8765-4321',
      zipcode: '01310-100',
      tags: ['Vinhos'],
      allow_sms: false,
      agreement: true,
    });
    expect(payload).toMatchObject({
      document: CPF,
      type: 'F',
      fullname: 'ANA LIMA',
      date_birth: '1985-12-24',
      cellphone: '11987654321',
      zipcode: '01310100',
      state: 'SP',
      id_state: 0,
      channel: 'Landing Page',
      agreement: 'Y',
      tags: ['Vinhos'],
      cellphone_optout: 'Y',
      whatsapp_optout: 'N',
      email_optout: 'N',
      app_optout: 'N',
      password: 'segredo1',
    });
    const withoutPassword = buildPayload({ ...filled(), password: '', password_confirmation: '' });
    expect(withoutPassword).not.toHaveProperty('password');
    expect(withoutPassword).not.toHaveProperty('password_confirmation');
  });

  it('loads a record masked: padded document, upper-case name, DD/MM/YYYY', () => {
    const record = {
      id: 7,
      document: '191',
      type: 'F',
      fullname: 'ana',
      gender: 'F',
      date_birth: '1985-12-24',
      cellphone: '11987654321',
      email: 'ana@example.com',
      zipcode: '1310100',
      state: 'rj',
      id_state: 0,
      id_city: '3304557',
      city: 'RIO DE JANEIRO',
      neighborhood: null,
      address: null,
      number: null,
      complement: null,
      tags: ['Vinhos', 'VIP'],
      channel: 'Landing Page',
      active: 'Y',
      gdpr_agreement: 'Y',
      agreement: 'Y',
      cellphone_optout: 'N',
      whatsapp_optout: 'Y',
      email_optout: 'N',
      app_optout: 'N',
    } satisfies PortalCustomerRecord;
    expect(formFromRecord(record)).toMatchObject({
      document: '000.000.001-91',
      fullname: 'ANA',
      date_birth: '24/12/1985',
      cellphone: '(11) 9.8765-4321',
      zipcode: '13101-00',
      state: 'RJ',
      agreement: true,
      allow_whatsapp: false,
    });
    expect(tickedTags(record.tags, ['vinhos', 'Queijos'])).toEqual(['vinhos']);
  });
});
