import { CustomerForm, CustomerUpdate } from '@freguesia/shared/schemas/customer';
import { describe, expect, it } from 'vitest';
import { ApiError, serverFieldErrors as fieldErrorsOf } from '../../api/client';
import type { CustomerDetails } from '../../api/customers';
import {
  customerFormSchema,
  documentProblem,
  emptyForm,
  formToPayload,
  newContact,
  parseIncome,
  parseLimit,
  recordPassthrough,
  recordToForm,
  STEP_FIELDS,
  stepOfField,
  validateStep,
  type CustomerFormValues,
} from './form-model';

const filled = (): CustomerFormValues => ({
  ...emptyForm(),
  document: '123.456.789-09',
  fullname: 'maria da silva',
  gender: 'F',
  date_birth: '07/03/1990',
  cellphone: '(11) 9.8765-4321',
  email: 'maria@example.com',
  zipcode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  state: 'SP',
  city: 'São Paulo',
  id_city: '3550308',
  id_state: '35',
  latitude: -23.5613,
  longitude: -46.6565,
});

const record = (patch: Partial<CustomerDetails> = {}): CustomerDetails => ({
  id: 42,
  type: 'F',
  document: '191',
  fullname: 'Joao Souza',
  date_birth: '1985-12-31',
  gender: 'M',
  maritial: 'C',
  favorite_store: 3,
  telephone: '1133334444',
  cellphone: '11987654321',
  email: 'joao@example.com',
  cellphone_optout: 'N',
  email_optout: 'Y',
  whatsapp_optout: 'Y',
  app_optout: 'N',
  gdpr_agreement: 'Y',
  active: 'Y',
  channel: 'Landing Page',
  zipcode: '01310100',
  address: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  income: 3500.5,
  limit: 12.5,
  contacts: [
    {
      name: 'Ana',
      email: 'ana@example.com',
      telephone: '1122223333',
      cellphone: null as never,
      type: 'Familiar',
    },
  ],
  tags: ['VIP'],
  integrations: [],
  reference_code: 'R-1',
  created_at: '2024-01-01T00:00:00.000Z',
  basket_count: 0,
  average_basket: 0,
  dt_last_basket: null,
  last_basket_origin: null,
  events: [],
  ...patch,
});

/** The server's field messages of a failed save's body, as the wizard reads them (shared `serverFieldErrors`). */
const serverFieldErrors = (body: unknown) => fieldErrorsOf(new ApiError(400, 'x', body));

describe('validateStep', () => {
  it('requires the personal fields with the spec messages', () => {
    const errors = validateStep(0, { ...emptyForm(), type: '' });
    expect(errors).toEqual({
      type: 'Escolha o tipo do cliente',
      document: 'Digite o CPF do cliente',
      fullname: 'Digite o nome do cliente',
      gender: 'Escolha o Sexo do cliente',
    });
  });

  it('requires the address fields with the spec messages', () => {
    expect(validateStep(1, emptyForm())).toEqual({
      zipcode: 'Digite o CEP',
      address: 'Digite o Endereco',
      neighborhood: 'Digite o Bairro',
      state: 'Escolha o estado',
      city: 'Escolha a cidade',
    });
  });

  it('accepts a filled form and leaves credit and contacts optional', () => {
    for (const step of [0, 1, 2, 3]) expect(validateStep(step, filled())).toEqual({});
  });

  it('checks formats', () => {
    const v = {
      ...filled(),
      date_birth: '31/02/2000',
      email: 'x@',
      cellphone: '(11) 9',
      document: '123.456.789-00',
      zipcode: '0131',
    };
    expect(validateStep(0, v)).toMatchObject({
      date_birth: 'Data de nascimento inválida.',
      email: 'E-mail inválido.',
      cellphone: 'Telefone inválido: informe DDD e número.',
      document: 'Documento Invalido, verifique novamente.',
    });
    expect(validateStep(1, v)).toEqual({ zipcode: 'CEP inválido: informe 8 dígitos.' });
    expect(validateStep(2, { ...filled(), income: '12,345', limit: '101' })).toEqual({
      income: 'Renda inválida.',
      limit: 'Limite inválido: use um percentual de 0 a 100.',
    });
  });

  it('validates contact rows', () => {
    const v = {
      ...filled(),
      contacts: [
        newContact({ name: '', type: '' }),
        newContact({ name: 'Ana', type: 'Fiscal', email: 'no' }),
      ],
    };
    expect(validateStep(3, v)).toEqual({
      'contacts.0.name': 'Digite o nome do contato.',
      'contacts.0.type': 'Escolha o tipo do contato.',
      'contacts.1.email': 'E-mail inválido.',
    });
  });
});

describe('documentProblem', () => {
  it('checks CPF for F and CNPJ for J, zero-padding short numbers', () => {
    expect(documentProblem('191', 'F')).toBeUndefined();
    expect(documentProblem('123.456.789-09', 'F')).toBeUndefined();
    expect(documentProblem('111.111.111-11', 'F')).toBe('Documento Invalido, verifique novamente.');
    expect(documentProblem('11.222.333/0001-81', 'J')).toBeUndefined();
    expect(documentProblem('123.456.789-09', 'J')).toBe('Documento Invalido, verifique novamente.');
    expect(documentProblem('', 'F')).toBeUndefined();
  });
});

describe('formToPayload', () => {
  it('converts a new customer to the wire format the server schema accepts', () => {
    const payload = formToPayload(filled());
    expect(payload).toMatchObject({
      type: 'F',
      document: '12345678909',
      fullname: 'MARIA DA SILVA',
      date_birth: '1990-03-07',
      cellphone: '11987654321',
      zipcode: '01310100',
      cellphone_optout: 'N',
      whatsapp_optout: 'N',
      email_optout: 'N',
      timer: 'A',
      income: null,
      id_state: 35,
      contacts: [],
    });
    expect(payload.id).toBeUndefined();
    const parsed = CustomerForm.safeParse(payload);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('sends an empty birth date as null and the switches inverted', () => {
    const payload = formToPayload({ ...filled(), date_birth: '', allow_sms: false, allow_email: false });
    expect(payload.date_birth).toBeNull();
    expect(payload.cellphone_optout).toBe('Y');
    expect(payload.whatsapp_optout).toBe('Y');
    expect(payload.email_optout).toBe('Y');
  });

  it('round-trips a record, keeping what the wizard does not edit', () => {
    const r = record();
    const values = recordToForm(r);
    expect(values).toMatchObject({
      document: '000.000.001-91',
      fullname: 'JOAO SOUZA',
      date_birth: '31/12/1985',
      telephone: '(11) 3333-4444',
      cellphone: '(11) 9.8765-4321',
      allow_sms: true,
      allow_email: false,
      zipcode: '01310-100',
      income: '3.500,50',
      limit: '12,5',
      favorite_store: '3',
    });
    expect(values.contacts[0]).toMatchObject({ name: 'Ana', telephone: '(11) 2222-3333', type: 'Familiar' });
    const payload = formToPayload(values, recordPassthrough(r), r.id);
    expect(payload).toMatchObject({
      id: 42,
      document: '00000000191',
      tags: ['VIP'],
      gdpr_agreement: 'Y',
      reference_code: 'R-1',
      // SMS switch untouched: the stored WhatsApp opt-out stays.
      cellphone_optout: 'N',
      whatsapp_optout: 'Y',
      app_optout: 'N',
      email_optout: 'Y',
      income: 3500.5,
      limit: 12.5,
    });
    const parsed = CustomerUpdate.safeParse(payload);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('applies the SMS/WhatsApp switch to WhatsApp too when the user changes it', () => {
    const r = record({ cellphone_optout: 'Y', whatsapp_optout: 'N' });
    const values = { ...recordToForm(r), allow_sms: true };
    const payload = formToPayload(values, recordPassthrough(r), r.id);
    expect(payload.cellphone_optout).toBe('N');
    expect(payload.whatsapp_optout).toBe('N');
    const off = formToPayload(
      { ...recordToForm(record()), allow_sms: false },
      recordPassthrough(record()),
      42,
    );
    expect(off.whatsapp_optout).toBe('Y');
  });

  it('sends the tags picked in the wizard (added and removed), once each', () => {
    const r = record({ tags: ['VIP', 'ATACADO'] });
    const values = recordToForm(r);
    expect(values.tags).toEqual(['VIP', 'ATACADO']);
    const payload = formToPayload({ ...values, tags: ['VIP', 'FIT', 'FIT'] }, recordPassthrough(r), r.id);
    expect(payload.tags).toEqual(['VIP', 'FIT']);
    expect(formToPayload({ ...values, tags: [] }, recordPassthrough(r), r.id).tags).toEqual([]);
    expect(formToPayload({ ...emptyForm(), tags: ['VIP'] }).tags).toEqual(['VIP']);
  });
});

describe('helpers', () => {
  it('parses income and limit', () => {
    expect(parseIncome('')).toBeNull();
    expect(parseIncome('1.234,56')).toBe(1234.56);
    expect(parseIncome('abc')).toBeUndefined();
    expect(parseLimit('')).toBeNull();
    expect(parseLimit('12,5')).toBe(12.5);
    expect(parseLimit('100')).toBe(100);
    expect(parseLimit('100,01')).toBeUndefined();
  });

  it('maps server errors to fields and steps', () => {
    expect(
      serverFieldErrors({
        message: 'x',
        errors: {
          document: 'Documento Invalido, verifique novamente.',
          'contacts.0.name': 'Digite o nome do contato.',
        },
      }),
    ).toEqual({
      document: 'Documento Invalido, verifique novamente.',
      'contacts.0.name': 'Digite o nome do contato.',
    });
    expect(serverFieldErrors('oops')).toEqual({});
    expect(stepOfField('document')).toBe(0);
    expect(stepOfField('zipcode')).toBe(1);
    expect(stepOfField('income')).toBe(2);
    expect(stepOfField('contacts.2.email')).toBe(3);
  });
});

describe('customerFormSchema', () => {
  it('puts each step message under its field, contact rows included', () => {
    const values = { ...emptyForm(), contacts: [newContact({ name: '', type: 'Fiscal' })] };
    const result = customerFormSchema.safeParse(values);
    const paths = Object.fromEntries(
      (result.success ? [] : result.error.issues).map((i) => [i.path.join('.'), i.message]),
    );
    expect(paths).toMatchObject({
      document: 'Digite o CPF do cliente',
      zipcode: 'Digite o CEP',
      'contacts.0.name': 'Digite o nome do contato.',
    });
    expect(customerFormSchema.safeParse(filled()).success).toBe(true);
  });

  it('knows the step of every field it validates', () => {
    for (const [step, fields] of STEP_FIELDS.entries())
      for (const field of fields) expect(stepOfField(field)).toBe(step);
  });
});
