import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { Role } from '@freguesia/shared/schemas/identity';
import { PASSWORD_MIN_LENGTH } from '@freguesia/shared/schemas/identity';
import { useMemo } from 'react';
import { useSaveUser, type StoreOption } from '../../api/identity';
import { Field, FormModal, useZodForm } from '../../components/form';
import { saveWithNotices } from './save-notices';
import { userBody, userFormSchema, type UserFormMode, type UserFormValues } from './user-form';

export const USER_NOTICES = {
  created: 'Usuário foi incluído com sucesso',
  updated: 'Usuário foi alterado com sucesso',
  removed: 'Usuário removido',
  createFailed: 'Erro ao cadastrar usuário',
  /** Also the failure of a removal (spec part 3 §8). */
  updateFailed: 'Erro ao alterar usuário',
} as const;

interface UserFormModalProps {
  mode: UserFormMode;
  initial: UserFormValues;
  roles: readonly Role[];
  stores: readonly StoreOption[];
  onDismiss: () => void;
}

/** The password and its confirmation: on edit both may stay empty (the password is kept). */
const PASSWORD_FIELDS = [
  {
    name: 'password',
    label: 'Senha',
    testId: 'user-password',
    editDescription: 'Preencha apenas para trocar a senha.',
    constraintText: `Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.`,
  },
  // A blank description keeps both inputs on one line.
  {
    name: 'password_confirmation',
    label: 'Confirmação da senha',
    testId: 'user-password-confirmation',
    editDescription: '\u00a0',
    constraintText: undefined,
  },
] as const satisfies readonly {
  name: 'password' | 'password_confirmation';
  label: string;
  testId: string;
  editDescription: string;
  constraintText?: string;
}[];

const idOption = (options: readonly SelectProps.Option[], id: number | null) =>
  id === null ? null : (options.find((o) => o.value === String(id)) ?? null);

/** Create/edit drawer of a staff user (a large modal, like every Ajustes drawer). */
export function UserFormModal({ mode, initial, roles, stores, onDismiss }: UserFormModalProps) {
  const creating = mode.kind === 'create';
  const schema = useMemo(() => userFormSchema(mode), [mode]);
  const form = useZodForm(schema, { defaultValues: initial });
  const save = useSaveUser();
  const allStores = form.watch('allStores');

  const roleOptions = useMemo<SelectProps.Option[]>(
    () => roles.map((role) => ({ value: String(role.id), label: role.role, description: role.description })),
    [roles],
  );
  const storeOptions = useMemo<SelectProps.Option[]>(
    () => stores.map((store) => ({ value: String(store.id), label: store.name })),
    [stores],
  );

  const submit = form.handleSubmit(async (values) => {
    const saved = await saveWithNotices(creating, USER_NOTICES, form.setError, () =>
      save.mutateAsync(userBody(values, mode)),
    );
    if (saved) onDismiss();
  });

  const { control } = form;
  return (
    <FormModal
      visible
      title={creating ? 'Novo usuário' : 'Alterar usuário'}
      submitLabel={creating ? 'Cadastrar' : 'Salvar'}
      saving={form.formState.isSubmitting}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
      testId="user"
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={2}>
          <Field control={control} name="email" label="E-mail" controlId="user-email">
            {(field) => (
              <Input
                type="email"
                inputMode="email"
                autoComplete={false}
                value={field.value}
                placeholder="nome@empresa.com.br"
                onChange={({ detail }) => field.onChange(detail.value)}
                data-testid="user-email"
              />
            )}
          </Field>
          <Field control={control} name="document" label="Documento" controlId="user-document">
            {(field) => (
              <Input
                value={field.value}
                placeholder="CPF ou matrícula"
                onChange={({ detail }) => field.onChange(detail.value)}
                data-testid="user-document"
              />
            )}
          </Field>
          <Field control={control} name="fullname" label="Nome" controlId="user-fullname">
            {(field) => (
              <Input
                value={field.value}
                onChange={({ detail }) => field.onChange(detail.value)}
                data-testid="user-fullname"
              />
            )}
          </Field>
          <Field
            control={control}
            name="shortname"
            label="Nome reduzido"
            constraintText="Aparece no menu do perfil."
            controlId="user-shortname"
          >
            {(field) => (
              <Input
                value={field.value}
                onChange={({ detail }) => field.onChange(detail.value)}
                data-testid="user-shortname"
              />
            )}
          </Field>
        </ColumnLayout>

        <ColumnLayout columns={2}>
          <Field control={control} name="role_id" label="Permissão" controlId="user-role">
            {(field) => (
              <Select
                selectedOption={idOption(roleOptions, field.value)}
                options={roleOptions}
                placeholder="Escolha uma permissão"
                empty="Nenhuma permissão cadastrada"
                filteringType={roleOptions.length > 8 ? 'auto' : 'none'}
                onChange={({ detail }) => field.onChange(Number(detail.selectedOption.value))}
                data-testid="user-role"
              />
            )}
          </Field>
          <SpaceBetween size="s">
            <FormField label="Lojas" controlId="user-all-stores">
              <Toggle
                checked={allStores}
                onChange={({ detail }) => {
                  form.setValue('allStores', detail.checked);
                  form.clearErrors('store_id');
                }}
                data-testid="user-all-stores"
              >
                Todas as lojas
              </Toggle>
            </FormField>
            {!allStores && (
              <Field control={control} name="store_id" label="Loja de trabalho" controlId="user-store">
                {(field) => (
                  <Select
                    selectedOption={
                      field.value === null
                        ? null
                        : (idOption(storeOptions, field.value) ?? {
                            value: String(field.value),
                            label: `Loja ${field.value}`,
                          })
                    }
                    options={storeOptions}
                    placeholder="Escolha a loja"
                    empty="Nenhuma loja disponível. Cadastre lojas em Mercadorias › Lojas."
                    filteringType={storeOptions.length > 8 ? 'auto' : 'none'}
                    filteringPlaceholder="Buscar loja"
                    onChange={({ detail }) => field.onChange(Number(detail.selectedOption.value))}
                    data-testid="user-store"
                  />
                )}
              </Field>
            )}
          </SpaceBetween>
        </ColumnLayout>

        <ColumnLayout columns={2}>
          {PASSWORD_FIELDS.map(({ name, label, testId, editDescription, constraintText }) => (
            <Field
              key={name}
              control={control}
              name={name}
              label={label}
              description={creating ? undefined : editDescription}
              constraintText={constraintText}
              controlId={testId}
            >
              {(field) => (
                <Input
                  type="password"
                  autoComplete="new-password"
                  value={field.value}
                  onChange={({ detail }) => field.onChange(detail.value)}
                  data-testid={testId}
                />
              )}
            </Field>
          ))}
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}
