import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ReactNode } from 'react';
import type { Subject } from '@freguesia/shared/domain/permissions';
import { Can, useCan } from '../../app/ability';
import { PagerWithTotal } from './list-footer';

/** The parts of `usePagedList`'s answer the table shows. */
export interface PagedListState<T> {
  items: T[];
  total: number;
  error?: string;
  loading: boolean;
  page: number;
  pagesCount: number;
  setPage: (page: number) => void;
}

export interface FieldOption {
  value: string;
  label: string;
}

/**
 * The catalog's paged list table: header with the total counter and the 'Nova …' button (gated by
 * `write` on `subject`), the search filter (optionally preceded by a field Select and followed by
 * extra filters), the pager with the total text, the empty state and, when `onEdit` is given, the
 * 'Opções' column with an 'Alterar' link (only for users who may write `subject`).
 */
export function PagedListTable<T extends { id: number | string }>({
  testId,
  title,
  loadingText,
  list,
  columns,
  subject,
  newButton,
  search,
  fieldSelect,
  extraFilter,
  noun,
  emptyText,
  onEdit,
  editLabel,
}: {
  /** data-testid of the table. */
  testId: string;
  /** Header text ('Lista de marcas'). */
  title: string;
  loadingText: string;
  list: PagedListState<T>;
  columns: TableProps.ColumnDefinition<T>[];
  /** Subject whose `write` permission gates the new button and the edit link. */
  subject: Subject;
  newButton: { label: string; testId: string; onClick: () => void };
  search: {
    text: string;
    onChange: (text: string) => void;
    placeholder: string;
    ariaLabel: string;
    testId: string;
  };
  /** Optional 'Campo de busca' Select shown before the search box. */
  fieldSelect?: { options: FieldOption[]; value: string; onChange: (value: string) => void };
  /** Optional filters shown after the search box. */
  extraFilter?: ReactNode;
  /** What the total counts: 'marca(s)' → 'Total de N marca(s)'. */
  noun: string;
  emptyText: string;
  /** Adds the 'Opções' column with an 'Alterar' link calling this. */
  onEdit?: (item: T) => void;
  /** The name in the edit link's aria label ('Alterar <name>'). */
  editLabel?: (item: T) => string;
}) {
  const canWrite = useCan('write', subject);

  const textFilter = (
    <TextFilter
      filteringText={search.text}
      filteringPlaceholder={search.placeholder}
      filteringAriaLabel={search.ariaLabel}
      data-testid={search.testId}
      onChange={({ detail }) => {
        search.onChange(detail.filteringText);
      }}
    />
  );

  const filter =
    fieldSelect || extraFilter ? (
      <SpaceBetween direction="horizontal" size="xs">
        {fieldSelect ? (
          <div style={{ minWidth: 170 }}>
            <Select
              selectedOption={fieldSelect.options.find((o) => o.value === fieldSelect.value) ?? null}
              options={fieldSelect.options}
              ariaLabel="Campo de busca"
              onChange={({ detail }) => {
                fieldSelect.onChange(detail.selectedOption.value ?? '');
              }}
            />
          </div>
        ) : null}
        <div style={{ minWidth: 320 }}>{textFilter}</div>
        {extraFilter}
      </SpaceBetween>
    ) : (
      <div style={{ maxWidth: 420 }}>{textFilter}</div>
    );

  const columnDefinitions: TableProps.ColumnDefinition<T>[] = onEdit
    ? [
        ...columns,
        {
          id: 'actions',
          header: 'Opções',
          width: 140,
          cell: (item) =>
            canWrite ? (
              <Button
                variant="inline-link"
                iconName="edit"
                ariaLabel={`Alterar ${editLabel ? editLabel(item) : String(item.id)}`}
                onClick={() => onEdit(item)}
              >
                Alterar
              </Button>
            ) : (
              '-'
            ),
        },
      ]
    : columns;

  return (
    <Table<T>
      data-testid={testId}
      variant="container"
      items={list.items}
      loading={list.loading && list.items.length === 0}
      loadingText={loadingText}
      trackBy="id"
      header={
        <Header
          counter={`(${list.total})`}
          description={list.error ? `Erro ao carregar: ${list.error}` : undefined}
          actions={
            <Can I="write" a={subject}>
              <Button
                variant="primary"
                iconName="add-plus"
                data-testid={newButton.testId}
                onClick={newButton.onClick}
              >
                {newButton.label}
              </Button>
            </Can>
          }
        >
          {title}
        </Header>
      }
      filter={filter}
      pagination={
        <PagerWithTotal
          page={list.page}
          pagesCount={list.pagesCount}
          total={list.total}
          noun={noun}
          onChange={list.setPage}
          disabled={list.loading}
        />
      }
      empty={
        <Box textAlign="center" color="inherit" padding="l">
          <b>{emptyText}</b>
        </Box>
      }
      columnDefinitions={columnDefinitions}
    />
  );
}
