import { CommunicationCampaign, COMMUNICATION_MESSAGES } from '@freguesia/shared/schemas/communication';
import { describe, expect, it } from 'vitest';
import type { CommunicationDetails } from '../../../api/communications';
import { approvalText } from '../common/model';
import { emailCounters } from './analytics-model';
import {
  contentOf,
  emailFormSchema,
  emailFromDetails,
  emailToPayload,
  emptyEmailForm,
  emptyTemplateForm,
  recipientCount,
  recipientsCounter,
  recipientsInput,
  TEMPLATE_TOKENS,
  templateFormSchema,
  templateToPayload,
  testSendProblem,
  type EmailFormValues,
} from './form-model';

const content = {
  html: '<table><tr><td style="color:#333">Olá {{primeiro_nome}}</td></tr></table>',
  flow: '{"pages":[]}',
};

/** A valid e-mail: once, tomorrow-ish, to everyone, approved. */
function valid(): EmailFormValues {
  return {
    ...emptyEmailForm(),
    description: 'Ofertas da semana',
    subject: 'Chegou a semana do café',
    run_day: '01/12/2099',
    run_time: '09:30',
    approvement: 'Aprovado por: Ana Souza Em: 24/11/2026 10:00:00',
  };
}

function saved(over: Partial<CommunicationDetails['info']> = {}): CommunicationDetails {
  return {
    id: 41,
    description: 'Natal',
    type: 'EMAIL',
    active: 'Y',
    id_lead: 7,
    lead_description: 'Compradores de café',
    start_at: '2026-11-24',
    end_at: '9999-12-31',
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T11:00:00.000Z',
    info: {
      layout_title: 'Feliz Natal',
      layout_header: '',
      layout_body: content.html,
      flow: content.flow,
      type: 'O',
      run_on: '2026-12-20 08:00',
      run_frequency: null,
      url: '',
      approvement: 'Aprovado por: Ana Souza Em: 24/11/2026 10:00:00',
      recipients: '',
      value: 12.5,
      executed_at: '2026-12-20 08:00:05',
      canceled_at: null,
      canceled_by: null,
      ...over,
    },
  };
}

const issues = async (values: EmailFormValues, id?: number) => {
  const result = await emailFormSchema(id).safeParseAsync(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('e-mail form → payload', () => {
  it('puts the subject, the inlined HTML and the editor project in info, with the schedule', () => {
    const payload = emailToPayload(valid(), content);
    expect(payload).toMatchObject({
      type: 'EMAIL',
      description: 'Ofertas da semana',
      active: 'Y',
      id_lead: null,
      info: {
        type: 'O',
        run_on: '2099-12-01 09:30',
        run_frequency: null,
        layout_title: 'Chegou a semana do café',
        layout_body: content.html,
        flow: content.flow,
        recipients: '',
      },
    });
    expect(payload.id).toBeUndefined();
    // What the API validates with: the shared schema accepts it.
    expect(CommunicationCampaign.safeParse(payload).success).toBe(true);
  });

  it('sends the id and the version read when editing', () => {
    expect(emailToPayload(valid(), content, { id: 41, updated_at: 'x' })).toMatchObject({
      id: 41,
      updated_at: 'x',
    });
  });

  it('aims at the lead, or only at the typed addresses when there are any', () => {
    const toLead = { ...valid(), audience: 'lead' as const, id_lead: '7' };
    expect(emailToPayload(toLead).id_lead).toBe(7);
    const listed = { ...toLead, recipients: ' ana@exemplo.com.br ; ;joao@exemplo.com.br ' };
    expect(emailToPayload(listed)).toMatchObject({
      id_lead: null,
      info: { recipients: 'ana@exemplo.com.br;joao@exemplo.com.br' },
    });
  });

  it('keeps the cron of a recurring send and no date', () => {
    const recurring = { ...valid(), run_type: 'R' as const, run_frequency: ' 0 9 * * 1 ' };
    expect(emailToPayload(recurring).info).toMatchObject({
      type: 'R',
      run_on: null,
      run_frequency: '0 9 * * 1',
    });
  });
});

describe('e-mail form validation (spec part 3 §5)', () => {
  it('accepts a complete e-mail', async () => {
    expect(await issues(valid())).toEqual({});
  });

  it('asks for the description and the subject with the spec texts', async () => {
    const found = await issues({ ...valid(), description: ' ', subject: '' });
    expect(found.description).toBe('Informe a descrição da comunicação');
    expect(found.subject).toBe('Informe o assunto do e-mail');
  });

  it('asks for the frequency of a recurring send', async () => {
    expect((await issues({ ...valid(), run_type: 'R', run_frequency: '' })).run_frequency).toBe(
      'Informe a frequência de execução',
    );
    expect((await issues({ ...valid(), run_type: 'R', run_frequency: 'toda segunda' })).run_frequency).toBe(
      COMMUNICATION_MESSAGES.frequencyInvalid,
    );
  });

  it('refuses a bad address in the recipients, on the recipients field', async () => {
    expect((await issues({ ...valid(), recipients: 'ana@exemplo.com.br;nada' })).recipients).toBe(
      'Destinatário inválido: nada',
    );
  });

  it('refuses a past date for a new e-mail but lets an edit keep its date (the server decides)', async () => {
    const past = { ...valid(), run_day: '01/01/2020', run_time: '08:00' };
    expect((await issues(past)).run_day).toBe(COMMUNICATION_MESSAGES.runOnPast);
    expect(await issues(past, 41)).toEqual({});
  });

  it("saves a once-only e-mail without date and time for 'Enviar agora' (no schedule invented), but not half a schedule", async () => {
    const manual = { ...valid(), run_type: 'O' as const, run_day: '', run_time: '' };
    expect(await issues(manual)).toEqual({});
    expect(emailToPayload(manual).info.run_on).toBeNull();
    expect((await issues({ ...manual, run_time: '08:00' })).run_day).toBe(COMMUNICATION_MESSAGES.runOn);
  });
});

describe('recipients box (spec part 3 §9: 100 characters with a counter)', () => {
  it('cuts what is typed at 100 characters and counts them', () => {
    const long = `${'a'.repeat(95)}@x.com.br`;
    expect(recipientsInput(long)).toHaveLength(100);
    expect(recipientsCounter('')).toBe('0/100');
    expect(recipientsCounter(recipientsInput(long))).toBe('100/100');
    expect(recipientCount('ana@x.com; ;joao@y.com;')).toBe(2);
  });
});

describe('edit and clone (spec part 3 §4)', () => {
  it('reads a saved e-mail back into the form as it was', () => {
    expect(emailFromDetails(saved())).toMatchObject({
      description: 'Natal',
      subject: 'Feliz Natal',
      audience: 'lead',
      id_lead: '7',
      run_type: 'O',
      run_day: '20/12/2026',
      run_time: '08:00',
      approvement: 'Aprovado por: Ana Souza Em: 24/11/2026 10:00:00',
    });
    expect(contentOf(saved())).toEqual(content);
  });

  it("a clone gets ' DUPLICADA', no approval and, saved, no id: a new record", () => {
    const values = emailFromDetails(saved(), true);
    expect(values.description).toBe('Natal DUPLICADA');
    expect(values.approvement).toBeNull();
    const payload = emailToPayload(values, contentOf(saved()));
    expect(payload.id).toBeUndefined();
    expect(payload.info).not.toHaveProperty('executed_at');
    expect(payload.info).toMatchObject({ approvement: null, layout_body: content.html });
  });
});

describe('approval text (spec part 3 §4)', () => {
  it("is 'Aprovado por: {name} Em: {pt-BR date time}' in Brasília time", () => {
    expect(approvalText('Ana Souza', new Date('2026-11-24T13:05:09Z'))).toBe(
      'Aprovado por: Ana Souza Em: 24/11/2026 10:05',
    );
  });
});

describe('test send (spec part 3 §5)', () => {
  it('needs an address and a subject', () => {
    expect(testSendProblem('', 'Assunto')).toBe('Preencha o e-mail corretamente');
    expect(testSendProblem('ana@', 'Assunto')).toBe('Preencha o e-mail corretamente');
    expect(testSendProblem('ana@exemplo.com.br', '  ')).toBe('Preencha o assunto');
    expect(testSendProblem(' ana@exemplo.com.br ', 'Assunto')).toBeUndefined();
  });
});

describe('template (spec part 3 §5 Template)', () => {
  it('requires only the description', async () => {
    const bad = await templateFormSchema.safeParseAsync(emptyTemplateForm());
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['description'],
      message: 'Informe a descrição do template',
    });
    expect(
      (await templateFormSchema.safeParseAsync({ description: 'Boas-vindas', subject: '' })).success,
    ).toBe(true);
  });

  it('is saved as an always valid TEMAIL with its message', () => {
    const payload = templateToPayload({ description: ' Boas-vindas ', subject: '' }, content, { id: 3 });
    expect(payload).toMatchObject({
      id: 3,
      type: 'TEMAIL',
      always_valid: 'Y',
      active: 'Y',
      description: 'Boas-vindas',
      info: { layout_title: '', layout_body: content.html, flow: content.flow },
    });
    expect(CommunicationCampaign.safeParse(payload).success).toBe(true);
  });

  it('offers the template variables as {{…}}', () => {
    expect(TEMPLATE_TOKENS).toEqual(expect.arrayContaining(['{{nome}}', '{{primeiro_nome}}', '{{email}}']));
  });
});

describe('analytics counters', () => {
  it('labels every e-mail action in pt-BR, zero when not recorded, and offers leads of the right audiences', () => {
    const counters = emailCounters([
      { action: 'sent', quantity: 3 },
      { action: 'delivered', quantity: 2 },
      { action: 'open', quantity: 1 },
      { action: 'unknown', quantity: 9 },
    ]);
    expect(counters.map((c) => [c.label, c.value])).toEqual([
      ['Enviados', 3],
      ['Entregues', 2],
      ['Abertos', 1],
      ['Cliques', 0],
      ['Descartados', 0],
      ['Adiados', 0],
      ['Devolvidos', 0],
      ['Reclamações', 0],
    ]);
    expect(counters.filter((c) => c.filter).map((c) => c.filter)).toEqual([
      ['delivered'],
      ['open'],
      ['click'],
      ['bounce'],
    ]);
  });
});
