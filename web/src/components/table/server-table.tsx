import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ReactNode } from 'react';
import type { Subject } from '@freguesia/shared/domain/permissions';
import { Can } from '../../app/ability';
import { formatCount, totalText } from '../format';
import { PagerWithTotal } from './pager';
import type { ServerListState } from './use-server-list';

export interface FieldOption {
  value: string;
  label: string;
}

export interface ServerTableProps<T> {
  /** data-testid of the table. */
  testId: string;
  /** Header text ('Lista de marcas'). */
  title: string;
  description?: ReactNode;
  loadingText: string;
  list: ServerListState<T>;
  columns: TableProps.ColumnDefinition<T>[];
  /** The 'Novo …' button, shown only to users who may write `subject`. */
  newButton?: { label: string; testId?: string; onClick: () => void; subject: Subject };
  /** Other header actions (export, …). */
  actions?: ReactNode;
  /** The search box; omitted for lists without search. */
  search?: { placeholder: string; ariaLabel?: string; testId?: string };
  /** Optional 'Campo de busca' Select shown before the search box. */
  fieldSelect?: { options: FieldOption[]; value: string; onChange: (value: string) => void; testId?: string };
  /** Optional filters shown after the search box. */
  extraFilter?: ReactNode;
  /** What the total counts: 'marca(s)' → 'Total de N marca(s)', or a singular/plural pair. */
  noun: string | { one: string; many: string };
  /** k/M in the total ('Total de 2,1k clientes'). */
  abbreviateTotal?: boolean;
  /** Shown when the list has no record at all. */
  emptyText: string;
  /** Shown when a search matches nothing (default 'Nenhum resultado encontrado.'). */
  noMatchText?: string;
  /** Other filters than the search are on (an empty list is then a no-match, not an empty list). */
  filtered?: boolean;
  /** Clears those other filters ('Limpar filtro' of the no-match state). */
  onClearFilters?: () => void;
  /** Server or local sorting of the columns that declare a `sortingField`. */
  sorting?: Pick<TableProps<T>, 'sortingColumn' | 'sortingDescending' | 'onSortingChange'>;
  wrapLines?: boolean;
  /** Columns kept in view while the table scrolls sideways (e.g. the row actions: `{ last: 1 }`). */
  stickyColumns?: TableProps<T>['stickyColumns'];
  trackBy?: string;
  variant?: TableProps['variant'];
  /**
   * The title's heading level: 'h2' (default) under a page heading; 'h1' or 'awsui-h1-sticky'
   * when the list is the page's main content (a full-page list has no other h1).
   */
  headerVariant?: 'h1' | 'h2' | 'awsui-h1-sticky';
  selection?: Pick<TableProps<T>, 'selectionType' | 'selectedItems' | 'onSelectionChange' | 'isItemDisabled'>;
  /** Which columns show, in which order (e.g. fewer on a narrow screen); all of them by default. */
  columnDisplay?: TableProps['columnDisplay'];
}

/**
 * The product's server-paged list: header with counter and the gated 'Novo …' button, the
 * search box (with an optional field select and extra filters), the pager with the spec's
 * 'Total de N …' text, and distinct empty and no-match states. Rows come from
 * `useServerList`, so the previous page stays on screen while the next loads.
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const { list, search, fieldSelect, extraFilter, newButton } = props;

  const textFilter = search ? (
    <TextFilter
      filteringText={list.searchText}
      filteringPlaceholder={search.placeholder}
      filteringAriaLabel={search.ariaLabel ?? search.placeholder}
      data-testid={search.testId}
      // The pager already says 'Total de N …': the search box only counts what matched.
      countText={
        list.query && !list.fetching
          ? `${list.estimated ? 'mais de ' : ''}${formatCount(list.total)} resultado(s)`
          : undefined
      }
      onChange={({ detail }) => list.setSearchText(detail.filteringText)}
    />
  ) : null;

  const filter =
    fieldSelect || extraFilter ? (
      <SpaceBetween direction="horizontal" size="xs">
        {fieldSelect ? (
          <div style={{ minWidth: 170 }}>
            <Select
              selectedOption={fieldSelect.options.find((o) => o.value === fieldSelect.value) ?? null}
              options={fieldSelect.options}
              ariaLabel="Campo de busca"
              data-testid={fieldSelect.testId}
              onChange={({ detail }) => fieldSelect.onChange(detail.selectedOption.value ?? '')}
            />
          </div>
        ) : null}
        {textFilter ? <div style={{ minWidth: 320 }}>{textFilter}</div> : null}
        {extraFilter}
      </SpaceBetween>
    ) : textFilter ? (
      <div style={{ maxWidth: 420 }}>{textFilter}</div>
    ) : undefined;

  const searching = list.query !== '' || props.filtered === true;
  const empty = searching ? (
    <Box textAlign="center" color="inherit" padding="l" data-testid="list-no-match">
      <SpaceBetween size="xs">
        <b>{props.noMatchText ?? 'Nenhum resultado encontrado.'}</b>
        <Button
          onClick={() => {
            list.setSearchText('');
            props.onClearFilters?.();
          }}
        >
          Limpar filtro
        </Button>
      </SpaceBetween>
    </Box>
  ) : (
    <Box textAlign="center" color="inherit" padding="l" data-testid="list-empty">
      <b>{props.emptyText}</b>
    </Box>
  );

  return (
    <Table<T>
      data-testid={props.testId}
      variant={props.variant ?? 'container'}
      items={list.items}
      loading={list.loading}
      loadingText={props.loadingText}
      trackBy={props.trackBy ?? 'id'}
      wrapLines={props.wrapLines}
      {...(props.stickyColumns ? { stickyColumns: props.stickyColumns } : {})}
      {...props.selection}
      {...props.sorting}
      header={
        <Header
          variant={props.headerVariant ?? 'h2'}
          counter={list.loading ? undefined : `(${list.total.toLocaleString('pt-BR')})`}
          description={list.error ? `Erro ao carregar: ${list.error}` : props.description}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {props.actions}
              {newButton ? (
                <Can I="write" a={newButton.subject}>
                  <Button
                    variant="primary"
                    iconName="add-plus"
                    data-testid={newButton.testId}
                    onClick={newButton.onClick}
                  >
                    {newButton.label}
                  </Button>
                </Can>
              ) : null}
            </SpaceBetween>
          }
        >
          {props.title}
        </Header>
      }
      filter={filter}
      pagination={
        <PagerWithTotal
          page={list.page}
          pagesCount={list.pagesCount}
          totalText={totalText(list.total, props.noun, {
            abbreviated: props.abbreviateTotal,
            estimated: list.estimated,
          })}
          onChange={list.setPage}
          disabled={list.fetching}
        />
      }
      empty={empty}
      columnDefinitions={props.columns}
      columnDisplay={props.columnDisplay}
    />
  );
}
