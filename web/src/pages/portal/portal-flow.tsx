/**
 * The register and sign-in steps of /cadastro (spec part 1 §4 portal transitions, §5, §8):
 * register (document → 'Verificar' → full form → 'Cadastrar' once the rules are agreed) and
 * login/update (document and password → 'Acessar' → the record in the form → 'Atualizar').
 * Two react-hook-form forms over zod schemas (portal-form.ts): the document step and the
 * customer form. A chunk of its own (zod, react-hook-form), loaded while the welcome view shows.
 *
 * The customer token lives in this component's state only; the document being worked on is
 * kept in sessionStorage under `portal_document` (never the staff `user` key) and cleared when
 * the visitor goes home.
 */
import { onlyDigits } from '@freguesia/shared/domain/masks';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  customerExists,
  customerLogin,
  customerMeQuery,
  customerTagsQuery,
  isKnownCustomer,
  publicTagsQuery,
  useRegisterCustomer,
  useUpdateMe,
  type PortalTag,
} from '../../api/portal';
import { queryClient } from '../../api/query-client';
import { dismiss, notify, type NotifyOptions } from '../../app/notifications/notify';
import { browserStorage } from '../../app/storage';
import { applyServerErrors } from '../../components/form/server-errors';
import { useZodForm } from '../../components/form/use-zod-form';
import { CustomerForm } from './customer-form';
import { QuestionDialog, type Question } from './portal-dialog';
import { ActionButton, BackButton, Field, describedBy } from './portal-fields';
import { PORTAL_FORM_FIELDS, PortalDocumentForm, portalFormSchema } from './portal-form';
import type { PortalState } from './portal-frame';
import { offeredTags } from './portal-look';
import {
  PORTAL_TEXT,
  buildPayload,
  emptyForm,
  formFromRecord,
  maskPortalDocument,
  passwordsMatch,
  tickedTags,
  type PortalFormValues,
} from './portal-model';

/** The two steps; 'home' belongs to the page. */
export type FlowView = 'register' | 'login';
type Busy = 'verify' | 'access' | null;

const DOCUMENT_KEY = 'portal_document';
function storeDocument(text: string): void {
  const digits = onlyDigits(text);
  if (digits) browserStorage('session')?.setItem(DOCUMENT_KEY, digits);
  else browserStorage('session')?.removeItem(DOCUMENT_KEY);
}

const describe = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Tente novamente em instantes.';

/** The content of the 'Credenciais incorretas' warning for a failed /customer/login. */
function loginRefusal(error: unknown): string {
  const explained =
    error instanceof ApiError && [401, 403, 429].includes(error.status) && errorMessage(error.body);
  return explained || PORTAL_TEXT.wrongPassword;
}

/** Focuses the first field flagged invalid, after the render that shows the errors. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>(
      '.portal-field-invalid input, .portal-field-invalid select',
    );
    field?.focus();
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

const noTags = (): PortalTag[] => [];

export interface PortalFlowProps {
  portal: PortalState;
  view: FlowView;
  onViewChange: (view: FlowView) => void;
  /** Back to the welcome view (the back arrow and every success). */
  onHome: () => void;
  /** Whether the full form shows (the page widens its card). */
  revealed: boolean;
  onRevealedChange: (revealed: boolean) => void;
  onOpenTerms: () => void;
}

export default function PortalFlow({
  portal,
  view,
  onViewChange,
  onHome,
  revealed,
  onRevealedChange: setRevealed,
  onOpenTerms,
}: PortalFlowProps) {
  const { look } = portal;
  const [token, setToken] = useState<string>();
  const [offered, setOffered] = useState<string[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [question, setQuestion] = useState<Question | null>(null);

  const mode = view === 'register' ? 'register' : 'update';
  const documentForm = useZodForm(PortalDocumentForm, {
    defaultValues: { document: '', password: '' },
  });
  const customerSchema = useMemo(() => portalFormSchema(mode, look.required), [mode, look.required]);
  const form = useZodForm(customerSchema, { defaultValues: emptyForm() });
  const registering = useRegisterCustomer();
  const updating = useUpdateMe();

  const documentText = documentForm.watch('document');
  const documentError = documentForm.formState.errors.document?.message;
  useEffect(() => storeDocument(documentText), [documentText]);

  // Warnings about the view being left go away with it.
  const warnings = useRef<string[]>([]);
  const warn = useCallback((options: NotifyOptions) => {
    warnings.current.push(notify({ type: 'warning', ...options }));
  }, []);
  const dismissWarnings = () => {
    for (const id of warnings.current.splice(0)) dismiss(id);
  };

  function resetForms(documentValue: string) {
    dismissWarnings();
    setRevealed(false);
    setToken(undefined);
    form.reset(emptyForm());
    documentForm.reset({ document: maskPortalDocument(documentValue), password: '' });
  }

  /** The back arrow and every success: home, with the stored document cleared (spec §2, §4). */
  function goHome() {
    resetForms('');
    storeDocument('');
    onHome();
  }

  function goRegister(cpf = documentText) {
    resetForms(cpf);
    onViewChange('register');
  }

  function goLogin(cpf = documentText) {
    resetForms(cpf);
    onViewChange('login');
  }

  /** Register: 'Verificar' (spec §4). */
  async function verify({ document: text }: PortalDocumentForm) {
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
      const [settings, tags] = await Promise.all([
        portal.refresh(),
        queryClient.fetchQuery(publicTagsQuery()).catch(noTags),
      ]);
      setOffered(
        offeredTags(
          settings,
          tags.map((tag) => tag.description),
        ),
      );
      form.reset(emptyForm(cpf));
      setRevealed(true);
    } catch (error) {
      notify({ type: 'error', header: 'Não foi possível verificar o CPF', content: describe(error) });
    } finally {
      setBusy(null);
    }
  }

  /** Login/update: 'Acessar' (spec §4, §5, §8). */
  async function access({ document: text, password }: PortalDocumentForm) {
    if (password === '') {
      warn({ header: PORTAL_TEXT.badCredentials, content: PORTAL_TEXT.noPassword });
      document.getElementById('portal-login-password')?.focus();
      return;
    }
    const cpf = onlyDigits(text);
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
        documentForm.setValue('password', '');
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
            void startVerify();
          },
        });
        return;
      }
      const customerToken = answer.token;
      const [me, tags, settings] = await Promise.all([
        queryClient.fetchQuery(customerMeQuery(customerToken)),
        queryClient
          .fetchQuery(customerTagsQuery(customerToken))
          .catch(() => queryClient.fetchQuery(publicTagsQuery()).catch(noTags)),
        portal.refresh(),
      ]);
      const list = offeredTags(
        settings,
        tags.map((tag) => tag.description),
      );
      const loaded = formFromRecord(me);
      const recordTags = Array.isArray(me.tags) ? me.tags : [];
      setOffered(list);
      form.reset({ ...loaded, tags: tickedTags(recordTags, list) });
      documentForm.reset({ document: loaded.document, password: '' });
      setToken(customerToken);
      setRevealed(true);
    } catch (error) {
      notify({ type: 'error', header: 'Não foi possível carregar seu cadastro', content: describe(error) });
    } finally {
      setBusy(null);
    }
  }

  /** 'Cadastrar' / 'Atualizar' once the form is valid (spec §5, §8). */
  async function save(values: PortalFormValues) {
    if (!passwordsMatch(values, mode)) {
      warn({ content: PORTAL_TEXT.passwordsDiffer });
      form.setValue('password', '');
      form.setValue('password_confirmation', '');
      requestAnimationFrame(() => document.getElementById('portal-password')?.focus());
      return;
    }
    const payload = buildPayload(values);
    try {
      if (mode === 'register') await registering.mutateAsync(payload);
      else if (token) await updating.mutateAsync({ token, payload });
      else throw new ApiError(401, 'Sem acesso', undefined);
      notify({ type: 'success', content: mode === 'register' ? PORTAL_TEXT.created : PORTAL_TEXT.updated });
      goHome();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && mode === 'update') {
        notify({
          type: 'warning',
          header: 'Acesso expirado',
          content: 'Acesse novamente para atualizar seu cadastro.',
        });
        goLogin(values.document);
        return;
      }
      // The server's 400 `errors` go under their fields; its message in the notice.
      form.clearErrors();
      const onFields = applyServerErrors(error, form.setError, PORTAL_FORM_FIELDS);
      notify({ type: 'error', header: 'Não foi possível salvar seu cadastro', content: describe(error) });
      if (onFields) focusFirstError();
    }
  }

  const submit = () => {
    dismissWarnings();
    void form.handleSubmit(save, () => {
      warn({ header: 'Confira o formulário', content: 'Preencha corretamente os campos destacados.' });
      focusFirstError();
    })();
  };

  const startVerify = () => documentForm.handleSubmit(verify)();
  const startAccess = () => documentForm.handleSubmit(access)();

  function onDocumentSubmit(event: FormEvent) {
    event.preventDefault();
    dismissWarnings();
    void (view === 'register' ? startVerify() : startAccess());
  }

  return (
    <>
      <section className="portal-view" data-testid={`portal-${view}`}>
        <BackButton onClick={goHome} />
        <h1>
          {view === 'register' ? 'Quero me cadastrar' : revealed ? 'Meu cadastro' : 'Acessar meu cadastro'}
        </h1>
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
                  documentForm.setValue('document', maskPortalDocument(e.target.value));
                  documentForm.clearErrors('document');
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
                  value={documentForm.watch('password')}
                  onChange={(e) => documentForm.setValue('password', e.target.value)}
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
            <button
              type="button"
              className="portal-link portal-change-document"
              onClick={() => goRegister('')}
            >
              Usar outro CPF
            </button>
          )}
        </form>

        {revealed && (
          <CustomerForm
            mode={mode}
            form={form}
            required={look.required}
            tags={offered}
            busy={registering.isPending || updating.isPending}
            onSubmit={submit}
            onOpenTerms={onOpenTerms}
          />
        )}
      </section>

      <QuestionDialog question={question} onClose={() => setQuestion(null)} />
    </>
  );
}
