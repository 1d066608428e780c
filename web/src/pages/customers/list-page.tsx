import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../api/client';
import {
  CUSTOMERS_PAGE_SIZE,
  customerListKey,
  listCustomers,
  useDeleteCustomer,
  type CustomerListItem,
} from '../../api/customers';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { useFollow } from '../../app/shell/use-follow';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { EMPTY, formatDate } from '../../components/format';
import { RowActions } from '../../components/row-actions';
import { useMediaQuery } from '../../components/use-media-query';
import { ServerTable, useServerList } from '../../components/table';
import { cityUf, CUSTOMER_NOUN, displayDocument, displayPhone } from './format';
import './list-page.css';

const NoWrap = ({ children }: { children: ReactNode }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);

/**
 * Below this width (an 800 px laptop window, a tablet) the list keeps the columns staff look a
 * customer up by — name, document, cellphone, city — so none is squeezed into one letter per line;
 * the e-mail, channel and registration date are in the customer's details.
 */
export const COMPACT_LIST_QUERY = '(max-width: 1099.98px)';
const COMPACT_HIDDEN = new Set(['email', 'channel', 'created_at']);

export const DELETE_QUESTION = 'Tem certeza que deseja excluir este cliente ?';
export const EMPTY_TEXT = 'Nenhum cliente encontrado.';

/**
 * /customers 'Clientes' (spec part 1 §2): one search box (the server tells a document, an
 * e-mail, a phone and a name apart), server-side pages of 10, abbreviated total, row actions
 * and 'Novo cliente' for write Customers.
 */
export default function CustomersListPage() {
  const navigate = useNavigate();
  const follow = useFollow();
  const canWrite = useCan('write', 'Customers');
  // Page and search in the URL (?q=&page=): coming back from a form or a link keeps them.
  const list = useServerList<CustomerListItem>({
    queryKey: ({ q, page }) => customerListKey({ page, q }),
    fetchPage: ({ q, page }, signal) => listCustomers({ page, q }, signal),
    perPage: CUSTOMERS_PAGE_SIZE,
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar os clientes.'),
  });
  const remove = useDeleteCustomer();
  const [toDelete, setToDelete] = useState<CustomerListItem | null>(null);
  const compact = useMediaQuery(COMPACT_LIST_QUERY);

  const confirmDelete = async (customer: CustomerListItem) => {
    try {
      await remove.mutateAsync(customer.id);
      notify({ type: 'success', content: 'Cliente excluído com sucesso' });
      // The last row of a page gone: go back one page.
      if (list.items.length === 1 && list.page > 1) list.setPage(list.page - 1);
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao excluir cliente',
        content: failureMessage(error, 'Tente novamente.'),
      });
    }
  };

  const columns: TableProps.ColumnDefinition<CustomerListItem>[] = [
    {
      id: 'fullname',
      header: 'Nome',
      cell: (c) => (
        <Link href={`/customer/details/${c.id}`} onFollow={follow}>
          {c.fullname}
        </Link>
      ),
      isRowHeader: true,
      minWidth: 180,
    },
    {
      id: 'document',
      header: 'CPF/CNPJ',
      minWidth: 140,
      cell: (c) => <NoWrap>{displayDocument(c.document)}</NoWrap>,
    },
    {
      id: 'email',
      header: 'E-mail',
      cell: (c) => <span className="customers-list__email">{c.email || EMPTY}</span>,
    },
    {
      id: 'cellphone',
      header: 'Celular',
      minWidth: 130,
      cell: (c) => <NoWrap>{displayPhone(c.cellphone)}</NoWrap>,
    },
    { id: 'city', header: 'Cidade/UF', minWidth: 120, cell: (c) => cityUf(c.city, c.state) },
    { id: 'channel', header: 'Canal', cell: (c) => c.channel || EMPTY },
    { id: 'created_at', header: 'Cadastro', cell: (c) => <NoWrap>{formatDate(c.created_at)}</NoWrap> },
    {
      id: 'actions',
      header: 'Opções',
      cell: (c) => (
        <RowActions
          label={c.fullname}
          actions={[
            {
              id: 'details',
              text: 'Detalhes',
              visible: canWrite,
              onClick: () => navigate(`/customer/details/${c.id}`),
            },
            {
              id: 'edit',
              text: 'Editar',
              visible: canWrite,
              onClick: () => navigate(`/customer/edit/${c.id}`),
            },
            { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => setToDelete(c) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ServerTable<CustomerListItem>
        testId="customers-table"
        title="Clientes"
        variant="full-page"
        headerVariant="h1"
        loadingText="Carregando clientes"
        wrapLines
        list={list}
        columns={columns}
        columnDisplay={columns.map((column) => ({
          id: column.id!,
          visible: !(compact && COMPACT_HIDDEN.has(column.id!)),
        }))}
        newButton={{ label: 'Novo cliente', subject: 'Customers', onClick: () => navigate('/customer/new') }}
        search={{
          placeholder: 'Buscar por nome, CPF/CNPJ, e-mail ou telefone',
          ariaLabel: 'Buscar clientes',
        }}
        noun={CUSTOMER_NOUN}
        abbreviateTotal
        emptyText={EMPTY_TEXT}
        noMatchText={EMPTY_TEXT}
      />
      {toDelete && (
        <ConfirmDeleteModal
          header="Excluir cliente"
          onConfirm={() => confirmDelete(toDelete)}
          onDismiss={() => setToDelete(null)}
        >
          <SpaceBetween size="xs">
            <Box>{DELETE_QUESTION}</Box>
            <Box color="text-body-secondary">
              {toDelete.fullname} — {displayDocument(toDelete.document)}
            </Box>
          </SpaceBetween>
        </ConfirmDeleteModal>
      )}
    </>
  );
}
