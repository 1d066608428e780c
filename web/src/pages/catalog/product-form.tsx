import ColumnLayout from '@cloudscape-design/components/column-layout';
import Grid from '@cloudscape-design/components/grid';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { z } from 'zod';
import { ProductInput } from '@freguesia/shared/schemas/catalog';
import {
  useAllBrands,
  useAllCategories,
  useCategoryTree,
  useSaveProduct,
  type Product,
} from '../../api/catalog';
import {
  FormModal,
  SelectField,
  TextField,
  ToggleField,
  useFormSubmit,
  useZodForm,
} from '../../components/form';
import { flattenCascader } from './category-tree';
import { ImageThumb } from './image-thumb';

export const PRODUCT_CREATED = 'Mercadoria incluida com sucesso';
export const PRODUCT_UPDATED = 'Mercadoria alterada com sucesso';

// The pack is typed with a comma too ('0,5'); the spec's messages stay those of the shared schema.
const productFormSchema = ProductInput.extend({
  pack: z.preprocess((v) => (typeof v === 'string' ? v.replace(',', '.') : v), ProductInput.shape.pack),
});

const YES_NO = ['Y', 'N'] as const;

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
  const form = useZodForm(productFormSchema, {
    defaultValues: {
      code: product?.code ?? '',
      reference_code: product?.reference_code ?? '',
      description: product?.description ?? '',
      pack: String(product?.pack ?? 1),
      weighable: product?.weighable ?? 'N',
      active: product?.active ?? 'Y',
      fast_orders: product?.fast_orders ?? 'N',
      url: product?.url ?? '',
      category: product?.category ? { reference_code: product.category.reference_code } : null,
      id_brand: product?.id_brand ?? null,
    },
  });
  const tree = useCategoryTree(visible);
  const categories = useAllCategories(visible);
  const brands = useAllBrands(visible);
  const save = useSaveProduct();
  const { submit, saving } = useFormSubmit(
    form,
    async (values) => onSaved(await save.mutateAsync({ ...values, id: product?.id })),
    {
      success: product ? PRODUCT_UPDATED : PRODUCT_CREATED,
      failureHeader: product ? 'Erro ao alterar mercadoria' : 'Erro ao cadastrar mercadoria',
    },
  );
  const loading = tree.isPending || categories.isPending || brands.isPending;

  // Options carry the reference code: the body names the category by it.
  const categoryOptions: SelectProps.Option[] = useMemo(() => {
    const references = new Map((categories.data ?? []).map((c) => [c.id, c.reference_code]));
    return [
      { value: '', label: 'Sem categoria' },
      ...flattenCascader(tree.data ?? []).flatMap((c) => {
        const reference = references.get(c.id);
        return reference === undefined ? [] : [{ value: reference, label: c.path, tags: [reference] }];
      }),
    ];
  }, [tree.data, categories.data]);

  const brandOptions: SelectProps.Option[] = useMemo(
    () => [
      { value: '', label: 'Sem marca' },
      ...(brands.data ?? []).map((b) => ({
        value: String(b.id),
        label: b.description,
        tags: [b.reference_code],
      })),
    ],
    [brands.data],
  );

  const url = form.watch('url');
  const { control } = form;
  return (
    <FormModal
      visible={visible}
      title={product ? `Alterando produto ${product.description}` : 'Criando novo produto'}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="product-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={2}>
          <TextField
            control={control}
            name="code"
            label="Código (EAN) *"
            constraintText="Somente números, até 14 dígitos."
            testId="product-code"
            input={{ inputMode: 'numeric' }}
            transform={(typed) => typed.replace(/\D/g, '').slice(0, 14)}
          />
          <TextField
            control={control}
            name="reference_code"
            label="Referência (SKU)"
            testId="product-reference"
          />
        </ColumnLayout>
        <TextField
          control={control}
          name="description"
          label="Descrição *"
          stretch
          testId="product-description"
        />
        <ColumnLayout columns={3}>
          <TextField
            control={control}
            name="pack"
            label="Embalagem (QT) *"
            testId="product-pack"
            input={{ inputMode: 'decimal' }}
          />
          <SelectField
            control={control}
            name="category"
            label="Categoria"
            testId="product-category"
            options={categoryOptions}
            showBlankOption
            format={(category) => String(category?.reference_code ?? '')}
            parse={(reference) => (reference ? { reference_code: reference } : null)}
            // The product's own category while the list loads (or when it left the tree).
            unknownOption={(reference) =>
              product?.category?.reference_code === reference
                ? { value: reference, label: product.category.description }
                : null
            }
            select={{
              placeholder: 'Escolha a categoria',
              filteringType: 'auto',
              filteringPlaceholder: 'Buscar categoria',
              empty: 'Nenhuma categoria cadastrada',
              statusType: loading ? 'loading' : 'finished',
              loadingText: 'Carregando categorias',
            }}
          />
          <SelectField
            control={control}
            name="id_brand"
            label="Marca"
            testId="product-brand"
            options={brandOptions}
            showBlankOption
            parse={(id) => (id ? Number(id) : null)}
            unknownOption={() => null}
            select={{
              placeholder: 'Escolha a marca',
              filteringType: 'auto',
              filteringPlaceholder: 'Buscar marca',
              empty: 'Nenhuma marca cadastrada',
              statusType: loading ? 'loading' : 'finished',
              loadingText: 'Carregando marcas',
            }}
          />
        </ColumnLayout>
        <Grid gridDefinition={[{ colspan: { default: 10, s: 11 } }, { colspan: { default: 2, s: 1 } }]}>
          <TextField
            control={control}
            name="url"
            label="URL da imagem"
            stretch
            testId="product-url"
            input={{ type: 'url', placeholder: 'https://' }}
          />
          <div style={{ paddingTop: 26 }}>
            <ImageThumb
              src={typeof url === 'string' ? url.trim() : ''}
              alt="Pré-visualização da imagem"
              size={36}
            />
          </div>
        </Grid>
        <ColumnLayout columns={3}>
          <ToggleField control={control} name="weighable" flag={YES_NO} testId="product-weighable">
            Pesável
          </ToggleField>
          <ToggleField control={control} name="active" flag={YES_NO} testId="product-active">
            Ativo
          </ToggleField>
          <ToggleField control={control} name="fast_orders" flag={YES_NO} testId="product-fast-orders">
            Pedidos rápidos
          </ToggleField>
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}
