import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createContext, Fragment, useContext, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCommunication, type CommunicationDetails } from '../../../api/communications';
import { formatDateTime } from '../../../components/format';
import { recordGate } from '../../../components/record-gate';
import type { CommunicationType } from './model';
import { executedText, isLocked, routeId } from './model';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/schemas/communication';

/** How an editor speaks of its record while loading it, when it is missing, and the way back. */
export interface RecordTexts {
  /** 'Carregando comunicação…' */
  loading: string;
  /** 'Comunicação não encontrada.' (also when the id is of another channel). */
  notFound: string;
  failed: string;
  notFoundHint: string;
  /** 'Voltar aos SMS' */
  back: string;
}

export const COMMUNICATION_RECORD: Omit<RecordTexts, 'back'> = {
  loading: 'Carregando comunicação…',
  notFound: 'Comunicação não encontrada.',
  failed: 'Não foi possível carregar a comunicação.',
  notFoundHint: 'Ela pode ter sido excluída.',
};

/**
 * A deleted communication opened from its list's 'Excluídas' ('/archived/' in the path): the
 * editor shows it read-only, without Salvar, Duplicar nor the 'Envio' panel.
 */
const ArchivedRecord = createContext<CommunicationDetails | null>(null);
/** The deleted record the editor shows, when it shows one. */
export const useArchivedRecord = () => useContext(ArchivedRecord);

/** 'Excluída em 03/02/2026 10:00. Ela fica só para consulta…' */
export const archivedText = (at: string | undefined) =>
  `Excluída em ${at ? formatDateTime(at) : '-'}. Ela fica apenas para consulta (histórico, Analytics e Investimentos): não pode ser alterada, enviada nem excluída.`;

/** Where a deleted communication's analytics are (the list's 'Analytics' with `excluida=1`). */
export const archivedAnalytics = (path: string) => `${path.replace('/archived/', '/analytics/')}?excluida=1`;

/**
 * The route part every communication editor shares (spec part 3 §2): no id is a new record, a
 * positive id loads it (a spinner, then the editor, or an alert when it is missing or of another
 * channel, which reads as not found), '/clone/' in the path makes the loaded record a copy and
 * '/archived/' a deleted record shown read-only. The editor is keyed by id and mode, so going
 * from one record to another starts a fresh form.
 */
export function CommunicationRecordRoute({
  types,
  list,
  texts,
  children,
}: {
  types: readonly CommunicationType[];
  /** The list the way back leads to. */
  list: string;
  texts: RecordTexts;
  children: (record: CommunicationDetails | null, clone: boolean) => ReactNode;
}) {
  const id = routeId(useParams().id);
  const path = useLocation().pathname;
  const clone = path.includes('/clone/');
  const archived = path.includes('/archived/');
  const record = useCommunication(id, { archived });
  const navigate = useNavigate();
  if (id !== undefined) {
    const gate = recordGate({
      record:
        record.data && !types.includes(record.data.type)
          ? { isPending: false, error: new ApiError(404, texts.notFound, null) }
          : record,
      loading: texts.loading,
      notFound: texts.notFound,
      failed: texts.failed,
      notFoundHint: texts.notFoundHint,
      action: { label: texts.back, onClick: () => navigate(list) },
    });
    if (gate) return gate;
  }
  const loaded = id === undefined ? null : (record.data ?? null);
  return (
    <ArchivedRecord.Provider value={archived ? loaded : null}>
      <Fragment key={`${id ?? 'new'}-${clone}-${archived}`}>{children(loaded, clone)}</Fragment>
    </ArchivedRecord.Provider>
  );
}

/** 'Alterando a comunicação 12 - Ofertas.', 'Duplicando a comunicação 12 - Ofertas.' or the new-record hint. */
export function editorDescription(
  record: CommunicationDetails | null,
  clone: boolean,
  fresh: string | undefined,
  noun = 'a comunicação',
): string | undefined {
  if (!record) return fresh;
  return `${clone ? 'Duplicando' : 'Alterando'} ${noun} ${record.id} - ${record.description}.`;
}

const READ_ONLY = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/** 'Nova comunicação via SMS' → 'Editar comunicação via SMS' (the page of a saved record). */
export const editTitle = (title: string): string => title.replace(/^Nov[oa] /, 'Editar ');

/**
 * The frame of a communication editor: the page header, Cancelar (back to the list) and Salvar,
 * the 'Campanha já executada em …' alert when the record ran, and the sections. Enter in a field
 * and Salvar both save; a disabled Salvar says why and saves nothing. Other buttons inside the
 * sections must say `formAction="none"`.
 */
export function CommunicationFormShell({
  testId,
  saveTestId,
  title,
  description,
  list,
  saving,
  disabledReason,
  onSave,
  executedRecord,
  cloneTo,
  children,
}: {
  /** `${testId}-form` and `${testId}-executed`. */
  testId: string;
  saveTestId: string;
  title: string;
  description?: string;
  list: string;
  saving: boolean;
  /** Why Salvar is disabled; undefined when it may save. */
  disabledReason?: string;
  onSave: () => void;
  /** The saved record being edited (not a clone): its execution shows above the sections. */
  executedRecord?: CommunicationDetails | null;
  /** Where 'Duplicar' leads for a record already sent (its clone route). */
  cloneTo?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const path = useLocation().pathname;
  const archived = useArchivedRecord();
  if (archived)
    return (
      <ArchivedShell
        testId={testId}
        title={title}
        record={archived}
        list={list}
        analytics={archivedAnalytics(path)}
      >
        {children}
      </ArchivedShell>
    );
  const executed = executedRecord ? executedText(executedRecord.info.executed_at) : undefined;
  const locked = isLocked(executedRecord ?? null);
  // An edit page says so ('Editar comunicação via SMS'); a sent once-only record opens read-only.
  const heading = executedRecord ? editTitle(title) : title;
  const blocked = locked ? COMMUNICATION_MESSAGES.executed : disabledReason;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Only Salvar (or Enter in a field, whose default button is Salvar) saves: a button of an
        // embedded widget (the e-mail editor's own panels) submitting the form must not.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (submitter && submitter.getAttribute('data-testid') !== saveTestId) return;
        if (blocked === undefined && !saving) onSave();
      }}
    >
      <Form
        data-testid={`${testId}-form`}
        header={
          <Header variant="h1" description={description}>
            {heading}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => navigate(list)}>
              {locked ? 'Voltar' : 'Cancelar'}
            </Button>
            {locked && cloneTo ? (
              <Button
                formAction="none"
                variant="primary"
                data-testid={`${testId}-duplicate`}
                onClick={() => navigate(cloneTo)}
              >
                Duplicar
              </Button>
            ) : null}
            <Button
              variant={locked && cloneTo ? 'normal' : 'primary'}
              data-testid={saveTestId}
              loading={saving}
              disabled={blocked !== undefined}
              disabledReason={blocked}
            >
              Salvar
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {executed ? (
            <Alert type={locked ? 'error' : 'info'} data-testid={`${testId}-executed`}>
              {executed}
              {locked
                ? '. Uma comunicação enviada uma única vez não pode mais ser alterada: duplique-a para enviar de novo.'
                : '.'}
            </Alert>
          ) : null}
          {locked ? (
            // Read-only: every field of a sent once-only record is shown, none can change.
            <fieldset disabled data-testid={`${testId}-readonly`} style={READ_ONLY}>
              <SpaceBetween size="l">{children}</SpaceBetween>
            </fieldset>
          ) : (
            children
          )}
        </SpaceBetween>
      </Form>
    </form>
  );
}

/** 'Nova comunicação via SMS' → 'Comunicação via SMS excluída'. */
export const archivedTitle = (title: string): string => {
  const rest = title.replace(/^Nov[oa] /, '');
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)} excluída`;
};

/** A deleted communication, read-only: every field shown, none can change; Voltar and Analytics. */
function ArchivedShell({
  testId,
  title,
  record,
  list,
  analytics,
  children,
}: {
  testId: string;
  title: string;
  record: CommunicationDetails;
  list: string;
  analytics: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Form
      data-testid={`${testId}-form`}
      header={
        <Header variant="h1" description={`Comunicação ${record.id} - ${record.description}.`}>
          {archivedTitle(title)}
        </Header>
      }
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="link" onClick={() => navigate(`${list}?excluidas=1`)}>
            Voltar
          </Button>
          <Button data-testid={`${testId}-archived-analytics`} onClick={() => navigate(analytics)}>
            Analytics
          </Button>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="l">
        <Alert type="warning" data-testid={`${testId}-archived`}>
          {archivedText(record.archived_at)}
        </Alert>
        <fieldset disabled data-testid={`${testId}-readonly`} style={READ_ONLY}>
          <SpaceBetween size="l">{children}</SpaceBetween>
        </fieldset>
      </SpaceBetween>
    </Form>
  );
}
