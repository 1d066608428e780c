import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/schemas/communication';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, serverFieldErrors } from '../../../api/client';
import {
  useCommunication,
  useSaveCommunication,
  type CommunicationDetails,
} from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';
import { useLeaveGuard } from '../../../components/discard-changes';
import { Field, TextField, useZodForm } from '../../../components/form';
import { recordGate } from '../../../components/record-gate';
import {
  ActiveField,
  ApprovalField,
  asCommon,
  AudienceField,
  EstimateBox,
  ScheduleFields,
} from '../common/fields';
import { executedText, formFieldOf, isLocked, routeId } from '../common/model';
import { SendPanel } from '../shared/send-panel';
import { EmailEditor, type EmailEditorHandle } from './email-editor';
import {
  contentOf,
  EMAIL_FIELDS,
  EMAIL_LIST,
  EMAIL_TITLE,
  emailFormSchema,
  emailFromDetails,
  emailToPayload,
  emptyEmailForm,
  NO_CONTENT,
  recipientsCounter,
  recipientsInput,
  SAVE_FAILED,
  SAVED_EDIT,
  SAVED_NEW,
  type EmailFormValues,
} from './form-model';
import { TemplatePicker } from './template-picker';
import { TestSendBox } from './test-send';

/**
 * 'Nova comunicação via e-mail' (spec part 3 §2, §4, §5 'E-mail', §8): /communications/mail/new
 * (write Communications), /communication/email/edit/:id and /communication/email/clone/:id (write
 * Campaigns). Details, template, subject, the visual editor, the summary (test send, recipients,
 * estimated cost, approval) and, when editing, the 'Envio' panel.
 */
export default function EmailFormPage() {
  const { id: param } = useParams();
  const clone = useLocation().pathname.includes('/clone/');
  const id = routeId(param);
  const record = useCommunication(id);
  const navigate = useNavigate();
  if (id !== undefined) {
    const gate = recordGate({
      record:
        record.data && record.data.type !== 'EMAIL'
          ? { isPending: false, error: new ApiError(404, 'Comunicação não encontrada.', null) }
          : record,
      loading: 'Carregando comunicação…',
      notFound: 'Comunicação não encontrada.',
      failed: 'Não foi possível carregar a comunicação.',
      notFoundHint: 'Ela pode ter sido excluída.',
      action: { label: 'Voltar às comunicações', onClick: () => navigate(EMAIL_LIST) },
    });
    if (gate) return gate;
  }
  const saved = id === undefined ? null : (record.data ?? null);
  return <EmailForm key={`${id ?? 'new'}-${clone}`} record={saved} clone={clone} />;
}

function EmailForm({ record, clone }: { record: CommunicationDetails | null; clone: boolean }) {
  const navigate = useNavigate();
  const editing = record !== null && !clone;
  const [schema] = useState(() => emailFormSchema(editing ? record.id : undefined));
  const form = useZodForm(schema, {
    defaultValues: record ? emailFromDetails(record, clone) : emptyEmailForm(),
  });
  const common = asCommon(form);
  const save = useSaveCommunication();
  const editor = useRef<EmailEditorHandle>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [editorChanged, setEditorChanged] = useState(false);
  const [recipients = '', audience, idLead, approvement] = useWatch({
    control: form.control,
    name: ['recipients', 'audience', 'id_lead', 'approvement'],
  });
  const dirty = form.formState.isDirty || editorChanged || clone;
  const leaveGuard = useLeaveGuard(dirty && !save.isSuccess);
  const executed = record && !clone ? executedText(record.info.executed_at) : undefined;

  // Called on click only: the editor's content is read then, never during a render.
  const submit = () =>
    form.handleSubmit(async (values: EmailFormValues) => {
      const content = await editor.current?.content();
      if (!content) return;
      try {
        await save.mutateAsync(
          emailToPayload(values, content, editing ? { id: record.id, updated_at: record.updated_at } : {}),
        );
        notify({ type: 'success', content: editing ? SAVED_EDIT : SAVED_NEW });
        leaveGuard.allowNavigation();
        navigate(EMAIL_LIST);
      } catch (error) {
        for (const [path, message] of Object.entries(serverFieldErrors(error))) {
          const field = formFieldOf(path, EMAIL_FIELDS);
          if (field) form.setError(field as keyof EmailFormValues, { type: 'server', message });
        }
        notify({
          type: 'error',
          header: SAVE_FAILED,
          content: error instanceof Error && error.message ? error.message : 'Tente novamente.',
        });
      }
    })();

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      {leaveGuard.modal}
      <Form
        data-testid="email-form"
        header={
          <Header
            variant="h1"
            description={
              editing
                ? `Alterando a comunicação ${record.id} - ${record.description}.`
                : clone && record
                  ? `Duplicando a comunicação ${record.id} - ${record.description}.`
                  : undefined
            }
          >
            {EMAIL_TITLE}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={() => navigate(EMAIL_LIST)}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              data-testid="email-save"
              loading={save.isPending}
              disabled={!editorReady || !approvement}
              disabledReason={
                !editorReady
                  ? 'Aguarde o editor carregar.'
                  : !approvement
                    ? COMMUNICATION_MESSAGES.notApproved
                    : undefined
              }
              onClick={() => void submit()}
            >
              Salvar
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {executed ? (
            <Alert type={isLocked(record) ? 'error' : 'info'} data-testid="email-executed">
              {executed}
              {isLocked(record)
                ? '. Uma comunicação enviada uma vez não pode mais ser alterada: duplique-a para enviar de novo.'
                : '.'}
            </Alert>
          ) : null}
          <Container header={<Header variant="h2">Detalhes</Header>}>
            <SpaceBetween size="l">
              <ActiveField form={common} testId="email-active" />
              <TextField
                control={form.control}
                name="description"
                label="Descrição"
                testId="email-description"
                input={{ placeholder: 'Ex.: Ofertas da semana' }}
              />
              <ColumnLayout columns={2}>
                <AudienceField
                  form={common}
                  testId="email-audience"
                  disabled={recipients.trim() !== ''}
                  reason={
                    recipients.trim()
                      ? 'Com destinatários informados, o envio vai somente para eles.'
                      : undefined
                  }
                />
                <ScheduleFields form={common} testId="email-schedule" />
              </ColumnLayout>
              <Field
                control={form.control}
                name="recipients"
                label={
                  <span>
                    Destinatários <i>- opcional</i>
                  </span>
                }
                description="Endereços separados por ';'. Quando informados, o envio vai somente para eles (não para o lead nem para todos)."
                constraintText={
                  <span data-testid="email-recipients-counter">{recipientsCounter(recipients)}</span>
                }
              >
                {(field, invalid) => (
                  <Textarea
                    ref={field.ref}
                    rows={2}
                    value={field.value}
                    invalid={invalid}
                    placeholder="maria@exemplo.com.br;joao@exemplo.com.br"
                    data-testid="email-recipients"
                    onChange={({ detail }) => field.onChange(recipientsInput(detail.value))}
                    onBlur={field.onBlur}
                  />
                )}
              </Field>
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Mensagem</Header>}>
            <SpaceBetween size="l">
              <ColumnLayout columns={2}>
                <TemplatePicker
                  changed={editorChanged || editing}
                  disabled={!editorReady}
                  onLoad={(template) => {
                    editor.current?.load(contentOf(template));
                    setEditorChanged(true);
                    if (!form.getValues('subject').trim() && template.info.layout_title)
                      form.setValue('subject', template.info.layout_title, { shouldDirty: true });
                  }}
                />
                <Field control={form.control} name="subject" label="Assunto">
                  {(field, invalid) => (
                    <Input
                      ref={field.ref}
                      value={field.value}
                      invalid={invalid}
                      placeholder="O assunto que o cliente vê na caixa de entrada"
                      data-testid="email-subject"
                      onChange={({ detail }) => field.onChange(detail.value)}
                      onBlur={field.onBlur}
                    />
                  )}
                </Field>
              </ColumnLayout>
              <EmailEditor
                ref={editor}
                initial={record ? contentOf(record) : NO_CONTENT}
                onReady={() => setEditorReady(true)}
                onChange={() => setEditorChanged(true)}
              />
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Resumo</Header>}>
            <ColumnLayout columns={2} variant="text-grid">
              <SpaceBetween size="l">
                <EstimateBox
                  type="EMAIL"
                  idLead={
                    !recipients.trim() && audience === 'lead' && Number(idLead) > 0 ? Number(idLead) : null
                  }
                  recipients={recipients}
                  testId="email-estimate"
                />
                <ApprovalField form={common} testId="email-approval" />
              </SpaceBetween>
              <TestSendBox
                subject={() => form.getValues('subject')}
                content={async () => editor.current?.content()}
                disabled={!editorReady}
              />
            </ColumnLayout>
          </Container>
          {editing ? (
            <SendPanel
              id={record.id}
              approved={Boolean(record.info.approvement)}
              unsaved={dirty}
              locked={isLocked(record)}
            />
          ) : null}
          <Box />
        </SpaceBetween>
      </Form>
    </form>
  );
}
