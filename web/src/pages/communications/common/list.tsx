import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import type { Subject } from '@freguesia/shared/domain/permissions';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '../../../api/client';
import {
  communicationListKey,
  COMMUNICATIONS_PAGE_SIZE,
  listCommunications,
  useDeleteCommunication,
  type CommunicationRow,
} from '../../../api/communications';
import { useArchivedView, withArchivedAt } from '../../../components/archived-view';
import { formatDateTime } from '../../../components/format';
import {
  descriptionColumn,
  idColumn,
  ListShell,
  optionsColumn,
  useDeleteConfirm,
} from '../../../components/list-shell';
import type { RowAction } from '../../../components/row-actions';
import { useServerList } from '../../../components/table';
import { executedText, populationText, rowInfo, whenText, type CommunicationType } from './model';
import { relativeTime } from './relative-time';

export const DELETE_COMMUNICATION_QUESTION = 'Tem certeza que deseja excluir esta campanha de comunicação?';
export const HIDE_INACTIVE = 'Ocultar inativas';

/** 'Ativa' / 'Inativa' (spec part 3 §2, §4). */
export function ActiveTag({ active }: { active: string }) {
  return (
    <StatusIndicator type={active === 'Y' ? 'success' : 'stopped'}>
      {active === 'Y' ? 'Ativa' : 'Inativa'}
    </StatusIndicator>
  );
}

/** A relative time ('há 2 horas') with the exact one on hover. */
export function Relative({ value }: { value: string }) {
  return <span title={formatDateTime(value)}>{relativeTime(value)}</span>;
}

/** The 'when' cell: the schedule, and in red 'Campanha já executada em …' once it ran (spec part 3 §4). */
export function WhenCell({ row }: { row: CommunicationRow }) {
  const info = rowInfo(row.info);
  const executed = executedText(info.executed_at);
  return (
    <SpaceBetween size="xxxs">
      <span>{whenText(info)}</span>
      {executed ? (
        <Box color="text-status-error" fontSize="body-s" data-testid={`executed-${row.id}`}>
          {executed}
        </Box>
      ) : null}
    </SpaceBetween>
  );
}

/** The columns of the SMS and push lists (spec part 3 §2 'Push communications'). */
export function communicationColumns(
  actions: (row: CommunicationRow) => RowAction[],
): TableProps.ColumnDefinition<CommunicationRow>[] {
  return [
    idColumn({ minWidth: 70 }),
    descriptionColumn({ minWidth: 180 }),
    { id: 'active', header: 'Situação', cell: (c) => <ActiveTag active={c.active} />, minWidth: 90 },
    { id: 'lead', header: 'Lead', cell: (c) => c.lead_description ?? '-', minWidth: 120 },
    { id: 'population', header: 'População', cell: (c) => populationText(c), minWidth: 110 },
    { id: 'when', header: 'Quando', cell: (c) => <WhenCell row={c} />, minWidth: 170 },
    { id: 'created', header: 'Criada', cell: (c) => <Relative value={c.created_at} />, minWidth: 120 },
    { id: 'changed', header: 'Alterada', cell: (c) => <Relative value={c.updated_at} />, minWidth: 120 },
    optionsColumn(actions, { minWidth: 80 }),
  ];
}

export interface CommunicationListProps {
  types: readonly CommunicationType[];
  testId: string;
  title: string;
  newButton: { label: string; testId: string; subject: Subject; onClick: () => void };
  /** The row's actions; `remove` opens the delete confirmation. */
  actions: (row: CommunicationRow, remove: () => void) => RowAction[];
  columns?: (
    actions: (row: CommunicationRow) => RowAction[],
  ) => TableProps.ColumnDefinition<CommunicationRow>[];
  noun: { one: string; many: string } | string;
  emptyText: string;
  deleteQuestion?: string;
  deleteHeader?: string;
  deleted?: string;
  description?: ReactNode;
  /**
   * The actions of a deleted communication (read-only view, analytics): given, the list offers
   * 'Excluídas' (issue 20 item 16) beside the live list, with these actions only.
   */
  archivedActions?: (row: CommunicationRow) => RowAction[];
  /** 'Nenhuma comunicação excluída.' */
  archivedEmptyText?: string;
}

/**
 * A communication list (SMS, push, app art): server pages of 20, search, 'Ocultar inativas' on by
 * default, 'Total de N …', the row actions the caller allows and the delete confirmation.
 */
export function CommunicationList(props: CommunicationListProps) {
  const [hideInactive, setHideInactive] = useState(true);
  const [viewArchived, setArchived] = useArchivedView();
  const archived = viewArchived && props.archivedActions !== undefined;
  const list = useServerList<CommunicationRow, { hideInactive: boolean; archived: boolean }>({
    queryKey: ({ q, page, filters }) =>
      communicationListKey({
        types: props.types,
        page,
        q,
        showInactive: !filters.hideInactive,
        archived: filters.archived,
      }),
    fetchPage: ({ q, page, filters }, signal) =>
      listCommunications(
        { types: props.types, page, q, showInactive: !filters.hideInactive, archived: filters.archived },
        signal,
      ),
    perPage: COMMUNICATIONS_PAGE_SIZE,
    filters: { hideInactive, archived },
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar a lista.'),
  });
  const remove = useDeleteCommunication();
  const removal = useDeleteConfirm<CommunicationRow>({
    remove: (row) => remove.mutateAsync(row.id),
    header: props.deleteHeader ?? 'Excluir comunicação',
    question: props.deleteQuestion ?? DELETE_COMMUNICATION_QUESTION,
    deleted: props.deleted ?? 'Comunicação excluída com sucesso',
    errorHeader: 'Erro ao excluir',
  });

  const rowActions = (row: CommunicationRow) =>
    archived && props.archivedActions
      ? props.archivedActions(row)
      : props.actions(row, () => removal.ask(row));
  const columns = (props.columns ?? communicationColumns)(rowActions);
  return (
    <ListShell<CommunicationRow>
      testId={props.testId}
      title={props.title}
      description={props.description}
      loadingText="Carregando"
      // 'Opções' stays in view on narrower screens (the e-mail list's columns outgrow 1,440 px).
      stickyColumns={{ first: 0, last: 1 }}
      list={list}
      // A deleted one shows when it was deleted instead of when it was last changed.
      columns={archived ? withArchivedAt(columns, 'changed') : columns}
      newButton={props.newButton}
      search={{ ariaLabel: 'Buscar', testId: `${props.testId}-search` }}
      extraFilter={
        archived ? null : (
          <Toggle
            data-testid={`${props.testId}-hide-inactive`}
            checked={hideInactive}
            onChange={({ detail }) => setHideInactive(detail.checked)}
          >
            {HIDE_INACTIVE}
          </Toggle>
        )
      }
      filtered={false}
      noun={props.noun}
      emptyText={props.emptyText}
      noMatchText="Nenhum resultado encontrado."
      archivedView={
        props.archivedActions
          ? {
              archived,
              onChange: setArchived,
              liveLabel: 'Comunicações',
              testId: `${props.testId}-view`,
              emptyText: props.archivedEmptyText ?? 'Nenhuma comunicação excluída.',
            }
          : undefined
      }
    >
      {removal.modal}
    </ListShell>
  );
}
