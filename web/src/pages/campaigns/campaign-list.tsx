import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteCampaign, type CampaignRow, type Paginated } from '../../api/campaigns';
import { failureMessage } from '../../api/client';
import { withArchivedAt } from '../../components/archived-view';
import { ListShell, useDeleteConfirm, type DeleteConfirmOptions } from '../../components/list-shell';
import { useServerList, type ServerListParams, type ServerListState } from '../../components/table';
import { activeText, periodText, STATUS_TYPES, statusText } from './format';

export const EMPTY_TEXT = 'Nenhuma campanha encontrada.';
export const DELETE_QUESTION = 'Tem certeza que deseja excluir esta campanha ?';
export const ARCHIVED_EMPTY_TEXT = 'Nenhuma campanha excluída.';

/**
 * The rows of a campaign list (discounts, tickets, lucky numbers, TV): server pages, the search
 * and page in the address, 'Não foi possível carregar as campanhas.' when the page fails.
 * `archived` (the list's 'Excluídas'): the deleted campaigns instead, `archived: true` joining the
 * filters the page's `queryKey` and `fetchPage` receive.
 */
export function useCampaignRows<F>(source: {
  queryKey: (params: ServerListParams<F & { archived?: boolean }>) => readonly unknown[];
  fetchPage: (
    params: ServerListParams<F & { archived?: boolean }>,
    signal: AbortSignal,
  ) => Promise<Paginated<CampaignRow>>;
  perPage: number;
  filters: F;
  archived?: boolean;
}): ServerListState<CampaignRow> {
  const { archived, ...rest } = source;
  return useServerList<CampaignRow, F & { archived?: boolean }>({
    ...rest,
    filters: { ...source.filters, archived: archived === true },
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar as campanhas.'),
  });
}

/** 'Excluir campanha': 'Tem certeza que deseja excluir esta campanha ?', then 'Campanha excluída com sucesso'. */
export function useCampaignDelete(
  options: Pick<DeleteConfirmOptions<CampaignRow>, 'showRecord' | 'errorFallback'> = {},
) {
  const remove = useDeleteCampaign();
  return useDeleteConfirm<CampaignRow>({
    remove: (row) => remove.mutateAsync(row.id),
    header: 'Excluir campanha',
    question: DELETE_QUESTION,
    deleted: 'Campanha excluída com sucesso',
    errorHeader: 'Erro ao excluir a campanha',
    ...options,
  });
}

/** 'Mostrar inativas' (inactive campaigns are hidden by default). */
export function ShowInactiveToggle({
  checked,
  onChange,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  return (
    <Toggle data-testid={testId} checked={checked} onChange={({ detail }) => onChange(detail.checked)}>
      Mostrar inativas
    </Toggle>
  );
}

/** 'Período': start – end (or 'Sem data final'). */
export const periodColumn = (
  size: Pick<TableProps.ColumnDefinition<CampaignRow>, 'minWidth'> = {},
): TableProps.ColumnDefinition<CampaignRow> => ({
  id: 'period',
  header: 'Período',
  cell: (c) => periodText(c.start_at, c.end_at),
  ...size,
});

/** 'Status' of the campaign today (scheduled, running, ended). */
export const statusColumn = (
  options: { minWidth?: number; testId?: (row: CampaignRow) => string } = {},
): TableProps.ColumnDefinition<CampaignRow> => ({
  id: 'status',
  header: 'Status',
  ...(options.minWidth ? { minWidth: options.minWidth } : {}),
  cell: (c) => {
    const status = (
      <StatusIndicator type={STATUS_TYPES[c.status]} wrapText={false}>
        {statusText(c.status)}
      </StatusIndicator>
    );
    return options.testId ? <span data-testid={options.testId(c)}>{status}</span> : status;
  },
});

/** 'Situação': 'Ativa' / 'Inativa'. */
export const activeColumn: TableProps.ColumnDefinition<CampaignRow> = {
  id: 'active',
  header: 'Situação',
  cell: (c) => activeText(c.active),
};

export interface CampaignListProps {
  /** data-testids of the table, of 'Nova campanha' and of the search box. */
  testIds: { table: string; new: string; search: string };
  title: string;
  /** Where 'Nova campanha' goes. */
  newPath: string;
  list: ServerListState<CampaignRow>;
  columns: TableProps.ColumnDefinition<CampaignRow>[];
  /** The 'Mostrar inativas' filter alone (the other filters then go in `extraFilter`). */
  showInactive?: { checked: boolean; onChange: (checked: boolean) => void };
  /**
   * 'Campanhas | Excluídas' (issue 20 item 16, `useArchivedView`): while the deleted campaigns
   * show, 'Excluída em' replaces 'Status', 'Mostrar inativas' is hidden and the empty text is
   * 'Nenhuma campanha excluída.' (the rows come from `useCampaignRows({ archived })`; the page
   * gives them read-only actions).
   */
  archivedView?: { archived: boolean; onChange: (archived: boolean) => void; testId: string };
  extraFilter?: ReactNode;
  filtered?: boolean;
  onClearFilters?: () => void;
  /** The page's dialogs (delete confirmation, details, …). */
  children?: ReactNode;
}

/**
 * A campaign list page (spec part 2 §2 'Campaign lists'): 'Nova campanha' for write Campaigns,
 * 'Buscar pela descrição ou código', 'Total de N campanhas', 'Nenhuma campanha encontrada.'.
 */
export function CampaignList(props: CampaignListProps) {
  const navigate = useNavigate();
  const archived = props.archivedView?.archived === true;
  // A deleted campaign is not filtered by its state: it shows when it was deleted instead.
  const showInactive = archived ? undefined : props.showInactive;
  return (
    <ListShell<CampaignRow>
      testId={props.testIds.table}
      title={props.title}
      loadingText="Carregando campanhas"
      list={props.list}
      columns={archived ? withArchivedAt(props.columns, 'status') : props.columns}
      newButton={{
        label: 'Nova campanha',
        testId: props.testIds.new,
        subject: 'Campaigns',
        onClick: () => navigate(props.newPath),
      }}
      search={{ ariaLabel: 'Buscar campanhas', testId: props.testIds.search }}
      extraFilter={
        props.showInactive ? (
          showInactive ? (
            <ShowInactiveToggle checked={showInactive.checked} onChange={showInactive.onChange} />
          ) : null
        ) : (
          props.extraFilter
        )
      }
      filtered={props.showInactive ? showInactive?.checked === true : props.filtered}
      onClearFilters={showInactive ? () => showInactive.onChange(false) : props.onClearFilters}
      noun={{ one: 'campanha', many: 'campanhas' }}
      emptyText={EMPTY_TEXT}
      noMatchText={EMPTY_TEXT}
      archivedView={
        props.archivedView
          ? {
              ...props.archivedView,
              liveLabel: 'Campanhas',
              emptyText: ARCHIVED_EMPTY_TEXT,
              noMatchText: ARCHIVED_EMPTY_TEXT,
            }
          : undefined
      }
    >
      {props.children}
    </ListShell>
  );
}
