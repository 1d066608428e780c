// recharts comes in through components/count-charts: this file belongs to the lazily loaded /dashboard chunk.
import type { DashboardInfo } from '../../api/dashboard';
import { AreaCountChart, CountPie } from '../../components/count-charts';

/** Colours readable on white and told apart by colour-blind readers (Okabe–Ito). */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
];

const IDENTIFIED = 'Identificadas';
const UNIDENTIFIED = 'Não identificadas';

/** Purchases of the month per hour of the day, identified and not, stacked. */
export function SalesPerHourChart({ perHour }: { perHour: DashboardInfo['perHour'] }) {
  const data = perHour.series.map((hour, i) => ({
    hour,
    [IDENTIFIED]: perHour.loyalSells[i] ?? 0,
    [UNIDENTIFIED]: perHour.notloyalSells[i] ?? 0,
  }));
  return (
    <AreaCountChart
      testId="dashboard-per-hour"
      data={data}
      xKey="hour"
      xAxis={{ interval: 1 }}
      series={[
        { key: IDENTIFIED, colour: PALETTE[0]! },
        { key: UNIDENTIFIED, colour: PALETTE[1]! },
      ]}
      stackId="sales"
      fillOpacity={0.35}
      unit="compras"
    />
  );
}

/** Registrations by channel as a donut, with the total in the legend. */
export function ChannelDonut({ data, testId }: { data: { channel: string; qty: number }[]; testId: string }) {
  return (
    <CountPie
      testId={testId}
      data={data}
      nameKey="channel"
      colourOf={(_, i) => PALETTE[i % PALETTE.length]}
      emptyText="Nenhum cadastro no período"
      height={260}
      donut={{ innerRadius: '55%', paddingAngle: 1 }}
      unit="clientes"
    />
  );
}
