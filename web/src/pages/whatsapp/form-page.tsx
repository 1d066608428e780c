import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import Toggle from '@cloudscape-design/components/toggle';
import { WHATSAPP_MESSAGES, WHATSAPP_TYPE_LABELS, WHATSAPP_TYPES } from '@freguesia/shared/domain/whatsapp';
import { useMemo } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { failureMessage, serverFieldErrors } from '../../api/client';
import {
  useChannelAudience,
  useChannelGroups,
  useChannels,
  useLeadWhatsappCount,
  useSaveWhatsappCampaign,
  useWhatsappCampaign,
  type WhatsappCampaign,
} from '../../api/whatsapp';
import { notify } from '../../app/notifications/notify';
import { DateInput } from '../../components/date-input';
import { useLeaveGuard } from '../../components/discard-changes';
import { errorMessage, Field, TextField, useZodForm } from '../../components/form';
import { formatCount } from '../../components/format';
import { CampaignRecordRoute } from '../campaigns/record-route';
import { ActiveField, asCommon, AudienceField, ScheduleFields } from '../communications/common/fields';
import { executedText, routeId } from '../communications/common/model';
import { FlowBuilder } from './flow-builder';
import {
  bulkDescriptions,
  emptyWhatsappForm,
  formFieldOfPath,
  isBulk,
  reach,
  submitLabel,
  toCustomers,
  toGroups,
  whatsappFormSchema,
  whatsappFromCampaign,
  whatsappToPayload,
  WHATSAPP_LIST,
  WHATSAPP_TITLE,
  type WhatsappFormValues,
} from './form-model';
import { PhonePreview } from './phone-preview';

/**
 * /communication/whatsapp/new, /edit/:id and /clone/:id (write Campaigns; spec part 3 §2 'WhatsApp
 * campaigns', §3, §4, §5 'WhatsApp', §8): 'Nova Campanha de Whatsapp'. A clone is a new record
 * named ' DUPLICADA'; the bulk types (one campaign per channel or group) only for new or cloned
 * records. Saving shows 'Campanha cadastrada com sucesso' / 'Campanha alterada com sucesso' and goes
 * to the list; a failure 'Ops!' / 'Erro ao alterar a campanha :( ' with the server's messages
 * under their fields.
 */
export default function WhatsappFormPage() {
  const id = routeId(useParams().id);
  const clone = useLocation().pathname.includes('/clone/');
  const record = useWhatsappCampaign(id);
  return (
    <CampaignRecordRoute
      id={id}
      record={record}
      list={WHATSAPP_LIST}
      back="Voltar às campanhas de WhatsApp"
      mode={clone ? '-clone' : ''}
    >
      {(saved) => <WhatsappForm record={saved} clone={clone} />}
    </CampaignRecordRoute>
  );
}

function WhatsappForm({ record, clone }: { record: WhatsappCampaign | null; clone: boolean }) {
  const editing = record !== null && !clone;
  const mode = editing ? 'edit' : clone ? 'clone' : 'new';
  const edit = editing ? { id: record.id, updated_at: record.updated_at } : undefined;
  // What the media check said of each URL (the schema reads it, so the message outlives re-validation).
  const mediaProblems = useMemo(() => new Map<string, string>(), []);
  const schema = useMemo(
    () =>
      whatsappFormSchema({
        mediaProblems,
        edit,
        originalRunOn:
          editing && typeof record.info.run_on === 'string' ? record.info.run_on.slice(0, 16) : null,
      }),
    // The record does not change while the form is open (the page is keyed by id and mode).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const form = useZodForm(schema, {
    defaultValues: record ? whatsappFromCampaign(record, clone) : emptyWhatsappForm(),
  });
  const common = asCommon(form);
  const { control } = form;
  const navigate = useNavigate();
  const save = useSaveWhatsappCampaign();
  const leaveGuard = useLeaveGuard((form.formState.isDirty || clone) && !save.isSuccess);
  const values = useWatch({ control }) as WhatsappFormValues;
  const type = values.type;
  const channelId = Number(values.channel_id) || 0;
  const channels = useChannels();
  const whatsappChannels = (channels.data ?? []).filter((c) => c.type === 'WHATSAPP');
  const channelOptions = whatsappChannels.map((c) => ({
    value: String(c.id),
    label: c.description,
    description: c.partner,
  }));
  const channelName = (id: number) => whatsappChannels.find((c) => c.id === id)?.description;
  const executed = editing ? executedText(record.info.executed_at as string | null | undefined) : undefined;

  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync(whatsappToPayload(v, edit) as never);
    } catch (error) {
      let first = true;
      for (const [path, message] of Object.entries(serverFieldErrors(error))) {
        form.setError(formFieldOfPath(path) as never, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
      notify({
        type: 'error',
        header: 'Ops!',
        content: `${WHATSAPP_MESSAGES.saveError}${error instanceof Error && error.message ? `— ${failureMessage(error)}` : ''}`,
      });
      return;
    }
    notify({ type: 'success', content: editing ? WHATSAPP_MESSAGES.updated : WHATSAPP_MESSAGES.created });
    leaveGuard.allowNavigation();
    navigate(WHATSAPP_LIST);
  });

  const typeOptions = WHATSAPP_TYPES.filter((t) => !editing || !isBulk(t)).map((t) => ({
    value: t,
    label: `${t} - ${WHATSAPP_TYPE_LABELS[t]}`,
  }));
  const names = isBulk(type) ? bulkDescriptions(values, channelName).filter(Boolean) : [];

  return (
    <>
      {leaveGuard.modal}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!save.isPending) void submit();
        }}
      >
        <Form
          data-testid="wa-form"
          header={
            <Header
              variant="h1"
              description={
                record
                  ? `${clone ? 'Duplicando' : 'Alterando'} a campanha ${record.id} - ${record.description}.`
                  : 'Mensagens de WhatsApp para clientes, grupos ou canais.'
              }
            >
              {WHATSAPP_TITLE}
            </Header>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => navigate(WHATSAPP_LIST)}>
                Cancelar
              </Button>
              <Button variant="primary" data-testid="wa-submit" loading={save.isPending}>
                {submitLabel(mode)}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {executed ? (
              <Alert type="info" data-testid="wa-executed">
                {executed}.
              </Alert>
            ) : null}
            <Container header={<Header variant="h2">Detalhes</Header>}>
              <SpaceBetween size="l">
                <ColumnLayout columns={2}>
                  <TextField
                    control={control}
                    name="description"
                    label="Descrição"
                    testId="wa-description"
                    input={{ placeholder: 'Ex.: Ofertas do fim de semana' }}
                  />
                  <Box padding={{ top: 'xl' }}>
                    <ActiveField form={common} testId="wa-active" />
                  </Box>
                </ColumnLayout>
                <ColumnLayout columns={2}>
                  <FormField
                    label="Tipo"
                    description={editing ? 'O tipo de uma campanha salva não muda.' : undefined}
                    errorText={errorMessage(form.formState.errors.type)}
                  >
                    <Select
                      data-testid="wa-type"
                      disabled={editing}
                      selectedOption={typeOptions.find((o) => o.value === type) ?? null}
                      options={typeOptions}
                      onChange={({ detail }) => {
                        form.setValue('type', detail.selectedOption.value as WhatsappFormValues['type'], {
                          shouldDirty: true,
                        });
                        // Changing the type resets the group lists (§4).
                        form.setValue('groups', [], { shouldDirty: true });
                        form.setValue('channels', [], { shouldDirty: true });
                        form.clearErrors(['groups', 'channels', 'channel_id']);
                      }}
                    />
                  </FormField>
                  {type === 'WPPMM' ? (
                    <ChannelsPicker form={form} options={channelOptions} loading={channels.isPending} />
                  ) : (
                    <Field control={control} name="channel_id" label="Canal">
                      {(field, invalid) => (
                        <Select
                          data-testid="wa-channel"
                          selectedOption={channelOptions.find((o) => o.value === field.value) ?? null}
                          options={channelOptions}
                          placeholder="Selecione o canal"
                          empty="Nenhum canal de WhatsApp. Cadastre em Ajustes › Plataforma › Central de Atendimentos."
                          statusType={
                            channels.isPending ? 'loading' : channels.isError ? 'error' : 'finished'
                          }
                          loadingText="Carregando canais"
                          errorText="Não foi possível carregar os canais."
                          invalid={invalid}
                          onChange={({ detail }) => {
                            field.onChange(detail.selectedOption.value ?? '');
                            form.setValue('groups', [], { shouldDirty: true });
                          }}
                        />
                      )}
                    </Field>
                  )}
                </ColumnLayout>
                {toGroups(type) ? (
                  <GroupsPicker form={form} channelId={channelId} multiple={type === 'WPPGM'} />
                ) : null}
                {names.length > 0 ? (
                  <Alert
                    type="info"
                    data-testid="wa-bulk-names"
                    header={`Serão criadas ${names.length} campanha(s)`}
                  >
                    {names.join(' · ')}
                  </Alert>
                ) : null}
              </SpaceBetween>
            </Container>

            <Container header={<Header variant="h2">Agendamento</Header>}>
              <SpaceBetween size="l">
                <ScheduleFields form={common} testId="wa-schedule" />
                <ColumnLayout columns={2}>
                  <Field
                    control={control}
                    name="deadline_day"
                    label="Prazo final do envio (opcional)"
                    description="Nada é enviado depois dele."
                  >
                    {(field, invalid) => (
                      <DateInput
                        ref={field.ref}
                        data-testid="wa-deadline-day"
                        value={field.value}
                        invalid={invalid}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                      />
                    )}
                  </Field>
                  <Field control={control} name="deadline_time" label="Hora do prazo final">
                    {(field, invalid) => (
                      <TimeInput
                        ref={field.ref}
                        data-testid="wa-deadline-time"
                        format="hh:mm"
                        placeholder="hh:mm"
                        value={field.value}
                        invalid={invalid}
                        onChange={({ detail }) => field.onChange(detail.value)}
                        onBlur={field.onBlur}
                      />
                    )}
                  </Field>
                </ColumnLayout>
              </SpaceBetween>
            </Container>

            <Container header={<Header variant="h2">Público</Header>}>
              <SpaceBetween size="l">
                {toCustomers(type) ? (
                  <AudienceField form={common} testId="wa-audience" />
                ) : (
                  <Box color="text-body-secondary">
                    {type === 'WPPC'
                      ? 'A mensagem vai para o canal escolhido.'
                      : 'A mensagem vai para os grupos escolhidos.'}
                  </Box>
                )}
                {toCustomers(type) ? <BanSafety form={form} /> : null}
                {toCustomers(type) ? <AudienceCounters values={values} /> : null}
              </SpaceBetween>
            </Container>

            <Container header={<Header variant="h2">Mensagens</Header>}>
              <Grid gridDefinition={[{ colspan: { default: 12, s: 7 } }, { colspan: { default: 12, s: 5 } }]}>
                <FlowBuilder form={form} mediaProblems={mediaProblems} />
                <SpaceBetween size="xs">
                  <Box variant="awsui-key-label">Pré-visualização</Box>
                  <PhonePreview
                    testId="wa-preview"
                    items={values.flow ?? []}
                    status={{ image: values.status_image ?? '', caption: values.status_caption ?? '' }}
                  />
                  <Box color="text-body-secondary" fontSize="body-s">
                    As variáveis aparecem com os dados de um cliente de exemplo.
                  </Box>
                </SpaceBetween>
              </Grid>
            </Container>

            <Container header={<Header variant="h2">Status</Header>}>
              <ColumnLayout columns={2}>
                <TextField
                  control={control}
                  name="status_image"
                  label="Imagem do status (URL)"
                  description="Publicada no status do WhatsApp do canal."
                  testId="wa-status-image"
                  input={{ placeholder: 'https://…/status.jpg', inputMode: 'url' }}
                />
                <Field control={control} name="status_caption" label="Legenda do status">
                  {(field, invalid) => (
                    <Textarea
                      ref={field.ref}
                      data-testid="wa-status-caption"
                      rows={3}
                      value={field.value}
                      invalid={invalid}
                      onChange={({ detail }) => field.onChange(detail.value)}
                      onBlur={field.onBlur}
                    />
                  )}
                </Field>
              </ColumnLayout>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </>
  );
}

type FormOf = ReturnType<typeof useZodForm<ReturnType<typeof whatsappFormSchema>>>;

/** WPPMM: the channels, one campaign each. */
function ChannelsPicker({
  form,
  options,
  loading,
}: {
  form: FormOf;
  options: { value: string; label: string; description: string }[];
  loading: boolean;
}) {
  const { field, fieldState } = useController({ control: form.control, name: 'channels' });
  return (
    <FormField label="Canais" errorText={errorMessage(fieldState.error)}>
      <Multiselect
        data-testid="wa-channels"
        selectedOptions={options.filter((o) => field.value.includes(o.value))}
        options={options}
        placeholder="Selecione os canais"
        statusType={loading ? 'loading' : 'finished'}
        invalid={fieldState.invalid}
        onChange={({ detail }) => field.onChange(detail.selectedOptions.map((o) => o.value ?? ''))}
      />
    </FormField>
  );
}

/** WPPG (one) / WPPGM (several): the channel's groups, through the gateway (§5). */
function GroupsPicker({ form, channelId, multiple }: { form: FormOf; channelId: number; multiple: boolean }) {
  const { field, fieldState } = useController({ control: form.control, name: 'groups' });
  const groups = useChannelGroups(channelId, channelId > 0);
  const options = (groups.data ?? []).map((g) => ({
    value: g.id._serialized,
    label: g.name || g.id._serialized,
  }));
  // A saved group the gateway does not list now still shows.
  for (const g of field.value)
    if (!options.some((o) => o.value === g.id)) options.push({ value: g.id, label: g.name || g.id });
  const status =
    channelId === 0 ? 'finished' : groups.isPending ? 'loading' : groups.isError ? 'error' : 'finished';
  const common = {
    options,
    placeholder: channelId ? 'Selecione' : 'Escolha o canal primeiro',
    disabled: channelId === 0,
    statusType: status as 'loading' | 'error' | 'finished',
    loadingText: 'Buscando grupos no WhatsApp',
    errorText: failureMessage(groups.error, WHATSAPP_MESSAGES.connectivity),
    empty: 'Nenhum grupo disponível.',
    filteringType: 'auto' as const,
    invalid: fieldState.invalid,
  };
  const toGroup = (o: { value?: string; label?: string }) => ({ id: o.value ?? '', name: o.label ?? '' });
  return (
    <FormField
      label={multiple ? 'Grupos' : 'Grupo'}
      description="Grupos não silenciados em que o número pode escrever."
      errorText={errorMessage(fieldState.error)}
    >
      {multiple ? (
        <Multiselect
          data-testid="wa-groups"
          {...common}
          selectedOptions={options.filter((o) => field.value.some((g) => g.id === o.value))}
          onChange={({ detail }) => field.onChange(detail.selectedOptions.map(toGroup))}
        />
      ) : (
        <Select
          data-testid="wa-groups"
          {...common}
          selectedOption={options.find((o) => o.value === field.value[0]?.id) ?? null}
          onChange={({ detail }) => field.onChange([toGroup(detail.selectedOption)])}
        />
      )}
    </FormField>
  );
}

/** The ban-safety switch (§5): on, only customers who already wrote to the channel; off, a warning. */
function BanSafety({ form }: { form: FormOf }) {
  const { field } = useController({ control: form.control, name: 'ban_safety' });
  return (
    <SpaceBetween size="xs">
      <FormField
        label="Proteção contra banimento"
        description="Ligada: envia só para clientes que já interagiram com o canal."
      >
        <Toggle
          data-testid="wa-ban-safety"
          checked={field.value}
          onChange={({ detail }) => field.onChange(detail.checked)}
        >
          {field.value ? 'Envio seguro ligado' : 'Envio seguro desligado'}
        </Toggle>
      </FormField>
      {field.value ? null : (
        <Alert type="warning" data-testid="wa-ban-warning">
          Enviar para quem nunca falou com o canal pode levar ao banimento do número pela plataforma de
          mensagens.
        </Alert>
      )}
    </SpaceBetween>
  );
}

function Counter({
  label,
  value,
  testId,
  loading,
}: {
  label: string;
  value: number | undefined;
  testId: string;
  loading?: boolean;
}) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="heading-m" data-testid={testId}>
        {value === undefined ? loading ? <Spinner /> : '-' : formatCount(value)}
      </Box>
    </div>
  );
}

/** The audience counters (§2, §7): the channel's contacts and opt-outs, the lead's (or base's) customers, the reach. */
function AudienceCounters({ values }: { values: WhatsappFormValues }) {
  const channelId = values.type === 'WPPMM' ? 0 : Number(values.channel_id) || 0;
  const idLead = values.audience === 'lead' && Number(values.id_lead) > 0 ? Number(values.id_lead) : null;
  const channel = useChannelAudience(channelId);
  const lead = useLeadWhatsappCount(idLead, channelId);
  const reached = reach(values.ban_safety, channel.data, lead.data);
  return (
    <ColumnLayout columns={4} variant="text-grid">
      <Counter
        label="Contatos do canal"
        value={channel.data?.total}
        testId="wa-count-channel"
        loading={channel.isFetching}
      />
      <Counter
        label="Opt-out do canal"
        value={channel.data?.total_optout}
        testId="wa-count-optout"
        loading={channel.isFetching}
      />
      <Counter
        label={idLead ? 'Clientes do lead' : 'Todos Clientes'}
        value={lead.data?.total}
        testId="wa-count-lead"
        loading={lead.isFetching}
      />
      <Counter label="Alcance estimado" value={reached} testId="wa-count-reach" />
    </ColumnLayout>
  );
}
