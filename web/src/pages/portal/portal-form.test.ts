import { ApiError, serverFieldErrors } from '../../api/client';
import { cpfFromBase } from '@freguesia/shared/domain/document';
import type { PortalFormValues, PortalOptionalField } from '@freguesia/shared/schemas/customer';
import { describe, expect, it } from 'vitest';
import { PortalDocumentForm, portalFormSchema } from './portal-form';
import { FIELD_MESSAGES, PORTAL_TEXT, emptyForm, passwordsMatch, type PortalMode } from './portal-model';

const CPF = cpfFromBase('123456789'); // 12345678909

/** The message each field shows (the first of its issues), as react-hook-form's resolver picks it. */
function validatePortalForm(
  form: PortalFormValues,
  mode: PortalMode,
  required: ReadonlySet<PortalOptionalField>,
) {
  const result = portalFormSchema(mode, required).safeParse(form);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('portal form schema', () => {
  const filled = () => ({
    ...emptyForm(CPF),
    fullname: 'ANA LIMA',
    password: 'segredo1',
    password_confirmation: 'segredo1',
  });

  it('requires document, name and passwords on register, the rest only when configured', () => {
    const empty = validatePortalForm(emptyForm(''), 'register', new Set());
    expect(empty).toEqual({
      document: FIELD_MESSAGES.document,
      fullname: FIELD_MESSAGES.fullname,
      password: FIELD_MESSAGES.password,
      password_confirmation: FIELD_MESSAGES.passwordConfirmation,
    });
    expect(validatePortalForm(filled(), 'register', new Set())).toEqual({});
    const required = validatePortalForm(
      filled(),
      'register',
      new Set(['email', 'tags', 'communications', 'city'] as const),
    );
    expect(required).toEqual({
      email: 'Preencha o campo obrigatório: E-mail',
      tags: 'Preencha o campo obrigatório: Interesses',
      city: 'Preencha o campo obrigatório: Cidade',
    });
    const noChannel = {
      ...filled(),
      allow_sms: false,
      allow_whatsapp: false,
      allow_email: false,
      allow_app: false,
    };
    expect(
      validatePortalForm(noChannel, 'register', new Set(['communications'] as const)).communications,
    ).toBeDefined();
  });

  it('checks what is filled: CPF, date, cellphone, e-mail, CEP, password length', () => {
    const errors = validatePortalForm(
      {
        ...filled(),
        document: '123.456.789-00',
        date_birth: '31/02/2000',
        cellphone: '(11) 9.8765',
        email: 'ana@',
        zipcode: '0131',
        password: '123',
        password_confirmation: '123',
      },
      'register',
      new Set(),
    );
    expect(errors).toEqual({
      document: FIELD_MESSAGES.invalidDocument,
      date_birth: FIELD_MESSAGES.date,
      cellphone: FIELD_MESSAGES.cellphone,
      email: FIELD_MESSAGES.email,
      zipcode: FIELD_MESSAGES.zipcode,
      password: FIELD_MESSAGES.shortPassword,
    });
  });

  it('lets the password be empty on update only, and needs equal passwords', () => {
    const update = { ...filled(), password: '', password_confirmation: '' };
    expect(validatePortalForm(update, 'update', new Set())).toEqual({});
    expect(passwordsMatch(update, 'update')).toBe(true);
    expect(passwordsMatch({ ...filled(), password_confirmation: 'outra1' }, 'register')).toBe(false);
    expect(passwordsMatch({ ...update, password_confirmation: 'x' }, 'update')).toBe(false);
    expect(PORTAL_TEXT.passwordsDiffer).toBe('As senhas não conferem, verifique e tente novamente !');
  });

  it('checks the document step: empty, then the CPF check digits', () => {
    const message = (document: string) =>
      PortalDocumentForm.safeParse({ document, password: '' }).error?.issues[0]?.message;
    expect(message('')).toBe(FIELD_MESSAGES.document);
    expect(message('123.456.789-00')).toBe(FIELD_MESSAGES.invalidDocument);
    expect(message('123.456.789-09')).toBeUndefined();
  });

  it('reads server field errors', () => {
    const answer = new ApiError(400, 'x', {
      message: 'x',
      errors: { email: 'E-mail inválido.', cellphone: ['Telefone'] },
    });
    expect(serverFieldErrors(answer)).toEqual({
      email: 'E-mail inválido.',
      cellphone: 'Telefone',
    });
    expect(serverFieldErrors('text')).toEqual({});
  });
});
