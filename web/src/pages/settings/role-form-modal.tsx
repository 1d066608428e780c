import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSaveRole } from '../../api/identity';
import { Field, FormModal, TextField, useZodForm } from '../../components/form';
import { PermissionTree } from './permission-tree';
import { roleBody, roleFormSchema, type RoleFormValues } from './role-form';
import { saveWithNotices } from './save-notices';

export const ROLE_NOTICES = {
  created: 'Permissão incluída com sucesso',
  updated: 'Permissão alterada com sucesso',
  removed: 'Regra removida',
  createFailed: 'Erro ao cadastrar permissão',
  updateFailed: 'Erro ao alterar permissão',
  removeFailed: 'Erro ao remover regra',
} as const;

export type RoleFormMode = { kind: 'create' } | { kind: 'edit'; id: number };

/** Create/edit drawer of a role: name, description and the permission tree. */
export function RoleFormModal({
  mode,
  initial,
  onDismiss,
}: {
  mode: RoleFormMode;
  initial: RoleFormValues;
  onDismiss: () => void;
}) {
  const creating = mode.kind === 'create';
  const form = useZodForm(roleFormSchema, { defaultValues: initial });
  const save = useSaveRole();

  const submit = form.handleSubmit(async (values) => {
    const id = mode.kind === 'edit' ? mode.id : undefined;
    const saved = await saveWithNotices(creating, ROLE_NOTICES, form.setError, () =>
      save.mutateAsync({ id, body: roleBody(values) }),
    );
    if (saved) onDismiss();
  });

  return (
    <FormModal
      visible
      title={creating ? 'Nova permissão' : 'Alterar permissão'}
      submitLabel={creating ? 'Cadastrar' : 'Salvar'}
      saving={form.formState.isSubmitting}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
      testId="role"
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={2}>
          <TextField
            control={form.control}
            name="role"
            label="Nome"
            controlId="role-name"
            testId="role-name"
            input={{ placeholder: 'Ex.: Caixa' }}
          />
          <TextField
            control={form.control}
            name="description"
            label="Descrição"
            controlId="role-description"
            testId="role-description"
            input={{ placeholder: 'Ex.: Equipe da frente de caixa' }}
          />
        </ColumnLayout>
        <Field
          control={form.control}
          name="permissions"
          label="Permissões"
          description="Visualizar dá acesso ao menu e às listas; Alterar libera incluir, alterar e remover."
          stretch
        >
          {(field) => <PermissionTree selected={field.value} onChange={field.onChange} />}
        </Field>
      </SpaceBetween>
    </FormModal>
  );
}
