// The public customer portal. Light on purpose (customers open it on their phones): plain
// HTML and CSS, no Cloudscape component of its own, no shell.
import { onlyDigits } from '@freguesia/shared/domain/masks';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  customerExists,
  customerLogin,
  fetchCustomerTags,
  fetchMe,
  fetchPublicTags,
  isKnownCustomer,
  registerCustomer,
  updateMe,
  type PortalTag,
} from '../../api/portal';
import { dismiss, notify, type NotifyOptions } from '../../app/notifications/notify';
import { browserStorage } from '../../app/storage';
import { CustomerForm } from './customer-form';
import { PortalDialog, QuestionDialog, type Question } from './portal-dialog';
import { ActionButton, BackButton, Field, describedBy } from './portal-fields';
import { PortalFrame, usePortal } from './portal-frame';
import {
  FIELD_MESSAGES,
  PORTAL_TEXT,
  buildPayload,
  emptyForm,
  formFromRecord,
  isPortalCpf,
  maskPortalDocument,
  offeredTags,
  passwordsMatch,
  serverFieldErrors,
  tickedTags,
  validatePortalForm,
  type FieldErrors,
  type PortalFormValues,
} from './portal-model';
import { RichText } from './rich-text';

/**
 * /cadastro — spec part 1 §2 "Public customer portal", §4 (portal transitions), §5, §8.
 *
 * Three views: home (programme description and two buttons), register (document → 'Verificar'
 * → full form → 'Cadastrar' once the rules are agreed) and login/update (document and
 * password → 'Acessar' → the record in the form → 'Atualizar'). The customer token lives in
 * this component's state only; the document being worked on is kept in sessionStorage under
 * `portal_document` (never the staff `user` key) and cleared when the visitor goes home.
 */
type View = 'home' | 'register' | 'login';
type Busy = 'verify' | 'access' | 'submit' | null;

const DOCUMENT_KEY = 'portal_document';
const DEFAULT_WELCOME =
  'Bem-vindo(a) ao nosso programa de fidelidade! Cadastre-se para receber ofertas, novidades e benefícios exclusivos.';

function storedDocument(): string {
  return maskPortalDocument(browserStorage('session')?.getItem(DOCUMENT_KEY) ?? '');
}

function storeDocument(text: string): void {
  const digits = onlyDigits(text);
  if (digits) browserStorage('session')?.setItem(DOCUMENT_KEY, digits);
  else browserStorage('session')?.removeItem(DOCUMENT_KEY);
}

const describe = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Tente novamente em instantes.');

/** The content of the 'Credenciais incorretas' warning for a failed /customer/login. */
function loginRefusal(error: unknown): string {
  const explained = error instanceof ApiError && [401, 403, 429].includes(error.status) && errorMessage(error.body);
  return explained || PORTAL_TEXT.wrongPassword;
}

/** Focuses the first field flagged invalid, after the render that shows the errors. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('.portal-field-invalid input, .portal-field-invalid select');
    field?.focus();
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

export default function RegisterPage() {
  const portal = usePortal();
  const { look } = portal;
  const [view, setView] = useState<View>('home');
  const [documentText, setDocumentText] = useState(storedDocument);
  const [documentError, setDocumentError] = useState<string>();
  const [password, setPassword] = useState('');
  const [revealed, setRevealed] = useState(false);
  const [token, setToken] = useState<string>();
  const [form, setForm] = useState<PortalFormValues>(() => emptyForm());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [offered, setOffered] = useState<string[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);

  useEffect(() => storeDocument(documentText), [documentText]);

  // Warnings about the view being left go away with it.
  const warnings = useRef<string[]>([]);
  const warn = useCallback((options: NotifyOptions) => {
    warnings.current.push(notify({ type: 'warning', ...options }));
  }, []);
  const dismissWarnings = () => {
    for (const id of warnings.current.splice(0)) dismiss(id);
  };

  const patchForm = useCallback((patch: Partial<PortalFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const keys = Object.keys(patch).filter((key) => key in current);
      if (keys.length === 0) return current;
      const next = { ...current };
      for (const key of keys) delete next[key as keyof FieldErrors];
      return next;
    });
  }, []);

  function resetForm() {
    dismissWarnings();
    setRevealed(false);
    setToken(undefined);
    setForm(emptyForm());
    setErrors({});
    setPassword('');
    setDocumentError(undefined);
  }

  /** The back arrow and every success: home, with the stored document cleared (spec §2, §4). */
  function goHome() {
    resetForm();
    setDocumentText('');
    setView('home');
    window.scrollTo({ top: 0 });
  }

  function goRegister(cpf = documentText) {
    resetForm();
    setDocumentText(maskPortalDocument(cpf));
    setView('register');
  }

  function goLogin(cpf = documentText) {
    resetForm();
    setDocumentText(maskPortalDocument(cpf));
    setView('login');
  }

  function checkDocument(text: string): string | undefined {
    const problem = onlyDigits(text) === '' ? FIELD_MESSAGES.document : isPortalCpf(text) ? undefined : FIELD_MESSAGES.invalidDocument;
    setDocumentError(problem);
    return problem;
  }

  /** Register: 'Verificar' (spec §4). */
  async function verify(text = documentText) {
    dismissWarnings();
    if (checkDocument(text)) return;
    const cpf = onlyDigits(text);
    setBusy('verify');
    try {
      const id = await customerExists(cpf);
      if (id !== undefined) {
        setQuestion({
          title: PORTAL_TEXT.askAccessTitle,
          text: PORTAL_TEXT.askAccessText,
          confirm: PORTAL_TEXT.askAccessConfirm,
          onConfirm: () => goLogin(cpf),
        });
        return;
      }
      const [settings, tags] = await Promise.all([portal.refresh(), fetchPublicTags().catch(() => [] as PortalTag[])]);
      setOffered(offeredTags(settings, tags.map((tag) => tag.description)));
      setForm(emptyForm(cpf));
      setErrors({});
        setRevealed(true);
    } catch (error) {
      notify({ type: 'error', header: 'Não foi possível verificar o CPF', content: describe(error) });
    } finally {
      setBusy(null);
    }
  }

  /** Login/update: 'Acessar' (spec §4, §5, §8). */
  async function access() {
    dismissWarnings();
    if (checkDocument(documentText)) return;
    if (password === '') {
      warn({ header: PORTAL_TEXT.badCredentials, content: PORTAL_TEXT.noPassword });
      document.getElementById('portal-login-password')?.focus();
      return;
    }
    const cpf = onlyDigits(documentText);
    setBusy('access');
    try {
      let answer;
      try {
        answer = await customerLogin(cpf, password);
      } catch (error) {
        // Wrong password or a failed request: the spec's warning, password cleared (spec §8).
        // When the server explains a refusal (no password yet: registered at the checkout;
        // inactive; too many attempts) its own message is shown instead.
        warn({ header: PORTAL_TEXT.badCredentials, content: loginRefusal(error) });
        setPassword('');
        document.getElementById('portal-login-password')?.focus();
        return;
      }
      if (!isKnownCustomer(answer)) {
        setQuestion({
          title: PORTAL_TEXT.askRegisterTitle,
          text: PORTAL_TEXT.askRegisterText,
          confirm: PORTAL_TEXT.askRegisterConfirm,
          onConfirm: () => {
            goRegister(cpf);
            void verify(cpf);
          },
        });
        return;
      }
      const customerToken = answer.token;
      const [me, tags, settings] = await Promise.all([
        fetchMe(customerToken),
        fetchCustomerTags(customerToken).catch(() => fetchPublicTags().catch(() => [] as PortalTag[])),
        portal.refresh(),
      ]);
      const list = offeredTags(settings, tags.map((tag) => tag.description));
      const loaded = formFromRecord(me);
      const recordTags = Array.isArray(me.tags) ? me.tags : [];
      setOffered(list);
      setForm({ ...loaded, tags: tickedTags(recordTags, list) });
      setDocumentText(loaded.document);
      setErrors({});
      setToken(customerToken);
      setPassword('');
      setRevealed(true);
    } catch (error) {
      notify({ type: 'error', header: 'Não foi possível carregar seu cadastro', content: describe(error) });
    } finally {
      setBusy(null);
    }
  }

  /** 'Cadastrar' / 'Atualizar' (spec §5, §8). */
  async function submit() {
    const mode = view === 'register' ? 'register' : 'update';
    dismissWarnings();
    const found = validatePortalForm(form, mode, look.required);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      warn({ header: 'Confira o formulário', content: 'Preencha corretamente os campos destacados.' });
      focusFirstError();
      return;
    }
    if (!passwordsMatch(form, mode)) {
      warn({ content: PORTAL_TEXT.passwordsDiffer });
      setForm((current) => ({ ...current, password: '', password_confirmation: '' }));
      requestAnimationFrame(() => document.getElementById('portal-password')?.focus());
      return;
    }
    const payload = buildPayload(form);
    setBusy('submit');
    try {
      if (mode === 'register') await registerCustomer(payload);
      else if (token) await updateMe(token, payload);
      else throw new ApiError(401, 'Sem acesso', undefined);
      notify({ type: 'success', content: mode === 'register' ? PORTAL_TEXT.created : PORTAL_TEXT.updated });
      goHome();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && mode === 'update') {
        notify({ type: 'warning', header: 'Acesso expirado', content: 'Acesse novamente para atualizar seu cadastro.' });
        goLogin(form.document);
        return;
      }
      const fieldErrors = error instanceof ApiError ? serverFieldErrors(error.body) : {};
      setErrors(fieldErrors);
      notify({ type: 'error', header: 'Não foi possível salvar seu cadastro', content: describe(error) });
      if (Object.keys(fieldErrors).length > 0) focusFirstError();
    } finally {
      setBusy(null);
    }
  }

  function onDocumentSubmit(event: FormEvent) {
    event.preventDefault();
    if (view === 'register') void verify();
    else void access();
  }

  const termsButton = (
    <button type="button" className="portal-link" onClick={() => setTermsOpen(true)} data-testid="portal-home-terms">
      {PORTAL_TEXT.terms}
    </button>
  );

  return (
    <PortalFrame portal={portal} testId="portal-page" size={revealed ? 'form' : 'narrow'}>
      {view === 'home' ? (
        <section className="portal-view portal-home" data-testid="portal-home">
          <h1>Seja bem-vindo(a)!</h1>
          {portal.loaded ? (
            <>
              <RichText text={look.description || DEFAULT_WELCOME} className="portal-rich" />
              <div className="portal-home-actions">
                <ActionButton variant="primary" onClick={() => goRegister('')} testId="portal-go-register">
                  {PORTAL_TEXT.wantToRegister}
                </ActionButton>
                <ActionButton variant="secondary" onClick={() => goLogin('')} testId="portal-go-login">
                  {PORTAL_TEXT.alreadyRegistered}
                </ActionButton>
              </div>
            </>
          ) : (
            <div aria-busy="true" aria-label="Carregando">
              <div className="portal-rich portal-skeleton">
                <span />
                <span />
                <span />
              </div>
              <div className="portal-skeleton portal-skeleton-buttons">
                <span />
                <span />
              </div>
            </div>
          )}
          {look.term && <p className="portal-home-terms">Conheça o {termsButton} do programa.</p>}
        </section>
      ) : (
        <section className="portal-view" data-testid={`portal-${view}`}>
          <BackButton onClick={goHome} />
          <h1>{view === 'register' ? 'Quero me cadastrar' : revealed ? 'Meu cadastro' : 'Acessar meu cadastro'}</h1>
          <p className="portal-lead">
            {view === 'register'
              ? revealed
                ? 'Complete seus dados para participar do programa.'
                : 'Informe seu CPF para começar.'
              : revealed
                ? 'Confira seus dados e atualize o que for preciso.'
                : 'Informe seu CPF e sua senha para acessar seu cadastro.'}
          </p>

          <form className="portal-document" onSubmit={onDocumentSubmit} noValidate>
            <div className="portal-grid">
              <Field id="portal-document" label="CPF" required error={documentError}>
                <input
                  id="portal-document"
                  name="document"
                  data-testid="portal-document"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="999.999.999-99"
                  value={documentText}
                  readOnly={revealed}
                  aria-required
                  autoFocus={!documentText}
                  {...describedBy('portal-document', documentError)}
                  onChange={(e) => {
                    setDocumentText(maskPortalDocument(e.target.value));
                    setDocumentError(undefined);
                  }}
                />
              </Field>
              {view === 'login' && !revealed && (
                <Field id="portal-login-password" label="Senha" required>
                  <input
                    id="portal-login-password"
                    name="password"
                    data-testid="portal-login-password"
                    type="password"
                    autoComplete="current-password"
                    aria-required
                    autoFocus={Boolean(documentText)}
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                </Field>
              )}
            </div>
            {!revealed && (
              <div className="portal-actions">
                <ActionButton
                  type="submit"
                  busy={busy === 'verify' || busy === 'access'}
                  testId={view === 'register' ? 'portal-verify' : 'portal-access'}
                  className="portal-button-wide"
                >
                  {view === 'register' ? PORTAL_TEXT.verify : PORTAL_TEXT.access}
                </ActionButton>
              </div>
            )}
            {revealed && view === 'register' && (
              <button type="button" className="portal-link portal-change-document" onClick={() => goRegister('')}>
                Usar outro CPF
              </button>
            )}
          </form>

          {revealed && (
            <CustomerForm
              mode={view === 'register' ? 'register' : 'update'}
              value={form}
              onChange={patchForm}
              errors={errors}
              required={look.required}
              tags={offered}
              busy={busy === 'submit'}
              onSubmit={() => void submit()}
              onOpenTerms={() => setTermsOpen(true)}
            />
          )}
        </section>
      )}

      <QuestionDialog question={question} onClose={() => setQuestion(null)} />
      <PortalDialog
        open={termsOpen}
        wide
        title={PORTAL_TEXT.terms}
        onClose={() => setTermsOpen(false)}
        testId="portal-terms"
        footer={
          <>
            <a className="portal-link" href="/cadastro/termos" target="_blank" rel="noopener">
              Abrir em nova aba
            </a>
            <button type="button" className="portal-button portal-button-primary" onClick={() => setTermsOpen(false)}>
              Fechar
            </button>
          </>
        }
      >
        {look.term ? (
          <RichText text={look.term} className="portal-rich portal-terms-text" />
        ) : (
          <p>O regulamento do programa ainda não foi publicado.</p>
        )}
      </PortalDialog>
    </PortalFrame>
  );
}
