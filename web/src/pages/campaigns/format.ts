import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { toDisplayDate } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPE_LABELS,
  type CampaignStatus,
} from '@freguesia/shared/schemas/campaign-api';

/** Texts of the campaign screens (spec part 2 §1, §4). Pure: unit-tested in node. */

export const NO_END_TEXT = 'Sem data final';
export const WHOLE_BASE = 'Toda a base';

/** Other kinds of campaign the calendar may show (spec part 2 §1). */
const OTHER_TYPE_LABELS: Readonly<Record<string, string>> = {
  TV: 'TV',
  L: 'Números da sorte',
  T: 'Tickets',
  C: 'Pontos / cashback',
  EMAIL: 'E-mail',
  TEMAIL: 'Modelo de e-mail',
  SMS: 'SMS',
  PUSH: 'Push',
  APPF: 'Arte do app (tela cheia)',
  APPB: 'Arte do app (banner)',
};

/** The label of a type code ('D' → 'Desconto em mercadorias'); an unknown code as itself. */
export const typeLabel = (type: string): string =>
  (CAMPAIGN_TYPE_LABELS as Record<string, string>)[type] ?? OTHER_TYPE_LABELS[type] ?? type;

/**
 * The period as the lists show it: '01/06/2025 - 30/06/2025', or the start alone followed by
 * 'Sem data final' when the campaign has no end (9999-12-31, spec part 2 §1).
 */
export function periodText(start: string, end: string): string {
  const from = toDisplayDate(start) ?? start;
  if (end === NO_END_DATE) return `${from} - ${NO_END_TEXT}`;
  return `${from} - ${toDisplayDate(end) ?? end}`;
}

export const activeText = (active: 'Y' | 'N'): string => (active === 'Y' ? 'Ativa' : 'Inativa');

export const statusText = (status: CampaignStatus): string => CAMPAIGN_STATUSES[status];

export const STATUS_TYPES: Readonly<Record<CampaignStatus, StatusIndicatorProps.Type>> = {
  running: 'success',
  scheduled: 'pending',
  ended: 'stopped',
  inactive: 'stopped',
};

/** The audience of a row: the lead with its population, or the whole base. */
export function audienceText(row: {
  id_lead: number | null;
  lead_description: string | null;
  population: number | null;
}): string {
  if (row.id_lead === null) return WHOLE_BASE;
  const name = row.lead_description ?? `Lead ${row.id_lead}`;
  return row.population === null ? name : `${name} (${row.population.toLocaleString('pt-BR')})`;
}
