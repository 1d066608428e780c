export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** Both fields are required and nothing else is checked (spec part 1 §5); the server decides. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.email.trim() === '') errors.email = 'Informe o e-mail';
  if (values.password === '') errors.password = 'Informe a senha';
  return errors;
}

export const LOGIN_FAILED = {
  header: 'Erro ao realizar login',
  content: 'Não foi possivel realizar seu login, verifique os dados e tente novamente.',
} as const;

/**
 * The failure notice body: the server's own message when it refuses for a reason the user
 * must know (429: account temporarily locked after repeated failures), otherwise the
 * spec's generic text — a wrong password and an unknown e-mail read the same on purpose.
 */
export function loginFailureContent(status: number | undefined, serverMessage: string | undefined): string {
  if (status === 429 && serverMessage) return serverMessage;
  return LOGIN_FAILED.content;
}
