// recharts is imported here only: the analytics pages are their own lazily loaded chunks.
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatCount } from '../../../components/format';
import { PALETTE } from './palette';
import type { Counter } from './analytics';

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
  const data = counters.map((c, i) => ({
    name: c.label,
    value: c.value,
    color: c.color ?? PALETTE[i % PALETTE.length]!,
    counter: c,
  }));
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
