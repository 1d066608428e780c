import { describe, expect, it } from 'vitest';
import type { CommunicationDetails } from '../../../api/communications';
import {
  emptyPushForm,
  pushCounters,
  pushFormSchema,
  pushFromDetails,
  pushToPayload,
  type PushFormValues,
} from './form-model';

const valid = (over: Partial<PushFormValues> = {}): PushFormValues => ({
  ...emptyPushForm(),
  description: 'Aviso',
  header: 'Ofertas',
  body: 'Até 30% off',
  run_day: '06/05/2099',
  run_time: '09:00',
  approvement: 'Aprovado por: Ana Em: 01/01/2025 10:00',
  ...over,
});
const messages = (values: PushFormValues) => {
  const r = pushFormSchema().safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('push form model', () => {
  it('maps title, header, body and URL to the push info fields', () => {
    expect(pushToPayload(valid({ title: ' Clube ', url: 'https://x.test/a' }), 3)).toMatchObject({
      id: 3,
      type: 'PUSH',
      id_lead: null,
      info: {
        layout_title: 'Clube',
        layout_header: 'Ofertas',
        layout_body: 'Até 30% off',
        url: 'https://x.test/a',
        type: 'O',
        run_on: '2099-05-06 09:00',
      },
    });
  });

  it('requires description, header and body, and limits them to 100 characters', () => {
    expect(messages(valid({ description: '', header: '', body: '' }))).toMatchObject({
      description: 'Informe a descrição da comunicação',
      header: 'Informe o cabeçalho da notificação.',
      body: 'Informe a mensagem da notificação.',
    });
    expect(messages(valid({ title: 'x'.repeat(101) }))).toMatchObject({ title: 'Máximo de 100 caracteres.' });
    expect(messages(valid({ run_type: 'R' }))).toMatchObject({
      run_frequency: 'Informe a frequência de execução',
    });
    expect(messages(valid())).toEqual({});
  });

  it("clones a saved push with ' DUPLICADA', no approval and, saved, no id: a new record", () => {
    const saved = {
      id: 7,
      description: 'Ofertas da semana',
      type: 'PUSH',
      active: 'Y',
      id_lead: null,
      lead_description: null,
      start_at: '2025-01-01',
      end_at: '9999-12-31',
      created_at: '',
      updated_at: '2025-01-02T10:00:00.000Z',
      info: {
        layout_title: 'Clube',
        layout_header: 'Ofertas',
        layout_body: 'Até 30% off',
        flow: '',
        type: 'O',
        run_on: '2025-02-03 09:00',
        run_frequency: null,
        url: 'https://x.test/a',
        approvement: 'Aprovado por: Ana Em: 01/01/2025 10:00',
        recipients: '',
        value: 0.1,
        executed_at: '2025-02-03 09:00:00',
        canceled_at: null,
        canceled_by: null,
      },
    } as CommunicationDetails;
    const clone = pushFromDetails(saved, true);
    expect(clone).toMatchObject({
      description: 'Ofertas da semana DUPLICADA',
      approvement: null,
      title: 'Clube',
      header: 'Ofertas',
      body: 'Até 30% off',
      url: 'https://x.test/a',
    });
    // Saved without an id: POST /web/campaign/new makes a new push.
    expect(pushToPayload({ ...clone, approvement: 'Aprovado por: Ana' })).not.toHaveProperty('id');
    // An edit keeps the saved description and approval.
    expect(pushFromDetails(saved)).toMatchObject({
      description: 'Ofertas da semana',
      approvement: 'Aprovado por: Ana Em: 01/01/2025 10:00',
    });
  });

  it('maps the analytics rows: sent Enviados, successful Entregues, converted Clicados, failed + errored Perdidos', () => {
    expect(
      pushCounters([
        { action: 'sent', quantity: 100 },
        { action: 'successful', quantity: 90 },
        { action: 'converted', quantity: 12 },
        { action: 'failed', quantity: 6 },
        { action: 'errored', quantity: 4 },
        { action: 'other', quantity: 99 },
      ]),
    ).toEqual({ sent: 100, delivered: 90, clicked: 12, lost: 10 });
    expect(pushCounters([])).toEqual({ sent: 0, delivered: 0, clicked: 0, lost: 0 });
  });
});
