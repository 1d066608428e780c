import { describe, expect, it } from 'vitest';
import { emptyLeadForm, formToPayload, leadFormSchema } from './form-model';

const messages = (values: unknown) => {
  const parsed = leadFormSchema.safeParse(values);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('lead form fields', () => {
  it('asks for the description, the origin and, when not always valid, the last day', () => {
    expect(messages({ ...emptyLeadForm(), always_valid: 'N' })).toEqual({
      description: 'Informe a descrição do lead.',
      origin: 'Informe a origem do lead.',
      valid_until: 'Escolha ate quando esse lead estara disponivel para uso',
    });
    expect(
      messages({
        ...emptyLeadForm(),
        description: 'X',
        origin: 'S',
        always_valid: 'N',
        valid_until: '31/02/2026',
      }),
    ).toEqual({
      valid_until: 'Data inválida: use DD/MM/AAAA.',
    });
  });

  it("refuses a frequency that does not parse with 'Frequencia invalida'", () => {
    const base = { ...emptyLeadForm(), description: 'X', origin: 'S' as const, auto_refresh: 'Y' as const };
    expect(messages({ ...base, frequency_refresh: 'toda hora' })).toEqual({
      frequency_refresh: 'Frequencia invalida',
    });
    expect(messages({ ...base, frequency_refresh: '0 0 * * *' })).toEqual({});
    // Off: whatever is in the field is not checked and not sent.
    expect(messages({ ...base, auto_refresh: 'N', frequency_refresh: 'x' })).toEqual({});
  });

  it('sends the day as YYYY-MM-DD, the cron only when on, the filter only for S', () => {
    const form = {
      description: ' Clientes ',
      origin: 'S' as const,
      always_valid: 'N' as const,
      valid_until: '31/12/2026',
      auto_refresh: 'Y' as const,
      frequency_refresh: ' 0  0 * * * ',
    };
    expect(formToPayload(form, [{ key: 'GE' }], [{ document: '1' }])).toEqual({
      description: 'Clientes',
      origin: 'S',
      filter: [{ key: 'GE' }],
      always_valid: 'N',
      valid_until: '2026-12-31',
      auto_refresh: 'Y',
      frequency_refresh: '0 0 * * *',
    });
    const file = formToPayload(
      { ...form, origin: 'F', always_valid: 'Y', auto_refresh: 'N' },
      [{ key: 'GE' }],
      [{ document: '1' }],
    );
    expect(file).toMatchObject({
      filter: [],
      valid_until: null,
      frequency_refresh: null,
      customers: [{ document: '1' }],
    });
    expect('customers' in formToPayload({ ...form, origin: 'F' }, [], undefined)).toBe(false);
  });
});
