import { formatDateTime } from '../../components/format';

/**
 * A deleted loyalty or TV campaign opened from its list's 'Excluídas' (issue 20 item 16): each kind
 * opens what its live list opens — the ticket and TV wizards, the lucky-number details page —
 * read-only, at its own '/archived/' address (as the communications do).
 */
export type ArchivedKind = 'T' | 'L' | 'TV';

const LISTS: Readonly<Record<ArchivedKind, string>> = {
  T: '/campaign/tickets',
  L: '/campaign/lucky',
  TV: '/campaign/tv',
};

/** Where a deleted campaign of a kind opens: '/campaign/tickets/archived/12'. */
export const archivedViewPath = (kind: ArchivedKind, id: number): string => `${LISTS[kind]}/archived/${id}`;

/** The kind's 'Excluídas' (the way back from a deleted campaign). */
export const archivedListPath = (kind: ArchivedKind): string => `${LISTS[kind]}?excluidas=1`;

/** Whether the page shows a deleted campaign (its address has '/archived/'). */
export const isArchivedPath = (path: string): boolean => /\/archived\/\d+\/?$/.test(path);

/** 'Excluída em 03/02/2026 10:00. Ela fica apenas para consulta…' */
export const archivedCampaignText = (at: string | undefined): string =>
  `Excluída em ${at ? formatDateTime(at) : '-'}. Ela fica apenas para consulta (histórico e exportação): não pode ser alterada nem excluída.`;

/** The title of a deleted campaign's read-only wizard or page. */
export const ARCHIVED_CAMPAIGN_TITLE = 'Campanha excluída';
