// recharts: import this module only from lazily loaded pages (the dashboards), never from the
// shell or an eagerly loaded component, so the chart library stays in those pages' chunks.
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
import { formatCount } from './format';

/** The tooltip of a count: '1.234 compras'. */
const countTooltip = (unit: string) => (value: unknown) => `${formatCount(Number(value))} ${unit}`;

export interface AreaCountChartProps {
  testId: string;
  data: object[];
  /** The x axis: its field and how its ticks thin out. */
  xKey: string;
  xAxis?: { interval?: number; minTickGap?: number };
  /** One area per series (the data's field of that name), in its colour. */
  series: readonly { key: string; colour: string }[];
  /** Stacks the areas under this id. */
  stackId?: string;
  fillOpacity: number;
  /** What the values count, for the tooltip ('compras'). */
  unit: string;
}

/** Counts over time (hours, days) as areas, with grid, legend and tooltip; 280 px high. */
export function AreaCountChart(props: AreaCountChartProps) {
  return (
    <div data-testid={props.testId} style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer>
        <AreaChart data={props.data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey={props.xKey} {...props.xAxis} />
          <YAxis allowDecimals={false} tickFormatter={(v: number) => formatCount(v)} />
          <Tooltip formatter={countTooltip(props.unit)} />
          <Legend />
          {props.series.map(({ key, colour }) => (
            <Area
              key={key}
              type="monotone"
              dataKey={key}
              {...(props.stackId ? { stackId: props.stackId } : {})}
              stroke={colour}
              fill={colour}
              fillOpacity={props.fillOpacity}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface CountPieProps<D> {
  testId: string;
  data: D[];
  /** The slice's name field; the count is `qty`. */
  nameKey: keyof D & string;
  colourOf: (entry: D, index: number) => string | undefined;
  /** Shown instead of the pie when there is no slice. */
  emptyText: string;
  height: number;
  /** A donut: the hole's radius and the gap between slices. */
  donut?: { innerRadius: string; paddingAngle: number };
  unit: string;
}

/** Counts by kind as a pie (or donut), each legend item with its own count. */
export function CountPie<D extends { qty: number }>(props: CountPieProps<D>) {
  const { data, nameKey } = props;
  if (data.length === 0) {
    return (
      <Box data-testid={props.testId} textAlign="center" color="text-body-secondary" padding="xl">
        {props.emptyText}
      </Box>
    );
  }
  return (
    <div data-testid={props.testId} style={{ width: '100%', height: props.height }}>
      <ResponsiveContainer>
        <PieChart>
          <Pie
            data={data}
            dataKey="qty"
            nameKey={nameKey}
            outerRadius="80%"
            {...props.donut}
            isAnimationActive={false}
          >
            {data.map((entry, i) => (
              <Cell key={String(entry[nameKey])} fill={props.colourOf(entry, i)} />
            ))}
          </Pie>
          <Tooltip formatter={countTooltip(props.unit)} />
          {/* Each legend item with its own count, looked up by name: recharts sorts the legend
              items by name, so their position is not the data's. */}
          <Legend
            formatter={(value: string) =>
              `${value} (${formatCount(data.find((d) => String(d[nameKey]) === value)?.qty ?? 0)})`
            }
          />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
