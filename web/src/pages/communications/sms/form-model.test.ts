import { describe, expect, it } from 'vitest';
import type { CommunicationDetails } from '../../../api/communications';
import { smsCounters } from './analytics-model';
import {
  bodyInput,
  emptySmsForm,
  recipientCount,
  recipientsInput,
  smsFormSchema,
  smsFromDetails,
  smsPreview,
  smsToPayload,
  type SmsFormValues,
} from './form-model';

const future = { run_day: '06/05/2099', run_time: '14:30' };
const valid = (over: Partial<SmsFormValues> = {}): SmsFormValues => ({
  ...emptySmsForm(),
  description: 'Promo',
  body: 'Oferta hoje',
  approvement: 'Aprovado por: Ana Em: 01/01/2025 10:00',
  ...future,
  ...over,
});
const messages = (values: SmsFormValues) => {
  const r = smsFormSchema().safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('SMS form model', () => {
  it('maps the form to the SMS payload', () => {
    expect(smsToPayload(valid({ recipients: '11987654321;;21998765432;' }), 9)).toMatchObject({
      id: 9,
      type: 'SMS',
      description: 'Promo',
      id_lead: null,
      info: {
        type: 'O',
        run_on: '2099-05-06 14:30',
        layout_body: 'Oferta hoje',
        recipients: '11987654321;21998765432',
        approvement: 'Aprovado por: Ana Em: 01/01/2025 10:00',
      },
    });
    // Numbers given: the lead is not sent.
    expect(
      smsToPayload(valid({ audience: 'lead', id_lead: '5', recipients: '11987654321' })).id_lead,
    ).toBeNull();
    expect(smsToPayload(valid({ audience: 'lead', id_lead: '5' })).id_lead).toBe(5);
  });

  it("says 'Descrição pendente' when the description is empty, and asks for the frequency of a recurring send", () => {
    expect(messages(valid({ description: '' }))).toMatchObject({ description: 'Descrição pendente' });
    expect(messages(valid({ run_type: 'R', run_frequency: '' }))).toMatchObject({
      run_frequency: 'Informe a frequência de execução',
    });
    expect(messages(valid({ run_day: '', run_time: '' }))).toMatchObject({
      run_day: 'Informe a data e a hora do envio.',
    });
    expect(messages(valid({ body: '' }))).toMatchObject({ body: 'Informe o texto do SMS.' });
    expect(messages(valid({ recipients: '123' }))).toMatchObject({ recipients: 'Telefone inválido: 123' });
    expect(messages(valid())).toEqual({});
  });

  it('counts the body against 160 and previews it as sent (accents removed, other characters stripped)', () => {
    const p = smsPreview('Promoção válida até amanhã! ☺ [50%]');
    expect(p.text).toBe('Promocao valida ate amanha!  50%');
    expect(p.counter).toBe('35/160');
    expect(p.changed).toBe(true);
    expect(bodyInput('x'.repeat(200))).toHaveLength(160);
    expect(smsPreview('a'.repeat(160)).counter).toBe('160/160');
    // Template variables keep their braces.
    expect(smsPreview('Oi {{primeiro_nome}}!').text).toBe('Oi {{primeiro_nome}}!');
  });

  it('keeps digits and ";" in the recipients box and counts the numbers', () => {
    expect(recipientsInput('(11) 98765-4321; 21 99876 5432')).toBe('11987654321;21998765432');
    expect(recipientCount('11987654321;;21998765432;')).toBe(2);
    expect(recipientCount('')).toBe(0);
  });

  it('clones a saved SMS with " DUPLICADA" and no approval', () => {
    const saved = {
      id: 4,
      description: 'Aviso',
      type: 'SMS',
      active: 'Y',
      id_lead: null,
      lead_description: null,
      start_at: '2025-01-01',
      end_at: '9999-12-31',
      created_at: '',
      updated_at: '',
      info: {
        layout_title: '',
        layout_header: '',
        layout_body: 'Oi',
        flow: '',
        type: 'R',
        run_on: null,
        run_frequency: '0 9 * * 1',
        url: '',
        approvement: 'Aprovado por: Ana Em: 01/01/2025 10:00',
        recipients: '11987654321',
        value: 0.1,
        executed_at: '2025-02-03 09:00:00',
        canceled_at: null,
        canceled_by: null,
      },
    } as CommunicationDetails;
    const clone = smsFromDetails(saved, true);
    expect(clone).toMatchObject({
      description: 'Aviso DUPLICADA',
      approvement: null,
      body: 'Oi',
      recipients: '11987654321',
      run_type: 'R',
      run_frequency: '0 9 * * 1',
      audience: 'all',
    });
    expect(smsToPayload(clone)).not.toHaveProperty('id');
  });

  it('maps the SMS analytics rows to Enviados, Entregues, Não entregues and Rejeitados', () => {
    const counters = smsCounters([
      { action: 'DELIVERED', quantity: 7 },
      { action: 'NOT DELIVERED', quantity: 2 },
      { action: 'REJECTED', quantity: 1 },
    ]);
    expect(counters.map((c) => [c.label, c.value])).toEqual([
      ['Enviados', 10],
      ['Entregues', 7],
      ['Não entregues', 2],
      ['Rejeitados', 1],
    ]);
    expect(counters.map((c) => c.filter)).toEqual([
      undefined,
      ['DELIVERED'],
      ['NOT DELIVERED'],
      ['REJECTED'],
    ]);
    expect(
      smsCounters([
        { action: 'SENT', quantity: 20 },
        { action: 'DELIVERED', quantity: 3 },
      ])[0]!.value,
    ).toBe(20);
  });
});
