import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useFieldArray, useWatch } from 'react-hook-form';
import { serverFieldErrors } from '../../api/client';
import {
  usePrices,
  useSavePrices,
  useStores,
  type Product,
  type ProductPrice,
  type Store,
} from '../../api/catalog';
import { errorMessage, FormModal, useFormSubmit, useZodForm } from '../../components/form';
import { EMPTY } from '../../components/format';
import { EditableListPage } from './editable-list-page';
import {
  emptyPriceRow,
  normalizeMoneyInput,
  priceRowOf,
  pricingFormSchema,
  rowErrorsFromServer,
  storesUsedElsewhere,
  type PriceDraft,
} from './pricing';
import { PRODUCT_LEAD_COLUMNS, useProductList } from './product-search';

export const PRICES_PAGE_SIZE = 50;
export const PRICE_SAVED = 'Preço ajustado com sucesso';

type RowField = Exclude<keyof PriceDraft, 'key' | 'id_store'>;

/** The rows editor, mounted once the product's prices and the stores are loaded. */
function PricingEditor({
  product,
  stores,
  prices,
  onClose,
}: {
  product: Product;
  stores: Store[];
  prices: ProductPrice[];
  onClose: () => void;
}) {
  const form = useZodForm(pricingFormSchema(product.id), {
    defaultValues: { rows: prices.length > 0 ? prices.map(priceRowOf) : [emptyPriceRow()] },
  });
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'rows',
    keyName: 'fieldKey',
  });
  const rows = useWatch({ control: form.control, name: 'rows' }) as PriceDraft[];
  const save = useSavePrices();
  const { submit, saving } = useFormSubmit(
    form,
    (body) => save.mutateAsync({ idProduct: product.id, rows: body }),
    { success: PRICE_SAVED, failureHeader: 'Erro ao ajustar preço' },
    onClose,
    {
      serverErrors: (error) =>
        rowErrorsFromServer(serverFieldErrors(error), rows.length).forEach((rowErrors, index) => {
          for (const [field, message] of Object.entries(rowErrors)) {
            form.setError(`rows.${index}.${field as keyof PriceDraft}`, { type: 'server', message });
          }
        }),
    },
  );
  const { errors, isSubmitted } = form.formState;
  const rowError = (index: number, field: keyof PriceDraft) => errorMessage(errors.rows?.[index]?.[field]);
  const set = (index: number, field: keyof PriceDraft, value: string | number) =>
    form.setValue(`rows.${index}.${field}`, value, { shouldDirty: true, shouldValidate: isSubmitted });

  const storeOptions = (index: number) => {
    const used = storesUsedElsewhere(rows, index);
    return stores.map((s) => ({
      value: String(s.id),
      label: s.name,
      description: s.reference_code ? `Código ${s.reference_code}` : undefined,
      disabled: used.has(s.id),
      disabledReason: used.has(s.id) ? 'Loja já usada em outra linha' : undefined,
    }));
  };

  const textInput = (field: RowField, label: string, row: PriceDraft, index: number, money: boolean) => (
    <Input
      value={row[field]}
      inputMode="decimal"
      placeholder={field === 'attribute' ? undefined : money ? '0,00' : '0'}
      ariaLabel={`${label}, linha ${index + 1}`}
      data-testid={`price-${field}-${index}`}
      invalid={rowError(index, field) !== undefined}
      onChange={({ detail }) =>
        set(
          index,
          field,
          field === 'attribute' ? detail.value : detail.value.replace(money ? /[^\d.,]/g : /[^\d.,-]/g, ''),
        )
      }
      onBlur={money ? () => set(index, field, normalizeMoneyInput(row[field])) : undefined}
    />
  );
  const column = (field: RowField, label: string, money = false) => ({
    label: money ? `${label} (R$)` : label,
    control: (_item: unknown, index: number) =>
      textInput(field, label, rows[index] ?? emptyPriceRow(), index, money),
    errorText: (_item: unknown, index: number) => rowError(index, field),
  });

  return (
    <FormModal
      visible
      size="max"
      title={`Precificação: ${product.description}`}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="pricing-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="m">
        <Box color="text-body-secondary">
          {`EAN ${product.code}${product.reference_code ? ` · SKU ${product.reference_code}` : ''}. Valores em R$ com vírgula (ex.: 12,50). As lojas removidas da lista perdem o preço ao salvar.`}
        </Box>
        <AttributeEditor
          items={fields}
          addButtonText="Adicionar loja"
          removeButtonText="Remover"
          disableAddButton={fields.length >= stores.length}
          empty="Nenhum preço: salve para remover todos os preços desta mercadoria, ou adicione uma loja."
          onAddButtonClick={() => append(emptyPriceRow())}
          onRemoveButtonClick={({ detail }) => remove(detail.itemIndex)}
          gridLayout={[
            { breakpoint: 'm', rows: [[3, 2, 2, 2, 1, 2]], removeButton: { width: 'auto' } },
            {
              breakpoint: 's',
              rows: [
                [4, 4, 4],
                [4, 4, 4],
              ],
            },
            { rows: [[12], [6, 6], [6, 6], [12]] },
          ]}
          definition={[
            {
              label: 'Loja',
              control: (_item, index) => {
                const options = storeOptions(index);
                const selected = options.find((o) => o.value === String(rows[index]?.id_store));
                return (
                  <Select
                    selectedOption={selected ? { value: selected.value, label: selected.label } : null}
                    options={options}
                    placeholder="Escolha a loja"
                    filteringType="auto"
                    filteringPlaceholder="Buscar loja"
                    empty="Nenhuma loja cadastrada"
                    ariaLabel={`Loja, linha ${index + 1}`}
                    data-testid={`price-store-${index}`}
                    invalid={rowError(index, 'id_store') !== undefined}
                    onChange={({ detail }) => set(index, 'id_store', Number(detail.selectedOption.value))}
                  />
                );
              },
              errorText: (_item, index) => rowError(index, 'id_store'),
            },
            column('cust_price', 'Custo', true),
            column('regular_price', 'Preço regular', true),
            column('offer_price', 'Oferta', true),
            column('stock', 'Estoque'),
            column('attribute', 'Atributo'),
          ]}
        />
      </SpaceBetween>
    </FormModal>
  );
}

/** The pricing form: one row per store (add/remove); a store used in a row is disabled in the others. */
function PricingForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const stores = useStores();
  const prices = usePrices(product.id);
  if (stores.data && prices.data)
    return <PricingEditor product={product} stores={stores.data} prices={prices.data} onClose={onClose} />;
  const error = stores.error ?? prices.error;
  return (
    <FormModal
      visible
      size="max"
      title={`Precificação: ${product.description}`}
      onDismiss={onClose}
      onSubmit={() => undefined}
      testId="pricing-form"
    >
      {error ? (
        <Alert type="error" header="Não foi possível carregar os preços">
          {error.message || 'Tente novamente.'}
        </Alert>
      ) : (
        <Box textAlign="center" padding="l">
          <Spinner size="large" />
        </Box>
      )}
    </FormModal>
  );
}

/** /products/prices 'Precificação' (read Products): products with a pricing action (write Products). */
export default function PricesPage() {
  const { list, search } = useProductList(PRICES_PAGE_SIZE);
  return (
    <EditableListPage<Product>
      {...search}
      heading="Precificação"
      testId="prices-table"
      title="Mercadorias"
      description="Preços e estoque por loja"
      list={list}
      subject="Products"
      rowAction="Precificar"
      rowLabel={(p) => p.description}
      columns={[
        ...PRODUCT_LEAD_COLUMNS,
        { id: 'code', header: 'EAN', cell: (p) => p.code },
        { id: 'reference_code', header: 'SKU', cell: (p) => p.reference_code || EMPTY },
        { id: 'description', header: 'Descrição', cell: (p) => p.description },
        {
          id: 'stores',
          header: 'Lojas com estoque',
          cell: (p) => p.stores_with_stock.filter((s) => s.stock > 0).length,
        },
        { id: 'stock', header: 'Estoque total', cell: (p) => String(p.stock).replace('.', ',') },
      ]}
      form={(product, close) => (product ? <PricingForm product={product} onClose={close} /> : null)}
    />
  );
}
