import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import {
  createBrand,
  errorText,
  fieldErrors,
  listBrands,
  updateBrand,
  type Brand,
  type BrandQuery,
} from '../../api/catalog';
import { Can, useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { formatDate } from './format';
import { FormModal } from './form-modal';
import { PagerWithTotal } from './list-footer';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    const found: Record<string, string> = {};
    if (!reference.trim()) found.reference_code = 'Digite o código da marca';
    if (!description.trim()) found.description = 'Digite a descrição da marca';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { reference_code: reference.trim(), description: description.trim() };
    setSaving(true);
    try {
      if (brand) await updateBrand({ ...body, id: brand.id });
      else await createBrand(body);
      notify({ type: 'success', content: brand ? BRAND_UPDATED : BRAND_CREATED });
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({
        type: 'error',
        header: brand ? 'Erro ao alterar marca' : 'Erro ao cadastrar marca',
        content: errorText(error),
      });
    } finally {
      setSaving(false);
    }
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
  const canWrite = useCan('write', 'Products');
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
      <Table<Brand>
        data-testid="brands-table"
        variant="container"
        items={list.items}
        loading={list.loading && list.items.length === 0}
        loadingText="Carregando marcas"
        trackBy="id"
        header={
          <Header
            counter={`(${list.total})`}
            description={list.error ? `Erro ao carregar: ${list.error}` : undefined}
            actions={
              <Can I="write" a="Products">
                <Button
                  variant="primary"
                  iconName="add-plus"
                  data-testid="brand-new"
                  onClick={() => setEditing({ brand: null, key: Date.now() })}
                >
                  Nova marca
                </Button>
              </Can>
            }
          >
            Lista de marcas
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            <div style={{ minWidth: 170 }}>
              <Select
                selectedOption={FIELD_OPTIONS.find((o) => o.value === field) ?? null}
                options={FIELD_OPTIONS}
                ariaLabel="Campo de busca"
                onChange={({ detail }) => {
                  setField(detail.selectedOption.value ?? '');
                }}
              />
            </div>
            <div style={{ minWidth: 320 }}>
              <TextFilter
                filteringText={text}
                filteringPlaceholder="Buscar marcas"
                filteringAriaLabel="Buscar marcas"
                data-testid="brand-search"
                onChange={({ detail }) => {
                  setText(detail.filteringText);
                }}
              />
            </div>
          </SpaceBetween>
        }
        pagination={
          <PagerWithTotal
            page={list.page}
            pagesCount={list.pagesCount}
            total={list.total}
            noun="marca(s)"
            onChange={list.setPage}
            disabled={list.loading}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            <b>{q ? 'Nenhuma marca encontrada.' : 'Nenhuma marca cadastrada.'}</b>
          </Box>
        }
        columnDefinitions={[
          { id: 'id', header: 'Id', width: 72, cell: (b) => b.id },
          { id: 'reference_code', header: 'Código', cell: (b) => b.reference_code },
          {
            id: 'description',
            header: 'Descrição',
            cell: (b) => <Box fontWeight="bold">{b.description}</Box>,
          },
          { id: 'created', header: 'Criada em', cell: (b) => formatDate(b.created_at) },
          {
            id: 'actions',
            header: 'Opções',
            width: 140,
            cell: (b) =>
              canWrite ? (
                <Button
                  variant="inline-link"
                  iconName="edit"
                  ariaLabel={`Alterar ${b.description}`}
                  onClick={() => setEditing({ brand: b, key: Date.now() })}
                >
                  Alterar
                </Button>
              ) : (
                '-'
              ),
          },
        ]}
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
