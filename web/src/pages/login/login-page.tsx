// Deep imports only: this page is the first thing most users download (budget ≤ 250 KB gzip).
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useRef, useState, type FormEvent } from 'react';
import { login } from '../../api/auth';
import { ApiError } from '../../api/client';
import { BrandMark } from '../../app/brand';
import { dismiss, notify } from '../../app/notifications/notify';
import { clearSession, saveSession } from '../../app/session';
import { PRODUCT_NAME, TENANT } from '../../app/tenant';
import { LoginIllustration, LoginWaves } from './login-art';
import { LOGIN_FAILED, loginFailureContent, validateLogin, type LoginErrors } from './validate-login';
import './login-page.css';

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // The previous failure notice goes away when the user tries again.
  const failureNotice = useRef<string | undefined>(undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (found.email || found.password) return;

    if (failureNotice.current) dismiss(failureNotice.current);
    setSubmitting(true);
    try {
      const answer = await login(email.trim(), password);
      if (!answer?.token) throw new Error('login answer without token');
      saveSession({
        token: answer.token,
        ability: Array.isArray(answer.ability) ? answer.ability : [],
        shortname: answer.shortname ?? '',
        fullname: answer.fullname ?? answer.shortname ?? '',
      });
      // The spec reloads after login: the new page load builds the signed-in app.
      window.location.assign('/');
    } catch (error) {
      clearSession();
      const apiError = error instanceof ApiError ? error : undefined;
      failureNotice.current = notify({
        type: 'error',
        header: LOGIN_FAILED.header,
        content: loginFailureContent(apiError?.status, apiError?.message),
      });
      setSubmitting(false);
    }
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
                {TENANT.toUpperCase()}
              </div>
            </div>
          </div>
          <h1 id="login-title" className="login-title">
            Acesse sua conta
          </h1>
          <form noValidate onSubmit={onSubmit} data-testid="login-form">
            <SpaceBetween size="l">
              <FormField label="E-mail" errorText={errors.email} controlId="login-email">
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  placeholder="seu.email@empresa.com.br"
                  value={email}
                  disabled={submitting}
                  onChange={({ detail }) => setEmail(detail.value)}
                  nativeInputAttributes={{ 'data-testid': 'login-email' } as Record<string, string>}
                />
              </FormField>
              <FormField label="Senha" errorText={errors.password} controlId="login-password">
                <Input
                  type="password"
                  autoComplete="current-password"
                  placeholder="Sua senha"
                  value={password}
                  disabled={submitting}
                  onChange={({ detail }) => setPassword(detail.value)}
                  nativeInputAttributes={{ 'data-testid': 'login-password' } as Record<string, string>}
                />
              </FormField>
              <div className="login-forgot">
                <Link
                  href="#"
                  variant="secondary"
                  fontSize="body-s"
                  onFollow={(event) => {
                    event.preventDefault();
                    onForgotPassword();
                  }}
                >
                  Esqueci minha senha
                </Link>
              </div>
              {submitting ? (
                <div
                  className="login-spinner"
                  data-testid="login-spinner"
                  role="status"
                  aria-label="Entrando"
                >
                  <Spinner size="big" />
                </div>
              ) : (
                <Button variant="primary" formAction="submit" fullWidth data-testid="login-submit">
                  Entrar
                </Button>
              )}
            </SpaceBetween>
          </form>
        </section>
      </main>
    </div>
  );
}
