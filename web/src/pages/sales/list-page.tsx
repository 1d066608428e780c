import Box from '@cloudscape-design/components/box';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { SALE_MESSAGES, SALES_PAGE_SIZE } from '@freguesia/shared/domain/sales';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../api/client';
import {
  listSales,
  saleListKey,
  useDeleteSale,
  useSellers,
  type SaleListFilters,
  type SaleRow,
} from '../../api/sales';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { RowActions } from '../../components/row-actions';
import { ServerTable, useServerList } from '../../components/table';
import { dateTime, money, STATUS_LABELS, STATUS_TYPES } from './format';

export const EMPTY_TEXT = 'Nenhuma venda encontrada.';

/**
 * /sell 'Vendas' (read Sell; spec part 3 §2): 'show only drafts' on by default, the seller filter
 * with filter_sellers, search by sale number, pages of 100; duplicate, edit and (drafts only) delete.
 */
export default function SalesListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Sell');
  const canFilterSellers = useCan('filter_sellers', 'Sell');
  const sellers = useSellers(canFilterSellers);
  const [onlyDrafts, setOnlyDrafts] = useState(true);
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const filters: SaleListFilters = { onlyDrafts, userId };
  const list = useServerList<SaleRow, SaleListFilters>({
    queryKey: saleListKey,
    fetchPage: listSales,
    perPage: SALES_PAGE_SIZE,
    filters,
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar as vendas.'),
  });
  const remove = useDeleteSale();
  const [toDelete, setToDelete] = useState<SaleRow | null>(null);

  const confirmDelete = async (sale: SaleRow) => {
    try {
      await remove.mutateAsync(sale.id);
      notify({ type: 'success', content: 'Venda excluída com sucesso' });
    } catch (error) {
      notify({ type: 'error', header: 'Ops!', content: failureMessage(error, 'Erro ao excluir a venda.') });
    }
  };

  const sellerOptions = [
    { value: '', label: 'Todos os vendedores' },
    ...(sellers.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.shortname })),
  ];

  const columns: TableProps.ColumnDefinition<SaleRow>[] = [
    { id: 'id', header: 'Venda', cell: (s) => s.id, minWidth: 80 },
    {
      id: 'customer',
      header: 'Cliente',
      cell: (s) => <Box fontWeight="bold">{s.customer_name}</Box>,
      isRowHeader: true,
      minWidth: 200,
    },
    { id: 'store', header: 'Loja', cell: (s) => s.store_name },
    { id: 'user', header: 'Vendedor', cell: (s) => s.user },
    { id: 'items', header: 'Itens', cell: (s) => s.item_quantity },
    { id: 'total', header: 'Total', cell: (s) => money(s.total_value) },
    {
      id: 'status',
      header: 'Status',
      minWidth: 190,
      cell: (s) => (
        <span data-testid={`sale-status-${s.id}`}>
          <StatusIndicator type={STATUS_TYPES[s.status]}>{STATUS_LABELS[s.status]}</StatusIndicator>
        </span>
      ),
    },
    { id: 'created', header: 'Criada em', cell: (s) => dateTime(s.created_at) },
    {
      id: 'actions',
      header: 'Opções',
      cell: (s) => (
        <RowActions
          label={`venda ${s.id}`}
          actions={[
            {
              id: 'clone',
              text: 'Duplicar',
              visible: canWrite,
              onClick: () => navigate(`/sell/clone/${s.id}`),
            },
            { id: 'edit', text: 'Editar', visible: canWrite, onClick: () => navigate(`/sell/edit/${s.id}`) },
            {
              id: 'delete',
              text: 'Excluir',
              visible: canWrite && s.status === 'Rascunho',
              onClick: () => setToDelete(s),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ServerTable<SaleRow>
        testId="sales-table"
        title="Vendas"
        variant="full-page"
        headerVariant="h1"
        loadingText="Carregando vendas"
        wrapLines
        list={list}
        columns={columns}
        newButton={{
          label: 'Nova venda',
          testId: 'sale-new',
          subject: 'Sell',
          onClick: () => navigate('/sell/new'),
        }}
        search={{
          placeholder: 'Buscar pelo número da venda',
          ariaLabel: 'Buscar vendas',
          testId: 'sales-search',
        }}
        extraFilter={
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            <Toggle
              checked={onlyDrafts}
              onChange={({ detail }) => setOnlyDrafts(detail.checked)}
              data-testid="only-drafts"
            >
              Mostrar somente rascunhos
            </Toggle>
            {canFilterSellers && (
              <Select
                data-testid="seller-filter"
                selectedOption={
                  sellerOptions.find((o) => o.value === String(userId ?? '')) ?? sellerOptions[0]!
                }
                options={sellerOptions}
                onChange={({ detail }) =>
                  setUserId(detail.selectedOption.value ? Number(detail.selectedOption.value) : undefined)
                }
                ariaLabel="Vendedor"
              />
            )}
          </SpaceBetween>
        }
        filtered={!onlyDrafts || userId !== undefined}
        onClearFilters={() => {
          setOnlyDrafts(true);
          setUserId(undefined);
        }}
        noun="venda(s)"
        emptyText={EMPTY_TEXT}
        noMatchText={EMPTY_TEXT}
      />
      {toDelete && (
        <ConfirmDeleteModal
          header="Excluir venda"
          onConfirm={() => confirmDelete(toDelete)}
          onDismiss={() => setToDelete(null)}
        >
          <SpaceBetween size="xs">
            <Box>{SALE_MESSAGES.deleteConfirm}</Box>
            <Box color="text-body-secondary">
              Venda {toDelete.id} — {toDelete.customer_name}
            </Box>
          </SpaceBetween>
        </ConfirmDeleteModal>
      )}
    </>
  );
}
