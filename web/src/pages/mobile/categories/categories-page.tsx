import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo, useState } from 'react';
import { useCan } from '../../../app/ability';
import { failureMessage } from '../../../api/client';
import { useAllCategories } from '../../../api/catalog';
import { includesFolded } from '@freguesia/shared/domain/text';
import { CategoryAppFormModal } from './category-app-form';
import {
  availability,
  CATEGORIES_PAGE_SIZE,
  categoryTree,
  iconGlyph,
  type CategoryRow,
} from './categories-model';

/**
 * /mobile/categories (read Mobile; spec part 3 §2): the catalogue's categories as the app shows
 * them, an expandable tree keyed by reference code, 100 roots per page (the list is read whole,
 * page 1 of 5000, as the spec's helper does); editing the app fields needs write Mobile or write
 * Products (the catalogue owns categories; the API takes either).
 */
export default function MobileCategoriesPage() {
  const canWriteMobile = useCan('write', 'Mobile');
  const canWriteProducts = useCan('write', 'Products');
  const canWrite = canWriteMobile || canWriteProducts;
  const categories = useAllCategories();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<CategoryRow | null>(null);

  const tree = useMemo(() => categoryTree(categories.data ?? []), [categories.data]);
  // A search lists the matching categories flat (any level), like the catalogue's list.
  const searched = useMemo(
    () =>
      filter
        ? (categories.data ?? [])
            .filter((c) =>
              [c.reference_code, c.description, c.app_description].some((v) => includesFolded(v, filter)),
            )
            .map((c) => ({ ...c, children: [] as CategoryRow[] }))
        : null,
    [categories.data, filter],
  );
  const roots = searched ?? tree;
  const pages = Math.max(1, Math.ceil(roots.length / CATEGORIES_PAGE_SIZE));
  const items = roots.slice((page - 1) * CATEGORIES_PAGE_SIZE, page * CATEGORIES_PAGE_SIZE);
  const expandedRows = useMemo(() => {
    const out: CategoryRow[] = [];
    const walk = (rows: CategoryRow[]) => {
      for (const r of rows) {
        if (expanded.has(r.id)) out.push(r);
        walk(r.children);
      }
    };
    walk(items);
    return out;
  }, [items, expanded]);

  return (
    <SpaceBetween size="l">
      {categories.error && (
        <Alert type="error" header="Não foi possível carregar as categorias">
          {failureMessage(categories.error)}
        </Alert>
      )}
      <Table<CategoryRow>
        data-testid="mobile-categories"
        variant="full-page"
        trackBy={(r) => String(r.id)}
        items={items}
        loading={categories.isPending}
        loadingText="Carregando categorias"
        wrapLines
        header={
          <Header variant="h1" counter={categories.data ? `(${categories.data.length})` : undefined}>
            Categorias do App
          </Header>
        }
        filter={
          <TextFilter
            filteringText={filter}
            filteringPlaceholder="Buscar por referência ou descrição"
            filteringAriaLabel="Buscar categorias"
            countText={searched ? `${searched.length} categoria(s)` : undefined}
            onChange={({ detail }) => {
              setFilter(detail.filteringText);
              setPage(1);
            }}
          />
        }
        pagination={
          <Pagination
            currentPageIndex={page}
            pagesCount={pages}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
          />
        }
        expandableRows={{
          getItemChildren: (r) => r.children,
          isItemExpandable: (r) => r.children.length > 0,
          expandedItems: expandedRows,
          onExpandableItemToggle: ({ detail }) =>
            setExpanded((prev) => {
              const next = new Set(prev);
              if (detail.expanded) next.add(detail.item.id);
              else next.delete(detail.item.id);
              return next;
            }),
        }}
        empty={
          <Box textAlign="center">
            {filter ? 'Nenhuma categoria encontrada' : 'Nenhuma categoria cadastrada'}
          </Box>
        }
        columnDefinitions={[
          { id: 'reference_code', header: 'Referência', cell: (r) => r.reference_code, isRowHeader: true },
          { id: 'level', header: 'Nível', cell: (r) => r.level },
          { id: 'description', header: 'Descrição', cell: (r) => r.description },
          { id: 'app_description', header: 'Descrição no App', cell: (r) => r.app_description || '—' },
          {
            id: 'show_app',
            header: 'Disponibilidade',
            cell: (r) => {
              const tag = availability(r);
              return (
                <StatusIndicator
                  type={tag.shown ? 'success' : 'stopped'}
                  data-testid={`category-availability-${r.id}`}
                >
                  {tag.label}
                </StatusIndicator>
              );
            },
          },
          {
            id: 'icon',
            header: 'Ícone',
            cell: (r) =>
              r.icon ? (
                <span title={iconGlyph(r.icon) ? `U+${r.icon.slice(2).toUpperCase()}` : undefined}>
                  <Box variant="code">{r.icon}</Box>
                </span>
              ) : (
                '—'
              ),
          },
          {
            id: 'actions',
            header: 'Ações',
            cell: (r) =>
              canWrite ? (
                <Button
                  variant="inline-icon"
                  iconName="edit"
                  ariaLabel={`Alterar a categoria ${r.reference_code}`}
                  data-testid={`category-edit-${r.id}`}
                  onClick={() => setEditing(r)}
                />
              ) : null,
          },
        ]}
      />
      {editing && <CategoryAppFormModal category={editing} onClose={() => setEditing(null)} />}
    </SpaceBetween>
  );
}
