import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import Slider from '@cloudscape-design/components/slider';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { failureMessage } from '../../api/client';
import { optInOutExport, useChannels, useWhatsappReport } from '../../api/whatsapp';
import { useExportJobs } from '../../components/export-jobs';
import { formatCount } from '../../components/format';
import {
  DAY_MARKS,
  dayRows,
  daysLabel,
  exportButtonText,
  REPORT_DAYS,
  reportDaysOf,
  WHATSAPP_REPORT_TITLE,
} from './whatsapp-model';

const OPT_IN = '#25d366';
const OPT_OUT = '#d91515';

/** An opt-out 'goal marker': a short horizontal bar across the channel's column. */
function GoalMarker(props: { cx?: number; cy?: number }) {
  if (props.cx === undefined || props.cy === undefined) return null;
  return <rect x={props.cx - 22} y={props.cy - 2} width={44} height={4} fill={OPT_OUT} />;
}

/** /reports/whatsapp ('Dashboard WhatsApp', read Reports): audience per channel and opt-ins / opt-outs per day. */
export default function WhatsappReportPage() {
  const [params, setParams] = useSearchParams();
  const days = reportDaysOf(params.get('days'));
  const idChannel = Number(params.get('channel')) > 0 ? Number(params.get('channel')) : null;
  const [slider, setSlider] = useState(days);
  // The slider moves freely; the figures are asked for once it rests.
  useEffect(() => {
    if (slider === days) return undefined;
    const timer = setTimeout(
      () =>
        setParams(
          (p) => {
            p.set('days', String(slider));
            return p;
          },
          { replace: true },
        ),
      300,
    );
    return () => clearTimeout(timer);
  }, [slider, days, setParams]);
  const report = useWhatsappReport(days, idChannel);
  const channels = useChannels();
  const exports = useExportJobs();
  const exportJob = optInOutExport(days, idChannel);
  const channelOptions = [
    { value: '', label: 'Todos os canais' },
    ...(channels.data ?? [])
      .filter((c) => c.type === 'WHATSAPP')
      .map((c) => ({ value: String(c.id), label: `${c.id} - ${c.description}` })),
  ];
  const data = report.data;
  const totals = (data?.channel_customers ?? []).reduce(
    (sum, c) => ({ optin: sum.optin + c.optin, optout: sum.optout + c.optout }),
    { optin: 0, optout: 0 },
  );

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description="Clientes que aceitam e que recusaram mensagens de WhatsApp, por canal e por dia."
        actions={
          <Button
            data-testid="wa-report-export"
            iconName="download"
            loading={exports.busy(exportJob.key)}
            onClick={() => void exports.start(exportJob)}
          >
            {exportButtonText(idChannel)}
          </Button>
        }
      >
        {WHATSAPP_REPORT_TITLE}
      </Header>
      <Container>
        <SpaceBetween size="l">
          <FormField label="Canal">
            <div style={{ maxWidth: 420 }}>
              <Select
                data-testid="wa-report-channel"
                selectedOption={
                  channelOptions.find((o) => o.value === String(idChannel ?? '')) ?? channelOptions[0]!
                }
                options={channelOptions}
                statusType={channels.isPending ? 'loading' : 'finished'}
                onChange={({ detail }) =>
                  setParams(
                    (p) => {
                      if (detail.selectedOption.value) p.set('channel', detail.selectedOption.value);
                      else p.delete('channel');
                      return p;
                    },
                    { replace: true },
                  )
                }
              />
            </div>
          </FormField>
          <div data-testid="wa-report-days">
            <Box variant="awsui-key-label">Período: {slider === 1 ? 'Ontem' : `últimos ${slider} dias`}</Box>
            <Slider
              value={slider}
              min={REPORT_DAYS.min}
              max={REPORT_DAYS.max}
              referenceValues={Object.keys(DAY_MARKS)
                .map(Number)
                .filter((d) => d > REPORT_DAYS.min && d < REPORT_DAYS.max)}
              valueFormatter={daysLabel}
              ariaLabel="Dias do relatório"
              onChange={({ detail }) => setSlider(detail.value)}
            />
          </div>
        </SpaceBetween>
      </Container>
      {report.error ? (
        <Alert type="error" header="Não foi possível carregar o relatório">
          {failureMessage(report.error)}
        </Alert>
      ) : !data ? (
        <Container>
          <Spinner size="large" />
        </Container>
      ) : (
        <>
          <Container>
            <ColumnLayout columns={3} variant="text-grid">
              <div>
                <Box variant="awsui-key-label">Canais</Box>
                <Box fontSize="display-l" data-testid="wa-report-channels">
                  {formatCount(data.channel_customers.length)}
                </Box>
              </div>
              <div>
                <Box variant="awsui-key-label">Opt-in</Box>
                <Box fontSize="display-l" data-testid="wa-report-optin">
                  {formatCount(totals.optin)}
                </Box>
              </div>
              <div>
                <Box variant="awsui-key-label">Opt-out</Box>
                <Box fontSize="display-l" data-testid="wa-report-optout">
                  {formatCount(totals.optout)}
                </Box>
              </div>
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">Público por canal</Header>}>
            {data.channel_customers.length === 0 ? (
              <Box color="text-body-secondary">Nenhum canal de WhatsApp cadastrado.</Box>
            ) : (
              <div style={{ width: '100%', height: 320 }} data-testid="wa-report-audience">
                <ResponsiveContainer>
                  <ComposedChart data={data.channel_customers}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="description" />
                    <YAxis allowDecimals={false} />
                    <Tooltip formatter={(v) => formatCount(Number(v))} />
                    <Legend />
                    <Bar dataKey="optin" name="Opt-in" fill={OPT_IN} barSize={48} />
                    <Scatter dataKey="optout" name="Opt-out" fill={OPT_OUT} shape={<GoalMarker />} />
                  </ComposedChart>
                </ResponsiveContainer>
              </div>
            )}
          </Container>
          <Container header={<Header variant="h2">Opt-in e opt-out por dia</Header>}>
            <div style={{ width: '100%', height: 320 }} data-testid="wa-report-days-chart">
              <ResponsiveContainer>
                <LineChart data={dayRows(data.opts_by_day)}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" minTickGap={16} />
                  <YAxis allowDecimals={false} />
                  <Tooltip formatter={(v) => formatCount(Number(v))} />
                  <Legend />
                  <Line
                    type="monotone"
                    dataKey="optin"
                    name="Opt-in"
                    stroke={OPT_IN}
                    dot={false}
                    strokeWidth={2}
                  />
                  <Line
                    type="monotone"
                    dataKey="optout"
                    name="Opt-out"
                    stroke={OPT_OUT}
                    dot={false}
                    strokeWidth={2}
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </Container>
        </>
      )}
    </SpaceBetween>
  );
}
