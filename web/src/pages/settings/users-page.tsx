import type { TableProps } from '@cloudscape-design/components/table';
import type { User } from '@freguesia/shared/schemas/identity';
import { useMemo, useState } from 'react';
import { listUsers, useAllRoles, useDeleteUser, userListKey, useWorkStores } from '../../api/identity';
import { useCan } from '../../app/ability';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { EMPTY, formatDate } from '../../components/format';
import { RowActions } from '../../components/row-actions';
import { ServerTable, useServerList } from '../../components/table';
import { identityList, removeWithNotices } from './list-state';
import { EMPTY_USER_FORM, userFormFromUser, type UserFormMode, type UserFormValues } from './user-form';
import { USER_NOTICES, UserFormModal } from './user-form-modal';

export const ALL_STORES_TEXT = 'Todas as lojas';

/** The store column: 'Todas as lojas', the store's name, or its number while unknown. */
function storeText(user: User, storeNames: ReadonlyMap<number, string>): string {
  if (user.all_stores === 'Y') return ALL_STORES_TEXT;
  if (user.store_name) return user.store_name;
  if (user.store_id === null) return EMPTY;
  return storeNames.get(user.store_id) ?? `Loja ${user.store_id}`;
}

/** /settings/users ('Usuários', read Settings): staff list with search, drawer to create and edit. */
export default function UsersPage() {
  const canWrite = useCan('write', 'Settings');
  const list = useServerList(identityList(userListKey, listUsers));
  const roles = useAllRoles();
  const stores = useWorkStores();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<{ mode: UserFormMode; initial: UserFormValues } | null>(null);
  const [removing, setRemoving] = useState<User | null>(null);
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.name])), [stores.data]);

  const columns: TableProps.ColumnDefinition<User>[] = [
    { id: 'fullname', header: 'Nome', cell: (u) => u.fullname, isRowHeader: true },
    { id: 'shortname', header: 'Nome reduzido', cell: (u) => u.shortname },
    { id: 'email', header: 'E-mail', cell: (u) => u.email },
    { id: 'role', header: 'Permissão', cell: (u) => u.role ?? EMPTY },
    { id: 'store', header: 'Loja', cell: (u) => storeText(u, storeNames) },
    { id: 'created_at', header: 'Criado em', cell: (u) => formatDate(u.created_at) },
    { id: 'updated_at', header: 'Alterado em', cell: (u) => formatDate(u.updated_at) },
    {
      id: 'options',
      header: 'Opções',
      width: 90,
      cell: (u) => (
        <RowActions
          label={`usuário ${u.fullname}`}
          actions={[
            {
              id: 'edit',
              text: 'Alterar',
              visible: canWrite,
              onClick: () => setEditing({ mode: { kind: 'edit', id: u.id }, initial: userFormFromUser(u) }),
            },
            { id: 'remove', text: 'Remover', visible: canWrite, onClick: () => setRemoving(u) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ServerTable<User>
        testId="users-table"
        title="Usuários"
        variant="full-page"
        headerVariant="h1"
        description="Quem acessa a plataforma, com qual permissão e em quais lojas."
        loadingText="Carregando usuários"
        wrapLines
        list={list}
        columns={columns}
        newButton={{
          label: 'Novo usuário',
          subject: 'Settings',
          onClick: () => setEditing({ mode: { kind: 'create' }, initial: EMPTY_USER_FORM }),
        }}
        search={{
          placeholder: 'Buscar por nome, nome reduzido, e-mail ou documento',
          ariaLabel: 'Buscar usuários',
        }}
        noun="usuário(s)"
        emptyText="Nenhum usuário cadastrado"
        noMatchText="Nenhum usuário encontrado"
      />
      {editing && (
        <UserFormModal
          mode={editing.mode}
          initial={editing.initial}
          roles={roles.data ?? []}
          stores={stores.data ?? []}
          onDismiss={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDeleteModal
          header="Remover usuário"
          onConfirm={() =>
            removeWithNotices(
              () => remove.mutateAsync(removing.id),
              { removed: USER_NOTICES.removed, failed: USER_NOTICES.updateFailed },
              list,
            )
          }
          onDismiss={() => setRemoving(null)}
        >
          Tem certeza que deseja excluir o usuário <b>{removing.fullname}</b> ({removing.email})?
        </ConfirmDeleteModal>
      )}
    </>
  );
}
