import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useSearchParams } from 'react-router';
import { failureMessage } from '../../../api/client';
import { useMobileDashboard } from '../../../api/mobile';
import { formatCount } from '../../../components/format';
import { PlatformPie, UsageChart } from './dashboard-charts';
import { daysOf, reachableShare } from './dashboard-model';

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="display-l" fontWeight="bold">
        {value}
      </Box>
      {detail && <Box color="text-body-secondary">{detail}</Box>}
    </div>
  );
}

/**
 * /mobile/dashboard (read Mobile; spec part 3 §2): a spinner, then the daily use of the app by
 * Android and iOS customers, the app's customers and those reachable by push, and the split by
 * platform. Figures come from the counters the app's events keep (GET /web/dashboard/mobile).
 */
export default function MobileDashboardPage() {
  const [params, setParams] = useSearchParams();
  const days = daysOf(params.get('days'));
  const dashboard = useMobileDashboard(days);
  const data = dashboard.data;
  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description="Uso do aplicativo pelos clientes, por dia e plataforma."
        actions={
          <SegmentedControl
            selectedId={String(days)}
            label="Período"
            onChange={({ detail }) => setParams({ days: detail.selectedId }, { replace: true })}
            options={[
              { id: '7', text: '7 dias' },
              { id: '30', text: '30 dias' },
              { id: '90', text: '90 dias' },
              { id: '180', text: '180 dias' },
            ]}
          />
        }
      >
        Dashboard do App
      </Header>
      {dashboard.error ? (
        <Alert type="error" header="Não foi possível carregar o dashboard">
          {failureMessage(dashboard.error)}
        </Alert>
      ) : !data ? (
        <Container>
          <Box textAlign="center" padding="xl" data-testid="mobile-dashboard-loading">
            <Spinner size="large" />
          </Box>
        </Container>
      ) : (
        <>
          <Container>
            <ColumnLayout columns={2} variant="text-grid">
              <Figure
                testId="mobile-total-customers"
                label="Total de clientes"
                value={formatCount(data.total_customers.qty)}
                detail="Clientes que já usaram o app"
              />
              <Figure
                testId="mobile-reachable-customers"
                label="Clientes alcançáveis"
                value={formatCount(data.reachable_customers.qty)}
                detail={`Com push id · ${reachableShare(data)} do total`}
              />
            </ColumnLayout>
          </Container>
          <ColumnLayout columns={2} minColumnWidth={320}>
            <Container header={<Header variant="h2">Uso diário</Header>}>
              <UsageChart perHour={data.perHour} />
            </Container>
            <Container header={<Header variant="h2">Clientes por plataforma</Header>}>
              <PlatformPie info={data} />
            </Container>
          </ColumnLayout>
        </>
      )}
    </SpaceBetween>
  );
}
