import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../../api/client';
import { useCampaignAnalytics, useCommunication } from '../../../api/communications';
import { ChartContainer, CounterBoard, useLeadFromAudience, type Counter } from '../../communications/common/analytics';
import { executedText, routeId, whenText } from '../../communications/common/model';
import { PALETTE } from '../../communications/common/palette';
import { CounterPie } from '../../communications/common/pie-chart';
import { PUSH_ANALYTICS_TITLE, PUSH_COUNTERS, PUSH_LIST, pushCounters } from './form-model';

const COLORS = [PALETTE[0], PALETTE[1], PALETTE[2], PALETTE[3]];

/**
 * /mobile/push/analytics/:id (read Mobile; spec part 3 §2, §3 'Analytics rows'): 'Detalhes de
 * performance do Push', a back button, Enviados / Entregues / Clicados / Perdidos and a pie of
 * delivered, clicked and lost. A click on delivered, clicked or lost (counter or slice) makes a
 * lead of those customers and opens it (/lead/edit/{id}).
 */
export default function PushAnalyticsPage() {
  const id = routeId(useParams().id);
  const navigate = useNavigate();
  const campaign = useCommunication(id);
  const analytics = useCampaignAnalytics(id);
  const lead = useLeadFromAudience(campaign.data);
  const values = pushCounters(analytics.data ?? []);
  const counters: Counter[] = PUSH_COUNTERS.map((c, i) => ({ key: c.key, label: c.label, value: values[c.key], filter: c.key === 'sent' ? undefined : c.actions, color: COLORS[i] }));
  const outcomes = counters.slice(1);
  const make = (c: Counter) => {
    if (!lead.isPending && c.value > 0) lead.mutate(c);
  };
  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        actions={
          <Button iconName="arrow-left" data-testid="push-analytics-back" onClick={() => navigate(PUSH_LIST)}>
            Voltar
          </Button>
        }
        description={
          campaign.data ? (
            <>
              {campaign.data.id} - {campaign.data.description} · {whenText(campaign.data.info)}
              {campaign.data.info.executed_at ? <Box color="text-status-error">{executedText(campaign.data.info.executed_at)}</Box> : null}
            </>
          ) : undefined
        }
      >
        {PUSH_ANALYTICS_TITLE}
      </Header>
      {id === undefined ? (
        <Alert type="error" header="Comunicação não encontrada." />
      ) : analytics.isPending || campaign.isPending ? (
        <Box textAlign="center" padding="xxl">
          <Spinner size="large" />
        </Box>
      ) : analytics.isError || campaign.isError ? (
        <Alert type="error" header="Não foi possível carregar os números.">
          {failureMessage(analytics.error ?? campaign.error, 'Tente novamente.')}
        </Alert>
      ) : (
        <>
          <CounterBoard counters={counters} testId="push-analytics" onLead={make} creating={lead.isPending ? lead.variables?.key : undefined} />
          <ChartContainer title="Entregues, clicados e perdidos" empty={outcomes.every((c) => c.value === 0)} testId="push-analytics-chart">
            <CounterPie counters={outcomes} onSlice={make} testId="push-analytics-pie" />
          </ChartContainer>
        </>
      )}
    </SpaceBetween>
  );
}
