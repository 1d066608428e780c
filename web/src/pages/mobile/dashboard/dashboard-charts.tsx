// recharts is imported here only: this file belongs to the lazily loaded /mobile/dashboard chunk.
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
import type { MobileDashboard } from '../../../api/mobile';
import { formatCount } from '../../../components/format';
import { ANDROID, IOS, platformSlices, usagePoints } from './dashboard-model';

/** Okabe–Ito colours (told apart by colour-blind readers): Android green, iOS blue. */
const COLOURS: Record<string, string> = { [ANDROID]: '#009E73', [IOS]: '#0072B2' };

/** Customers who used the app per day, Android and iOS. */
export function UsageChart({ perHour }: { perHour: MobileDashboard['perHour'] }) {
  const data = usagePoints(perHour);
  return (
    <div data-testid="mobile-usage-chart" style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer>
        <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" minTickGap={16} />
          <YAxis allowDecimals={false} tickFormatter={(v: number) => formatCount(v)} />
          <Tooltip formatter={(value) => `${formatCount(Number(value))} clientes`} />
          <Legend />
          {[ANDROID, IOS].map((platform) => (
            <Area
              key={platform}
              type="monotone"
              dataKey={platform}
              stroke={COLOURS[platform]}
              fill={COLOURS[platform]}
              fillOpacity={0.3}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The app's customers by platform. */
export function PlatformPie({ info }: { info: MobileDashboard }) {
  const data = platformSlices(info);
  if (data.length === 0)
    return (
      <Box data-testid="mobile-platform-pie" textAlign="center" color="text-body-secondary" padding="xl">
        Nenhum cliente usou o app ainda
      </Box>
    );
  return (
    <div data-testid="mobile-platform-pie" style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer>
        <PieChart>
          <Pie data={data} dataKey="qty" nameKey="platform" outerRadius="80%" isAnimationActive={false}>
            {data.map((s) => (
              <Cell key={s.platform} fill={COLOURS[s.platform]} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => `${formatCount(Number(value))} clientes`} />
          <Legend
            formatter={(value: string) =>
              `${value} (${formatCount(data.find((d) => d.platform === value)?.qty ?? 0)})`
            }
          />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
