// recharts is imported here only: this file belongs to the lazily loaded /dashboard chunk.
import Box from '@cloudscape-design/components/box';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount } from '../../components/format';
import type { DashboardInfo } from '../../api/dashboard';

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
    <div data-testid="dashboard-per-hour" style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer>
        <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="hour" interval={1} />
          <YAxis allowDecimals={false} tickFormatter={(v: number) => formatCount(v)} />
          <Tooltip formatter={(value) => `${formatCount(Number(value))} compras`} />
          <Legend />
          <Area
            type="monotone"
            dataKey={IDENTIFIED}
            stackId="sales"
            stroke={PALETTE[0]}
            fill={PALETTE[0]}
            fillOpacity={0.35}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey={UNIDENTIFIED}
            stackId="sales"
            stroke={PALETTE[1]}
            fill={PALETTE[1]}
            fillOpacity={0.35}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Registrations by channel as a donut, with the total in the legend. */
export function ChannelDonut({ data, testId }: { data: { channel: string; qty: number }[]; testId: string }) {
  if (data.length === 0) {
    return (
      <Box data-testid={testId} textAlign="center" color="text-body-secondary" padding="xl">
        Nenhum cadastro no período
      </Box>
    );
  }
  return (
    <div data-testid={testId} style={{ width: '100%', height: 260 }}>
      <ResponsiveContainer>
        <PieChart>
          <Pie
            data={data}
            dataKey="qty"
            nameKey="channel"
            innerRadius="55%"
            outerRadius="80%"
            paddingAngle={1}
            isAnimationActive={false}
          >
            {data.map((entry, i) => (
              <Cell key={entry.channel} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => `${formatCount(Number(value))} clientes`} />
          {/* Each legend item with its own channel's count, looked up by name: recharts sorts the
              legend items by name, so their position is not the data's. */}
          <Legend
            formatter={(value: string) =>
              `${value} (${formatCount(data.find((d) => d.channel === value)?.qty ?? 0)})`
            }
          />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
