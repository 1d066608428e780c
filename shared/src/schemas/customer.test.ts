import { describe, expect, it } from 'vitest';
import '../domain/zod-pt';
import {
  CUSTOMER_MESSAGES,
  CustomerForm,
  CustomerUpdate,
  PortalCustomer,
  parseRequiredFields,
  portalFormToPayload,
  portalRecordToForm,
  type PortalCustomerRecord,
  type PortalFormValues,
} from './customer';

const validForm = {
  type: 'F',
  document: '123.456.789-09',
  fullname: 'Maria da Silva',
  gender: 'F',
  zipcode: '01310-100',
  address: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  state: 'sp',
  city: 'SÃO PAULO',
};

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('staff customer form', () => {
  it('normalizes a valid form: digits, upper-case name, defaults', () => {
    const parsed = CustomerForm.parse(validForm);
    expect(parsed.document).toBe('12345678909');
    expect(parsed.fullname).toBe('MARIA DA SILVA');
    expect(parsed.zipcode).toBe('01310100');
    expect(parsed.state).toBe('SP');
    expect(parsed).toMatchObject({ timer: 'A' });
    // Absent consent flags stay absent: the server keeps the stored value on an update.
    expect(parsed.email_optout).toBeUndefined();
    expect(parsed.active).toBeUndefined();
    expect(parsed.date_birth).toBeNull();
  });

  it('gives the spec message for every missing required field', () => {
    const errors = errorsOf(CustomerForm.safeParse({}));
    expect(errors).toMatchObject({
      type: CUSTOMER_MESSAGES.type,
      document: CUSTOMER_MESSAGES.document,
      fullname: CUSTOMER_MESSAGES.fullname,
      gender: CUSTOMER_MESSAGES.gender,
      zipcode: CUSTOMER_MESSAGES.zipcode,
      address: CUSTOMER_MESSAGES.address,
      neighborhood: CUSTOMER_MESSAGES.neighborhood,
      state: CUSTOMER_MESSAGES.state,
      city: CUSTOMER_MESSAGES.city,
    });
    expect(errorsOf(CustomerForm.safeParse({ ...validForm, fullname: '   ', document: '' }))).toMatchObject({
      fullname: CUSTOMER_MESSAGES.fullname,
      document: CUSTOMER_MESSAGES.document,
    });
  });

  it('rejects an invalid document and a document of the other type', () => {
    expect(errorsOf(CustomerForm.safeParse({ ...validForm, document: '12345678900' })).document).toBe(
      CUSTOMER_MESSAGES.invalidDocument,
    );
    expect(errorsOf(CustomerForm.safeParse({ ...validForm, document: '12.345.678/0001-95' })).document).toBe(
      CUSTOMER_MESSAGES.invalidDocument,
    );
    expect(CustomerForm.parse({ ...validForm, type: 'J', document: '12.345.678/0001-95' }).document).toBe(
      '12345678000195',
    );
  });

  it('zero-pads the document to 11 or 14 digits', () => {
    expect(CustomerForm.parse({ ...validForm, document: '191' }).document).toBe('00000000191');
  });

  it('validates dates, e-mails, phones and contacts', () => {
    const errors = errorsOf(
      CustomerForm.safeParse({
        ...validForm,
        date_birth: '2000-02-31',
        email: 'x@',
        cellphone: '123',
        contacts: [{ name: '', type: 'X' }],
      }),
    );
    expect(errors).toMatchObject({
      date_birth: 'Data de nascimento inválida.',
      email: 'E-mail inválido.',
      cellphone: 'Telefone inválido: informe DDD e número.',
      'contacts.0.name': 'Digite o nome do contato.',
      'contacts.0.type': 'Escolha o tipo do contato.',
    });
  });

  it('requires the id on update', () => {
    expect(errorsOf(CustomerUpdate.safeParse(validForm)).id).toBe('Informe o id do cliente.');
    expect(CustomerUpdate.parse({ ...validForm, id: '7' }).id).toBe(7);
  });
});

describe('portal payload', () => {
  const form: PortalFormValues = {
    document: '123.456.789-09',
    fullname: 'joão souza',
    gender: 'M',
    date_birth: '01/02/1990',
    cellphone: '(11) 9.8765-4321',
    email: 'joao@example.com',
    zipcode: '01310-100',
    state: 'SP',
    id_city: '3550308',
    city: 'SÃO PAULO',
    neighborhood: 'Bela Vista',
    address: 'Avenida Paulista',
    number: '1000',
    complement: '',
    tags: ['Vinhos'],
    password: 'segredo1',
    password_confirmation: 'segredo1',
    agreement: true,
    allow_sms: true,
    allow_whatsapp: false,
    allow_email: true,
    allow_app: true,
  };

  it('strips masks, converts the date and maps ticked channels to opt-out flags', () => {
    const payload = portalFormToPayload(form);
    expect(payload).toMatchObject({
      document: '12345678909',
      type: 'F',
      fullname: 'JOÃO SOUZA',
      date_birth: '1990-02-01',
      cellphone: '11987654321',
      zipcode: '01310100',
      id_state: 0,
      channel: 'Landing Page',
      agreement: 'Y',
      cellphone_optout: 'N',
      whatsapp_optout: 'Y',
      email_optout: 'N',
      app_optout: 'N',
    });
    expect(portalFormToPayload({ ...form, date_birth: '' }).date_birth).toBeNull();
    expect(portalFormToPayload({ ...form, document: '12.345.678/0001-95' }).type).toBe('J');
  });

  it('is accepted by the server schema, which forces the channel', () => {
    const parsed = PortalCustomer.parse({ ...portalFormToPayload(form), channel: 'Outro' });
    expect(parsed.channel).toBe('Landing Page');
    expect(parsed.document).toBe('12345678909');
    expect(parsed).not.toHaveProperty('password_confirmation');
  });

  it('refuses different passwords with the spec message', () => {
    const result = PortalCustomer.safeParse({ ...portalFormToPayload(form), password_confirmation: 'outra' });
    expect(errorsOf(result).password_confirmation).toBe(CUSTOMER_MESSAGES.passwordsDiffer);
  });

  it('loads a record back into the form: padded document, upper-case name, DD/MM/YYYY', () => {
    const record: PortalCustomerRecord = {
      id: 5,
      document: '191',
      type: 'F',
      fullname: 'Ana',
      gender: 'F',
      date_birth: '1985-12-24',
      cellphone: '11987654321',
      email: null,
      zipcode: null,
      state: null,
      id_state: 0,
      id_city: null,
      city: null,
      neighborhood: null,
      address: null,
      number: null,
      complement: null,
      tags: [],
      channel: 'Landing Page',
      active: 'Y',
      gdpr_agreement: 'Y',
      agreement: 'Y',
      cellphone_optout: 'Y',
      whatsapp_optout: 'N',
      email_optout: 'N',
      app_optout: 'N',
    };
    const loaded = portalRecordToForm(record);
    expect(loaded).toMatchObject({
      document: '00000000191',
      fullname: 'ANA',
      date_birth: '24/12/1985',
      state: 'SP',
      agreement: true,
      allow_sms: false,
      allow_whatsapp: true,
    });
    expect(portalRecordToForm({ ...record, type: 'J', document: '191' }).document).toBe('00000000000191');
  });

  it('reads portal_fields_require, ignoring unknown names', () => {
    expect(parseRequiredFields('email, cellphone,foo,,tags')).toEqual(['email', 'cellphone', 'tags']);
    expect(parseRequiredFields(null)).toEqual([]);
  });
});
