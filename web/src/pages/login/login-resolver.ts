import { zodResolver } from '@hookform/resolvers/zod';
import { LoginForm } from './login-form';

/** The login form's zod resolver; imported lazily by the page (see lazy-resolver.ts). */
export const loginResolver = zodResolver(LoginForm);
