import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { CommunicationDetails } from '../../../api/communications';
import { Field, TextField, useZodForm } from '../../../components/form';
import {
  ActiveField,
  ApprovalField,
  asCommon,
  AudienceField,
  EstimateBox,
  ScheduleFields,
} from '../common/fields';
import {
  COMMUNICATION_RECORD,
  CommunicationFormShell,
  CommunicationRecordRoute,
  editorDescription,
} from '../common/form-shell';
import { approvalBlock, isLocked } from '../common/model';
import { useCommunicationSave } from '../common/save';
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
  return (
    <CommunicationRecordRoute
      types={['EMAIL']}
      list={EMAIL_LIST}
      texts={{ ...COMMUNICATION_RECORD, back: 'Voltar às comunicações' }}
    >
      {(record, clone) => <EmailForm record={record} clone={clone} />}
    </CommunicationRecordRoute>
  );
}

function EmailForm({ record, clone }: { record: CommunicationDetails | null; clone: boolean }) {
  const editing = record !== null && !clone;
  const [schema] = useState(() => emailFormSchema(editing ? record.id : undefined));
  const form = useZodForm(schema, {
    defaultValues: record ? emailFromDetails(record, clone) : emptyEmailForm(),
  });
  const common = asCommon(form);
  const editor = useRef<EmailEditorHandle>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [editorChanged, setEditorChanged] = useState(false);
  const [recipients = '', audience, idLead, approvement] = useWatch({
    control: form.control,
    name: ['recipients', 'audience', 'id_lead', 'approvement'],
  });
  const dirty = form.formState.isDirty || editorChanged || clone;
  // The editor's content is read on save only, never during a render.
  const { submit, saving, leaveModal } = useCommunicationSave(
    form,
    async (values: EmailFormValues) => {
      const content = await editor.current?.content();
      return content
        ? emailToPayload(values, content, editing ? { id: record.id, updated_at: record.updated_at } : {})
        : null;
    },
    EMAIL_FIELDS,
    { saved: editing ? SAVED_EDIT : SAVED_NEW, failed: SAVE_FAILED, list: EMAIL_LIST },
    editorChanged || clone,
  );

  return (
    <>
      {leaveModal}
      <CommunicationFormShell
        testId="email"
        saveTestId="email-save"
        title={EMAIL_TITLE}
        description={editorDescription(record, clone, undefined)}
        list={EMAIL_LIST}
        saving={saving}
        disabledReason={editorReady ? approvalBlock(approvement) : 'Aguarde o editor carregar.'}
        onSave={submit}
        executedRecord={editing ? record : null}
        cloneTo={editing ? `/communication/email/clone/${record.id}` : undefined}
      >
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
      </CommunicationFormShell>
    </>
  );
}
