import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { LIMITS } from '@freguesia/shared/schemas/communication';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCommunication, type CommunicationDetails } from '../../../api/communications';
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
import { executedText, isLocked, routeId } from '../common/model';
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
  const { id: param } = useParams();
  const clone = useLocation().pathname.includes('/clone/');
  const id = routeId(param);
  const record = useCommunication(id);
  const navigate = useNavigate();
  if (id !== undefined) {
    const gate = recordGate({
      record:
        record.data && record.data.type !== 'SMS'
          ? { isPending: false, error: new Error('Esta comunicação não é um SMS.') }
          : record,
      loading: 'Carregando comunicação…',
      notFound: 'Comunicação não encontrada.',
      failed: 'Não foi possível carregar a comunicação.',
      notFoundHint: 'Ela pode ter sido excluída.',
      action: { label: 'Voltar aos SMS', onClick: () => navigate(SMS_LIST) },
    });
    if (gate) return gate;
  }
  return (
    <SmsForm
      key={`${id ?? 'new'}-${clone}`}
      record={id === undefined ? null : (record.data ?? null)}
      clone={clone}
    />
  );
}

function SmsForm({ record, clone }: { record: CommunicationDetails | null; clone: boolean }) {
  const navigate = useNavigate();
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
  const locked = editing && isLocked(record);
  const executed = editing ? executedText(record.info.executed_at) : undefined;
  const leaveGuard = useLeaveGuard(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const { submit, saving } = useCommunicationSave(
    form,
    (values) => ({
      ...smsToPayload(values, editing ? record.id : undefined),
      ...(editing ? { updated_at: record.updated_at } : {}),
    }),
    smsFieldOf,
    { saved: editing ? SAVED_EDIT : SAVED_NEW, failed: SAVE_FAILED, list: SMS_LIST },
    leaveGuard.allowNavigation,
  );

  return (
    <>
      {leaveGuard.modal}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (approvement && !locked) submit();
        }}
      >
        <Form
          data-testid="sms-form"
          header={
            <Header
              variant="h1"
              description={
                editing
                  ? `Alterando a comunicação ${record.id} - ${record.description}.`
                  : clone
                    ? `Duplicando a comunicação ${record?.id}.`
                    : 'Um SMS para um lead, para toda a base ou para números informados.'
              }
            >
              {SMS_TITLE}
            </Header>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => navigate(SMS_LIST)}>
                Cancelar
              </Button>
              <Button
                variant="primary"
                data-testid="sms-submit"
                loading={saving}
                disabled={!approvement || locked}
                disabledReason={locked ? executed : 'Aprove o custo estimado para salvar.'}
              >
                Salvar
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {executed ? (
              <Alert type={locked ? 'error' : 'warning'} data-testid="sms-executed">
                {executed}
                {locked ? '. Uma comunicação enviada uma única vez não pode mais ser alterada.' : ''}
              </Alert>
            ) : null}
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
          </SpaceBetween>
        </Form>
      </form>
    </>
  );
}
