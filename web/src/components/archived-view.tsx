import SegmentedControl from '@cloudscape-design/components/segmented-control';
import type { TableProps } from '@cloudscape-design/components/table';
import { useSearchParams } from 'react-router';
import { formatDateTime } from './format';

/**
 * The 'Excluídas' view of a campaign list (issue 20 item 16): deleted campaigns are archived, not
 * erased, and a list shows them on request — read-only, with their history links (details,
 * export, analytics) and no edit, send or delete. Kept in the query string (`excluidas=1`), so the
 * way back from a deleted campaign's page returns to the same view.
 */
export const ARCHIVED_PARAM = 'excluidas';
export const ARCHIVED_LABEL = 'Excluídas';

/** Whether the list shows its deleted campaigns, and the switch (back to page 1, search kept). */
export function useArchivedView(): [boolean, (archived: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const archived = params.get(ARCHIVED_PARAM) === '1';
  const set = (next: boolean) =>
    setParams((current) => {
      const search = new URLSearchParams(current);
      if (next) search.set(ARCHIVED_PARAM, '1');
      else search.delete(ARCHIVED_PARAM);
      search.delete('page');
      return search;
    });
  return [archived, set];
}

/** 'Campanhas' | 'Excluídas' (the live list or the deleted campaigns). */
export function ArchivedSwitch({
  archived,
  onChange,
  liveLabel,
  testId,
}: {
  archived: boolean;
  onChange: (archived: boolean) => void;
  liveLabel: string;
  testId: string;
}) {
  return (
    <SegmentedControl
      data-testid={testId}
      label="Mostrar"
      selectedId={archived ? 'archived' : 'live'}
      options={[
        { id: 'live', text: liveLabel },
        { id: 'archived', text: ARCHIVED_LABEL },
      ]}
      onChange={({ detail }) => onChange(detail.selectedId === 'archived')}
    />
  );
}

/** The 'Excluída em' column of a deleted campaign's row. */
export function archivedAtColumn<
  T extends { archived_at?: string | undefined },
>(): TableProps.ColumnDefinition<T> {
  return {
    id: 'archived_at',
    header: 'Excluída em',
    cell: (c) => (c.archived_at ? formatDateTime(c.archived_at) : '-'),
    minWidth: 140,
  };
}

/**
 * The columns of the 'Excluídas' view: 'Excluída em' takes the place of the column `replaces`
 * (where the row stands today, or when it was last changed); without it, it goes before 'Opções'.
 */
export function withArchivedAt<T extends { archived_at?: string | undefined }>(
  columns: TableProps.ColumnDefinition<T>[],
  replaces: string,
): TableProps.ColumnDefinition<T>[] {
  const at = columns.findIndex((c) => c.id === replaces);
  const next = [...columns];
  if (at < 0) next.splice(Math.max(next.length - 1, 0), 0, archivedAtColumn<T>());
  else next.splice(at, 1, archivedAtColumn<T>());
  return next;
}
