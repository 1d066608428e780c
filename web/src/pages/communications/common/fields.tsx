import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import TimeInput from '@cloudscape-design/components/time-input';
import Toggle from '@cloudscape-design/components/toggle';
import {
  estimatedCost,
  recipientList,
  UNIT_PRICES,
  type SendableType,
} from '@freguesia/shared/schemas/communication';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { useValidLeads } from '../../../api/campaigns';
import { useSendEstimate } from '../../../api/communications';
import { currentUser } from '../../../app/current-user';
import { DateInput } from '../../../components/date-input';
import { errorMessage, Field } from '../../../components/form';
import { formatAmount, formatCount } from '../../../components/format';
import { useDebounced } from '../../../components/table';
import { describeCron } from '../../leads/cron';
import {
  ACTIVE_LABEL,
  approvalText,
  APPROVED_LABEL,
  INACTIVE_LABEL,
  NOT_APPROVED_LABEL,
  WHOLE_BASE,
  type CommonValues,
} from './model';

/** The editors' forms seen through their shared values (each channel's values extend them). */
export type CommonForm = UseFormReturn<CommonValues, unknown, CommonValues>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const asCommon = (form: UseFormReturn<any, any, any>): CommonForm => form as CommonForm;

/** 'Campanha Ativada' / 'Campanha Desativada' (spec part 3 §4). */
export function ActiveField({ form, testId }: { form: CommonForm; testId: string }) {
  const { field } = useController({ control: form.control, name: 'active' });
  return (
    <Toggle
      checked={field.value === 'Y'}
      data-testid={testId}
      onChange={({ detail }) => field.onChange(detail.checked ? 'Y' : 'N')}
    >
      {field.value === 'Y' ? ACTIVE_LABEL : INACTIVE_LABEL}
    </Toggle>
  );
}

/**
 * Who receives it: the whole base ('Todos Clientes') or a valid lead. `disabled` keeps it on the
 * whole base (the push lead switch, spec part 3 §5 'Push'); `reason` says why.
 */
export function AudienceField({
  form,
  testId,
  disabled = false,
  reason,
}: {
  form: CommonForm;
  testId: string;
  disabled?: boolean;
  reason?: string;
}) {
  const audience = useWatch({ control: form.control, name: 'audience' });
  const lead = useController({ control: form.control, name: 'id_lead' });
  const leads = useValidLeads(audience === 'lead' && !disabled);
  const options = (leads.data ?? []).map((l) => ({
    value: String(l.id),
    label: l.description,
    description: l.population === undefined ? undefined : `${formatCount(l.population)} cliente(s)`,
  }));
  const selected = lead.field.value
    ? (options.find((o) => o.value === lead.field.value) ?? {
        value: lead.field.value,
        label: `Lead ${lead.field.value}`,
      })
    : null;
  return (
    <SpaceBetween size="s">
      <FormField label="Público" description={reason}>
        <Toggle
          data-testid={testId}
          disabled={disabled}
          checked={audience === 'lead'}
          onChange={({ detail }) => {
            form.setValue('audience', detail.checked ? 'lead' : 'all', { shouldDirty: true });
            if (!detail.checked) {
              form.setValue('id_lead', '', { shouldDirty: true });
              form.clearErrors('id_lead');
            }
          }}
        >
          {audience === 'lead' ? 'Enviar para um lead' : WHOLE_BASE}
        </Toggle>
      </FormField>
      {audience === 'lead' && !disabled ? (
        <FormField label="Lead" errorText={errorMessage(lead.fieldState.error)}>
          <div style={{ maxWidth: 520 }}>
            <Select
              data-testid={`${testId}-lead`}
              selectedOption={selected}
              options={options}
              filteringType="auto"
              placeholder="Selecione o lead"
              empty="Nenhum lead válido."
              statusType={leads.isPending ? 'loading' : leads.isError ? 'error' : 'finished'}
              loadingText="Carregando leads"
              errorText="Não foi possível carregar os leads."
              invalid={lead.fieldState.invalid}
              onChange={({ detail }) => lead.field.onChange(detail.selectedOption.value ?? '')}
            />
          </div>
        </FormField>
      ) : null}
    </SpaceBetween>
  );
}

/** Run type once ('O', a date and a time in Brasília) or recurring ('R', a cron with its meaning). */
export function ScheduleFields({ form, testId }: { form: CommonForm; testId: string }) {
  const { control } = form;
  const [runType, frequency] = useWatch({ control, name: ['run_type', 'run_frequency'] });
  const cron = runType === 'R' && frequency.trim() ? describeCron(frequency) : undefined;
  return (
    <SpaceBetween size="m">
      <FormField label="Execução">
        <RadioGroup
          data-testid={`${testId}-type`}
          value={runType}
          items={[
            { value: 'O', label: 'Uma vez', description: 'Em uma data e hora (horário de Brasília).' },
            { value: 'R', label: 'Recorrente', description: 'Repete conforme a frequência.' },
          ]}
          onChange={({ detail }) => {
            form.setValue('run_type', detail.value as 'O' | 'R', { shouldDirty: true });
            form.clearErrors(['run_day', 'run_time', 'run_frequency']);
          }}
        />
      </FormField>
      {runType === 'O' ? (
        <ColumnLayout columns={2}>
          <Field control={control} name="run_day" label="Data do envio">
            {(field, invalid) => (
              <DateInput
                ref={field.ref}
                data-testid={`${testId}-day`}
                value={field.value}
                invalid={invalid}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          </Field>
          <Field control={control} name="run_time" label="Hora do envio">
            {(field, invalid) => (
              <TimeInput
                ref={field.ref}
                data-testid={`${testId}-time`}
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
      ) : (
        <Field
          control={control}
          name="run_frequency"
          label="Frequência"
          description="Expressão cron: minuto hora dia mês dia-da-semana (horário de Brasília)."
          constraintText={cron ? <span data-testid={`${testId}-cron`}>{cron.text}</span> : undefined}
        >
          {(field, invalid) => (
            <Input
              ref={field.ref}
              data-testid={`${testId}-frequency`}
              value={field.value}
              placeholder="0 9 * * 1"
              invalid={invalid || cron?.valid === false}
              onChange={({ detail }) => field.onChange(detail.value)}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      )}
    </SpaceBetween>
  );
}

/**
 * The cost approval (spec part 3 §4): 'De Acordo' / 'Não aprovada'. Turning it on records
 * 'Aprovado por: {logged-in user} Em: {now}'; a saved approval shows as stored.
 */
export function ApprovalField({ form, testId }: { form: CommonForm; testId: string }) {
  const { field } = useController({ control: form.control, name: 'approvement' });
  const approved = Boolean(field.value);
  return (
    <FormField
      label="Aprovação do custo"
      description={
        approved ? (
          <span data-testid={`${testId}-text`}>{field.value}</span>
        ) : (
          'O envio só é salvo depois de aprovado.'
        )
      }
    >
      <Toggle
        data-testid={testId}
        checked={approved}
        onChange={({ detail }) =>
          field.onChange(
            detail.checked
              ? approvalText(currentUser()?.fullname || currentUser()?.shortname || 'Usuário')
              : null,
          )
        }
      >
        {approved ? APPROVED_LABEL : NOT_APPROVED_LABEL}
      </Toggle>
    </FormField>
  );
}

/**
 * Recipient count and estimated cost (GET /web/communications/estimate). While the server's
 * answer is missing, a list of numbers or a lead's population is estimated here with the spec's
 * unit price (part 3 §9).
 */
export function EstimateBox({
  type,
  idLead,
  recipients,
  testId,
}: {
  type: SendableType;
  idLead: number | null;
  recipients: string;
  testId: string;
}) {
  const leads = useValidLeads(idLead !== null);
  const leadPopulation = leads.data?.find((l) => l.id === idLead)?.population;
  // Typing in the recipients box asks once it pauses (a string, so the debounce sees equal values).
  const settled = useDebounced(recipientList(recipients).join(';'), 500);
  const estimate = useSendEstimate({ type, id_lead: idLead, recipients: settled });
  const listed = recipientList(recipients).length;
  const local = listed > 0 ? listed : idLead ? leadPopulation : undefined;
  // Numbers typed are counted here at once (the server counts them the same way).
  const count = listed > 0 ? listed : (estimate.data?.recipients ?? local);
  const unit = estimate.data?.unit_price ?? UNIT_PRICES[type];
  const value =
    listed > 0 || !estimate.data
      ? count === undefined
        ? undefined
        : estimatedCost(count, unit)
      : estimate.data.value;
  return (
    <ColumnLayout columns={2} variant="text-grid">
      <div>
        <Box variant="awsui-key-label">Destinatários</Box>
        <Box data-testid={`${testId}-recipients`} fontSize="heading-m">
          {count === undefined ? estimate.isFetching ? <Spinner /> : '-' : formatCount(count)}
        </Box>
      </div>
      <div>
        <Box variant="awsui-key-label">Custo estimado</Box>
        <Box data-testid={`${testId}-cost`} fontSize="heading-m">
          {value === undefined ? '-' : formatAmount(value)}
        </Box>
      </div>
      {estimate.isError && count === undefined ? (
        <Alert type="info">
          Não foi possível calcular os destinatários agora; o custo é calculado ao salvar.
        </Alert>
      ) : null}
    </ColumnLayout>
  );
}
