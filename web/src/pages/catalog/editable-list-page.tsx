import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { TableProps } from '@cloudscape-design/components/table';
import { Fragment, useState, type ReactNode } from 'react';
import type { Subject } from '@freguesia/shared/domain/permissions';
import { useCan } from '../../app/ability';
import { RowActions } from '../../components/row-actions';
import { ServerTable, type ServerListState, type ServerTableProps } from '../../components/table';

export interface EditableListPageProps<T> extends Omit<
  ServerTableProps<T>,
  'list' | 'columns' | 'newButton'
> {
  /** The page's h1 ('Marcas'). */
  heading: string;
  list: ServerListState<T>;
  columns: TableProps.ColumnDefinition<T>[];
  /** Subject whose `write` permission gates the new button and the row action. */
  subject: Subject;
  /** The 'Nova …' button; omitted when the page creates nothing. */
  newButton?: { label: string; testId: string };
  /** The row action that opens the form ('Alterar' by default); `false`: no 'Opções' column. */
  rowAction?: string | false;
  /** What a row is, for its menu's accessible name ('Opções de <label>'). */
  rowLabel: (item: T) => string;
  /** The form for a new record (`null`) or for `item`; `close` dismisses it (after a save too). */
  form: (item: T | null, close: () => void) => ReactNode;
}

/**
 * A catalogue list screen: the h1, the server-paged table with its 'Opções' row menu opening the
 * record's form, and the 'Nova …' button opening an empty one. Each opening mounts a fresh form.
 */
export function EditableListPage<T>({
  heading,
  list,
  columns,
  subject,
  newButton,
  rowAction = 'Alterar',
  rowLabel,
  form,
  ...table
}: EditableListPageProps<T>) {
  const canWrite = useCan('write', subject);
  const [open, setOpen] = useState<{ item: T | null; key: number } | null>(null);
  const close = () => setOpen(null);
  return (
    <ContentLayout header={<Header variant="h1">{heading}</Header>}>
      <ServerTable<T>
        {...table}
        list={list}
        newButton={
          newButton
            ? { ...newButton, subject, onClick: () => setOpen({ item: null, key: Date.now() }) }
            : undefined
        }
        columns={
          rowAction === false
            ? columns
            : [
                ...columns,
                {
                  id: 'actions',
                  header: 'Opções',
                  width: 100,
                  cell: (item) => (
                    <RowActions
                      label={rowLabel(item)}
                      actions={[
                        {
                          id: 'edit',
                          text: rowAction,
                          visible: canWrite,
                          onClick: () => setOpen({ item, key: Date.now() }),
                        },
                      ]}
                    />
                  ),
                },
              ]
        }
      />
      {open && canWrite ? <Fragment key={open.key}>{form(open.item, close)}</Fragment> : null}
    </ContentLayout>
  );
}
