import type { TableProps } from '@cloudscape-design/components/table';
import { PERMISSIONS } from '@freguesia/shared/domain/permissions';
import type { Role } from '@freguesia/shared/schemas/identity';
import { useState } from 'react';
import { listRoles, roleListKey, useDeleteRole } from '../../api/identity';
import { useCan } from '../../app/ability';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { formatDate } from '../../components/format';
import { RowActions } from '../../components/row-actions';
import { ServerTable, useServerList } from '../../components/table';
import { identityList, removeWithNotices } from './list-state';
import { EMPTY_ROLE_FORM, roleFormFromRole, type RoleFormValues } from './role-form';
import { ROLE_NOTICES, RoleFormModal, type RoleFormMode } from './role-form-modal';

/** /settings/roles ('Permissões', read Settings): roles with search, drawer with the permission tree. */
export default function RolesPage() {
  const canWrite = useCan('write', 'Settings');
  const list = useServerList(identityList(roleListKey, listRoles));
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<{ mode: RoleFormMode; initial: RoleFormValues } | null>(null);
  const [removing, setRemoving] = useState<Role | null>(null);

  const columns: TableProps.ColumnDefinition<Role>[] = [
    { id: 'role', header: 'Nome', cell: (r) => r.role, isRowHeader: true },
    { id: 'description', header: 'Descrição', cell: (r) => r.description },
    {
      id: 'permissions',
      header: 'Permissões',
      cell: (r) => `${r.permissions.length} de ${PERMISSIONS.length}`,
    },
    { id: 'users', header: 'Usuários', cell: (r) => r.users_count },
    { id: 'created_at', header: 'Criado em', cell: (r) => formatDate(r.created_at) },
    { id: 'updated_at', header: 'Alterado em', cell: (r) => formatDate(r.updated_at) },
    {
      id: 'options',
      header: 'Opções',
      width: 90,
      cell: (r) => (
        <RowActions
          label={`permissão ${r.role}`}
          actions={[
            {
              id: 'edit',
              text: 'Alterar',
              visible: canWrite,
              onClick: () => setEditing({ mode: { kind: 'edit', id: r.id }, initial: roleFormFromRole(r) }),
            },
            // The Administrador role (can_remove false) cannot be removed.
            {
              id: 'remove',
              text: 'Remover',
              visible: canWrite && r.can_remove,
              onClick: () => setRemoving(r),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ServerTable<Role>
        testId="roles-table"
        title="Permissões"
        variant="full-page"
        headerVariant="h1"
        description="Perfis de acesso: o que cada grupo de usuários pode ver e alterar."
        loadingText="Carregando permissões"
        wrapLines
        list={list}
        columns={columns}
        newButton={{
          label: 'Nova permissão',
          subject: 'Settings',
          onClick: () => setEditing({ mode: { kind: 'create' }, initial: EMPTY_ROLE_FORM }),
        }}
        search={{ placeholder: 'Buscar por nome ou descrição', ariaLabel: 'Buscar permissões' }}
        noun="permissão(ões)"
        emptyText="Nenhuma permissão cadastrada"
        noMatchText="Nenhuma permissão encontrada"
      />
      {editing && (
        <RoleFormModal mode={editing.mode} initial={editing.initial} onDismiss={() => setEditing(null)} />
      )}
      {removing && (
        <ConfirmDeleteModal
          header="Remover permissão"
          onConfirm={() =>
            removeWithNotices(
              () => remove.mutateAsync(removing.id),
              { removed: ROLE_NOTICES.removed, failed: ROLE_NOTICES.removeFailed },
              list,
            )
          }
          onDismiss={() => setRemoving(null)}
        >
          Tem certeza que deseja excluir a permissão <b>{removing.role}</b>?
        </ConfirmDeleteModal>
      )}
    </>
  );
}
