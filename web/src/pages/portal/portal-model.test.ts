import { cpfFromBase } from '@freguesia/shared/domain/document';
import type { PortalCustomerRecord } from '@freguesia/shared/schemas/customer';
import { describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  PORTAL_TEXT,
  buildPayload,
  cssUrl,
  emptyForm,
  formFromRecord,
  lookFromSettings,
  offeredTags,
  passwordsMatch,
  portalColors,
  safeImageUrl,
  serverFieldErrors,
  splitList,
  textOn,
  tickedTags,
  validatePortalForm,
} from './portal-model';

const CPF = cpfFromBase('123456789'); // 12345678909

describe('portal settings', () => {
  it('reads the key/value list into the look', () => {
    const look = lookFromSettings([
      { key: 'program_description', value: ' Bem-vindo ' },
      { key: 'program_term', value: 'Regras' },
      { key: 'portal_background_image', value: 'https://cdn.example.com/bg.jpg' },
      { key: 'portal_style_bg', value: 'repeat' },
      { key: 'portal_primary_color', value: '#0A0' },
      { key: 'portal_secondary_color', value: 'blue' },
      { key: 'portal_fields_require', value: 'email, cellphone,unknown' },
      { key: 'portal_tags', value: 'Vinhos, Queijos,,vinhos' },
    ]);
    expect(look).toMatchObject({
      description: 'Bem-vindo',
      term: 'Regras',
      backgroundImage: 'https://cdn.example.com/bg.jpg',
      backgroundStyle: 'repeat',
      primary: '#00aa00',
      secondary: undefined,
      tags: ['Vinhos', 'Queijos'],
    });
    expect([...look.required]).toEqual(['email', 'cellphone']);
    expect(lookFromSettings([]).backgroundStyle).toBe('cover');
  });

  it('offers the public tag list, else the portal_tags of the settings', () => {
    const look = lookFromSettings([{ key: 'portal_tags', value: 'Vinhos' }]);
    expect(offeredTags(look, ['Cervejas', ' Vinhos ', 'cervejas', ''])).toEqual(['Cervejas', 'Vinhos']);
    expect(offeredTags(look, [])).toEqual(['Vinhos']);
    expect(splitList(null)).toEqual([]);
  });

  it('accepts only safe background images', () => {
    expect(safeImageUrl('/favicon.svg')).toBe('/favicon.svg');
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl('//evil.example.com/x.png')).toBeUndefined();
    expect(safeImageUrl('data:text/html,<script>')).toBeUndefined();
    expect(cssUrl('https://x.test/a"b.png')).toBe('url("https://x.test/a%22b.png")');
  });

  it('picks readable text colours and falls back to the tenant colour', () => {
    expect(textOn('#ffeb3b')).toBe('#0f141a');
    expect(textOn('#1b5e20')).toBe('#ffffff');
    const colors = portalColors(lookFromSettings([]), '#2e7d32');
    expect(colors['--portal-primary']).toBe('#2e7d32');
    expect(colors['--portal-on-primary']).toBe('#ffffff');
  });
});

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
    expect([form.allow_sms, form.allow_whatsapp, form.allow_email, form.allow_app]).toEqual([true, true, true, true]);
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
    const required = validatePortalForm(filled(), 'register', new Set(['email', 'tags', 'communications', 'city'] as const));
    expect(required).toEqual({
      email: 'Preencha o campo obrigatório: E-mail',
      tags: 'Preencha o campo obrigatório: Interesses',
      city: 'Preencha o campo obrigatório: Cidade',
    });
    const noChannel = { ...filled(), allow_sms: false, allow_whatsapp: false, allow_email: false, allow_app: false };
    expect(validatePortalForm(noChannel, 'register', new Set(['communications'] as const)).communications).toBeDefined();
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

  it('builds the payload: digits, ISO date, type, id_state 0, Landing Page, opt-out flags', () => {
    const payload = buildPayload(
      {
        ...filled(),
        date_birth: '24/12/1985',
        cellphone: '(11) 9.8765-4321',
        zipcode: '01310-100',
        tags: ['Vinhos'],
        allow_sms: false,
        agreement: true,
      },
    );
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

  it('reads server field errors', () => {
    expect(serverFieldErrors({ message: 'x', errors: { email: 'E-mail inválido.', cellphone: ['Telefone'] } })).toEqual({
      email: 'E-mail inválido.',
      cellphone: 'Telefone',
    });
    expect(serverFieldErrors('text')).toEqual({});
  });
});
