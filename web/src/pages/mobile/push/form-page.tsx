import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { LIMITS } from '@freguesia/shared/schemas/communication';
import { useWatch } from 'react-hook-form';
import type { CommunicationDetails } from '../../../api/communications';
import { TextField, useZodForm } from '../../../components/form';
import {
  ActiveField,
  ApprovalField,
  asCommon,
  AudienceField,
  EstimateBox,
  ScheduleFields,
} from '../../communications/common/fields';
import {
  COMMUNICATION_RECORD,
  CommunicationFormShell,
  CommunicationRecordRoute,
  editorDescription,
} from '../../communications/common/form-shell';
import {
  approvalBlock,
  isLocked,
  SAVED_EDIT,
  SAVED_NEW,
  SAVE_FAILED,
} from '../../communications/common/model';
import { SendPanel } from '../../communications/shared/send-panel';
import { useCommunicationSave } from '../../communications/common/save';
import {
  emptyPushForm,
  pushFieldOf,
  pushFormSchema,
  pushFromDetails,
  pushToPayload,
  PUSH_LIST,
  PUSH_TITLE,
} from './form-model';
import { PushPreviews } from './previews';
import { PushTestSendBox } from './test-send';

const cut = (max: number) => (typed: string) => typed.slice(0, max);

/**
 * /mobile/push/new, /mobile/push/edit/:id and /mobile/push/clone/:id (write Mobile; spec part 3 §2,
 * §4, §5 'Push', §9; a clone is a new record named ' DUPLICADA' without the approval, as e-mail and SMS):
 * 'Nova comunicação via push' with Android and iOS previews. Title ≤ 100, header and body ≤ 100
 * and required, description required, frequency when recurring. The lead switch is disabled (the
 * spec's rule): a push goes to every customer with the app. Salvar waits for the cost approval.
 */
export default function PushFormPage() {
  return (
    <CommunicationRecordRoute
      types={['PUSH']}
      list={PUSH_LIST}
      texts={{ ...COMMUNICATION_RECORD, back: 'Voltar aos pushes' }}
    >
      {(record, clone) => <PushForm record={record} clone={clone} />}
    </CommunicationRecordRoute>
  );
}

function PushForm({ record, clone }: { record: CommunicationDetails | null; clone: boolean }) {
  const editing = record !== null && !clone;
  const form = useZodForm(pushFormSchema(editing ? record.id : undefined), {
    defaultValues: record ? pushFromDetails(record, clone) : emptyPushForm(),
  });
  const common = asCommon(form);
  const [title, header, body, approvement, audience, idLead] = useWatch({
    control: form.control,
    name: ['title', 'header', 'body', 'approvement', 'audience', 'id_lead'],
  });
  const { submit, saving, leaveModal } = useCommunicationSave(
    form,
    (values) => ({
      ...pushToPayload(values, editing ? record.id : undefined),
      ...(editing ? { updated_at: record.updated_at } : {}),
    }),
    pushFieldOf,
    { saved: editing ? SAVED_EDIT : SAVED_NEW, failed: SAVE_FAILED, list: PUSH_LIST },
    clone,
  );
  const counter = (value: string, max: number) => `${value.length}/${max}`;

  return (
    <>
      {leaveModal}
      <CommunicationFormShell
        testId="push"
        saveTestId="push-submit"
        title={PUSH_TITLE}
        description={editorDescription(record, clone, 'Uma notificação no aplicativo do clube.')}
        list={PUSH_LIST}
        saving={saving}
        disabledReason={approvalBlock(approvement)}
        onSave={submit}
        executedRecord={editing ? record : null}
        cloneTo={editing ? `/mobile/push/clone/${record.id}` : undefined}
      >
        <Container header={<Header variant="h2">Detalhes</Header>}>
          <SpaceBetween size="l">
            <ColumnLayout columns={2}>
              <TextField
                control={form.control}
                name="description"
                label="Descrição"
                testId="push-description"
                input={{ placeholder: 'Ex.: Aviso de ofertas da semana' }}
              />
              <Box padding={{ top: 'xl' }}>
                <ActiveField form={common} testId="push-active" />
              </Box>
            </ColumnLayout>
            <AudienceField
              form={common}
              testId="push-audience"
              disabled
              reason="O push vai para todos os clientes com o aplicativo."
            />
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">Agendamento</Header>}>
          <ScheduleFields form={common} testId="push-schedule" />
        </Container>
        <Container header={<Header variant="h2">Notificação</Header>}>
          <ColumnLayout columns={2}>
            <SpaceBetween size="m">
              <TextField
                control={form.control}
                name="title"
                label="Título (opcional)"
                constraintText={counter(title, LIMITS.pushTitle)}
                testId="push-title"
                transform={cut(LIMITS.pushTitle)}
              />
              <TextField
                control={form.control}
                name="header"
                label="Cabeçalho"
                constraintText={counter(header, LIMITS.pushHeader)}
                testId="push-header"
                transform={cut(LIMITS.pushHeader)}
              />
              <TextField
                control={form.control}
                name="body"
                label="Mensagem"
                constraintText={counter(body, LIMITS.pushBody)}
                testId="push-body"
                transform={cut(LIMITS.pushBody)}
              />
              <TextField
                control={form.control}
                name="url"
                label="Link ao tocar (opcional)"
                testId="push-url"
                input={{ placeholder: 'https://', inputMode: 'url' }}
              />
            </SpaceBetween>
            <PushPreviews title={title} header={header} body={body} />
          </ColumnLayout>
          <Box padding={{ top: 'l' }}>
            <PushTestSendBox
              content={() => {
                const v = form.getValues();
                return { title: v.title, header: v.header, body: v.body, url: v.url ?? '' };
              }}
            />
          </Box>
        </Container>
        <Container header={<Header variant="h2">Resumo</Header>}>
          <SpaceBetween size="l">
            <EstimateBox
              type="PUSH"
              idLead={audience === 'lead' && Number(idLead) > 0 ? Number(idLead) : null}
              recipients=""
              testId="push-estimate"
            />
            <ApprovalField form={common} testId="push-approval" />
          </SpaceBetween>
        </Container>
        {editing ? (
          <SendPanel
            id={record.id}
            approved={Boolean(record.info.approvement)}
            unsaved={form.formState.isDirty}
            locked={isLocked(record)}
          />
        ) : null}
      </CommunicationFormShell>
    </>
  );
}
