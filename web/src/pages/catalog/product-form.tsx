import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useMemo, useState } from 'react';
import {
  allBrands,
  categoriesCascader,
  createProduct,
  errorText,
  fieldErrors,
  listCategories,
  updateProduct,
  type Brand,
  type Product,
  type ProductBody,
} from '../../api/catalog';
import { notify } from '../../app/notifications/notify';
import { flattenCascader, type FlatCategory } from './format';
import { FormModal } from '../../components/form';
import { ImageThumb } from './image-thumb';

export const PRODUCT_CREATED = 'Mercadoria incluida com sucesso';
export const PRODUCT_UPDATED = 'Mercadoria alterada com sucesso';

interface ProductDraft {
  code: string;
  reference_code: string;
  description: string;
  pack: string;
  weighable: boolean;
  active: boolean;
  fast_orders: boolean;
  url: string;
  categoryId: number | null;
  brandId: number | null;
}

const EMPTY: ProductDraft = {
  code: '',
  reference_code: '',
  description: '',
  pack: '1',
  weighable: false,
  active: true,
  fast_orders: false,
  url: '',
  categoryId: null,
  brandId: null,
};

function draftOf(product: Product | null): ProductDraft {
  if (!product) return EMPTY;
  return {
    code: product.code,
    reference_code: product.reference_code,
    description: product.description,
    pack: String(product.pack),
    weighable: product.weighable === 'Y',
    active: product.active === 'Y',
    fast_orders: product.fast_orders === 'Y',
    url: product.url,
    categoryId: product.category?.id ?? null,
    brandId: product.id_brand,
  };
}

/** Spec part 1 §5 "Product": code, description and pack are required (messages verbatim). */
export function validateProduct(draft: ProductDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.code.trim()) errors.code = 'Digite o codigo da mercadoria';
  else if (!/^\d{1,14}$/.test(draft.code.trim()))
    errors.code = 'O código da mercadoria (EAN) deve ter apenas números, até 14 dígitos.';
  if (!draft.description.trim()) errors.description = 'Digite a descricao da mercadoria';
  const pack = Number(draft.pack.replace(',', '.'));
  if (!draft.pack.trim() || !Number.isFinite(pack) || pack <= 0)
    errors.pack = 'Informe a embalagem (quantidade).';
  return errors;
}

interface Lookups {
  categories: FlatCategory[];
  references: Map<number, string>;
  brands: Brand[];
  loading: boolean;
}

function useLookups(visible: boolean): Lookups {
  const [state, setState] = useState<Omit<Lookups, 'loading'> & { loaded: boolean }>({
    categories: [],
    references: new Map(),
    brands: [],
    loaded: false,
  });
  useEffect(() => {
    if (!visible) return;
    let alive = true;
    Promise.all([
      categoriesCascader().catch(() => []),
      listCategories({ page: 1, per_page: 5000 }).catch(() => ({ data: [] })),
      allBrands().catch(() => []),
    ]).then(([tree, list, brands]) => {
      if (!alive) return;
      setState({
        categories: flattenCascader(tree),
        references: new Map(list.data.map((c) => [c.id, c.reference_code])),
        brands,
        loaded: true,
      });
    });
    return () => {
      alive = false;
    };
  }, [visible]);
  return { ...state, loading: visible && !state.loaded };
}

/** The product drawer: 'Criando novo produto' or editing `product`. */
export function ProductForm({
  visible,
  product,
  onClose,
  onSaved,
}: {
  visible: boolean;
  product: Product | null;
  onClose: () => void;
  onSaved: (product: Product) => void;
}) {
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const lookups = useLookups(visible);
  const set = (patch: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const categoryOptions: SelectProps.Option[] = useMemo(
    () => [
      { value: '', label: 'Sem categoria' },
      ...lookups.categories.map((c) => ({
        value: String(c.id),
        label: c.path,
        tags: [lookups.references.get(c.id) ?? ''],
      })),
    ],
    [lookups.categories, lookups.references],
  );
  const selectedCategory =
    categoryOptions.find((o) => o.value === String(draft.categoryId ?? '')) ??
    (product?.category && draft.categoryId === product.category.id
      ? { value: String(product.category.id), label: product.category.description }
      : null);

  const brandOptions: SelectProps.Option[] = useMemo(
    () => [
      { value: '', label: 'Sem marca' },
      ...lookups.brands.map((b) => ({ value: String(b.id), label: b.description, tags: [b.reference_code] })),
    ],
    [lookups.brands],
  );
  const selectedBrand = brandOptions.find((o) => o.value === String(draft.brandId ?? '')) ?? null;

  async function save() {
    const found = validateProduct(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    let category: ProductBody['category'] = null;
    if (draft.categoryId !== null) {
      const reference =
        lookups.references.get(draft.categoryId) ??
        (product?.category?.id === draft.categoryId ? product.category.reference_code : undefined);
      if (!reference) {
        setErrors({ category: 'Categoria não encontrada.' });
        return;
      }
      category = { reference_code: reference };
    }
    const body: ProductBody = {
      code: draft.code.trim(),
      reference_code: draft.reference_code.trim(),
      description: draft.description.trim(),
      pack: draft.pack.replace(',', '.'),
      weighable: draft.weighable ? 'Y' : 'N',
      active: draft.active ? 'Y' : 'N',
      fast_orders: draft.fast_orders ? 'Y' : 'N',
      url: draft.url.trim(),
      category,
      id_brand: draft.brandId,
    };
    setSaving(true);
    try {
      const saved = product ? await updateProduct({ ...body, id: product.id }) : await createProduct(body);
      notify({ type: 'success', content: product ? PRODUCT_UPDATED : PRODUCT_CREATED });
      onSaved(saved);
    } catch (error) {
      const server = fieldErrors(error);
      setErrors({ ...server, category: server['category.reference_code'] ?? server.category ?? '' });
      notify({
        type: 'error',
        header: product ? 'Erro ao alterar mercadoria' : 'Erro ao cadastrar mercadoria',
        content: errorText(error),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      visible={visible}
      title={product ? `Alterando produto ${product.description}` : 'Criando novo produto'}
      onDismiss={onClose}
      onSubmit={() => void save()}
      saving={saving}
      testId="product-form"
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={2}>
          <FormField
            label="Código (EAN) *"
            errorText={errors.code}
            constraintText="Somente números, até 14 dígitos."
          >
            <Input
              value={draft.code}
              inputMode="numeric"
              data-testid="product-code"
              onChange={({ detail }) => set({ code: detail.value.replace(/\D/g, '').slice(0, 14) })}
            />
          </FormField>
          <FormField label="Referência (SKU)" errorText={errors.reference_code}>
            <Input
              value={draft.reference_code}
              data-testid="product-reference"
              onChange={({ detail }) => set({ reference_code: detail.value })}
            />
          </FormField>
        </ColumnLayout>
        <FormField label="Descrição *" errorText={errors.description} stretch>
          <Input
            value={draft.description}
            data-testid="product-description"
            onChange={({ detail }) => set({ description: detail.value })}
          />
        </FormField>
        <ColumnLayout columns={3}>
          <FormField label="Embalagem (QT) *" errorText={errors.pack}>
            <Input
              value={draft.pack}
              inputMode="decimal"
              data-testid="product-pack"
              onChange={({ detail }) => set({ pack: detail.value })}
            />
          </FormField>
          <FormField label="Categoria" errorText={errors.category || undefined}>
            <Select
              selectedOption={selectedCategory}
              options={categoryOptions}
              placeholder="Escolha a categoria"
              filteringType="auto"
              filteringPlaceholder="Buscar categoria"
              empty="Nenhuma categoria cadastrada"
              statusType={lookups.loading ? 'loading' : 'finished'}
              loadingText="Carregando categorias"
              data-testid="product-category"
              onChange={({ detail }) =>
                set({ categoryId: detail.selectedOption.value ? Number(detail.selectedOption.value) : null })
              }
            />
          </FormField>
          <FormField label="Marca" errorText={errors.id_brand}>
            <Select
              selectedOption={selectedBrand}
              options={brandOptions}
              placeholder="Escolha a marca"
              filteringType="auto"
              filteringPlaceholder="Buscar marca"
              empty="Nenhuma marca cadastrada"
              statusType={lookups.loading ? 'loading' : 'finished'}
              loadingText="Carregando marcas"
              data-testid="product-brand"
              onChange={({ detail }) =>
                set({ brandId: detail.selectedOption.value ? Number(detail.selectedOption.value) : null })
              }
            />
          </FormField>
        </ColumnLayout>
        <Grid gridDefinition={[{ colspan: { default: 10, s: 11 } }, { colspan: { default: 2, s: 1 } }]}>
          <FormField label="URL da imagem" errorText={errors.url} stretch>
            <Input
              value={draft.url}
              type="url"
              placeholder="https://"
              data-testid="product-url"
              onChange={({ detail }) => set({ url: detail.value })}
            />
          </FormField>
          <div style={{ paddingTop: 26 }}>
            <ImageThumb src={draft.url.trim()} alt="Pré-visualização da imagem" size={36} />
          </div>
        </Grid>
        <ColumnLayout columns={3}>
          <Toggle
            checked={draft.weighable}
            onChange={({ detail }) => set({ weighable: detail.checked })}
            data-testid="product-weighable"
          >
            Pesável
          </Toggle>
          <Toggle
            checked={draft.active}
            onChange={({ detail }) => set({ active: detail.checked })}
            data-testid="product-active"
          >
            Ativo
          </Toggle>
          <Toggle
            checked={draft.fast_orders}
            onChange={({ detail }) => set({ fast_orders: detail.checked })}
            data-testid="product-fast-orders"
          >
            Pedidos rápidos
          </Toggle>
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}
