import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../../api/client';
import { useCampaignAnalytics, useCommunication } from '../../../api/communications';
import { ChartContainer, CounterBoard, useLeadFromAudience } from '../common/analytics';
import { executedText, routeId, whenText } from '../common/model';
import { CounterPie } from '../common/pie-chart';
import { emailCounters } from './analytics-model';
import { EMAIL_LIST } from './form-model';

/**
 * /communication/email/analytics/:id (read Campaigns; spec part 3 §2, §3 'Analytics rows', §7): the
 * counters of the e-mail's events (Enviados, Entregues, Abertos, Cliques, Descartados, Adiados,
 * Devolvidos, Reclamações), a pie of them, and 'Criar lead' of the customers who received, opened,
 * clicked or bounced, which opens the new lead (/lead/edit/{id}). Refreshed every 5 s.
 */
export default function EmailAnalyticsPage() {
  const id = routeId(useParams().id);
  const navigate = useNavigate();
  const campaign = useCommunication(id);
  const analytics = useCampaignAnalytics(id);
  const lead = useLeadFromAudience(campaign.data);
  const counters = emailCounters(analytics.data ?? []);
  const outcomes = counters.filter((c) => c.key !== 'sent');
  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        actions={
          <Button
            iconName="arrow-left"
            data-testid="email-analytics-back"
            onClick={() => navigate(EMAIL_LIST)}
          >
            Voltar
          </Button>
        }
        description={
          campaign.data ? (
            <>
              {campaign.data.id} - {campaign.data.description} · {campaign.data.info.layout_title} ·{' '}
              {whenText(campaign.data.info)}
              {campaign.data.info.executed_at ? (
                <Box color="text-status-error">{executedText(campaign.data.info.executed_at)}</Box>
              ) : null}
            </>
          ) : undefined
        }
      >
        Detalhes de performance do e-mail
      </Header>
      {analytics.isPending || campaign.isPending ? (
        <Box textAlign="center" padding="xxl">
          <Spinner size="large" />
        </Box>
      ) : analytics.isError || campaign.isError ? (
        <Alert type="error" header="Não foi possível carregar os números.">
          {failureMessage(analytics.error ?? campaign.error, 'Tente novamente.')}
        </Alert>
      ) : (
        <>
          <CounterBoard
            counters={counters}
            testId="email-analytics"
            onLead={(c) => lead.mutate(c)}
            creating={lead.isPending ? lead.variables?.key : undefined}
          />
          <ChartContainer
            title="Eventos dos e-mails"
            empty={outcomes.every((c) => c.value === 0)}
            testId="email-analytics-chart"
          >
            <CounterPie
              counters={outcomes.filter((c) => c.value > 0)}
              onSlice={(c) => !lead.isPending && c.filter && c.value > 0 && lead.mutate(c)}
              testId="email-analytics-pie"
            />
          </ChartContainer>
        </>
      )}
    </SpaceBetween>
  );
}
