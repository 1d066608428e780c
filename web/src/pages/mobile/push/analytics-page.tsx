import type { AnalyticsRow } from '../../../api/communications';
import type { Counter } from '../../communications/common/analytics';
import { CommunicationAnalyticsPage } from '../../communications/common/analytics-page';
import { PALETTE } from '../../communications/common/palette';
import { PUSH_ANALYTICS_TITLE, PUSH_COUNTERS, PUSH_LIST, pushCounters } from './form-model';

const COLORS = [PALETTE[0], PALETTE[1], PALETTE[2], PALETTE[3]];

const countersOf = (rows: readonly AnalyticsRow[]): Counter[] => {
  const values = pushCounters(rows);
  return PUSH_COUNTERS.map((c, i) => ({
    key: c.key,
    label: c.label,
    value: values[c.key],
    filter: c.key === 'sent' ? undefined : c.actions,
    color: COLORS[i],
  }));
};

/**
 * /mobile/push/analytics/:id (read Mobile; spec part 3 §2, §3 'Analytics rows'): 'Detalhes de
 * performance do Push', a back button, Enviados / Entregues / Clicados / Perdidos and a pie of
 * delivered, clicked and lost. A click on delivered, clicked or lost (counter or slice) makes a
 * lead of those customers and opens it (/lead/edit/{id}).
 */
export default function PushAnalyticsPage() {
  return (
    <CommunicationAnalyticsPage
      testId="push"
      title={PUSH_ANALYTICS_TITLE}
      list={PUSH_LIST}
      countersOf={countersOf}
      chart={{ title: 'Entregues, clicados e perdidos', kind: 'pie', of: (counters) => counters.slice(1) }}
    />
  );
}
