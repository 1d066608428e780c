import { z } from 'zod/mini';

/**
 * The login form: the fields of the API's `LoginRequest` (shared/src/schemas/identity.ts: e-mail
 * trimmed, both required, nothing else checked — spec part 1 §5; the server decides), with this
 * page's own texts for empty fields. Written with zod's functional `zod/mini` API, the same
 * library and rules as the shared schema, because /login must stay light: the classic API's
 * method chains cannot be tree-shaken and would add ~15 KB gzip to the page.
 */
export const LoginForm = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'Informe o e-mail'), z.maxLength(254, 'E-mail muito longo.')),
  password: z.string().check(z.minLength(1, 'Informe a senha'), z.maxLength(256, 'Senha muito longa.')),
});
export type LoginForm = z.output<typeof LoginForm>;
