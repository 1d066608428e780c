import { AuditHistory } from '../../components/audit-history';
import { recordGate } from '../../components/record-gate';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { isProtectedLead, LEAD_MESSAGES, type LeadCustomerRow } from '@freguesia/shared/schemas/segmentation';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ApiError, serverFieldErrors } from '../../api/client';
import { useLead, useSaveLead, type LeadDetails } from '../../api/leads';
import { notify } from '../../app/notifications/notify';
import { DateInput } from '../../components/date-input';
import { useLeaveGuard } from '../../components/discard-changes';
import {
  applyServerErrors,
  Field,
  SelectField,
  TextField,
  ToggleField,
  useZodForm,
} from '../../components/form';
import { formatCount } from '../../components/format';
import { useDebounced } from '../../components/table';
import {
  allComplete,
  CONDITIONS_INCORRECT,
  draftProblems,
  fromWireRow,
  newCondition,
  toWireRow,
  type DraftCondition,
} from './condition-model';
import { ConditionModal } from './condition-modal';
import { ConditionRows } from './condition-rows';
import { ConditionsPreview } from './conditions-preview';
import { describeCron } from './cron';
import { FilePanel, type FileState } from './file-panel';
import { readSpreadsheet, type FileRows } from './file-rows';
import {
  emptyLeadForm,
  formToPayload,
  leadFormSchema,
  leadToForm,
  ORIGIN_OPTIONS,
  type LeadFormValues,
} from './form-model';
import { ManualPanel, type ManualCustomer } from './manual-panel';

export const SUBMIT_NEW = 'Cadastrar Lead';
export const SUBMIT_EDIT = 'Alterar Lead';
export const CONFIRM_EDIT_TITLE = 'Alterar lead?';
export const CONFIRM_EDIT_TEXT =
  'A população deste lead será processada novamente com os novos dados. Deseja continuar?';
export const NO_FILE = 'Envie uma planilha .xlsx ou .xls com os clientes do lead.';
const PREVIEW_DEBOUNCE_MS = 800;

/**
 * /lead/new and /lead/edit/:id (write Leads; spec part 1 §2 'Lead form', §4, §5 'Lead'; part 2
 * §2.7, §5): description, origin, validity, auto refresh (cron with its pt-BR description) and
 * the customers by origin — a spreadsheet read in the browser (F, E), a manual list (M) or
 * condition rows with a live population estimate (S). Editing asks first, since the population
 * is processed again. System leads ('RT - ') are refused.
 */
export default function LeadFormPage() {
  const { id } = useParams();
  const record = useLead(id);
  const navigate = useNavigate();

  if (id !== undefined) {
    const gate = recordGate({
      record,
      loading: 'Carregando lead…',
      notFound: LEAD_MESSAGES.notFound,
      failed: 'Não foi possível carregar o lead.',
      notFoundHint: 'Ele pode ter sido excluído.',
      action: { label: 'Voltar aos leads', onClick: () => navigate('/leads') },
    });
    if (gate) return gate;
  }
  if (record.data && isProtectedLead(record.data.description)) {
    return (
      <Alert
        type="warning"
        header={LEAD_MESSAGES.protected}
        data-testid="lead-protected"
        action={<Button onClick={() => navigate('/leads')}>Voltar aos leads</Button>}
      >
        {record.data.description}
      </Alert>
    );
  }
  return <LeadForm key={id ?? 'new'} record={record.data ?? null} />;
}

function LeadForm({ record }: { record: LeadDetails | null }) {
  const navigate = useNavigate();
  const editing = record !== null;
  const form = useZodForm(leadFormSchema, { defaultValues: record ? leadToForm(record) : emptyLeadForm() });
  const save = useSaveLead();
  const [origin, alwaysValid, autoRefresh, frequency] = useWatch({
    control: form.control,
    name: ['origin', 'always_valid', 'auto_refresh', 'frequency_refresh'],
  });

  // S: condition rows.
  const [conditions, setConditions] = useState<DraftCondition[]>(() =>
    record?.origin === 'S' ? record.filter.map((row) => fromWireRow(row as never)) : [],
  );
  const [choosing, setChoosing] = useState(false);
  const [conditionErrors, setConditionErrors] = useState(false);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  // F, E: the last spreadsheet chosen, and what was read from it (for the origin it was read as).
  const [chosen, setChosen] = useState<File | null>(null);
  const [reading, setReading] = useState<{
    file: File;
    origin: 'F' | 'E';
    read?: FileRows;
    error?: string;
  } | null>(null);
  // M: the list.
  const savedMembers: ManualCustomer[] =
    record?.origin === 'M' ? (record.customers ?? []).map((c) => ({ ...c, saved: true })) : [];
  const [manual, setManual] = useState<ManualCustomer[]>(savedMembers);
  const partial = record?.origin === 'M' && record.population > savedMembers.length;
  const [rowsError, setRowsError] = useState<string>();
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<LeadFormValues | null>(null);
  const [saved, setSaved] = useState(false);

  const leaveGuard = useLeaveGuard((form.formState.isDirty || touched) && !saved);

  const changeConditions = (rows: DraftCondition[]) => {
    setConditions(rows);
    setServerProblems([]);
    setTouched(true);
    if (conditionErrors && allComplete(rows)) setConditionErrors(false);
  };
  const changeManual = (rows: ManualCustomer[]) => {
    setManual(rows);
    setTouched(true);
    setRowsError(undefined);
  };

  // A new file replaces the previous one; a read that finishes after a newer choice (or an
  // origin switch between F and E, which reads the same file again as the other kind) is dropped.
  const chooseFile = (file: File | null) => {
    setTouched(true);
    setRowsError(undefined);
    setChosen(file);
  };
  const fileOrigin = origin === 'E' ? 'E' : 'F';
  useEffect(() => {
    if (!chosen) return;
    let current = true;
    readSpreadsheet(chosen, fileOrigin).then(
      (read) => current && setReading({ file: chosen, origin: fileOrigin, read }),
      (error: unknown) =>
        current &&
        setReading({
          file: chosen,
          origin: fileOrigin,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      current = false;
    };
  }, [chosen, fileOrigin]);
  const settled = chosen && reading?.file === chosen && reading.origin === fileOrigin ? reading : null;
  const file: FileState = {
    file: chosen,
    reading: chosen !== null && settled === null,
    read: settled?.read ?? null,
    error: settled?.error,
  };

  // The estimate follows the rows once every one is complete, after a pause in editing.
  const wireFilter = origin === 'S' && allComplete(conditions) ? conditions.map(toWireRow) : undefined;
  const filterKey = wireFilter ? JSON.stringify(wireFilter) : '';
  const settledKey = useDebounced(filterKey, PREVIEW_DEBOUNCE_MS);
  const previewFilter = settledKey ? (JSON.parse(settledKey) as unknown[]) : undefined;

  /** The customers to send, or a message; `undefined` customers keep the saved members (update only). */
  const customersToSend = (
    values: LeadFormValues,
  ): { customers?: LeadCustomerRow[]; keepOld: boolean } | { error: string } => {
    const sameOrigin = record?.origin === values.origin;
    if (values.origin === 'F' || values.origin === 'E') {
      if (file.reading) return { error: 'Aguarde a leitura da planilha.' };
      if (file.error) return { error: file.error };
      if (!file.read) return editing && sameOrigin ? { keepOld: true } : { error: NO_FILE };
      if (file.read.rows.length === 0) return { error: LEAD_MESSAGES.rowsRequired };
      return { customers: file.read.rows, keepOld: false };
    }
    if (values.origin === 'M') {
      if (editing && sameOrigin && !touched) return { keepOld: true };
      if (manual.length === 0) return { error: LEAD_MESSAGES.customersRequired };
      return {
        customers: manual.map((c) => ({ id_customer: c.id_customer })),
        keepOld: Boolean(partial && sameOrigin),
      };
    }
    return { keepOld: false };
  };

  const checkAndConfirm = (values: LeadFormValues) => {
    if (values.origin === 'S' && !allComplete(conditions)) {
      setConditionErrors(true);
      notify({ type: 'warning', content: CONDITIONS_INCORRECT });
      return;
    }
    const rows = customersToSend(values);
    if ('error' in rows) {
      setRowsError(rows.error);
      return;
    }
    if (editing) setConfirming(values);
    else void submit(values);
  };

  const submit = async (values: LeadFormValues) => {
    setConfirming(null);
    const rows = customersToSend(values);
    if ('error' in rows) return;
    const body = formToPayload(values, conditions.map(toWireRow), rows.customers);
    try {
      const answer = await save.mutateAsync({
        id: record?.id,
        body: { ...body },
        keepOldCustomers: rows.keepOld,
      });
      setSaved(true);
      notify({ type: 'success', content: LEAD_MESSAGES.saved });
      const notFound = Number((answer as { not_found?: unknown } | null)?.not_found) || 0;
      if (notFound > 0)
        notify({
          type: 'info',
          content: `${formatCount(notFound)} linha(s) não corresponderam a nenhum cliente cadastrado.`,
        });
      leaveGuard.allowNavigation();
      navigate('/leads');
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.filter) {
        setConditionErrors(true);
        // Rows the server refused that the form let through (e.g. a catalogue change): its messages.
        const local = new Set(draftProblems(conditions).values());
        setServerProblems(
          Object.entries(fields)
            .filter(([field, message]) => /^filter\.\d+$/.test(field) && !local.has(message))
            .map(([, message]) => message),
        );
      }
      if (fields.customers) setRowsError(fields.customers);
      applyServerErrors(error, form.setError, [
        'description',
        'origin',
        'always_valid',
        'valid_until',
        'auto_refresh',
        'frequency_refresh',
      ]);
      notify({
        type: 'error',
        header: 'Erro ao salvar o lead',
        content: error instanceof ApiError ? error.message : 'Tente novamente.',
      });
    }
  };

  const cron = autoRefresh === 'Y' ? describeCron(frequency ?? '') : undefined;
  const { control } = form;

  return (
    <>
      {leaveGuard.modal}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit(checkAndConfirm)();
        }}
        noValidate
      >
        <Form
          data-testid="lead-form"
          header={
            <Header
              variant="h1"
              description={
                editing
                  ? `Alterando o lead ${record.description}.`
                  : 'Escolha a origem dos clientes e as regras de validade do lead.'
              }
            >
              {editing ? 'Alterar lead' : 'Novo lead'}
            </Header>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => navigate('/leads')}>
                Cancelar
              </Button>
              <Button
                variant="primary"
                data-testid="lead-submit"
                loading={save.isPending}
                disabled={file.reading}
              >
                {editing ? SUBMIT_EDIT : SUBMIT_NEW}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">Dados do lead</Header>}>
              <SpaceBetween size="l">
                <ColumnLayout columns={2}>
                  <TextField
                    control={control}
                    name="description"
                    label="Descrição"
                    testId="lead-description"
                    input={{ placeholder: 'Ex.: Clientes que compraram em novembro' }}
                  />
                  <SelectField
                    control={control}
                    name="origin"
                    label="Origem"
                    testId="lead-origin"
                    options={ORIGIN_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
                    select={{ placeholder: 'Escolha a origem dos clientes' }}
                  />
                </ColumnLayout>
                <ColumnLayout columns={2}>
                  <SpaceBetween size="s">
                    <ToggleField
                      control={control}
                      name="always_valid"
                      flag={['Y', 'N']}
                      testId="lead-always-valid"
                      onChange={() => form.clearErrors('valid_until')}
                    >
                      Sempre válido
                    </ToggleField>
                    {alwaysValid === 'N' ? (
                      <Field
                        control={control}
                        name="valid_until"
                        label="Válido até"
                        description="Último dia em que o lead pode ser usado."
                      >
                        {(field, invalid) => (
                          <DateInput
                            ref={field.ref}
                            data-testid="lead-valid-until"
                            value={field.value ?? ''}
                            invalid={invalid}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                          />
                        )}
                      </Field>
                    ) : null}
                  </SpaceBetween>
                  <SpaceBetween size="s">
                    <ToggleField
                      control={control}
                      name="auto_refresh"
                      flag={['Y', 'N']}
                      testId="lead-auto-refresh"
                      onChange={() => form.clearErrors('frequency_refresh')}
                    >
                      Atualização automática
                    </ToggleField>
                    {autoRefresh === 'Y' ? (
                      <Field
                        control={control}
                        name="frequency_refresh"
                        label="Frequência"
                        description="Expressão cron: minuto hora dia mês dia-da-semana (horário de Brasília)."
                        constraintText={
                          cron?.valid ? <span data-testid="lead-cron-text">{cron.text}</span> : undefined
                        }
                      >
                        {(field, invalid) => (
                          <Input
                            ref={field.ref}
                            data-testid="lead-frequency"
                            value={field.value ?? ''}
                            placeholder="0 0 * * *"
                            invalid={invalid || cron?.valid === false}
                            onChange={({ detail }) => field.onChange(detail.value)}
                            onBlur={field.onBlur}
                          />
                        )}
                      </Field>
                    ) : null}
                    {autoRefresh === 'Y' &&
                    cron &&
                    !cron.valid &&
                    !form.formState.errors.frequency_refresh ? (
                      <Box color="text-status-error" data-testid="lead-cron-text">
                        {cron.text}
                      </Box>
                    ) : null}
                  </SpaceBetween>
                </ColumnLayout>
              </SpaceBetween>
            </Container>

            {origin === 'F' || origin === 'E' ? (
              <Container
                header={
                  <Header variant="h2">{origin === 'E' ? 'Lista de e-mails' : 'Arquivo de clientes'}</Header>
                }
              >
                <FilePanel
                  origin={origin}
                  state={file}
                  onFile={chooseFile}
                  errorText={rowsError}
                  currentPopulation={editing && record.origin === origin ? record.population : undefined}
                />
              </Container>
            ) : null}

            {origin === 'M' ? (
              <Container header={<Header variant="h2">Clientes</Header>}>
                <ManualPanel
                  customers={manual}
                  onChange={changeManual}
                  errorText={rowsError}
                  partial={partial}
                />
              </Container>
            ) : null}

            {origin === 'S' ? (
              <Container
                header={
                  <Header
                    variant="h2"
                    description="O lead reúne os clientes que atendem a todas as condições."
                  >
                    Condições
                  </Header>
                }
              >
                <SpaceBetween size="m">
                  {conditionErrors ? (
                    <Alert type="error" data-testid="lead-conditions-error" header={CONDITIONS_INCORRECT}>
                      <ul data-testid="lead-conditions-problems">
                        {[...draftProblems(conditions).values(), ...serverProblems].map((message) => (
                          <li key={message}>{message}</li>
                        ))}
                      </ul>
                    </Alert>
                  ) : null}
                  <ConditionRows
                    rows={conditions}
                    onChange={changeConditions}
                    onNames={setConditions}
                    onAdd={() => setChoosing(true)}
                    showErrors={conditionErrors}
                  />
                  <ConditionsPreview
                    filter={previewFilter}
                    pending={filterKey !== settledKey}
                    complete={wireFilter !== undefined}
                    empty={conditions.length === 0}
                    problems={[...draftProblems(conditions).values()]}
                  />
                </SpaceBetween>
              </Container>
            ) : null}
          </SpaceBetween>
        </Form>
      </form>
      {editing ? (
        <Box margin={{ top: 'l' }}>
          <Container header={<Header variant="h2">Histórico</Header>}>
            <AuditHistory entity="lead" id={record.id} />
          </Container>
        </Box>
      ) : null}

      <ConditionModal
        visible={choosing}
        onDismiss={() => setChoosing(false)}
        onChoose={(key) => {
          setChoosing(false);
          changeConditions([...conditions, newCondition(key)]);
        }}
      />

      <Modal
        visible={confirming !== null}
        header={CONFIRM_EDIT_TITLE}
        closeAriaLabel="Fechar"
        onDismiss={() => setConfirming(null)}
        data-testid="lead-confirm-edit"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirming(null)}>
                Cancelar
              </Button>
              <Button
                variant="primary"
                data-testid="lead-confirm-edit-ok"
                onClick={() => confirming && void submit(confirming)}
              >
                Sim, alterar
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {CONFIRM_EDIT_TEXT}
      </Modal>
    </>
  );
}
