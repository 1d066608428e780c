// recharts comes in through components/count-charts: this file belongs to the lazily loaded /mobile/dashboard chunk.
import type { MobileDashboard } from '../../../api/mobile';
import { AreaCountChart, CountPie } from '../../../components/count-charts';
import { ANDROID, IOS, platformSlices, usagePoints } from './dashboard-model';

/** Okabe–Ito colours (told apart by colour-blind readers): Android green, iOS blue. */
const COLOURS: Record<string, string> = { [ANDROID]: '#009E73', [IOS]: '#0072B2' };

/** Customers who used the app per day, Android and iOS. */
export function UsageChart({ perHour }: { perHour: MobileDashboard['perHour'] }) {
  return (
    <AreaCountChart
      testId="mobile-usage-chart"
      data={usagePoints(perHour)}
      xKey="day"
      xAxis={{ minTickGap: 16 }}
      series={[ANDROID, IOS].map((platform) => ({ key: platform, colour: COLOURS[platform]! }))}
      fillOpacity={0.3}
      unit="clientes"
    />
  );
}

/** The app's customers by platform. */
export function PlatformPie({ info }: { info: MobileDashboard }) {
  return (
    <CountPie
      testId="mobile-platform-pie"
      data={platformSlices(info)}
      nameKey="platform"
      colourOf={(s) => COLOURS[s.platform]}
      emptyText="Nenhum cliente usou o app ainda"
      height={280}
      unit="clientes"
    />
  );
}
