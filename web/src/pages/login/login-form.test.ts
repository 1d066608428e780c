import { LOGIN_FAILED_MESSAGE } from '@freguesia/shared/schemas/identity';
import { describe, expect, it } from 'vitest';
import { LoginForm } from './login-form';
import { LOGIN_FAILED, loginFailureContent } from './login-messages';

/** The first message of each failing field, as the form shows them. */
function validateLogin(values: { email: string; password: string }): Record<string, string> {
  const result = LoginForm.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('LoginForm', () => {
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

  it('sends the e-mail trimmed', () => {
    expect(LoginForm.parse({ email: ' ana@loja.com.br ', password: 'x' }).email).toBe('ana@loja.com.br');
  });
});

describe('loginFailureContent', () => {
  it("shows the server's lock message on 429 and the generic text otherwise", () => {
    expect(loginFailureContent(429, 'Conta bloqueada temporariamente.')).toBe(
      'Conta bloqueada temporariamente.',
    );
    expect(loginFailureContent(401, 'Usuário ou senha inválidos')).toBe(LOGIN_FAILED.content);
    expect(loginFailureContent(undefined, undefined)).toBe(LOGIN_FAILED.content);
    expect(LOGIN_FAILED.content).toBe(LOGIN_FAILED_MESSAGE);
  });
});
