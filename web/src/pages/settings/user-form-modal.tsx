import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Role } from '@freguesia/shared/schemas/identity';
import { PASSWORD_MIN_LENGTH } from '@freguesia/shared/schemas/identity';
import { useMemo } from 'react';
import { useSaveUser, type StoreOption } from '../../api/identity';
import { FormModal, SelectField, TextField, ToggleField, useZodForm } from '../../components/form';
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
          <TextField
            control={control}
            name="email"
            label="E-mail"
            controlId="user-email"
            testId="user-email"
            input={{
              type: 'email',
              inputMode: 'email',
              autoComplete: false,
              placeholder: 'nome@empresa.com.br',
            }}
          />
          <TextField
            control={control}
            name="document"
            label="Documento"
            controlId="user-document"
            testId="user-document"
            input={{ placeholder: 'CPF ou matrícula' }}
          />
          <TextField
            control={control}
            name="fullname"
            label="Nome"
            controlId="user-fullname"
            testId="user-fullname"
          />
          <TextField
            control={control}
            name="shortname"
            label="Nome reduzido"
            constraintText="Aparece no menu do perfil."
            controlId="user-shortname"
            testId="user-shortname"
          />
        </ColumnLayout>

        <ColumnLayout columns={2}>
          <SelectField
            control={control}
            name="role_id"
            label="Permissão"
            controlId="user-role"
            testId="user-role"
            options={roleOptions}
            parse={Number}
            unknownOption={() => null}
            select={{
              placeholder: 'Escolha uma permissão',
              empty: 'Nenhuma permissão cadastrada',
              filteringType: roleOptions.length > 8 ? 'auto' : 'none',
            }}
          />
          <SpaceBetween size="s">
            <FormField label="Lojas" controlId="user-all-stores">
              <ToggleField
                control={control}
                name="allStores"
                testId="user-all-stores"
                onChange={() => form.clearErrors('store_id')}
              >
                Todas as lojas
              </ToggleField>
            </FormField>
            {!allStores && (
              <SelectField
                control={control}
                name="store_id"
                label="Loja de trabalho"
                controlId="user-store"
                testId="user-store"
                options={storeOptions}
                parse={Number}
                // A store the list does not carry (closed, another page) still shows.
                unknownOption={(id) => ({ value: id, label: `Loja ${id}` })}
                select={{
                  placeholder: 'Escolha a loja',
                  empty: 'Nenhuma loja disponível. Cadastre lojas em Mercadorias › Lojas.',
                  filteringType: storeOptions.length > 8 ? 'auto' : 'none',
                  filteringPlaceholder: 'Buscar loja',
                }}
              />
            )}
          </SpaceBetween>
        </ColumnLayout>

        <ColumnLayout columns={2}>
          {PASSWORD_FIELDS.map(({ name, label, testId, editDescription, constraintText }) => (
            <TextField
              key={name}
              control={control}
              name={name}
              label={label}
              description={creating ? undefined : editDescription}
              constraintText={constraintText}
              controlId={testId}
              testId={testId}
              input={{ type: 'password', autoComplete: 'new-password' }}
            />
          ))}
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}
