import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { failureMessage } from '../../../api/client';
import {
  useCampaignAnalytics,
  useCommunication,
  type AnalyticsRow,
  type CommunicationDetails,
} from '../../../api/communications';
import {
  ChartContainer,
  CounterBoard,
  leadTitleSuggestion,
  useLeadFromAudience,
  type Counter,
} from './analytics';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import { formatCount } from '../../../components/format';
import { CounterBars, CounterPie } from './charts';
import { executedText, routeId, whenText } from './model';

/**
 * The performance page of a sent communication (spec part 3 §2, §3 'Analytics rows', §7): a back
 * button, the campaign and its schedule, the counters, a chart, and 'Criar lead' of the customers
 * behind a counter, slice or bar (which opens the new lead). The counters refresh while it is open.
 */
export function CommunicationAnalyticsPage({
  testId,
  title,
  list,
  countersOf,
  chart,
  detail,
}: {
  /** 'email' → `email-analytics-…` test ids. */
  testId: string;
  title: string;
  /** Where Voltar goes. */
  list: string;
  countersOf: (rows: readonly AnalyticsRow[]) => Counter[];
  /** Its title, the counters it draws, and how: slices of one whole (pie) or overlapping counts (bars). */
  chart: { title: string; kind: 'pie' | 'bars'; of: (counters: Counter[]) => Counter[] };
  /** More about the campaign in the header (the e-mail's subject). */
  detail?: (campaign: CommunicationDetails) => ReactNode;
}) {
  const id = routeId(useParams().id);
  const navigate = useNavigate();
  // From a list's 'Excluídas': a deleted campaign keeps its analytics (issue 20 item 16).
  const archived = useSearchParams()[0].get('excluida') === '1';
  const campaign = useCommunication(id, { archived });
  const analytics = useCampaignAnalytics(id);
  const lead = useLeadFromAudience(campaign.data);
  const counters = countersOf(analytics.data ?? []);
  const drawn = chart.of(counters);
  const [asking, setAsking] = useState<{ counter: Counter; title: string } | null>(null);
  const makeLead = (c: Counter) => {
    if (!lead.isPending && c.filter && c.value > 0 && campaign.data)
      setAsking({ counter: c, title: leadTitleSuggestion(campaign.data, c) });
  };
  const titleProblem = asking && !asking.title.trim() ? 'Informe o nome do lead.' : undefined;
  const confirmLead = () => {
    if (!asking || titleProblem) return;
    lead.mutate(asking);
    setAsking(null);
  };
  const data = campaign.data;
  return (
    <SpaceBetween size="l">
      <Modal
        visible={asking !== null}
        onDismiss={() => setAsking(null)}
        header="Criar lead"
        data-testid={`${testId}-lead-modal`}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setAsking(null)}>
                Cancelar
              </Button>
              <Button
                variant="primary"
                data-testid={`${testId}-lead-confirm`}
                disabled={titleProblem !== undefined}
                onClick={confirmLead}
              >
                Criar lead
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {asking ? (
          <SpaceBetween size="m">
            <Box>
              Um lead manual com os {formatCount(asking.counter.value)} cliente(s) de “{asking.counter.label}
              ”.
            </Box>
            <FormField label="Nome do lead" errorText={titleProblem}>
              <Input
                value={asking.title}
                data-testid={`${testId}-lead-title`}
                onChange={({ detail }) => setAsking({ ...asking, title: detail.value.slice(0, 200) })}
              />
            </FormField>
          </SpaceBetween>
        ) : null}
      </Modal>
      <Header
        variant="h1"
        actions={
          <Button
            iconName="arrow-left"
            data-testid={`${testId}-analytics-back`}
            onClick={() => navigate(archived ? `${list}?excluidas=1` : list)}
          >
            Voltar
          </Button>
        }
        description={
          data ? (
            <>
              {data.id} - {data.description} · {detail ? <>{detail(data)} · </> : null}
              {whenText(data.info)}
              {data.info.executed_at ? (
                <Box color="text-status-error">{executedText(data.info.executed_at)}</Box>
              ) : null}
            </>
          ) : undefined
        }
      >
        {title}
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
        <SpaceBetween size="l">
          <CounterBoard
            counters={counters}
            testId={`${testId}-analytics`}
            onLead={makeLead}
            creating={lead.isPending ? lead.variables?.counter.key : undefined}
          />
          <ChartContainer
            title={chart.title}
            empty={drawn.every((c) => c.value === 0)}
            testId={`${testId}-analytics-chart`}
          >
            {chart.kind === 'pie' ? (
              <CounterPie
                counters={drawn.filter((c) => c.value > 0)}
                onSlice={makeLead}
                testId={`${testId}-analytics-pie`}
              />
            ) : (
              <CounterBars counters={drawn} onBar={makeLead} testId={`${testId}-analytics-bars`} />
            )}
          </ChartContainer>
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}
