import Box from '@cloudscape-design/components/box';
import { useState } from 'react';
import { storesList, type Store, type StoreListFilters } from '../../api/catalog';
import { EMPTY, formatDate } from '../../components/format';
import { useServerList } from '../../components/table';
import { EditableListPage } from './editable-list-page';
import { StoreForm } from './store-form';

const STORES_PAGE_SIZE = 20;

/** /stores 'Lojas' (read Stores): the store list (read whole, searched and sorted here) and the store drawer. */
export default function StoresPage() {
  const [sorting, setSorting] = useState<StoreListFilters>({ sortBy: 'id', descending: false });
  const list = useServerList({
    ...storesList,
    perPage: STORES_PAGE_SIZE,
    filters: sorting,
    // Searched in memory: no request to spare, so the list follows each key stroke.
    debounceMs: 0,
  });
  return (
    <EditableListPage<Store>
      heading="Lojas"
      testId="stores-table"
      title="Lista de lojas"
      loadingText="Carregando lojas"
      list={list}
      subject="Stores"
      newButton={{ label: 'Nova Loja', testId: 'store-new' }}
      search={{
        placeholder: 'Buscar por nome, código ou endereço',
        ariaLabel: 'Buscar lojas',
        testId: 'store-search',
      }}
      noun="loja(s)"
      emptyText="Nenhuma loja cadastrada."
      noMatchText="Nenhuma loja encontrada."
      wrapLines
      sorting={{
        sortingColumn: { sortingField: sorting.sortBy },
        sortingDescending: sorting.descending,
        onSortingChange: ({ detail }) =>
          setSorting({
            sortBy: (detail.sortingColumn.sortingField ?? 'id') as StoreListFilters['sortBy'],
            descending: detail.isDescending ?? false,
          }),
      }}
      columns={[
        { id: 'id', header: 'Id', width: 72, sortingField: 'id', cell: (s) => s.id },
        {
          id: 'reference_code',
          header: 'Código interno',
          sortingField: 'reference_code',
          cell: (s) => s.reference_code || EMPTY,
        },
        {
          id: 'name',
          header: 'Nome',
          sortingField: 'name',
          cell: (s) => <Box fontWeight="bold">{s.name}</Box>,
        },
        { id: 'address', header: 'Endereço', cell: (s) => s.full_address || EMPTY },
        {
          id: 'created',
          header: 'Criada em',
          sortingField: 'created_at',
          cell: (s) => formatDate(s.created_at),
        },
      ]}
      rowLabel={(s) => s.name}
      form={(store, close) => <StoreForm store={store} onClose={close} onSaved={close} />}
    />
  );
}
