import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { createRole, updateRole } from '../../api/identity';
import { notify } from '../../app/notifications/notify';
import { failureMessage, serverFieldErrors, type FieldErrors } from './field-errors';
import { PermissionTree } from './permission-tree';
import { roleBody, validateRoleForm, type RoleFormValues } from './role-form';

export const ROLE_NOTICES = {
  created: 'Permissão incluída com sucesso',
  updated: 'Permissão alterada com sucesso',
  removed: 'Regra removida',
  createFailed: 'Erro ao cadastrar permissão',
  updateFailed: 'Erro ao alterar permissão',
  removeFailed: 'Erro ao remover regra',
} as const;

export type RoleFormMode = { kind: 'create' } | { kind: 'edit'; id: number };

interface RoleFormModalProps {
  mode: RoleFormMode;
  initial: RoleFormValues;
  onDismiss: () => void;
  onSaved: () => void;
}

/** Create/edit drawer of a role: name, description and the permission tree. */
export function RoleFormModal({ mode, initial, onDismiss, onSaved }: RoleFormModalProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const creating = mode.kind === 'create';

  function set<K extends keyof RoleFormValues>(field: K, value: RoleFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  async function submit() {
    const found = validateRoleForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const body = roleBody(values);
      if (mode.kind === 'create') await createRole(body);
      else await updateRole(mode.id, body);
      notify({ type: 'success', header: creating ? ROLE_NOTICES.created : ROLE_NOTICES.updated });
      onSaved();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notify({
        type: 'error',
        header: creating ? ROLE_NOTICES.createFailed : ROLE_NOTICES.updateFailed,
        content: failureMessage(error),
      });
      setSaving(false);
    }
  }

  return (
    <Modal
      visible
      size="large"
      header={creating ? 'Nova permissão' : 'Alterar permissão'}
      closeAriaLabel="Fechar"
      onDismiss={() => {
        if (!saving) onDismiss();
      }}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={saving} onClick={onDismiss}>
              Cancelar
            </Button>
            <Button variant="primary" loading={saving} onClick={() => void submit()} data-testid="role-submit">
              {creating ? 'Cadastrar' : 'Salvar'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        noValidate
        data-testid="role-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SpaceBetween size="l">
          <ColumnLayout columns={2}>
            <FormField label="Nome" errorText={errors.role} controlId="role-name">
              <Input
                value={values.role}
                placeholder="Ex.: Caixa"
                onChange={({ detail }) => set('role', detail.value)}
                data-testid="role-name"
              />
            </FormField>
            <FormField label="Descrição" errorText={errors.description} controlId="role-description">
              <Input
                value={values.description}
                placeholder="Ex.: Equipe da frente de caixa"
                onChange={({ detail }) => set('description', detail.value)}
                data-testid="role-description"
              />
            </FormField>
          </ColumnLayout>
          <FormField
            label="Permissões"
            description="Visualizar dá acesso ao menu e às listas; Alterar libera incluir, alterar e remover."
            errorText={errors.permissions}
            stretch
          >
            <PermissionTree selected={values.permissions} onChange={(next) => set('permissions', next)} />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
