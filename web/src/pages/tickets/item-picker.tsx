import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACCELERATOR_TYPE_LABELS, type AcceleratorType } from '@freguesia/shared/domain/tickets';
import { useEffect, useState } from 'react';
import { listBrands, listCategories, listPartners, listPayments, listProducts } from '../../api/catalog';
import { tenantKey } from '../../api/query';

export interface PickedItem {
  item_id: string;
  label: string;
}

const PER_PAGE = 20;

/** The search fields of each picker (spec part 2 §2.4). */
const FIELDS: Readonly<Record<AcceleratorType, { value: string; label: string }[]>> = {
  product: [
    { value: 'description', label: 'Descrição' },
    { value: 'code', label: 'Código EAN' },
    { value: 'reference_code', label: 'Referência (SKU)' },
    { value: 'group_code', label: 'Grupo' },
  ],
  partner: [
    { value: 'reference_code', label: 'Referência' },
    { value: 'name', label: 'Nome' },
    { value: 'document', label: 'Documento' },
  ],
  brand: [
    { value: 'reference_code', label: 'Referência' },
    { value: 'description', label: 'Descrição' },
  ],
  category: [{ value: 'description', label: 'Descrição' }],
  payment: [
    { value: 'reference_code', label: 'Referência' },
    { value: 'description', label: 'Descrição' },
  ],
};

async function search(
  type: AcceleratorType,
  q: string,
  field: string,
  page: number,
  signal: AbortSignal,
): Promise<{ items: PickedItem[]; total: number }> {
  const query = { page, per_page: PER_PAGE, q: q.trim() || undefined };
  switch (type) {
    case 'product': {
      const r = await listProducts({ ...query, field: q.trim() ? (field as never) : undefined }, signal);
      return {
        items: r.data.map((p) => ({ item_id: p.code, label: `${p.code} - ${p.description}` })),
        total: r.pagination.total,
      };
    }
    case 'partner': {
      const r = await listPartners({ ...query, field: q.trim() ? (field as never) : undefined }, signal);
      return {
        items: r.data.map((p) => ({ item_id: String(p.id), label: `${p.id} - ${p.name}` })),
        total: r.pagination.total,
      };
    }
    case 'brand': {
      const r = await listBrands({ ...query, field: q.trim() ? (field as never) : undefined }, signal);
      return {
        items: r.data.map((b) => ({ item_id: String(b.id), label: `${b.id} - ${b.description}` })),
        total: r.pagination.total,
      };
    }
    case 'category': {
      const r = await listCategories(query, signal);
      return {
        items: r.data.map((c) => ({ item_id: String(c.id), label: `${c.id} - ${c.description}` })),
        total: r.pagination.total,
      };
    }
    case 'payment': {
      const r = await listPayments(query, signal);
      return {
        items: r.data.map((p) => ({ item_id: String(p.id), label: `${p.id} - ${p.description}` })),
        total: r.pagination.total,
      };
    }
  }
}

/**
 * The picker of an accelerator's items (spec part 2 §2.4): products, suppliers, brands, categories
 * or payment methods, searched by the spec's fields, paged (page, q, field, per_page). The editor
 * opens one at a time.
 */
export function ItemPickerModal({
  type,
  onAdd,
  onDismiss,
}: {
  type: AcceleratorType;
  onAdd: (items: PickedItem[]) => void;
  onDismiss: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [field, setField] = useState(FIELDS[type][0]!.value);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PickedItem[]>([]);
  // 500 ms debounce of what is typed (spec part 2 §9).
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed);
      setPage(1);
    }, 500);
    return () => clearTimeout(timer);
  }, [typed]);
  const result = useQuery({
    queryKey: tenantKey('tickets', 'picker', type, q, field, page),
    queryFn: ({ signal }) => search(type, q, field, page, signal),
    placeholderData: keepPreviousData,
  });
  const title = `Selecionar ${ACCELERATOR_TYPE_LABELS[type].toLowerCase()}`;
  return (
    <Modal
      visible
      size="large"
      header={title}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              data-testid="picker-add"
              disabled={selected.length === 0}
              onClick={() => onAdd(selected)}
            >
              Adicionar ({selected.length})
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <Table
        data-testid="picker-table"
        variant="embedded"
        items={result.data?.items ?? []}
        trackBy="item_id"
        loading={result.isPending}
        loadingText="Buscando"
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        ariaLabels={{
          selectionGroupLabel: 'Seleção',
          itemSelectionLabel: (_, i) => i.label,
          allItemsSelectionLabel: () => 'Todos da página',
        }}
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            {FIELDS[type].length > 1 ? (
              <Select
                ariaLabel="Buscar por"
                selectedOption={FIELDS[type].find((f) => f.value === field) ?? null}
                options={FIELDS[type]}
                onChange={({ detail }) => setField(detail.selectedOption.value ?? field)}
              />
            ) : null}
            <Input
              data-testid="picker-search"
              type="search"
              placeholder="Buscar"
              ariaLabel="Buscar"
              value={typed}
              onChange={({ detail }) => setTyped(detail.value)}
            />
          </SpaceBetween>
        }
        columnDefinitions={[
          { id: 'label', header: ACCELERATOR_TYPE_LABELS[type], cell: (i) => i.label, isRowHeader: true },
        ]}
        empty={<Box textAlign="center">Nada encontrado.</Box>}
        pagination={
          <Pagination
            currentPageIndex={page}
            pagesCount={Math.max(1, Math.ceil((result.data?.total ?? 0) / PER_PAGE))}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
          />
        }
      />
    </Modal>
  );
}
