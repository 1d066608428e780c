import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { maskCnpj } from '@freguesia/shared/domain/masks';
import { PartnerInput } from '@freguesia/shared/schemas/catalog';
import { partnersList, useSavePartner, type Partner, type PartnerSearchField } from '../../api/catalog';
import { Field, FormModal, TextField, useFormSubmit, useZodForm } from '../../components/form';
import { EMPTY, formatDate } from '../../components/format';
import { MaskedInput } from '../../components/masked-input/masked-input';
import { useServerList } from '../../components/table';
import { EditableListPage } from './editable-list-page';

export const PARTNERS_PAGE_SIZE = 50;
export const PARTNER_CREATED = 'Fornecedor cadastrado com sucesso';
export const PARTNER_UPDATED = 'Fornecedor alterado com sucesso';

/** Supplier search fields (spec part 3 §2: reference, name, document). */
const FIELD_OPTIONS = [
  { value: '', label: 'Todos os campos' },
  { value: 'reference_code', label: 'Código' },
  { value: 'name', label: 'Nome' },
  { value: 'document', label: 'CNPJ' },
];

function PartnerForm({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  const form = useZodForm(PartnerInput, {
    defaultValues: {
      reference_code: partner?.reference_code ?? '',
      name: partner?.name ?? '',
      document: maskCnpj(partner?.document ?? ''),
    },
  });
  const save = useSavePartner();
  const { submit, saving } = useFormSubmit(
    form,
    (values) => save.mutateAsync({ ...values, id: partner?.id }),
    {
      success: partner ? PARTNER_UPDATED : PARTNER_CREATED,
      failureHeader: partner ? 'Erro ao alterar fornecedor' : 'Erro ao cadastrar fornecedor',
    },
    onClose,
  );
  return (
    <FormModal
      visible
      size="medium"
      title={partner ? 'Alterar fornecedor' : 'Novo fornecedor'}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="partner-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="l">
        <TextField control={form.control} name="reference_code" label="Código *" testId="partner-reference" />
        <TextField control={form.control} name="name" label="Nome *" testId="partner-name" />
        <Field control={form.control} name="document" label="CNPJ" constraintText="Opcional.">
          {(field, invalid) => (
            <MaskedInput
              mask="cnpj"
              value={typeof field.value === 'string' ? field.value : ''}
              invalid={invalid}
              placeholder="00.000.000/0000-00"
              data-testid="partner-document"
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      </SpaceBetween>
    </FormModal>
  );
}

/** /partners 'Fornecedores' (partners/suppliers; read Products): paged list with search; create and edit (write Products). */
export default function PartnersPage() {
  const [field, setField] = useState<PartnerSearchField | ''>('');
  const list = useServerList({ ...partnersList, perPage: PARTNERS_PAGE_SIZE, filters: { field } });
  return (
    <EditableListPage<Partner>
      heading="Fornecedores"
      testId="partners-table"
      title="Lista de fornecedores"
      loadingText="Carregando fornecedores"
      list={list}
      subject="Products"
      newButton={{ label: 'Novo fornecedor', testId: 'partner-new' }}
      fieldSelect={{
        options: FIELD_OPTIONS,
        value: field,
        onChange: (value) => setField(value as PartnerSearchField | ''),
      }}
      search={{ placeholder: 'Buscar fornecedores', testId: 'partner-search' }}
      noun="fornecedor(es)"
      emptyText="Nenhum fornecedor cadastrado."
      noMatchText="Nenhum fornecedor encontrado."
      columns={[
        { id: 'id', header: 'Id', width: 72, cell: (p) => p.id },
        { id: 'reference_code', header: 'Código', cell: (p) => p.reference_code },
        { id: 'name', header: 'Nome', cell: (p) => <Box fontWeight="bold">{p.name}</Box> },
        { id: 'document', header: 'CNPJ', cell: (p) => (p.document ? maskCnpj(p.document) : EMPTY) },
        { id: 'created', header: 'Criado em', cell: (p) => formatDate(p.created_at) },
      ]}
      rowLabel={(p) => p.name}
      form={(partner, close) => <PartnerForm partner={partner} onClose={close} />}
    />
  );
}
