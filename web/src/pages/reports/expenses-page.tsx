import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { fromDisplayDate, toDisplayDate } from '@freguesia/shared/domain/dates';
import { failureMessage } from '../../api/client';
import { DateInput } from '../../components/date-input';
import { useExpenseReport } from '../../api/reports';
import {
  currentMonth,
  formatBrl,
  formatQuantity,
  formatUnitPrice,
  periodProblem,
  periodText,
  summarize,
  type ChannelExpenses,
  type ExpenseRow,
  type NpsRow,
  type Period,
} from './expenses-model';

const EMPTY_CHANNEL = 'Nenhum envio no período.';
const EMPTY_NPS = 'Nenhuma mensagem de NPS no período.';

/** The typed period (DD/MM/AAAA, as every date on screen) and the one it reads. */
interface Typed {
  start: string;
  end: string;
}
const typedOf = (p: Period): Typed => ({
  start: toDisplayDate(p.start_at) ?? '',
  end: toDisplayDate(p.end_at) ?? '',
});
const periodOf = (t: Typed): Partial<Period> => ({
  ...(fromDisplayDate(t.start) ? { start_at: fromDisplayDate(t.start) } : {}),
  ...(fromDisplayDate(t.end) ? { end_at: fromDisplayDate(t.end) } : {}),
});
const typedProblem = (t: Typed): string | undefined =>
  (t.start.trim() && !fromDisplayDate(t.start)) || (t.end.trim() && !fromDisplayDate(t.end))
    ? 'Data inválida: use DD/MM/AAAA.'
    : periodProblem(periodOf(t));

const campaignColumns: TableProps.ColumnDefinition<ExpenseRow>[] = [
  { id: 'id', header: 'Código da campanha', cell: (r) => r.id_campaign },
  {
    id: 'description',
    header: 'Descrição',
    cell: (r) => (r.archived ? `${r.description} (excluída)` : r.description),
  },
  { id: 'quantity', header: 'Envios', cell: (r) => formatQuantity(r.quantity) },
  { id: 'unit', header: 'Valor unitário', cell: (r) => formatUnitPrice(r.unit_price) },
  { id: 'total', header: 'Total investido', cell: (r) => formatBrl(r.centavos) },
];

const npsColumns: TableProps.ColumnDefinition<NpsRow>[] = [
  { id: 'origin', header: 'Origem', cell: (r) => r.origin },
  { id: 'quantity', header: 'Envios', cell: (r) => formatQuantity(r.quantity) },
  { id: 'unit', header: 'Valor unitário', cell: (r) => formatUnitPrice(r.unit_price) },
  { id: 'total', header: 'Total investido', cell: (r) => formatBrl(r.centavos) },
];

function ChannelCard({ channel }: { channel: ChannelExpenses }) {
  return (
    <Container data-testid={`expenses-card-${channel.type}`}>
      <Box variant="awsui-key-label">{channel.label}</Box>
      <Box variant="h2" padding="n">
        {formatBrl(channel.centavos)}
      </Box>
      <Box variant="small" color="text-body-secondary">
        {formatQuantity(channel.quantity)} {channel.quantity === 1 ? 'envio' : 'envios'} ·{' '}
        {formatUnitPrice(channel.unit_price)} por envio
      </Box>
    </Container>
  );
}

function ChannelTable({ channel }: { channel: ChannelExpenses }) {
  return (
    <ExpandableSection
      variant="container"
      defaultExpanded={channel.rows.length > 0}
      headerText={`Envios de ${channel.label}`}
      headerCounter={`(${channel.rows.length})`}
      headerDescription={`${formatQuantity(channel.quantity)} envio(s) · ${formatBrl(channel.centavos)}`}
      data-testid={`expenses-section-${channel.type}`}
    >
      <Table
        variant="embedded"
        columnDefinitions={campaignColumns}
        items={channel.rows}
        trackBy="id_campaign"
        empty={<Box color="text-body-secondary">{EMPTY_CHANNEL}</Box>}
      />
    </ExpandableSection>
  );
}

/** /reports/expenses ('Investimentos', read Reports): what the sends of a period cost, per channel and campaign. */
export default function ExpensesPage() {
  const [picked, setPicked] = useState<Typed>(() => typedOf(currentMonth()));
  const [period, setPeriod] = useState<Period>(() => currentMonth());
  const report = useExpenseReport(period);
  const summary = useMemo(() => (report.data ? summarize(report.data) : undefined), [report.data]);
  const pickedPeriod = periodOf(picked);
  const problem = typedProblem(picked);

  function refresh() {
    if (problem) return;
    const next = pickedPeriod as Period;
    if (next.start_at === period.start_at && next.end_at === period.end_at) void report.refetch();
    else setPeriod(next);
  }

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description="Quanto custaram os envios de e-mail, SMS, push, WhatsApp e NPS no período."
      >
        Investimentos
      </Header>
      <Container>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            refresh();
          }}
        >
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label="De">
              <DateInput
                value={picked.start}
                invalid={problem !== undefined}
                onChange={(value) => setPicked((p) => ({ ...p, start: value }))}
                data-testid="expenses-period-start"
              />
            </FormField>
            <FormField label="Até" errorText={problem}>
              <DateInput
                value={picked.end}
                invalid={problem !== undefined}
                onChange={(value) => setPicked((p) => ({ ...p, end: value }))}
                data-testid="expenses-period-end"
              />
            </FormField>
            <Button
              variant="primary"
              formAction="submit"
              loading={report.isFetching}
              disabled={Boolean(problem)}
              data-testid="expenses-refresh"
            >
              Atualizar
            </Button>
          </SpaceBetween>
        </form>
      </Container>
      {report.error ? (
        <Alert type="error" header="Não foi possível carregar o relatório">
          {failureMessage(report.error)}
        </Alert>
      ) : null}
      {summary ? (
        <>
          <ColumnLayout columns={4} minColumnWidth={180}>
            {summary.channels.map((c) => (
              <ChannelCard key={c.type} channel={c} />
            ))}
          </ColumnLayout>
          {summary.channels.map((c) => (
            <ChannelTable key={c.type} channel={c} />
          ))}
          <ExpandableSection
            variant="container"
            defaultExpanded={summary.nps.length > 0}
            headerText="Consumo de NPS"
            headerCounter={`(${summary.nps.length})`}
            headerDescription={`Mensagens de pesquisa de satisfação por origem · ${formatBrl(summary.npsCentavos)}`}
            data-testid="expenses-section-NPS"
          >
            <Table
              variant="embedded"
              columnDefinitions={npsColumns}
              items={summary.nps}
              trackBy="origin"
              empty={<Box color="text-body-secondary">{EMPTY_NPS}</Box>}
            />
          </ExpandableSection>
          <Container header={<Header variant="h2">Resumo detalhado</Header>} data-testid="expenses-summary">
            <KeyValuePairs
              columns={3}
              items={[
                { label: 'Período', value: periodText(period) },
                ...summary.channels.map((c) => ({
                  label: c.label,
                  value: `${formatQuantity(c.quantity)} envio(s) · ${formatBrl(c.centavos)}`,
                })),
                {
                  label: 'NPS',
                  value: `${formatQuantity(summary.nps.reduce((s, r) => s + r.quantity, 0))} envio(s) · ${formatBrl(summary.npsCentavos)}`,
                },
                { label: 'Total de envios', value: formatQuantity(summary.totalQuantity) },
                {
                  label: 'Total investido',
                  value: (
                    <Box variant="h3" padding="n" data-testid="expenses-total">
                      {formatBrl(summary.totalCentavos)}
                    </Box>
                  ),
                },
              ]}
            />
          </Container>
        </>
      ) : null}
    </SpaceBetween>
  );
}
