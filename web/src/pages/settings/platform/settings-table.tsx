import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '../../../api/client';
import { useCan } from '../../../app/ability';
import { notify } from '../../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../../components/delete-confirmation';

export interface SettingsTableProps<T> {
  testId: string;
  /** The query of the whole (short) list. */
  query: { isPending: boolean; data?: readonly T[]; error: unknown };
  /** The rows in the order shown (default: the query's). */
  items?: readonly T[];
  loadingText: string;
  title: string;
  description: string;
  /** The 'Novo …' button, for write Settings. */
  newButton: { label: string; testId: string; onClick: () => void };
  /** 'Nenhum … cadastrado' (or the load failure's message). */
  emptyText: string;
  columns: TableProps.ColumnDefinition<T>[];
}

/**
 * A short settings list of Ajustes › Plataforma (channels, departments, label layouts): a container
 * table with the counter, the description and 'Novo …' for write Settings, the empty or failed
 * state in its body.
 */
export function SettingsTable<T>(props: SettingsTableProps<T>) {
  const canWrite = useCan('write', 'Settings');
  const { query } = props;
  return (
    <Table<T>
      data-testid={props.testId}
      variant="container"
      loading={query.isPending}
      loadingText={props.loadingText}
      items={props.items ?? query.data ?? []}
      wrapLines
      header={
        <Header
          variant="h2"
          counter={query.data ? `(${query.data.length})` : undefined}
          description={props.description}
          actions={
            canWrite ? (
              <Button data-testid={props.newButton.testId} onClick={props.newButton.onClick}>
                {props.newButton.label}
              </Button>
            ) : undefined
          }
        >
          {props.title}
        </Header>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          {query.error ? failureMessage(query.error) : props.emptyText}
        </Box>
      }
      columnDefinitions={props.columns}
    />
  );
}

/** The 'Opções' column of a settings list (90 px). */
export const optionsColumn = <T,>(cell: (row: T) => ReactNode): TableProps.ColumnDefinition<T> => ({
  id: 'options',
  header: 'Opções',
  width: 90,
  cell,
});

/**
 * 'Remover …': `ask(row)` opens the confirmation ('Tem certeza que deseja excluir …?'); a removal
 * says `removed`, a failure `failed` with the server's message. Render `modal` in the page.
 */
export function useRemoveConfirm<T>(options: {
  remove: (row: T) => Promise<unknown>;
  header: string;
  question: (row: T) => ReactNode;
  removed: string;
  failed: string;
}) {
  const [row, setRow] = useState<T | null>(null);
  const confirm = async (target: T) => {
    try {
      await options.remove(target);
      notify({ type: 'success', header: options.removed });
    } catch (error) {
      notify({ type: 'error', header: options.failed, content: failureMessage(error) });
    }
  };
  const modal =
    row !== null ? (
      <ConfirmDeleteModal
        header={options.header}
        onConfirm={() => confirm(row)}
        onDismiss={() => setRow(null)}
      >
        {options.question(row)}
      </ConfirmDeleteModal>
    ) : null;
  return { ask: setRow, modal };
}
