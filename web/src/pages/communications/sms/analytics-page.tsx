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
import { SMS_LIST } from './form-model';
import { smsCounters } from './analytics-model';

/**
 * /communication/sms/analytics/:id (read Campaigns; spec part 3 §2, §3 'Analytics rows', §7): the
 * counters of the SMS sends (Enviados, Entregues, Não entregues, Rejeitados), a pie of the outcomes
 * and 'Criar lead' of each outcome's customers, which opens the new lead (/lead/edit/{id}).
 */
export default function SmsAnalyticsPage() {
  const id = routeId(useParams().id);
  const navigate = useNavigate();
  const campaign = useCommunication(id);
  const analytics = useCampaignAnalytics(id);
  const lead = useLeadFromAudience(campaign.data);
  const counters = smsCounters(analytics.data ?? []);
  const outcomes = counters.slice(1);
  const back = (
    <Button iconName="arrow-left" data-testid="sms-analytics-back" onClick={() => navigate(SMS_LIST)}>
      Voltar
    </Button>
  );
  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        actions={back}
        description={
          campaign.data ? (
            <>
              {campaign.data.id} - {campaign.data.description} · {whenText(campaign.data.info)}
              {campaign.data.info.executed_at ? (
                <Box color="text-status-error">{executedText(campaign.data.info.executed_at)}</Box>
              ) : null}
            </>
          ) : undefined
        }
      >
        Detalhes de performance do SMS
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
          <CounterBoard
            counters={counters}
            testId="sms-analytics"
            onLead={(c) => lead.mutate(c)}
            creating={lead.isPending ? lead.variables?.key : undefined}
          />
          <ChartContainer
            title="Resultado dos envios"
            empty={outcomes.every((c) => c.value === 0)}
            testId="sms-analytics-chart"
          >
            <CounterPie
              counters={outcomes}
              onSlice={(c) => !lead.isPending && c.value > 0 && lead.mutate(c)}
              testId="sms-analytics-pie"
            />
          </ChartContainer>
        </>
      )}
    </SpaceBetween>
  );
}
