import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CUSTOMERS_PAGE_SIZE,
  deleteCustomer,
  listCustomers,
  type CustomerListItem,
} from '../../api/customers';
import { ApiError } from '../../api/client';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { useFollow } from '../../app/shell/use-follow';
import { abbreviate, cityUf, customersTotalText, displayDocument, displayPhone, formatDate } from './format';
import { useAsync } from './use-async';
import './list-page.css';

const NoWrap = ({ children }: { children: ReactNode }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

export const DELETE_QUESTION = 'Tem certeza que deseja excluir este cliente ?';
export const EMPTY_TEXT = 'Nenhum cliente encontrado.';

/**
 * /customers 'Clientes' (spec part 1 §2): one search box (the server tells a document, an
 * e-mail, a phone and a name apart), server-side pages of 10, abbreviated total, row actions
 * and 'Novo cliente' for write Customers. Page and search live in the URL (?q=&page=), so
 * coming back from a form keeps them.
 */
export default function CustomersListPage() {
  const navigate = useNavigate();
  const follow = useFollow();
  const canWrite = useCan('write', 'Customers');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [filterText, setFilterText] = useState(q);
  const [toDelete, setToDelete] = useState<CustomerListItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  const result = useAsync((signal) => listCustomers({ page, q }, signal), `${page}|${q}`);
  const items = result.data?.data ?? [];
  const pagination = result.data?.pagination;
  const total = pagination?.total ?? 0;
  const estimated = pagination?.estimated === true;
  const pagesCount = Math.max(1, pagination?.last_page ?? Math.ceil(total / CUSTOMERS_PAGE_SIZE));

  const setQuery = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams(params);
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? page;
    if (nextQ) search.set('q', nextQ);
    else search.delete('q');
    if (nextPage > 1) search.set('page', String(nextPage));
    else search.delete('page');
    setParams(search, { replace: next.q !== undefined });
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteCustomer(toDelete.id);
      notify({ type: 'success', content: 'Cliente excluído com sucesso' });
      setToDelete(null);
      // The last row of a page gone: go back one page.
      if (items.length === 1 && page > 1) setQuery({ page: page - 1 });
      else result.reload();
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao excluir cliente',
        content: error instanceof ApiError ? error.message : 'Tente novamente.',
      });
    } finally {
      setDeleting(false);
    }
  };

  const columns = useMemo<TableProps.ColumnDefinition<CustomerListItem>[]>(() => {
    const list: TableProps.ColumnDefinition<CustomerListItem>[] = [
      {
        id: 'fullname',
        header: 'Nome',
        cell: (c) => (
          <Link href={`/customer/details/${c.id}`} onFollow={follow}>
            {c.fullname}
          </Link>
        ),
        isRowHeader: true,
      },
      { id: 'document', header: 'CPF/CNPJ', cell: (c) => <NoWrap>{displayDocument(c.document)}</NoWrap> },
      { id: 'email', header: 'E-mail', cell: (c) => <span className="customers-list__email">{c.email || '-'}</span> },
      { id: 'cellphone', header: 'Celular', cell: (c) => <NoWrap>{displayPhone(c.cellphone)}</NoWrap> },
      { id: 'city', header: 'Cidade/UF', cell: (c) => cityUf(c.city, c.state) },
      { id: 'channel', header: 'Canal', cell: (c) => c.channel || '-' },
      { id: 'created_at', header: 'Cadastro', cell: (c) => <NoWrap>{formatDate(c.created_at) || '-'}</NoWrap> },
      {
        id: 'actions',
        header: 'Opções',
        cell: (c) =>
          canWrite ? (
            <ButtonDropdown
              data-testid={`customer-actions-${c.id}`}
              variant="icon"
              ariaLabel={`Opções de ${c.fullname}`}
              expandToViewport
              items={[
                { id: 'details', text: 'Detalhes', iconName: 'search' },
                { id: 'edit', text: 'Editar', iconName: 'edit' },
                { id: 'delete', text: 'Excluir', iconName: 'remove' },
              ]}
              onItemClick={({ detail }) => {
                if (detail.id === 'details') navigate(`/customer/details/${c.id}`);
                else if (detail.id === 'edit') navigate(`/customer/edit/${c.id}`);
                else setToDelete(c);
              }}
            />
          ) : (
            '-'
          ),
      },
    ];
    return list;
  }, [canWrite, follow, navigate]);

  return (
    <>
      <Table<CustomerListItem>
        data-testid="customers-table"
        variant="full-page"
        items={items}
        columnDefinitions={columns}
        trackBy="id"
        loading={result.loading && !result.data}
        loadingText="Carregando clientes"
        wrapLines
        stickyHeader
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={result.data ? `(${abbreviate(total)}${estimated ? '+' : ''})` : undefined}
            actions={
              canWrite ? (
                <Button variant="primary" iconName="add-plus" onClick={() => navigate('/customer/new')}>
                  Novo cliente
                </Button>
              ) : undefined
            }
          >
            Clientes
          </Header>
        }
        filter={
          <TextFilter
            filteringText={filterText}
            filteringPlaceholder="Buscar por nome, CPF/CNPJ, e-mail ou telefone"
            filteringAriaLabel="Buscar clientes"
            filteringClearAriaLabel="Limpar busca"
            onChange={({ detail }) => setFilterText(detail.filteringText)}
            onDelayedChange={({ detail }) => setQuery({ q: detail.filteringText.trim(), page: 1 })}
          />
        }
        pagination={
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            <Box color="text-body-secondary" fontSize="body-s" data-testid="customers-total">
              {result.data ? customersTotalText(total, estimated) : ''}
            </Box>
            <Pagination
              currentPageIndex={page}
              pagesCount={pagesCount}
              openEnd={estimated}
              disabled={result.loading}
              onChange={({ detail }) => setQuery({ page: detail.currentPageIndex })}
              ariaLabels={{
                nextPageLabel: 'Próxima página',
                previousPageLabel: 'Página anterior',
                pageLabel: (n) => `Página ${n}`,
              }}
            />
          </SpaceBetween>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            {result.error ? 'Não foi possível carregar os clientes.' : EMPTY_TEXT}
          </Box>
        }
      />
      <Modal
        visible={toDelete !== null}
        onDismiss={() => (deleting ? undefined : setToDelete(null))}
        header="Excluir cliente"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" disabled={deleting} onClick={() => setToDelete(null)}>
                Cancelar
              </Button>
              <Button variant="primary" loading={deleting} onClick={confirmDelete} data-testid="confirm-delete">
                Sim, Excluir
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="xs">
          <Box>{DELETE_QUESTION}</Box>
          {toDelete && (
            <Box color="text-body-secondary">
              {toDelete.fullname} — {displayDocument(toDelete.document)}
            </Box>
          )}
        </SpaceBetween>
      </Modal>
    </>
  );
}
