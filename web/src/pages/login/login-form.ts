import { LoginRequest } from '@freguesia/shared/schemas/identity';
import { z } from 'zod';

/**
 * The login form: the API's `LoginRequest` (e-mail trimmed, both fields required, nothing else
 * checked — spec part 1 §5; the server decides), with this page's own texts for empty fields.
 */
export const LoginForm = LoginRequest.extend({
  email: z.string().trim().min(1, 'Informe o e-mail').max(254, 'E-mail muito longo.'),
  password: z.string().min(1, 'Informe a senha').max(256, 'Senha muito longa.'),
});
export type LoginForm = z.output<typeof LoginForm>;
