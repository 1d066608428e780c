import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { PERMISSIONS } from '@freguesia/shared/domain/permissions';
import type { Role } from '@freguesia/shared/schemas/identity';
import { useState } from 'react';
import { deleteRole, listRoles } from '../../api/identity';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { failureMessage } from './field-errors';
import { formatDate, totalText } from './format';
import { EMPTY_ROLE_FORM, roleFormFromRole, type RoleFormValues } from './role-form';
import { ROLE_NOTICES, RoleFormModal, type RoleFormMode } from './role-form-modal';
import { NO_OPTIONS, RowActions } from './row-actions';
import { useServerList } from './use-server-list';

const PAGE_SIZE = 20;

interface Editing {
  mode: RoleFormMode;
  initial: RoleFormValues;
}

/** /settings/roles ('Permissões', read Settings): roles with search, drawer with the permission tree. */
export default function RolesPage() {
  const canWrite = useCan('write', 'Settings');
  const list = useServerList(listRoles, PAGE_SIZE);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Role | null>(null);

  async function remove(role: Role) {
    try {
      await deleteRole(role.id);
      notify({ type: 'success', header: ROLE_NOTICES.removed });
      list.reload();
    } catch (error) {
      notify({ type: 'error', header: ROLE_NOTICES.removeFailed, content: failureMessage(error) });
    }
  }

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
      width: 100,
      cell: (r) =>
        canWrite ? (
          <RowActions
            label={`permissão ${r.role}`}
            onEdit={() => setEditing({ mode: { kind: 'edit', id: r.id }, initial: roleFormFromRole(r) })}
            // The Administrador role (can_remove false) cannot be removed.
            onDelete={r.can_remove ? () => setRemoving(r) : undefined}
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
        data-testid="roles-table"
        items={list.items}
        columnDefinitions={columns}
        trackBy="id"
        loading={list.loading && list.items.length === 0}
        loadingText="Carregando permissões"
        wrapLines
        stickyHeader
        header={
          <Header
            variant="h1"
            counter={`(${list.total})`}
            description="Perfis de acesso: o que cada grupo de usuários pode ver e alterar."
            actions={
              canWrite && (
                <Button
                  variant="primary"
                  iconName="add-plus"
                  onClick={() => setEditing({ mode: { kind: 'create' }, initial: EMPTY_ROLE_FORM })}
                >
                  Nova permissão
                </Button>
              )
            }
          >
            Permissões
          </Header>
        }
        filter={
          <TextFilter
            filteringText={list.filterText}
            filteringPlaceholder="Buscar por nome ou descrição"
            filteringAriaLabel="Buscar permissões"
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
        footer={<Box variant="small" color="text-body-secondary">{totalText(list.total, 'permissão(ões)')}</Box>}
        empty={
          list.error ? (
            <Alert type="error" header="Não foi possível carregar as permissões">
              {list.error}
            </Alert>
          ) : list.searched ? (
            <Box textAlign="center" color="inherit">
              <SpaceBetween size="xs">
                <b>Nenhuma permissão encontrada</b>
                <Button onClick={() => list.setFilterText('')}>Limpar busca</Button>
              </SpaceBetween>
            </Box>
          ) : (
            <Box textAlign="center" color="inherit">
              <b>Nenhuma permissão cadastrada</b>
            </Box>
          )
        }
      />
      {editing && (
        <RoleFormModal
          mode={editing.mode}
          initial={editing.initial}
          onDismiss={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {removing && (
        <ConfirmDeleteModal header="Remover permissão" onConfirm={() => remove(removing)} onDismiss={() => setRemoving(null)}>
          Tem certeza que deseja excluir a permissão <b>{removing.role}</b>?
        </ConfirmDeleteModal>
      )}
    </>
  );
}
