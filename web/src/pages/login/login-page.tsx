// Plain HTML controls styled like Cloudscape's: a Cloudscape input or button pulls in its icon
// set, tooltips and message formatter (~60 KB gzip), and this page is the first thing most
// users download (budget ≤ 150 KB gzip with the app entry).
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { login } from '../../api/auth';
import { ApiError } from '../../api/client';
import { BrandMark } from '../../app/brand';
import { landingPath } from '../../app/landing';
import { dismiss, notify } from '../../app/notifications/notify';
import { clearSession, saveSession } from '../../app/session';
import { PRODUCT_NAME, TENANT } from '../../app/tenant';
import { applyServerErrors } from '../../components/form/server-errors';
import { useHydrated } from '../../public/hydration';
import { LoginIllustration, LoginWaves } from './login-art';
import { lazyResolver } from './lazy-resolver';
import { loginReadyEarly, takeEarlySubmit } from './login-early';
import { LoginField } from './login-field';
import { LOGIN_FAILED, loginFailureContent } from './login-messages';
import './login-page.css';

const FIELDS = ['email', 'password'] as const;

interface LoginValues {
  email: string;
  password: string;
}

// The zod schema (shared LoginRequest) validates the form; its code loads right after the page.
const resolver = lazyResolver<LoginValues, LoginValues>(() =>
  import('./login-resolver').then((m) => m.loginResolver),
);

async function signIn({ email, password }: LoginValues) {
  const answer = await login(email, password);
  if (!answer?.token) throw new Error('login answer without token');
  return answer;
}

export default function LoginPage() {
  // As useZodForm does: validate on submit, then again on each change of a field that failed.
  const form = useForm<LoginValues, unknown, LoginValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
    resolver,
  });
  // Prerendered markup (login.html) knows neither the tenant nor the code that submits: the
  // tenant label waits in reserved space, and 'Entrar' stays disabled until the form can really
  // be sent (a native submit would put the password in the URL) — that is, until the page's entry
  // has readied the markup (login-early.ts: it holds an early press) or, without it, hydration.
  const hydrated = useHydrated();
  const ready = hydrated || loginReadyEarly();
  const formRef = useRef<HTMLFormElement>(null);
  // 'Entrar' pressed before this code had loaded: sent now, with what was typed meanwhile.
  useEffect(() => {
    if (takeEarlySubmit()) formRef.current?.requestSubmit();
  }, []);

  /**
   * A field's registration that keeps what the visitor, or the browser's autofill, typed into the
   * prerendered form before this code ran: react-hook-form would reset the input to its default.
   */
  function field(name: keyof LoginValues) {
    const registration = form.register(name);
    return {
      ...registration,
      ref: (input: HTMLInputElement | null) => {
        const typed = input?.value ?? '';
        registration.ref(input);
        if (typed !== '' && typed !== form.getValues(name)) form.setValue(name, typed);
      },
    };
  }
  const { errors } = form.formState;
  // The previous failure notice goes away when the user tries again.
  const failureNotice = useRef<string | undefined>(undefined);

  const session = useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      const user = {
        token: answer.token,
        ability: Array.isArray(answer.ability) ? answer.ability : [],
        shortname: answer.shortname ?? '',
        fullname: answer.fullname ?? answer.shortname ?? '',
      };
      saveSession(user);
      // The spec reloads after login: the new page load builds the signed-in app.
      window.location.assign(landingPath(user));
    },
    onError: (error) => {
      clearSession();
      applyServerErrors(error, form.setError, FIELDS);
      const apiError = error instanceof ApiError ? error : undefined;
      failureNotice.current = notify({
        type: 'error',
        header: LOGIN_FAILED.header,
        content: loginFailureContent(apiError?.status, apiError?.message),
      });
    },
  });
  // After a success the page is being left: the spinner stays until the reload.
  const submitting = session.isPending || session.isSuccess;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void form.handleSubmit((values) => {
      if (failureNotice.current) dismiss(failureNotice.current);
      session.mutate(values);
    })(event);
  }

  // Passwords are reset by an administrator in Ajustes › Usuários; there is no self-service reset.
  function onForgotPassword() {
    notify({
      type: 'info',
      header: 'Esqueci minha senha',
      content: 'Peça ao administrador da plataforma para redefinir sua senha em Ajustes › Usuários.',
    });
  }

  return (
    <div className="login-page">
      <LoginWaves />
      <main className="login-card" aria-labelledby="login-title">
        <section className="login-aside" aria-hidden="true">
          <LoginIllustration />
          <p className="login-aside-text">Clientes, campanhas e vendas da sua loja em um só lugar.</p>
        </section>
        <section className="login-main">
          <div className="login-brand">
            <BrandMark />
            <div>
              <div className="login-product">{PRODUCT_NAME}</div>
              <div className="login-tenant" data-testid="login-tenant">
                {ready ? TENANT.toUpperCase() : '\u00a0'}
              </div>
            </div>
          </div>
          <h1 id="login-title" className="login-title">
            Acesse sua conta
          </h1>
          <form ref={formRef} noValidate onSubmit={onSubmit} data-testid="login-form" className="login-form">
            <LoginField id="login-email" label="E-mail" error={errors.email?.message}>
              <input
                type="email"
                inputMode="email"
                autoComplete="username"
                placeholder="seu.email@empresa.com.br"
                disabled={submitting}
                data-testid="login-email"
                {...field('email')}
              />
            </LoginField>
            <LoginField id="login-password" label="Senha" error={errors.password?.message}>
              <input
                type="password"
                autoComplete="current-password"
                placeholder="Sua senha"
                disabled={submitting}
                data-testid="login-password"
                {...field('password')}
              />
            </LoginField>
            <div className="login-forgot">
              <a
                href="#"
                className="login-link"
                onClick={(event) => {
                  event.preventDefault();
                  onForgotPassword();
                }}
              >
                Esqueci minha senha
              </a>
            </div>
            {submitting ? (
              <div className="login-spinner" data-testid="login-spinner" role="status" aria-label="Entrando">
                <span className="app-spinner" aria-hidden="true" />
              </div>
            ) : (
              <button type="submit" className="login-submit" data-testid="login-submit" disabled={!ready}>
                Entrar
              </button>
            )}
          </form>
        </section>
      </main>
    </div>
  );
}
