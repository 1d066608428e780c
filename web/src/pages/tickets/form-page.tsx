import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import type { WizardProps } from '@cloudscape-design/components/wizard';
import { TICKET_MESSAGES } from '@freguesia/shared/schemas/ticket';
import { TICKET_PLACEHOLDERS } from '@freguesia/shared/domain/tickets';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useValidLeads } from '../../api/campaigns';
import { useStores } from '../../api/catalog';
import { ApiError } from '../../api/client';
import { useSaveTicketCampaign, useTicketCampaign, type TicketCampaignDetails } from '../../api/tickets';
import { notify } from '../../app/notifications/notify';
import { DateInput } from '../../components/date-input';
import { routeId } from '../../components/route-id';
import { archivedListPath, isArchivedPath } from '../campaigns/archived-model';
import { StoreTransfer } from '../campaigns/store-transfer';
import { CampaignRecordRoute } from '../campaigns/record-route';
import { CampaignWizardFrame, useWizardSteps } from '../campaigns/wizard-frame';
import { AcceleratorsStep } from './accelerators-step';
import {
  detailsToForm,
  emptyTicketForm,
  firstProblem,
  formToPayload,
  STEP_TITLES,
  TITLE_EDIT,
  TITLE_NEW,
  type TicketForm,
} from './form-model';
import { PrizesStep } from './prizes-step';

const LIST = '/campaign/tickets';
const LAST_STEP = STEP_TITLES.length - 1;

/**
 * /campaign/tickets/new and /campaign/tickets/edit/:id (spec part 2 §2.4): the five-step editor;
 * /campaign/tickets/archived/:id: a deleted campaign in the same steps, read-only ('Excluídas').
 */
export default function TicketFormPage() {
  const id = routeId(useParams().id);
  const archived = isArchivedPath(useLocation().pathname);
  const record = useTicketCampaign(id, archived);
  return (
    <CampaignRecordRoute
      id={id}
      record={record}
      list={archived ? archivedListPath('T') : LIST}
      mode={archived ? '-archived' : ''}
    >
      {(saved) => <TicketWizard record={saved} archived={archived} />}
    </CampaignRecordRoute>
  );
}

function TicketWizard({ record, archived }: { record: TicketCampaignDetails | null; archived: boolean }) {
  const navigate = useNavigate();
  const editing = record !== null;
  const [form, setForm] = useState<TicketForm>(() => (record ? detailsToForm(record) : emptyTicketForm()));
  const set = (patch: Partial<TicketForm>) => setForm((f) => ({ ...f, ...patch }));
  const [shownProblem, setShownProblem] = useState<{ path: string; message: string } | null>(null);
  const save = useSaveTicketCampaign();
  const stores = useStores();
  const leads = useValidLeads(form.audience === 'L');
  const storeName = (id: number) => stores.data?.find((s) => s.id === id)?.name ?? `Loja ${id}`;

  const { activeStep, onNavigate, readyToSave } = useWizardSteps({
    lastStep: LAST_STEP,
    // A deleted campaign is only read: every step opens.
    validate: (from, to) => (archived ? undefined : firstProblem(form, from, to)),
    onChecked: (problem) => setShownProblem(problem ?? null),
  });
  const errorOf = (...paths: string[]) =>
    shownProblem && paths.some((p) => shownProblem.path === p || shownProblem.path.startsWith(`${p}.`))
      ? shownProblem.message
      : undefined;

  const submit = async () => {
    if (!(await readyToSave())) return;
    try {
      await save.mutateAsync(formToPayload(form, record?.id, record?.updated_at) as never);
      notify({ type: 'success', content: editing ? TICKET_MESSAGES.updated : TICKET_MESSAGES.saved });
      navigate(LIST);
    } catch (error) {
      // A non-200 save shows no message in the ticket editor (spec part 2 §8), but a field the server refused is marked.
      if (error instanceof ApiError) setShownProblem({ path: 'server', message: error.message });
    }
  };

  const leadOptions = (leads.data ?? []).map((l) => ({ value: String(l.id), label: l.description }));

  const steps: WizardProps.Step[] = [
    {
      title: STEP_TITLES[0],
      content: (
        <Container header={<Header variant="h2">Detalhes da campanha</Header>}>
          <SpaceBetween size="l">
            <Toggle
              data-testid="ticket-active"
              checked={form.active === 'Y'}
              onChange={({ detail }) => set({ active: detail.checked ? 'Y' : 'N' })}
            >
              {form.active === 'Y' ? 'Campanha Ativada' : 'Campanha Desativada'}
            </Toggle>
            <FormField label="Descrição" errorText={errorOf('description')}>
              <Input
                data-testid="ticket-description"
                value={form.description}
                onChange={({ detail }) => set({ description: detail.value })}
              />
            </FormField>
            <SpaceBetween direction="horizontal" size="m" alignItems="end">
              <FormField label={form.noEnd ? 'Início' : 'Período: início'} errorText={errorOf('period')}>
                <DateInput
                  data-testid="ticket-start"
                  ariaLabel="Data inicial"
                  value={form.start}
                  onChange={(start) => set({ start })}
                />
              </FormField>
              {form.noEnd ? null : (
                <FormField label="Fim">
                  <DateInput
                    data-testid="ticket-end"
                    ariaLabel="Data final"
                    value={form.end}
                    onChange={(end) => set({ end })}
                  />
                </FormField>
              )}
              <Toggle
                data-testid="ticket-no-end"
                checked={form.noEnd}
                onChange={({ detail }) => set({ noEnd: detail.checked })}
              >
                Sem prazo final
              </Toggle>
            </SpaceBetween>
            <FormField
              label="Valor de troca (R$)"
              description="A cada este valor em compras, um ticket."
              errorText={errorOf('info.value')}
            >
              <Input
                data-testid="ticket-value"
                inputMode="decimal"
                value={form.value}
                onChange={({ detail }) => set({ value: detail.value })}
              />
            </FormField>
            <FormField
              label="Layout do ticket"
              description={`HTML com os campos ${TICKET_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`}
              errorText={errorOf('info.layout_body')}
            >
              <Textarea
                data-testid="ticket-layout"
                rows={5}
                value={form.layout_body}
                onChange={({ detail }) => set({ layout_body: detail.value })}
              />
            </FormField>
            <SpaceBetween direction="horizontal" size="l">
              <Toggle
                checked={form.need_terms}
                onChange={({ detail }) => set({ need_terms: detail.checked })}
              >
                Somente clientes com termos aceitos
              </Toggle>
              <Toggle
                checked={form.can_accumulate}
                onChange={({ detail }) => set({ can_accumulate: detail.checked })}
              >
                Acumula saldo entre compras
              </Toggle>
            </SpaceBetween>
            <FormField
              label="Layout do prêmio (opcional)"
              description="Preenchido, a campanha dá prêmios instantâneos: a primeira compra na loja a partir da liberação de um prêmio ganha."
            >
              <Textarea
                data-testid="ticket-gift-layout"
                rows={3}
                value={form.layout_gift}
                onChange={({ detail }) => set({ layout_gift: detail.value })}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      ),
    },
    {
      title: STEP_TITLES[1],
      content: (
        <Container
          header={
            <Header variant="h2" description="Os prêmios ficam só para as lojas selecionadas.">
              Lojas da campanha
            </Header>
          }
        >
          <FormField stretch errorText={errorOf('stores')} data-testid="ticket-stores">
            <StoreTransfer
              stores={(stores.data ?? []).map((s) => ({ id: s.id, name: s.name }))}
              loading={stores.isPending}
              value={form.stores}
              invalid={errorOf('stores') !== undefined}
              onChange={(ids) => set({ stores: ids })}
            />
          </FormField>
        </Container>
      ),
    },
    {
      title: STEP_TITLES[2],
      content: (
        <PrizesStep
          gifts={form.gifts}
          stores={form.stores}
          readOnly={archived}
          storeName={storeName}
          onChange={(gifts) => set({ gifts })}
        />
      ),
    },
    {
      title: STEP_TITLES[3],
      content: (
        <Container header={<Header variant="h2">Clientes</Header>}>
          <SpaceBetween size="l">
            <RadioGroup
              data-testid="ticket-audience"
              value={form.audience}
              items={[
                { value: 'L', label: 'Escolher Lead' },
                { value: 'B', label: 'Toda a base de clientes' },
                { value: 'S', label: 'Segmentar', disabled: true },
              ]}
              onChange={({ detail }) => set({ audience: detail.value as 'L' | 'B' })}
            />
            {form.audience === 'L' ? (
              <FormField label="Lead" errorText={errorOf('id_lead')}>
                <Select
                  data-testid="ticket-lead"
                  selectedOption={leadOptions.find((o) => o.value === form.id_lead) ?? null}
                  options={leadOptions}
                  placeholder="Selecione o lead"
                  filteringType="auto"
                  statusType={leads.isPending ? 'loading' : 'finished'}
                  onChange={({ detail }) => set({ id_lead: detail.selectedOption.value ?? '' })}
                />
              </FormField>
            ) : (
              <Box color="text-body-secondary">A campanha vale para todos os clientes.</Box>
            )}
          </SpaceBetween>
        </Container>
      ),
    },
    {
      title: STEP_TITLES[4],
      content: (
        <AcceleratorsStep rules={form.accelerators} onChange={(accelerators) => set({ accelerators })} />
      ),
    },
  ];

  return (
    <CampaignWizardFrame
      testId="ticket-wizard"
      title={editing ? TITLE_EDIT : TITLE_NEW}
      steps={steps}
      activeStep={activeStep}
      saving={save.isPending}
      onNavigate={onNavigate}
      onSubmit={() => void submit()}
      list={LIST}
      {...(archived && record ? { archived: { at: record.archived_at, list: archivedListPath('T') } } : {})}
    />
  );
}
