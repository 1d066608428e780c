import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { Role, User } from '@freguesia/shared/schemas/identity';
import { useEffect, useMemo, useState } from 'react';
import { allRoles, deleteUser, listUsers, storeOptions, type StoreOption } from '../../api/identity';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { failureMessage } from './field-errors';
import { formatDate, totalText } from './format';
import { NO_OPTIONS, RowActions } from './row-actions';
import { EMPTY_USER_FORM, userFormFromUser, type UserFormMode, type UserFormValues } from './user-form';
import { USER_NOTICES, UserFormModal } from './user-form-modal';
import { useServerList } from './use-server-list';

const PAGE_SIZE = 20;
export const ALL_STORES_TEXT = 'Todas as lojas';

interface Editing {
  mode: UserFormMode;
  initial: UserFormValues;
}

/** The store column: 'Todas as lojas', the store's name, or its number while unknown. */
function storeText(user: User, storeNames: ReadonlyMap<number, string>): string {
  if (user.all_stores === 'Y') return ALL_STORES_TEXT;
  if (user.store_name) return user.store_name;
  if (user.store_id === null) return '-';
  return storeNames.get(user.store_id) ?? `Loja ${user.store_id}`;
}

/** /settings/users ('Usuários', read Settings): staff list with search, drawer to create and edit. */
export default function UsersPage() {
  const canWrite = useCan('write', 'Settings');
  const list = useServerList(listUsers, PAGE_SIZE);
  const [roles, setRoles] = useState<Role[]>([]);
  const [stores, setStores] = useState<StoreOption[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<User | null>(null);

  // The roles and stores of the drawer (the stores also name the store column).
  useEffect(() => {
    const controller = new AbortController();
    allRoles(controller.signal).then(setRoles, () => undefined);
    storeOptions(controller.signal).then(setStores, () => undefined);
    return () => controller.abort();
  }, []);
  const storeNames = useMemo(() => new Map(stores.map((s) => [s.id, s.name])), [stores]);

  async function remove(user: User) {
    try {
      await deleteUser(user.id);
      notify({ type: 'success', header: USER_NOTICES.removed });
      list.reload();
    } catch (error) {
      notify({ type: 'error', header: USER_NOTICES.updateFailed, content: failureMessage(error) });
    }
  }

  const columns: TableProps.ColumnDefinition<User>[] = [
    { id: 'fullname', header: 'Nome', cell: (u) => u.fullname, isRowHeader: true },
    { id: 'shortname', header: 'Nome reduzido', cell: (u) => u.shortname },
    { id: 'email', header: 'E-mail', cell: (u) => u.email },
    { id: 'role', header: 'Permissão', cell: (u) => u.role ?? '-' },
    { id: 'store', header: 'Loja', cell: (u) => storeText(u, storeNames) },
    { id: 'created_at', header: 'Criado em', cell: (u) => formatDate(u.created_at) },
    { id: 'updated_at', header: 'Alterado em', cell: (u) => formatDate(u.updated_at) },
    {
      id: 'options',
      header: 'Opções',
      width: 100,
      cell: (u) =>
        canWrite ? (
          <RowActions
            label={`usuário ${u.fullname}`}
            onEdit={() => setEditing({ mode: { kind: 'edit', id: u.id }, initial: userFormFromUser(u) })}
            onDelete={() => setRemoving(u)}
          />
        ) : (
          NO_OPTIONS
        ),
    },
  ];

  return (
    <>
      <Table
        variant="full-page"
        data-testid="users-table"
        items={list.items}
        columnDefinitions={columns}
        trackBy="id"
        loading={list.loading && list.items.length === 0}
        loadingText="Carregando usuários"
        wrapLines
        stickyHeader
        header={
          <Header
            variant="h1"
            counter={`(${list.total})`}
            description="Quem acessa a plataforma, com qual permissão e em quais lojas."
            actions={
              canWrite && (
                <Button
                  variant="primary"
                  iconName="add-plus"
                  onClick={() => setEditing({ mode: { kind: 'create' }, initial: EMPTY_USER_FORM })}
                >
                  Novo usuário
                </Button>
              )
            }
          >
            Usuários
          </Header>
        }
        filter={
          <TextFilter
            filteringText={list.filterText}
            filteringPlaceholder="Buscar por nome, nome reduzido, e-mail ou documento"
            filteringAriaLabel="Buscar usuários"
            filteringClearAriaLabel="Limpar busca"
            countText={list.searched ? `${list.total} resultado(s)` : undefined}
            onChange={({ detail }) => list.setFilterText(detail.filteringText)}
          />
        }
        pagination={
          <Pagination
            currentPageIndex={list.currentPage}
            pagesCount={list.pagesCount}
            onChange={({ detail }) => list.setPage(detail.currentPageIndex)}
          />
        }
        footer={<Box variant="small" color="text-body-secondary">{totalText(list.total, 'usuário(s)')}</Box>}
        empty={
          list.error ? (
            <Alert type="error" header="Não foi possível carregar os usuários">
              {list.error}
            </Alert>
          ) : list.searched ? (
            <Box textAlign="center" color="inherit">
              <SpaceBetween size="xs">
                <b>Nenhum usuário encontrado</b>
                <Button onClick={() => list.setFilterText('')}>Limpar busca</Button>
              </SpaceBetween>
            </Box>
          ) : (
            <Box textAlign="center" color="inherit">
              <b>Nenhum usuário cadastrado</b>
            </Box>
          )
        }
      />
      {editing && (
        <UserFormModal
          mode={editing.mode}
          initial={editing.initial}
          roles={roles}
          stores={stores}
          onDismiss={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {removing && (
        <ConfirmDeleteModal header="Remover usuário" onConfirm={() => remove(removing)} onDismiss={() => setRemoving(null)}>
          Tem certeza que deseja excluir o usuário <b>{removing.fullname}</b> ({removing.email})?
        </ConfirmDeleteModal>
      )}
    </>
  );
}
