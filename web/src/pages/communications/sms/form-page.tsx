import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { LIMITS } from '@freguesia/shared/schemas/communication';
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
import { SendPanel } from '../shared/send-panel';
import { useCommunicationSave } from '../common/save';
import {
  bodyInput,
  emptySmsForm,
  recipientCount,
  recipientsInput,
  SAVE_FAILED,
  SAVED_EDIT,
  SAVED_NEW,
  smsFieldOf,
  smsFormSchema,
  smsFromDetails,
  smsPreview,
  smsToPayload,
  SMS_LIST,
  SMS_TITLE,
} from './form-model';

/**
 * /communications/sms/new, /communication/sms/edit/:id and /communication/sms/clone/:id (spec part
 * 3 §2, §4, §5 'SMS', §9): 'Nova comunicação via SMS'. A clone is a new record whose description
 * ends in ' DUPLICADA' and whose approval is cleared. Salvar stays disabled until the cost is
 * approved ('De Acordo').
 */
export default function SmsFormPage() {
  return (
    <CommunicationRecordRoute
      types={['SMS']}
      list={SMS_LIST}
      texts={{ ...COMMUNICATION_RECORD, back: 'Voltar aos SMS' }}
    >
      {(record, clone) => <SmsForm record={record} clone={clone} />}
    </CommunicationRecordRoute>
  );
}

function SmsForm({ record, clone }: { record: CommunicationDetails | null; clone: boolean }) {
  const editing = record !== null && !clone;
  const form = useZodForm(smsFormSchema(editing ? record.id : undefined), {
    defaultValues: record ? smsFromDetails(record, clone) : emptySmsForm(),
  });
  const common = asCommon(form);
  const [body, recipients, audience, idLead, approvement] = useWatch({
    control: form.control,
    name: ['body', 'recipients', 'audience', 'id_lead', 'approvement'],
  });
  const preview = smsPreview(body);
  const listed = recipientCount(recipients);
  const { submit, saving, leaveModal } = useCommunicationSave(
    form,
    (values) => ({
      ...smsToPayload(values, editing ? record.id : undefined),
      ...(editing ? { updated_at: record.updated_at } : {}),
    }),
    smsFieldOf,
    { saved: editing ? SAVED_EDIT : SAVED_NEW, failed: SAVE_FAILED, list: SMS_LIST },
    clone,
  );

  return (
    <>
      {leaveModal}
      <CommunicationFormShell
        testId="sms"
        saveTestId="sms-submit"
        title={SMS_TITLE}
        description={editorDescription(
          record,
          clone,
          'Um SMS para um lead, para toda a base ou para números informados.',
        )}
        list={SMS_LIST}
        saving={saving}
        disabledReason={approvalBlock(approvement)}
        onSave={submit}
        executedRecord={editing ? record : null}
        cloneTo={editing ? `/communication/sms/clone/${record.id}` : undefined}
      >
        <Container header={<Header variant="h2">Detalhes</Header>}>
          <SpaceBetween size="l">
            <ColumnLayout columns={2}>
              <TextField
                control={form.control}
                name="description"
                label="Descrição"
                testId="sms-description"
                input={{ placeholder: 'Ex.: Ofertas do fim de semana' }}
              />
              <Box padding={{ top: 'xl' }}>
                <ActiveField form={common} testId="sms-active" />
              </Box>
            </ColumnLayout>
            <ColumnLayout columns={2}>
              <AudienceField
                form={common}
                testId="sms-audience"
                disabled={listed > 0}
                reason={listed > 0 ? 'Com números informados, o SMS vai só para eles.' : undefined}
              />
              <TextField
                control={form.control}
                name="recipients"
                label="Destinatários (opcional)"
                description="Celulares com DDD, só dígitos, separados por ';'."
                constraintText={`${recipients.length}/${LIMITS.recipients} caracteres · ${listed} número(s)`}
                testId="sms-recipients"
                transform={recipientsInput}
                input={{ placeholder: '11987654321;21998765432', inputMode: 'numeric' }}
              />
            </ColumnLayout>
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">Agendamento</Header>}>
          <ScheduleFields form={common} testId="sms-schedule" />
        </Container>
        <Container header={<Header variant="h2">Mensagem</Header>}>
          <ColumnLayout columns={2}>
            <Field
              control={form.control}
              name="body"
              label="Texto do SMS"
              description="Acentos são removidos e caracteres especiais descartados no envio."
              constraintText={<span data-testid="sms-counter">{preview.counter}</span>}
            >
              {(field, invalid) => (
                <Textarea
                  ref={field.ref}
                  data-testid="sms-body"
                  rows={5}
                  placeholder="Ex.: Freguesia: 20% OFF em hortifruti neste sabado!"
                  value={field.value}
                  invalid={invalid}
                  onChange={({ detail }) => field.onChange(bodyInput(detail.value))}
                  onBlur={field.onBlur}
                />
              )}
            </Field>
            <SpaceBetween size="xs">
              <Box variant="awsui-key-label">Como será enviado</Box>
              <div
                className="sms-preview"
                data-testid="sms-preview"
                style={{
                  background: '#e9eef5',
                  borderRadius: 16,
                  padding: '12px 16px',
                  minHeight: 64,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  fontFamily: 'system-ui, sans-serif',
                }}
              >
                {preview.text || <Box color="text-body-secondary">O texto aparece aqui.</Box>}
              </div>
              <Box color="text-body-secondary" fontSize="body-s">
                {preview.text.length} caractere(s) no envio
                {preview.changed ? ' · o texto foi ajustado para SMS' : ''}
              </Box>
            </SpaceBetween>
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">Resumo</Header>}>
          <SpaceBetween size="l">
            <EstimateBox
              type="SMS"
              idLead={listed === 0 && audience === 'lead' && Number(idLead) > 0 ? Number(idLead) : null}
              recipients={recipients}
              testId="sms-estimate"
            />
            <ApprovalField form={common} testId="sms-approval" />
          </SpaceBetween>
        </Container>
        {editing ? (
          <SendPanel
            id={record.id}
            approved={Boolean(record.info.approvement)}
            unsaved={form.formState.isDirty || clone}
            locked={isLocked(record)}
          />
        ) : null}
      </CommunicationFormShell>
    </>
  );
}
