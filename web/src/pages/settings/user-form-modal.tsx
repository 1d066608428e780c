import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { Role } from '@freguesia/shared/schemas/identity';
import { PASSWORD_MIN_LENGTH } from '@freguesia/shared/schemas/identity';
import { useMemo, useState } from 'react';
import { createUser, updateUser, type StoreOption } from '../../api/identity';
import { notify } from '../../app/notifications/notify';
import { failureMessage, serverFieldErrors, type FieldErrors } from './field-errors';
import { userBody, validateUserForm, type UserFormMode, type UserFormValues } from './user-form';

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
  onSaved: () => void;
}

/** Create/edit drawer of a staff user (a large modal, like every Ajustes drawer). */
export function UserFormModal({ mode, initial, roles, stores, onDismiss, onSaved }: UserFormModalProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const creating = mode.kind === 'create';

  const roleOptions = useMemo<SelectProps.Option[]>(
    () => roles.map((role) => ({ value: String(role.id), label: role.role, description: role.description })),
    [roles],
  );
  const storeOptions = useMemo<SelectProps.Option[]>(
    () => stores.map((store) => ({ value: String(store.id), label: store.name })),
    [stores],
  );
  const selectedRole = roleOptions.find((o) => o.value === String(values.role_id)) ?? null;
  const selectedStore =
    values.store_id === null
      ? null
      : (storeOptions.find((o) => o.value === String(values.store_id)) ?? { value: String(values.store_id), label: `Loja ${values.store_id}` });

  function set<K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    const errorField = field === 'allStores' ? 'store_id' : field;
    if (errors[errorField]) setErrors(({ [errorField]: _removed, ...rest }) => rest);
  }

  async function submit() {
    const found = validateUserForm(values, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const body = userBody(values, mode);
      if (mode.kind === 'create') await createUser(body);
      else await updateUser({ ...body, id: mode.id });
      notify({ type: 'success', header: creating ? USER_NOTICES.created : USER_NOTICES.updated });
      onSaved();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notify({
        type: 'error',
        header: creating ? USER_NOTICES.createFailed : USER_NOTICES.updateFailed,
        content: failureMessage(error),
      });
      setSaving(false);
    }
  }

  const testid = (name: string) => ({ 'data-testid': `user-${name}` }) as Record<string, string>;

  return (
    <Modal
      visible
      size="large"
      header={creating ? 'Novo usuário' : 'Alterar usuário'}
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
            <Button variant="primary" loading={saving} onClick={() => void submit()} data-testid="user-submit">
              {creating ? 'Cadastrar' : 'Salvar'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        noValidate
        data-testid="user-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SpaceBetween size="l">
          <ColumnLayout columns={2}>
            <FormField label="E-mail" errorText={errors.email} controlId="user-email">
              <Input
                type="email"
                inputMode="email"
                autoComplete={false}
                value={values.email}
                placeholder="nome@empresa.com.br"
                onChange={({ detail }) => set('email', detail.value)}
                {...testid('email')}
              />
            </FormField>
            <FormField label="Documento" errorText={errors.document} controlId="user-document">
              <Input
                value={values.document}
                placeholder="CPF ou matrícula"
                onChange={({ detail }) => set('document', detail.value)}
                {...testid('document')}
              />
            </FormField>
            <FormField label="Nome" errorText={errors.fullname} controlId="user-fullname">
              <Input value={values.fullname} onChange={({ detail }) => set('fullname', detail.value)} {...testid('fullname')} />
            </FormField>
            <FormField
              label="Nome reduzido"
              constraintText="Aparece no menu do perfil."
              errorText={errors.shortname}
              controlId="user-shortname"
            >
              <Input value={values.shortname} onChange={({ detail }) => set('shortname', detail.value)} {...testid('shortname')} />
            </FormField>
          </ColumnLayout>

          <ColumnLayout columns={2}>
            <FormField label="Permissão" errorText={errors.role_id} controlId="user-role">
              <Select
                selectedOption={selectedRole}
                options={roleOptions}
                placeholder="Escolha uma permissão"
                empty="Nenhuma permissão cadastrada"
                filteringType={roleOptions.length > 8 ? 'auto' : 'none'}
                onChange={({ detail }) => set('role_id', Number(detail.selectedOption.value))}
                {...testid('role')}
              />
            </FormField>
            <SpaceBetween size="s">
              <FormField label="Lojas" controlId="user-all-stores">
                <Toggle checked={values.allStores} onChange={({ detail }) => set('allStores', detail.checked)} {...testid('all-stores')}>
                  Todas as lojas
                </Toggle>
              </FormField>
              {!values.allStores && (
                <FormField label="Loja de trabalho" errorText={errors.store_id} controlId="user-store">
                  <Select
                    selectedOption={selectedStore}
                    options={storeOptions}
                    placeholder="Escolha a loja"
                    empty="Nenhuma loja disponível. Cadastre lojas em Mercadorias › Lojas."
                    filteringType={storeOptions.length > 8 ? 'auto' : 'none'}
                    filteringPlaceholder="Buscar loja"
                    onChange={({ detail }) => set('store_id', Number(detail.selectedOption.value))}
                    {...testid('store')}
                  />
                </FormField>
              )}
            </SpaceBetween>
          </ColumnLayout>

          <ColumnLayout columns={2}>
            <FormField
              label="Senha"
              description={creating ? undefined : 'Preencha apenas para trocar a senha.'}
              constraintText={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.`}
              errorText={errors.password}
              controlId="user-password"
            >
              <Input
                type="password"
                autoComplete="new-password"
                value={values.password}
                onChange={({ detail }) => set('password', detail.value)}
                {...testid('password')}
              />
            </FormField>
            <FormField
              label="Confirmação da senha"
              description={creating ? undefined : '\u00a0'}
              errorText={errors.password_confirmation}
              controlId="user-password-confirmation"
            >
              <Input
                type="password"
                autoComplete="new-password"
                value={values.password_confirmation}
                onChange={({ detail }) => set('password_confirmation', detail.value)}
                {...testid('password-confirmation')}
              />
            </FormField>
          </ColumnLayout>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
