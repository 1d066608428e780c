import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCollection } from '@cloudscape-design/collection-hooks';
import { useEffect, useState } from 'react';
import { errorText, listStores, type Store } from '../../api/catalog';
import { Can, useCan } from '../../app/ability';
import { foldName } from '../../components/address/address-fields';
import { formatDate } from './format';
import { StoreForm } from './store-form';

const STORES_PAGE_SIZE = 20;

/** /stores 'Lojas' (read Stores): the store list (read whole, filtered here) and the store drawer. */
export default function StoresPage() {
  const canWrite = useCan('write', 'Stores');
  const [state, setState] = useState<{ stores: Store[]; loaded: boolean; error?: string; version: number }>({
    stores: [],
    loaded: false,
    version: 0,
  });
  const [editing, setEditing] = useState<{ store: Store | null; key: number } | null>(null);

  useEffect(() => {
    let alive = true;
    listStores().then(
      (stores) => alive && setState((s) => ({ ...s, stores, loaded: true, error: undefined })),
      (error: unknown) => alive && setState((s) => ({ ...s, loaded: true, error: errorText(error) })),
    );
    return () => {
      alive = false;
    };
  }, [state.version]);
  const reload = () => setState((s) => ({ ...s, version: s.version + 1 }));

  const { items, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(
    state.stores,
    {
      filtering: {
        filteringFunction: (store, text) => {
          const needle = foldName(text);
          return [String(store.id), store.reference_code, store.name, store.full_address, store.zipcode].some(
            (v) => foldName(v ?? '').includes(needle),
          );
        },
        empty: (
          <Box textAlign="center" color="inherit" padding="l">
            <b>Nenhuma loja cadastrada.</b>
          </Box>
        ),
        noMatch: (
          <Box textAlign="center" color="inherit" padding="l">
            <b>Nenhuma loja encontrada.</b>
          </Box>
        ),
      },
      pagination: { pageSize: STORES_PAGE_SIZE },
      sorting: { defaultState: { sortingColumn: { sortingField: 'id' } } },
    },
  );

  return (
    <ContentLayout header={<Header variant="h1">Lojas</Header>}>
      <Table<Store>
        {...collectionProps}
        data-testid="stores-table"
        variant="container"
        items={items}
        loading={!state.loaded}
        loadingText="Carregando lojas"
        trackBy="id"
        wrapLines
        header={
          <Header
            counter={`(${state.stores.length})`}
            description={state.error ? `Erro ao carregar: ${state.error}` : undefined}
            actions={
              <Can I="write" a="Stores">
                <Button
                  variant="primary"
                  iconName="add-plus"
                  data-testid="store-new"
                  onClick={() => setEditing({ store: null, key: Date.now() })}
                >
                  Nova Loja
                </Button>
              </Can>
            }
          >
            Lista de lojas
          </Header>
        }
        filter={
          <div style={{ maxWidth: 420 }}>
            <TextFilter
              {...filterProps}
              filteringPlaceholder="Buscar por nome, código ou endereço"
              filteringAriaLabel="Buscar lojas"
              countText={filterProps.filteringText ? `${filteredItemsCount ?? 0} resultado(s)` : undefined}
              data-testid="store-search"
            />
          </div>
        }
        pagination={
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            <Box
              color="text-body-secondary"
              fontSize="body-s"
              data-testid="list-total"
            >{`Total de ${filteredItemsCount ?? state.stores.length} loja(s)`}</Box>
            <Pagination
              {...paginationProps}
              ariaLabels={{
                nextPageLabel: 'Próxima página',
                previousPageLabel: 'Página anterior',
                pageLabel: (n) => `Página ${n}`,
              }}
            />
          </SpaceBetween>
        }
        columnDefinitions={[
          { id: 'id', header: 'Id', width: 72, sortingField: 'id', cell: (s) => s.id },
          {
            id: 'reference_code',
            header: 'Código interno',
            sortingField: 'reference_code',
            cell: (s) => s.reference_code || '-',
          },
          {
            id: 'name',
            header: 'Nome',
            sortingField: 'name',
            cell: (s) => <Box fontWeight="bold">{s.name}</Box>,
          },
          { id: 'address', header: 'Endereço', cell: (s) => s.full_address || '-' },
          {
            id: 'created',
            header: 'Criada em',
            sortingField: 'created_at',
            cell: (s) => formatDate(s.created_at),
          },
          {
            id: 'actions',
            header: 'Opções',
            width: 140,
            cell: (s) =>
              canWrite ? (
                <Button
                  variant="inline-link"
                  iconName="edit"
                  ariaLabel={`Alterar ${s.name}`}
                  data-testid={`store-edit-${s.id}`}
                  onClick={() => setEditing({ store: s, key: Date.now() })}
                >
                  Alterar
                </Button>
              ) : (
                '-'
              ),
          },
        ]}
      />
      {editing ? (
        <StoreForm
          key={editing.key}
          store={editing.store}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </ContentLayout>
  );
}
