import { ANALYTICS_ACTIONS } from '@freguesia/shared/schemas/communication';
import type { AnalyticsRow } from '../../../api/communications';
import type { Counter } from '../common/analytics';
import { PALETTE } from '../common/palette';

/** The e-mail actions (SES events, spec part 3 §7 filters) with their pt-BR labels, in display order. */
export const EMAIL_ACTION_LABELS: Readonly<Record<(typeof ANALYTICS_ACTIONS.EMAIL)[number], string>> = {
  sent: 'Enviados',
  delivered: 'Entregues',
  open: 'Abertos',
  click: 'Cliques',
  dropped: 'Descartados',
  deferred: 'Adiados',
  bounce: 'Devolvidos',
  complaint: 'Reclamações',
};

/** The audiences a lead can be made of: who received, opened, clicked, or whose address bounced. */
export const LEAD_ACTIONS: ReadonlySet<string> = new Set(['delivered', 'open', 'click', 'bounce']);

const COLORS = [PALETTE[0], PALETTE[1], PALETTE[2], PALETTE[5], '#7F7F7F', PALETTE[4], PALETTE[3], '#000000'];

/** Analytics rows → one counter per e-mail action (0 when not recorded); rows of other actions are ignored. */
export function emailCounters(rows: readonly AnalyticsRow[]): Counter[] {
  return ANALYTICS_ACTIONS.EMAIL.map((action, i) => ({
    key: action,
    label: EMAIL_ACTION_LABELS[action],
    value: rows.filter((r) => r.action.toLowerCase() === action).reduce((n, r) => n + r.quantity, 0),
    filter: LEAD_ACTIONS.has(action) ? [action] : undefined,
    color: COLORS[i % COLORS.length],
  }));
}
