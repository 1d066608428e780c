import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '../api/client';
import { notify } from '../app/notifications/notify';
import { ArchivedSwitch } from './archived-view';
import { ConfirmDeleteModal } from './delete-confirmation';
import type { useExportJobs, ExportRequest } from './export-jobs';
import { RowActions, type RowAction } from './row-actions';
import { ServerTable, type ServerTableProps } from './table';

/** The search box's placeholder of the campaign and communication lists. */
export const SEARCH_PLACEHOLDER = 'Buscar pela descrição ou código';

/**
 * The 'Excluídas' view of a list (issue 20 item 16, `useArchivedView`): the 'Mostrar' switch
 * before the page's filters and, while it shows the deleted rows, their empty texts.
 */
export interface ArchivedViewOption {
  /** Shows the deleted rows (`?excluidas=1`). */
  archived: boolean;
  onChange: (archived: boolean) => void;
  /** The live list's option of the switch ('Campanhas', 'Comunicações'). */
  liveLabel: string;
  /** data-testid of the switch. */
  testId: string;
  /** 'Nenhuma campanha excluída.' */
  emptyText: string;
  /** The no-match text while the deleted rows show (default: the live list's). */
  noMatchText?: string;
}

export type ListShellProps<T> = Omit<ServerTableProps<T>, 'variant' | 'headerVariant' | 'search'> & {
  /** The search box (placeholder 'Buscar pela descrição ou código'). */
  search: { testId: string; ariaLabel: string };
  /** Offers 'Excluídas' beside the live list. */
  archivedView?: ArchivedViewOption;
  /** Dialogs of the page (delete confirmation, details, …), rendered after the table. */
  children?: ReactNode;
};

/**
 * The full-page list of the campaign and communication screens: an h1 header with the counter,
 * the gated 'Nova …' button and other actions, the search box with the page's filters, the
 * 'Total de N …' pager, the empty and no-match states (`ServerTable`), then the page's dialogs;
 * with `archivedView`, the 'Campanhas | Excluídas' switch and the deleted rows' empty texts.
 */
export function ListShell<T>({
  search,
  children,
  wrapLines = true,
  archivedView,
  ...table
}: ListShellProps<T>) {
  // The deleted rows' texts while 'Excluídas' shows.
  const deleted = archivedView?.archived ? archivedView : undefined;
  return (
    <>
      <ServerTable<T>
        {...table}
        variant="full-page"
        headerVariant="h1"
        wrapLines={wrapLines}
        search={{ placeholder: SEARCH_PLACEHOLDER, ...search }}
        extraFilter={
          archivedView ? (
            <SpaceBetween direction="horizontal" size="m" alignItems="center">
              <ArchivedSwitch
                archived={archivedView.archived}
                onChange={archivedView.onChange}
                liveLabel={archivedView.liveLabel}
                testId={archivedView.testId}
              />
              {table.extraFilter}
            </SpaceBetween>
          ) : (
            table.extraFilter
          )
        }
        emptyText={deleted ? deleted.emptyText : table.emptyText}
        noMatchText={deleted ? (deleted.noMatchText ?? table.noMatchText) : table.noMatchText}
      />
      {children}
    </>
  );
}

interface Described {
  id: number;
  description: string;
}

export interface DeleteConfirmOptions<T> {
  /** Removes the row (the list's delete mutation). */
  remove: (row: T) => Promise<unknown>;
  /** The dialog's title ('Excluir campanha'). */
  header: string;
  /** 'Tem certeza que deseja excluir …?' */
  question: string;
  /** Shows '{id} - {description}' under the question (default true). */
  showRecord?: boolean;
  /** The success notice. */
  deleted: string;
  /** The failure notice's title. */
  errorHeader: string;
  /** Its text when the server says nothing ('Tente novamente.'); null: `failureMessage`'s own. */
  errorFallback?: string | null;
}

/**
 * The row delete of a list: `ask(row)` opens 'Sim, Excluir' / 'Cancelar' with the question (and the
 * row's code and description); the answer is a success or error notice. Render `modal` in the page.
 */
export function useDeleteConfirm<T extends Described>(options: DeleteConfirmOptions<T>) {
  const [row, setRow] = useState<T | null>(null);
  const confirm = async (target: T) => {
    try {
      await options.remove(target);
      notify({ type: 'success', content: options.deleted });
    } catch (error) {
      const fallback = options.errorFallback === undefined ? 'Tente novamente.' : options.errorFallback;
      notify({
        type: 'error',
        header: options.errorHeader,
        content: fallback === null ? failureMessage(error) : failureMessage(error, fallback),
      });
    }
  };
  const modal = row ? (
    <ConfirmDeleteModal header={options.header} onConfirm={() => confirm(row)} onDismiss={() => setRow(null)}>
      {options.showRecord === false ? (
        <Box>{options.question}</Box>
      ) : (
        <SpaceBetween size="xs">
          <Box>{options.question}</Box>
          <Box color="text-body-secondary">
            {row.id} - {row.description}
          </Box>
        </SpaceBetween>
      )}
    </ConfirmDeleteModal>
  ) : null;
  return { ask: setRow, modal };
}

type Size = Pick<TableProps.ColumnDefinition<unknown>, 'minWidth' | 'width'>;

/** 'Código'. */
export const idColumn = <T extends Described>(
  size: Size = { minWidth: 80 },
): TableProps.ColumnDefinition<T> => ({
  id: 'id',
  header: 'Código',
  cell: (c) => c.id,
  ...size,
});

/** 'Descrição' in bold, the row's header. */
export const descriptionColumn = <T extends Described>(size: Size = {}): TableProps.ColumnDefinition<T> => ({
  id: 'description',
  header: 'Descrição',
  cell: (c) => <Box fontWeight="bold">{c.description}</Box>,
  isRowHeader: true,
  ...size,
});

/** 'Opções': the row's menu of the actions the caller allows. */
export const optionsColumn = <T extends Described>(
  actions: (row: T) => RowAction[],
  size: Size = {},
): TableProps.ColumnDefinition<T> => ({
  id: 'actions',
  header: 'Opções',
  cell: (c) => <RowActions label={c.description} actions={actions(c)} />,
  ...size,
});

/** 'Exportar' of a row, 'Exportando…' and disabled while its export job runs. */
export const exportAction = (
  exports: ReturnType<typeof useExportJobs>,
  request: ExportRequest,
): RowAction => ({
  id: 'export',
  text: exports.busy(request.key) ? 'Exportando…' : 'Exportar',
  disabled: exports.busy(request.key),
  onClick: () => void exports.start(request),
});
