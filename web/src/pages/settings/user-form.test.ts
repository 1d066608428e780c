import { describe, expect, it } from 'vitest';
import {
  EMPTY_USER_FORM,
  userBody,
  userFormSchema,
  type UserFormMode,
  type UserFormValues,
} from './user-form';

/** The messages the form shows, by field (what the zod resolver puts under each field). */
function validateUserForm(values: UserFormValues, mode: UserFormMode): Record<string, string> {
  const result = userFormSchema(mode).safeParse(values);
  return Object.fromEntries(
    (result.success ? [] : result.error.issues).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

const filled: UserFormValues = {
  email: 'maria@loja.com.br',
  fullname: 'Maria da Silva',
  shortname: 'Maria',
  document: '123.456.789-09',
  role_id: 3,
  allStores: false,
  store_id: 2,
  password: 'segredo123',
  password_confirmation: 'segredo123',
};

describe('user form validation', () => {
  it('gives every required message of an empty creation form at once', () => {
    expect(validateUserForm({ ...EMPTY_USER_FORM, allStores: false }, { kind: 'create' })).toEqual({
      email: 'Digite o email',
      fullname: 'Digite o nome',
      shortname: 'Digite o nome reduzido',
      document: 'Digite um documento único',
      role_id: 'Selecione a permissão',
      store_id: 'Selecione a loja de trabalho',
      password: 'Informe a senha!',
      password_confirmation: 'Confirme a senha',
    });
  });

  it('accepts a complete form', () => {
    expect(validateUserForm(filled, { kind: 'create' })).toEqual({});
  });

  it('asks for the confirmation and reports a mismatch', () => {
    expect(validateUserForm({ ...filled, password_confirmation: '' }, { kind: 'create' })).toEqual({
      password_confirmation: 'Confirme a senha',
    });
    expect(validateUserForm({ ...filled, password_confirmation: 'outra-senha' }, { kind: 'create' })).toEqual(
      {
        password_confirmation: 'As duas senhas que você digitou não coincidem!',
      },
    );
  });

  it('does not need a store when the user works in all stores', () => {
    expect(validateUserForm({ ...filled, allStores: true, store_id: null }, { kind: 'create' })).toEqual({});
  });

  it('keeps the password optional on edit, but checks it when typed', () => {
    const edit = { kind: 'edit', id: 7 } as const;
    expect(validateUserForm({ ...filled, password: '', password_confirmation: '' }, edit)).toEqual({});
    expect(
      validateUserForm({ ...filled, password: 'nova-senha-1', password_confirmation: 'x' }, edit),
    ).toEqual({
      password_confirmation: 'As duas senhas que você digitou não coincidem!',
    });
  });
});

describe('user request body', () => {
  it('sends role_id and store_id as null when not positive on creation', () => {
    const body = userBody({ ...filled, role_id: 0, store_id: -1 }, { kind: 'create' });
    expect(body.role_id).toBeNull();
    expect(body.store_id).toBeNull();
    expect(body.password).toBe('segredo123');
    expect(body).not.toHaveProperty('id');
  });

  it('drops the store when all stores', () => {
    expect(userBody({ ...filled, allStores: true }, { kind: 'create' })).toMatchObject({
      all_stores: 'Y',
      store_id: null,
    });
  });

  it('sends the password on edit only when filled', () => {
    const edit = { kind: 'edit', id: 7 } as const;
    const without = userBody({ ...filled, password: '', password_confirmation: '' }, edit);
    expect(without).toMatchObject({ id: 7, all_stores: 'N', store_id: 2 });
    expect(without).not.toHaveProperty('password');
    expect(without).not.toHaveProperty('password_confirmation');
    expect(userBody(filled, edit)).toMatchObject({
      id: 7,
      password: 'segredo123',
      password_confirmation: 'segredo123',
    });
  });
});
