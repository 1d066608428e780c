import type { AnalyticsRow } from '../../../api/communications';
import type { Counter } from '../common/analytics';
import { PALETTE } from '../common/palette';

/** The SMS actions with their pt-BR labels (spec part 3 §7 filters DELIVERED, NOT DELIVERED, REJECTED). */
export const SMS_COUNTERS = [
  { key: 'sent', label: 'Enviados', actions: ['SENT'], lead: false },
  { key: 'delivered', label: 'Entregues', actions: ['DELIVERED'], lead: true },
  { key: 'not-delivered', label: 'Não entregues', actions: ['NOT DELIVERED'], lead: true },
  { key: 'rejected', label: 'Rejeitados', actions: ['REJECTED'], lead: true },
] as const;

const COLORS: Record<string, string> = {
  sent: PALETTE[0],
  delivered: PALETTE[1],
  'not-delivered': PALETTE[2],
  rejected: PALETTE[3],
};

/**
 * Analytics rows → the SMS counters. 'Enviados' is the SENT row, or, when the provider only
 * reports outcomes, their sum. Each outcome offers a lead of its customers (filter = its action).
 */
export function smsCounters(rows: readonly AnalyticsRow[]): Counter[] {
  const sum = (actions: readonly string[]) =>
    rows.filter((r) => actions.includes(r.action.toUpperCase())).reduce((n, r) => n + r.quantity, 0);
  const counters: Counter[] = SMS_COUNTERS.map((c) => ({
    key: c.key,
    label: c.label,
    value: sum(c.actions),
    filter: c.lead ? c.actions : undefined,
    color: COLORS[c.key],
  }));
  const outcomes = counters.slice(1).reduce((n, c) => n + c.value, 0);
  if (counters[0]!.value < outcomes) counters[0]!.value = outcomes;
  return counters;
}
