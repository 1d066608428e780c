// recharts is imported here only: the analytics pages are their own lazily loaded chunks.
import {
  Bar,
  BarChart,
  Cell,
  LabelList,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount } from '../../../components/format';
import { PALETTE } from './palette';
import type { Counter } from './analytics';

/** The rows a chart draws: each counter with its label, value and colour (its own, or the palette's). */
const chartData = (counters: readonly Counter[]) =>
  counters.map((c, i) => ({
    name: c.label,
    value: c.value,
    color: c.color ?? PALETTE[i % PALETTE.length]!,
    counter: c,
  }));

/** A pie of counters; a click on a slice is reported (e.g. a lead of that audience). */
export function CounterPie({
  counters,
  onSlice,
  testId,
}: {
  counters: readonly Counter[];
  onSlice?: (c: Counter) => void;
  testId: string;
}) {
  const data = chartData(counters);
  return (
    <div data-testid={testId} style={{ width: '100%', height: 300 }}>
      <ResponsiveContainer>
        <PieChart>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius={60}
            outerRadius={110}
            isAnimationActive={false}
            label={({ value }) => formatCount(Number(value))}
            onClick={(slice: { payload?: { counter?: Counter } }) =>
              slice.payload?.counter && onSlice?.(slice.payload.counter)
            }
            style={{ cursor: onSlice ? 'pointer' : undefined }}
          >
            {data.map((d) => (
              <Cell key={d.name} fill={d.color} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => formatCount(Number(value))} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Horizontal bars of counters, for counts that overlap (an opened e-mail was also delivered), where
 * a pie would read as shares of one whole. A click on a bar is reported like a slice.
 */
export function CounterBars({
  counters,
  onBar,
  testId,
}: {
  counters: readonly Counter[];
  onBar?: (c: Counter) => void;
  testId: string;
}) {
  const data = chartData(counters);
  return (
    <div data-testid={testId} style={{ width: '100%', height: Math.max(160, 36 * data.length + 24) }}>
      <ResponsiveContainer>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 48 }}>
          <XAxis type="number" allowDecimals={false} tickFormatter={(v) => formatCount(Number(v))} />
          <YAxis type="category" dataKey="name" width={110} />
          <Tooltip formatter={(value) => formatCount(Number(value))} cursor={{ fillOpacity: 0.15 }} />
          <Bar
            dataKey="value"
            name="Quantidade"
            isAnimationActive={false}
            onClick={(bar: { payload?: { counter?: Counter } }) =>
              bar.payload?.counter && onBar?.(bar.payload.counter)
            }
            style={{ cursor: onBar ? 'pointer' : undefined }}
          >
            {data.map((d) => (
              <Cell key={d.name} fill={d.color} />
            ))}
            <LabelList dataKey="value" position="right" formatter={(v: unknown) => formatCount(Number(v))} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
