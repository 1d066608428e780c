import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useSearchParams } from 'react-router';
import { ApiError, failureMessage } from '../../api/client';
import { useDashboard, type DashboardInfo } from '../../api/dashboard';
import { formatCentavos, formatCount } from '../../components/format';
import { ChannelDonut, SalesPerHourChart } from './dashboard-charts';
import { TagCloud } from './tag-cloud';
import './dashboard.css';

const NO_PERMISSION = 'Você não tem permissão para acessar esta página';
const ALL_STORES = 'Todas as lojas';

/** Reais (the wire format) as `R$ 1.234,56`. */
const brl = (reais: number) => formatCentavos(Math.round(reais * 100));

function Card({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <Box variant="awsui-key-label">{label}</Box>
      <div className="dashboard-card-value">{value}</div>
      <Box variant="small" color="text-body-secondary">
        {detail}
      </Box>
    </div>
  );
}

const share = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)} % do total` : 'sem vendas no mês';
const purchases = (n: number | undefined) => `${formatCount(n ?? 0)} ${n === 1 ? 'compra' : 'compras'}`;

function Cards({ info }: { info: DashboardInfo }) {
  const total = info.salesMonth.total;
  return (
    <Container>
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={170}>
        <Card
          testId="card-month-sales"
          label="Vendas do mês"
          value={brl(total)}
          detail={purchases(info.salesMonth.qty)}
        />
        <Card
          testId="card-average-ticket"
          label="Ticket médio"
          value={brl(info.salesMonth.avg_ticket)}
          detail="por compra no mês"
        />
        <Card
          testId="card-identified"
          label="Vendas identificadas"
          value={brl(info.salesMonthClub.total)}
          detail={`${purchases(info.salesMonthClub.qty)} · ${share(info.salesMonthClub.total, total)}`}
        />
        <Card
          testId="card-unidentified"
          label="Vendas não identificadas"
          value={brl(info.salesMonthNotClub.total)}
          detail={`${purchases(info.salesMonthNotClub.qty)} · ${share(info.salesMonthNotClub.total, total)}`}
        />
      </ColumnLayout>
    </Container>
  );
}

/** /dashboard (read Dashboard): the month's sales and registrations, by store within the user's scope. */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('store_id')) || undefined;
  const dashboard = useDashboard(requested);
  const answer = dashboard.data;

  const stores = answer?.stores ?? [];
  const options: SelectProps.Option[] = [
    ...(stores.length > 1 ? [{ value: '', label: ALL_STORES }] : []),
    ...stores.map((s) => ({ value: String(s.id), label: s.name })),
  ];
  const shown = answer?.store_id ? String(answer.store_id) : '';
  const selected =
    options.find((o) => o.value === (requested ? String(requested) : shown)) ?? options[0] ?? null;

  const storeSelect = (
    <Select
      selectedOption={selected}
      options={options}
      disabled={options.length <= 1}
      ariaLabel="Loja"
      placeholder={ALL_STORES}
      onChange={({ detail }) => {
        const next = new URLSearchParams(params);
        if (detail.selectedOption.value) next.set('store_id', detail.selectedOption.value);
        else next.delete('store_id');
        setParams(next, { replace: true });
      }}
    />
  );

  function body() {
    if (dashboard.error) {
      const forbidden = dashboard.error instanceof ApiError && dashboard.error.status === 403;
      return (
        <Alert
          type={forbidden ? 'warning' : 'error'}
          header={forbidden ? undefined : 'Não foi possível carregar o painel'}
        >
          {forbidden ? NO_PERMISSION : failureMessage(dashboard.error)}
        </Alert>
      );
    }
    // While another store's figures load, the previous answer is only a placeholder: showing it
    // under the newly selected store's name would be a wrong figure, so the page says it is loading.
    if (!answer || dashboard.isPlaceholderData) {
      return (
        <Box textAlign="center" padding="xxl" data-testid="dashboard-loading">
          <SpaceBetween size="s" alignItems="center">
            <Spinner size="large" />
            <Box color="text-status-inactive">
              {selected && answer ? `Carregando o painel de ${selected.label}…` : 'Carregando o painel…'}
            </Box>
          </SpaceBetween>
        </Box>
      );
    }
    const info = answer.dashboardInfo;
    return (
      <SpaceBetween size="l">
        <Cards info={info} />
        <Container
          header={
            <Header variant="h2" description="Compras do mês por hora do dia">
              Vendas por hora
            </Header>
          }
        >
          <SalesPerHourChart perHour={info.perHour} />
        </Container>
        <Grid gridDefinition={[{ colspan: { default: 12, m: 6 } }, { colspan: { default: 12, m: 6 } }]}>
          <Container header={<Header variant="h2">Cadastros por canal</Header>}>
            <ChannelDonut testId="dashboard-channels-total" data={info.totalCustomersByChannel} />
          </Container>
          <Container header={<Header variant="h2">Cadastros do mês por canal</Header>}>
            <ChannelDonut testId="dashboard-channels-month" data={info.totalCustomersMonthByChannel} />
          </Container>
        </Grid>
        <Container
          header={
            <Header variant="h2" description="Clientes por tag">
              Tags
            </Header>
          }
        >
          <TagCloud tags={info.totalCustomersByTags} />
        </Container>
      </SpaceBetween>
    );
  }

  return (
    <SpaceBetween size="l">
      <Header variant="h1" actions={<div style={{ minWidth: 220 }}>{storeSelect}</div>}>
        Dashboard
      </Header>
      {body()}
    </SpaceBetween>
  );
}
