/**
 * Texts of the login failure notice. The content is the API's LOGIN_FAILED_MESSAGE (spec);
 * written out here because importing the shared schema module would bring zod into the page's
 * first download (login-form.test.ts checks they are the same).
 */
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
