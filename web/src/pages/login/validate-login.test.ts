import { describe, expect, it } from 'vitest';
import { LOGIN_FAILED, loginFailureContent, validateLogin } from './validate-login';

describe('validateLogin', () => {
  it('requires e-mail and password', () => {
    expect(validateLogin({ email: '  ', password: '' })).toEqual({
      email: 'Informe o e-mail',
      password: 'Informe a senha',
    });
    expect(validateLogin({ email: 'ana@loja.com.br', password: 'x' })).toEqual({});
  });

  it('does not check the e-mail format (the spec asks for presence only)', () => {
    expect(validateLogin({ email: 'ana', password: 'x' })).toEqual({});
  });
});

describe('loginFailureContent', () => {
  it("shows the server's lock message on 429 and the generic text otherwise", () => {
    expect(loginFailureContent(429, 'Conta bloqueada temporariamente.')).toBe(
      'Conta bloqueada temporariamente.',
    );
    expect(loginFailureContent(401, 'Usuário ou senha inválidos')).toBe(LOGIN_FAILED.content);
    expect(loginFailureContent(undefined, undefined)).toBe(LOGIN_FAILED.content);
  });
});
