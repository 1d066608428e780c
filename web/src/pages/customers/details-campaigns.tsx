import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { renderTicketLayout } from '@freguesia/shared/domain/tickets';
import { TICKET_STATUS_LABELS } from '@freguesia/shared/schemas/ticket';
import { useState } from 'react';
import type { CustomerDetails } from '../../api/customers';
import { failureMessage } from '../../api/client';
import { saveBlob } from '../../api/download';
import {
  useCustomerPrizes,
  useCustomerTickets,
  useFollowedTicketCampaigns,
  usePrintTickets,
  useReleaseReprint,
  useValidatePrize,
  type Period,
  type Printed,
  type Ticket,
} from '../../api/tickets';
import { useCan } from '../../app/ability';
import { currentUser } from '../../app/current-user';
import { notify } from '../../app/notifications/notify';
import { DateInput } from '../../components/date-input';
import { EMPTY, formatDateTime } from '../../components/format';
import { LABEL_BOX_CLASS } from '../../components/label-preview';
import { purifyLabelMarkup } from '../../components/label-markup';
import { dayText } from '../../components/typed-day';
import { typedPeriod } from './details-purchases';
import { displayDocument } from './format';

/** A printed ticket's size (a thermal receipt roll), in millimetres. */
const TICKET_WIDTH_MM = 80;
const TICKET_HEIGHT_MM = 100;

const lastDays = (days: number): Period => {
  const to = localDay();
  return { from: addDays(to, -days), to };
};

/** 'De' / 'Até' typed as DD/MM/AAAA; the list follows once both make a valid period. */
function PeriodFilter({ id, value, onChange }: { id: string; value: Period; onChange: (p: Period) => void }) {
  const [typed, setTyped] = useState({ from: dayText(value.from), to: dayText(value.to) });
  const change = (next: { from: string; to: string }) => {
    setTyped(next);
    const period = typedPeriod(next.from, next.to);
    if (period) onChange({ from: period.startDate, to: period.endDate });
  };
  return (
    <SpaceBetween direction="horizontal" size="s">
      <FormField label="De">
        <DateInput
          data-testid={`${id}-from`}
          ariaLabel="Data inicial"
          value={typed.from}
          onChange={(from) => change({ ...typed, from })}
        />
      </FormField>
      <FormField label="Até">
        <DateInput
          data-testid={`${id}-to`}
          ariaLabel="Data final"
          value={typed.to}
          onChange={(to) => change({ ...typed, to })}
        />
      </FormField>
    </SpaceBetween>
  );
}

/** The PDF of printed tickets (one page each), laid out by the browser from the campaign's layout. */
async function ticketsPdf(printed: Printed, customer: CustomerDetails, storeName: (id: number) => string) {
  const { labelsPdf } = await import('../campaigns/labels-pdf');
  const pages = printed.tickets.map((t) => ({
    html: purifyLabelMarkup(
      renderTicketLayout(printed.layout_body, {
        ticket: t.id,
        campaign: printed.campaign_description,
        customer: customer.fullname,
        document: displayDocument(customer.document),
        date: formatDateTime(t.created_at),
        store: storeName(t.id_store),
      }),
    ),
  }));
  return labelsPdf(pages, TICKET_WIDTH_MM, TICKET_HEIGHT_MM, LABEL_BOX_CLASS);
}

/**
 * 'Campanhas' of the customer details (spec part 1 §2, part 2 §2.5): the customer's tickets of a
 * ticket campaign and the prizes won, each with its own period filter. Tickets are Gerado
 * (CREATED) or Impresso (PRINTED); 'Imprimir' prints the selected tickets into a PDF in the
 * browser (those never printed, or with a reprint released); 'Liberar reimpressão' (write
 * Campaigns) releases a printed ticket. A prize without `validated_by` can be validated (write
 * Campaigns): 'Prêmio Validado ao cliente com sucesso !'.
 */
export function CampaignsTab({
  customer,
  stores,
}: {
  customer: CustomerDetails;
  stores: readonly { id: number; name: string }[];
}) {
  const canWriteCampaigns = useCan('write', 'Campaigns');
  const campaigns = useFollowedTicketCampaigns();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const campaignId = chosen ?? campaigns.data?.[0]?.id;
  const [ticketPeriod, setTicketPeriod] = useState<Period>(() => lastDays(90));
  const [prizePeriod, setPrizePeriod] = useState<Period>(() => lastDays(90));
  const tickets = useCustomerTickets(campaignId, customer.id, ticketPeriod);
  const prizes = useCustomerPrizes(customer.id, prizePeriod);
  const [selected, setSelected] = useState<Ticket[]>([]);
  const print = usePrintTickets();
  const reprint = useReleaseReprint();
  const validate = useValidatePrize();
  const storeName = (id: number) => stores.find((s) => s.id === id)?.name ?? `Loja ${id}`;

  const options = (campaigns.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.id} - ${c.description}`,
    description: c.active === 'Y' ? undefined : 'Inativa',
  }));

  const printSelected = async () => {
    if (campaignId === undefined || selected.length === 0) return;
    try {
      const printed = await print.mutateAsync({ campaign: campaignId, ids: selected.map((t) => t.id) });
      if (printed.tickets.length > 0) {
        saveBlob(await ticketsPdf(printed, customer, storeName), `tickets-${customer.id}-${campaignId}.pdf`);
        notify({
          type: 'success',
          header:
            printed.tickets.length === 1
              ? '1 ticket impresso'
              : `${printed.tickets.length} tickets impressos`,
        });
      }
      if (printed.refused.length > 0)
        notify({
          type: 'warning',
          header: 'Tickets já impressos',
          content: `Libere a reimpressão para imprimir de novo: ${printed.refused.join(', ')}.`,
        });
      setSelected([]);
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao imprimir os tickets', content: failureMessage(error) });
    }
  };

  const releaseSelected = async () => {
    if (campaignId === undefined) return;
    try {
      const answer = await reprint.mutateAsync({
        campaign: campaignId,
        ids: selected.filter((t) => t.status === 'PRINTED').map((t) => t.id),
      });
      notify({ type: 'success', header: `Reimpressão liberada: ${answer.released.join(', ')}` });
      setSelected([]);
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao liberar a reimpressão', content: failureMessage(error) });
    }
  };

  const validatePrize = async (id: number) => {
    const user = currentUser();
    try {
      const answer = await validate.mutateAsync({
        id,
        validated_by: user?.fullname ?? '',
        id_user_binding: 0,
        dt_binding: new Date().toISOString(),
      });
      notify({ type: 'success', content: answer.message });
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao validar o prêmio', content: failureMessage(error) });
    }
  };

  const printedSelected = selected.filter((t) => t.status === 'PRINTED');

  return (
    <SpaceBetween size="l">
      <Table<Ticket>
        data-testid="customer-tickets"
        items={tickets.data ?? []}
        trackBy="id"
        loading={campaignId !== undefined && tickets.isPending}
        loadingText="Carregando tickets"
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        ariaLabels={{
          selectionGroupLabel: 'Seleção de tickets',
          itemSelectionLabel: (_, t) => `Ticket ${t.id}`,
          allItemsSelectionLabel: () => 'Todos os tickets',
        }}
        header={
          <Header
            variant="h2"
            counter={tickets.data ? `(${tickets.data.length})` : undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {canWriteCampaigns ? (
                  <Button
                    data-testid="tickets-reprint"
                    disabled={printedSelected.length === 0}
                    loading={reprint.isPending}
                    onClick={() => void releaseSelected()}
                  >
                    Liberar reimpressão
                  </Button>
                ) : null}
                <Button
                  data-testid="tickets-print"
                  variant="primary"
                  iconName="file"
                  disabled={selected.length === 0}
                  loading={print.isPending}
                  onClick={() => void printSelected()}
                >
                  Imprimir
                </Button>
              </SpaceBetween>
            }
          >
            Tickets
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label="Campanha">
              <div style={{ minWidth: 280 }}>
                <Select
                  data-testid="tickets-campaign"
                  selectedOption={options.find((o) => o.value === String(campaignId)) ?? null}
                  options={options}
                  placeholder="Selecione a campanha"
                  empty="Nenhuma campanha de tickets."
                  statusType={campaigns.isPending ? 'loading' : 'finished'}
                  onChange={({ detail }) => {
                    setChosen(Number(detail.selectedOption.value));
                    setSelected([]);
                  }}
                />
              </div>
            </FormField>
            <PeriodFilter id="tickets-period" value={ticketPeriod} onChange={setTicketPeriod} />
          </SpaceBetween>
        }
        columnDefinitions={[
          { id: 'id', header: 'Ticket', cell: (t) => t.id, isRowHeader: true },
          { id: 'campaign', header: 'Campanha', cell: (t) => t.campaign_description },
          {
            id: 'status',
            header: 'Status',
            cell: (t) => (
              <span data-testid={`ticket-status-${t.id}`}>
                <StatusIndicator type={t.status === 'PRINTED' ? 'success' : 'pending'}>
                  {TICKET_STATUS_LABELS[t.status]}
                  {t.reprint ? ' · reimpressão liberada' : ''}
                </StatusIndicator>
              </span>
            ),
          },
          { id: 'store', header: 'Loja', cell: (t) => storeName(t.id_store) },
          { id: 'created_at', header: 'Gerado em', cell: (t) => formatDateTime(t.created_at) },
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding="l" data-testid="tickets-empty">
            {campaignId === undefined
              ? 'Nenhuma campanha de tickets.'
              : 'Nenhum ticket deste cliente no período.'}
          </Box>
        }
      />
      <Table
        data-testid="customer-prizes"
        items={prizes.data ?? []}
        trackBy="id"
        loading={prizes.isPending}
        loadingText="Carregando prêmios"
        header={
          <Header variant="h2" counter={prizes.data ? `(${prizes.data.length})` : undefined}>
            Prêmios
          </Header>
        }
        filter={<PeriodFilter id="prizes-period" value={prizePeriod} onChange={setPrizePeriod} />}
        columnDefinitions={[
          { id: 'gift', header: 'Prêmio', cell: (p) => p.gift, isRowHeader: true },
          { id: 'campaign', header: 'Campanha', cell: (p) => p.campaign_description },
          { id: 'store', header: 'Loja', cell: (p) => storeName(p.id_store) },
          { id: 'won_at', header: 'Ganho em', cell: (p) => formatDateTime(p.won_at) },
          {
            id: 'validated',
            header: 'Validado',
            cell: (p) =>
              p.validated_by ? (
                <span data-testid={`prize-validated-${p.id}`}>
                  {p.validated_by} · {formatDateTime(p.validated_tag)}
                </span>
              ) : canWriteCampaigns ? (
                <Button
                  data-testid={`prize-validate-${p.id}`}
                  variant="inline-link"
                  loading={validate.isPending && validate.variables?.id === p.id}
                  onClick={() => void validatePrize(p.id)}
                >
                  Validar
                </Button>
              ) : (
                EMPTY
              ),
          },
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            Nenhum prêmio deste cliente no período.
          </Box>
        }
      />
    </SpaceBetween>
  );
}
