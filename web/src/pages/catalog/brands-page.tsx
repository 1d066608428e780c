import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { createBrand, listBrands, updateBrand, type Brand, type BrandQuery } from '../../api/catalog';
import { formatDate } from './format';
import { FormModal } from '../../components/form';
import { useSaveForm } from './use-save-form';
import { PagedListTable } from './paged-list-table';
import { useDebounced, usePagedList } from './use-paged-list';

export const BRANDS_PAGE_SIZE = 50;
export const BRAND_CREATED = 'Marca cadastrada com sucesso';
export const BRAND_UPDATED = 'Marca alterada com sucesso';

/** Brand search fields (spec part 3 §2: reference, description). */
const FIELD_OPTIONS = [
  { value: '', label: 'Todos os campos' },
  { value: 'reference_code', label: 'Código' },
  { value: 'description', label: 'Descrição' },
];

function BrandForm({
  brand,
  onClose,
  onSaved,
}: {
  brand: Brand | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [reference, setReference] = useState(brand?.reference_code ?? '');
  const [description, setDescription] = useState(brand?.description ?? '');
  const { errors, saving, submit } = useSaveForm(onSaved);

  function save() {
    const found: Record<string, string> = {};
    if (!reference.trim()) found.reference_code = 'Digite o código da marca';
    if (!description.trim()) found.description = 'Digite a descrição da marca';
    const body = { reference_code: reference.trim(), description: description.trim() };
    return submit(found, () => (brand ? updateBrand({ ...body, id: brand.id }) : createBrand(body)), {
      success: brand ? BRAND_UPDATED : BRAND_CREATED,
      failureHeader: brand ? 'Erro ao alterar marca' : 'Erro ao cadastrar marca',
    });
  }

  return (
    <FormModal
      visible
      size="medium"
      title={brand ? 'Alterar marca' : 'Nova marca'}
      onDismiss={onClose}
      onSubmit={() => void save()}
      saving={saving}
      testId="brand-form"
    >
      <SpaceBetween size="l">
        <FormField label="Código *" errorText={errors.reference_code}>
          <Input
            value={reference}
            data-testid="brand-reference"
            onChange={({ detail }) => setReference(detail.value)}
          />
        </FormField>
        <FormField label="Descrição *" errorText={errors.description}>
          <Input
            value={description}
            data-testid="brand-description"
            onChange={({ detail }) => setDescription(detail.value)}
          />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}

/** /brands 'Marcas' (read Products): paged list with search; create and edit (write Products). */
export default function BrandsPage() {
  const [text, setText] = useState('');
  const [field, setField] = useState('');
  const q = useDebounced(text.trim());
  const list = usePagedList(
    listBrands,
    { q, field: q && field ? (field as BrandQuery['field']) : undefined },
    BRANDS_PAGE_SIZE,
  );
  const [editing, setEditing] = useState<{ brand: Brand | null; key: number } | null>(null);

  return (
    <ContentLayout header={<Header variant="h1">Marcas</Header>}>
      <PagedListTable<Brand>
        testId="brands-table"
        title="Lista de marcas"
        loadingText="Carregando marcas"
        list={list}
        subject="Products"
        newButton={{
          label: 'Nova marca',
          testId: 'brand-new',
          onClick: () => setEditing({ brand: null, key: Date.now() }),
        }}
        fieldSelect={{ options: FIELD_OPTIONS, value: field, onChange: setField }}
        search={{
          text,
          onChange: setText,
          placeholder: 'Buscar marcas',
          ariaLabel: 'Buscar marcas',
          testId: 'brand-search',
        }}
        noun="marca(s)"
        emptyText={q ? 'Nenhuma marca encontrada.' : 'Nenhuma marca cadastrada.'}
        columns={[
          { id: 'id', header: 'Id', width: 72, cell: (b) => b.id },
          { id: 'reference_code', header: 'Código', cell: (b) => b.reference_code },
          {
            id: 'description',
            header: 'Descrição',
            cell: (b) => <Box fontWeight="bold">{b.description}</Box>,
          },
          { id: 'created', header: 'Criada em', cell: (b) => formatDate(b.created_at) },
        ]}
        onEdit={(b) => setEditing({ brand: b, key: Date.now() })}
        editLabel={(b) => b.description}
      />
      {editing ? (
        <BrandForm
          key={editing.key}
          brand={editing.brand}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      ) : null}
    </ContentLayout>
  );
}
