import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { BrandInput } from '@freguesia/shared/schemas/catalog';
import { brandsList, useSaveBrand, type Brand, type BrandSearchField } from '../../api/catalog';
import { FormModal, TextField, useFormSubmit, useZodForm } from '../../components/form';
import { formatDate } from '../../components/format';
import { useServerList } from '../../components/table';
import { EditableListPage } from './editable-list-page';

export const BRANDS_PAGE_SIZE = 50;
export const BRAND_CREATED = 'Marca cadastrada com sucesso';
export const BRAND_UPDATED = 'Marca alterada com sucesso';

/** Brand search fields (spec part 3 §2: reference, description). */
const FIELD_OPTIONS = [
  { value: '', label: 'Todos os campos' },
  { value: 'reference_code', label: 'Código' },
  { value: 'description', label: 'Descrição' },
];

function BrandForm({ brand, onClose }: { brand: Brand | null; onClose: () => void }) {
  const form = useZodForm(BrandInput, {
    defaultValues: { reference_code: brand?.reference_code ?? '', description: brand?.description ?? '' },
  });
  const save = useSaveBrand();
  const { submit, saving } = useFormSubmit(
    form,
    (values) => save.mutateAsync({ ...values, id: brand?.id }),
    {
      success: brand ? BRAND_UPDATED : BRAND_CREATED,
      failureHeader: brand ? 'Erro ao alterar marca' : 'Erro ao cadastrar marca',
    },
    onClose,
  );
  return (
    <FormModal
      visible
      size="medium"
      title={brand ? 'Alterar marca' : 'Nova marca'}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="brand-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="l">
        <TextField control={form.control} name="reference_code" label="Código *" testId="brand-reference" />
        <TextField control={form.control} name="description" label="Descrição *" testId="brand-description" />
      </SpaceBetween>
    </FormModal>
  );
}

/** /brands 'Marcas' (read Products): paged list with search; create and edit (write Products). */
export default function BrandsPage() {
  const [field, setField] = useState<BrandSearchField | ''>('');
  const list = useServerList({ ...brandsList, perPage: BRANDS_PAGE_SIZE, filters: { field } });
  return (
    <EditableListPage<Brand>
      heading="Marcas"
      testId="brands-table"
      title="Lista de marcas"
      loadingText="Carregando marcas"
      list={list}
      subject="Products"
      newButton={{ label: 'Nova marca', testId: 'brand-new' }}
      fieldSelect={{
        options: FIELD_OPTIONS,
        value: field,
        onChange: (value) => setField(value as BrandSearchField | ''),
      }}
      search={{ placeholder: 'Buscar marcas', testId: 'brand-search' }}
      noun="marca(s)"
      emptyText="Nenhuma marca cadastrada."
      noMatchText="Nenhuma marca encontrada."
      columns={[
        { id: 'id', header: 'Id', width: 72, cell: (b) => b.id },
        { id: 'reference_code', header: 'Código', cell: (b) => b.reference_code },
        { id: 'description', header: 'Descrição', cell: (b) => <Box fontWeight="bold">{b.description}</Box> },
        { id: 'created', header: 'Criada em', cell: (b) => formatDate(b.created_at) },
      ]}
      rowLabel={(b) => b.description}
      form={(brand, close) => <BrandForm brand={brand} onClose={close} />}
    />
  );
}
