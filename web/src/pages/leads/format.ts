import type { LeadOrigin, LeadStatus } from '@freguesia/shared/schemas/segmentation';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { formatDate } from '../../components/format';

/** Labels of the lead list (spec part 1 §3, part 2 §4). */
export const ORIGIN_LABELS: Record<LeadOrigin, string> = {
  F: 'Arquivo',
  M: 'Manual',
  S: 'Segmentação',
  E: 'E-mail',
};
export const STATUS_LABELS: Record<LeadStatus, string> = { P: 'Pendente', R: 'Executando', D: 'Pronto' };
export const STATUS_TYPES: Record<LeadStatus, StatusIndicatorProps.Type> = {
  P: 'pending',
  R: 'in-progress',
  D: 'success',
};

export const ALWAYS_VALID = 'Sempre válido';

/** 'Sempre válido' or the last day of use (DD/MM/YYYY). */
export const validityText = (lead: { always_valid: 'Y' | 'N'; valid_until: string | null }): string =>
  lead.always_valid === 'Y' ? ALWAYS_VALID : formatDate(lead.valid_until);

/** A list still changing on the server: some lead is waiting for or running its recompute. */
export const anyRunning = (leads: readonly { status: LeadStatus }[] | undefined): boolean =>
  (leads ?? []).some((lead) => lead.status !== 'D');
