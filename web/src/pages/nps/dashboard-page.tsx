import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Slider from '@cloudscape-design/components/slider';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { NPS_LIMITS } from '@freguesia/shared/domain/nps';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { failureMessage } from '../../api/client';
import { useNpsDashboard, type NpsDashboard } from '../../api/nps';
import { formatCount } from '../../components/format';
import { CLASS_LABELS, daysOf, formatNps, monthLabel, monthRows } from './nps-model';

const COLOURS = { detractor: '#D55E00', passive: '#E69F00', promoter: '#009E73' } as const;
const classOf = (score: number) => (score >= 9 ? 'promoter' : score >= 7 ? 'passive' : 'detractor');
const when = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="display-l" fontWeight="bold">
        {value}
      </Box>
    </div>
  );
}

function Scores({ data }: { data: NpsDashboard }) {
  return (
    <Container header={<Header variant="h2">Notas</Header>}>
      <div style={{ width: '100%', height: 260 }} data-testid="nps-scores-chart">
        <ResponsiveContainer>
          <BarChart data={data.scores}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="score" />
            <YAxis allowDecimals={false} />
            <Tooltip
              formatter={(v) => [formatCount(Number(v)), 'Respostas']}
              labelFormatter={(s) => `Nota ${s}`}
            />
            <Bar dataKey="qty" name="Respostas" isAnimationActive={false}>
              {data.scores.map((s) => (
                <Cell key={s.score} fill={COLOURS[classOf(s.score)]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Container>
  );
}

/** /nps (write Customers; spec part 3 §2 'NPS page', §3, §4): scores, monthly classification, observations. */
export default function NpsDashboardPage() {
  const [params, setParams] = useSearchParams();
  const days = daysOf(params.get('days'));
  const [slider, setSlider] = useState(days);
  // The slider moves freely; the figures are asked for once it rests.
  useEffect(() => {
    if (slider === days) return undefined;
    const timer = setTimeout(() => setParams({ days: String(slider) }, { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [slider, days, setParams]);
  const dashboard = useNpsDashboard(days);
  const data = dashboard.data;

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description="Respostas da pesquisa de satisfação enviada depois das compras.">
        NPS
      </Header>
      <Container>
        <div data-testid="nps-days">
          <Box variant="awsui-key-label">
            Período de análise: {slider === 1 ? 'último dia' : `últimos ${slider} dias`}
          </Box>
          <Slider
            value={slider}
            min={NPS_LIMITS.daysMin}
            max={NPS_LIMITS.daysMax}
            referenceValues={[30, 60, 90, 120, 150]}
            valueFormatter={(v) => `${v} dias`}
            ariaLabel="Dias de análise"
            onChange={({ detail }) => setSlider(detail.value)}
          />
        </div>
      </Container>
      {dashboard.error ? (
        <Alert type="error" header="Não foi possível carregar o NPS">
          {failureMessage(dashboard.error)}
        </Alert>
      ) : !data ? (
        <Container>
          <Spinner size="large" />
        </Container>
      ) : (
        <>
          <Container>
            <ColumnLayout columns={5} variant="text-grid" minColumnWidth={140}>
              <Figure testId="nps-score" label="NPS" value={formatNps(data.nps)} />
              <Figure testId="nps-total" label="Respostas" value={formatCount(data.total)} />
              <Figure
                testId="nps-promoters"
                label={CLASS_LABELS.promoter}
                value={formatCount(data.promoters)}
              />
              <Figure testId="nps-passives" label={CLASS_LABELS.passive} value={formatCount(data.passives)} />
              <Figure
                testId="nps-detractors"
                label={CLASS_LABELS.detractor}
                value={formatCount(data.detractors)}
              />
            </ColumnLayout>
          </Container>
          <Scores data={data} />
          <Table
            data-testid="nps-months"
            header={<Header variant="h2">Classificação mensal</Header>}
            items={monthRows(data)}
            trackBy="month"
            empty={<Box textAlign="center">Nenhuma resposta no período</Box>}
            columnDefinitions={[
              { id: 'month', header: 'Mês', cell: (r) => monthLabel(r.month) },
              { id: 'promoter', header: CLASS_LABELS.promoter, cell: (r) => formatCount(r.promoter) },
              { id: 'passive', header: CLASS_LABELS.passive, cell: (r) => formatCount(r.passive) },
              { id: 'detractor', header: CLASS_LABELS.detractor, cell: (r) => formatCount(r.detractor) },
              { id: 'nps', header: 'NPS', cell: (r) => formatNps(r.nps) },
            ]}
          />
          <Table
            data-testid="nps-observations"
            header={
              <Header variant="h2" counter={`(${data.observations.length})`}>
                Observações
              </Header>
            }
            items={data.observations}
            trackBy={(o) => `${o.answered_at}-${o.id_customer}`}
            empty={<Box textAlign="center">Nenhuma observação no período</Box>}
            columnDefinitions={[
              {
                id: 'customer',
                header: 'Cliente',
                cell: (o) => (
                  <Link href={`/customer/details/${o.id_customer}`} external>
                    {o.id_customer}
                  </Link>
                ),
              },
              { id: 'score', header: 'Nota', cell: (o) => o.score },
              { id: 'observation', header: 'Observação', cell: (o) => o.observation },
              {
                id: 'answered_at',
                header: 'Respondida em',
                cell: (o) => when.format(new Date(o.answered_at)),
              },
              { id: 'origin', header: 'Origem', cell: (o) => o.origin },
            ]}
          />
        </>
      )}
    </SpaceBetween>
  );
}
