import type { Department } from '@freguesia/shared/schemas/customer-service';
import { useMemo, useState } from 'react';
import { useAttendants, useDepartments, useServiceChannels } from '../../../api/customer-service';
import { useCan } from '../../../app/ability';
import { formatDateTime, yesNo } from '../../../components/format';
import { RowActions } from '../../../components/row-actions';
import {
  EMPTY_DEPARTMENT_FORM,
  departmentFormFromDepartment,
  type DepartmentFormValues,
} from './department-form';
import { DepartmentFormModal, type DepartmentFormMode } from './department-form-modal';
import { optionsColumn, SettingsTable } from './settings-table';

/**
 * 'Setores' of Ajustes › Plataforma › 'Central de Atendimentos' (spec part 3 §2 'Customer
 * service (Atendimento / Setores)', §3 'Service channel' department, §7, §8): the departments
 * with their channel and users, each created and edited in a modal ('Cadastrado com sucesso' /
 * 'Alterado').
 */
export function DepartmentsPanel() {
  const canWrite = useCan('write', 'Settings');
  const departments = useDepartments();
  const channels = useServiceChannels();
  const attendants = useAttendants();
  const [editing, setEditing] = useState<{ mode: DepartmentFormMode; initial: DepartmentFormValues } | null>(
    null,
  );
  const channelNames = useMemo(
    () => new Map((channels.data ?? []).map((c) => [c.id, c.description])),
    [channels.data],
  );
  const userNames = useMemo(
    () => new Map((attendants.data ?? []).map((u) => [u.id, u.shortname || u.fullname])),
    [attendants.data],
  );
  const items = useMemo(
    () => [...(departments.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    [departments.data],
  );

  return (
    <>
      <SettingsTable<Department>
        testId="departments-table"
        query={departments}
        items={items}
        loadingText="Carregando setores"
        title="Setores"
        description="Os setores recebem as conversas transferidas pelo bot ou pela equipe."
        newButton={{
          label: 'Novo setor',
          testId: 'department-new',
          onClick: () => setEditing({ mode: { kind: 'create' }, initial: EMPTY_DEPARTMENT_FORM }),
        }}
        emptyText="Nenhum setor cadastrado"
        columns={[
          { id: 'name', header: 'Nome', cell: (d) => d.name, isRowHeader: true },
          {
            id: 'channel',
            header: 'Canal',
            cell: (d) => (d.id_channel ? (channelNames.get(d.id_channel) ?? `Canal ${d.id_channel}`) : '-'),
          },
          {
            id: 'users',
            header: 'Usuários',
            cell: (d) =>
              d.users.length === 0 ? '-' : d.users.map((id) => userNames.get(id) ?? `#${id}`).join(', '),
          },
          { id: 'active', header: 'Ativo', cell: (d) => yesNo(d.active) },
          { id: 'updated_at', header: 'Alterado em', cell: (d) => formatDateTime(d.updated_at) },
          optionsColumn((d) =>
            canWrite ? (
              <RowActions
                label={`setor ${d.name}`}
                actions={[
                  {
                    id: 'edit',
                    text: 'Alterar',
                    onClick: () =>
                      setEditing({
                        mode: { kind: 'edit', id: d.id },
                        initial: departmentFormFromDepartment(d),
                      }),
                  },
                ]}
              />
            ) : (
              '-'
            ),
          ),
        ]}
      />
      {editing && (
        <DepartmentFormModal
          mode={editing.mode}
          initial={editing.initial}
          channels={channels.data ?? []}
          users={attendants.data ?? []}
          usersLoading={attendants.isPending}
          onDismiss={() => setEditing(null)}
        />
      )}
    </>
  );
}
