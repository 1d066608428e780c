import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Attendant } from '@freguesia/shared/schemas/customer-service';
import type { ChannelView } from '@freguesia/shared/schemas/whatsapp';
import { useSaveDepartment } from '../../../api/customer-service';
import { Field, FormModal, SelectField, TextField, ToggleField, useZodForm } from '../../../components/form';
import { saveWithNotices } from '../save-notices';
import {
  DEPARTMENT_NOTICES,
  departmentBody,
  departmentFormSchema,
  type DepartmentFormValues,
} from './department-form';

export type DepartmentFormMode = { kind: 'create' } | { kind: 'edit'; id: number };

/** The new/edit modal of a department: name, channel, active and the users who answer it. */
export function DepartmentFormModal({
  mode,
  initial,
  channels,
  users,
  usersLoading,
  onDismiss,
}: {
  mode: DepartmentFormMode;
  initial: DepartmentFormValues;
  channels: readonly ChannelView[];
  users: readonly Attendant[];
  usersLoading: boolean;
  onDismiss: () => void;
}) {
  const creating = mode.kind === 'create';
  const form = useZodForm(departmentFormSchema, { defaultValues: initial });
  const save = useSaveDepartment();
  const userOptions = users.map((u) => ({
    value: String(u.id),
    label: u.shortname || u.fullname,
    description: u.fullname !== u.shortname ? u.fullname : undefined,
  }));

  const submit = form.handleSubmit(async (values) => {
    const id = mode.kind === 'edit' ? mode.id : undefined;
    const saved = await saveWithNotices(creating, DEPARTMENT_NOTICES, form.setError, () =>
      save.mutateAsync(departmentBody(values, id)),
    );
    if (saved) onDismiss();
  });

  return (
    <FormModal
      visible
      size="medium"
      title={creating ? 'Novo setor' : 'Alterar setor'}
      submitLabel={creating ? 'Cadastrar' : 'Salvar'}
      saving={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
      testId="department"
    >
      <SpaceBetween size="l">
        <TextField
          control={form.control}
          name="name"
          label="Nome"
          controlId="department-name"
          testId="department-name"
        />
        <SelectField
          control={form.control}
          name="id_channel"
          label="Canal"
          controlId="department-channel"
          testId="department-channel"
          options={channels.map((c) => ({
            value: String(c.id),
            label: c.description,
            description: c.partner,
          }))}
          select={{ placeholder: 'Selecione o canal', empty: 'Nenhum canal cadastrado' }}
        />
        <Field
          control={form.control}
          name="users"
          label="Usuários"
          description="Quem atende as conversas deste setor."
        >
          {(field) => {
            const chosen = new Set(field.value);
            return (
              <Multiselect
                data-testid="department-users"
                selectedOptions={userOptions.filter((o) => chosen.has(o.value))}
                options={userOptions}
                filteringType="auto"
                placeholder="Selecione os usuários"
                statusType={usersLoading ? 'loading' : 'finished'}
                loadingText="Carregando usuários"
                empty="Nenhum usuário"
                tokenLimit={6}
                i18nStrings={{ tokenLimitShowMore: 'Mostrar mais', tokenLimitShowFewer: 'Mostrar menos' }}
                onChange={({ detail }) => field.onChange(detail.selectedOptions.map((o) => o.value ?? ''))}
                onBlur={field.onBlur}
              />
            );
          }}
        </Field>
        <ToggleField control={form.control} name="active" testId="department-active">
          Ativo
        </ToggleField>
      </SpaceBetween>
    </FormModal>
  );
}
