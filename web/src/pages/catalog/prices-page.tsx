import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import {
  errorText,
  fieldErrors,
  getPrices,
  listProducts,
  listStores,
  savePrices,
  type Product,
  type Store,
} from '../../api/catalog';
import { Can, useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { storesUsedElsewhere } from './format';
import { FormModal } from '../../components/form';
import { ImageThumb } from './image-thumb';
import { PagerWithTotal } from './list-footer';
import {
  buildPriceBody,
  emptyPriceRow,
  normalizeMoneyInput,
  priceRowOf,
  rowErrorsFromServer,
  type PriceDraft,
  type PriceRowErrors,
} from './pricing';
import { useProductSearch } from './product-search';
import { usePagedList } from './use-paged-list';

export const PRICES_PAGE_SIZE = 50;
export const PRICE_SAVED = 'Preço ajustado com sucesso';

/** The pricing form: one row per store (add/remove); a store used in a row is disabled in the others. */
function PricingForm({
  product,
  onClose,
  onSaved,
}: {
  product: Product;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [stores, setStores] = useState<Store[] | null>(null);
  const [rows, setRows] = useState<PriceDraft[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<PriceRowErrors[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    Promise.all([listStores(), getPrices(product.id)]).then(
      ([storeList, prices]) => {
        if (!alive) return;
        setStores(storeList);
        setRows(prices.length > 0 ? prices.map(priceRowOf) : [emptyPriceRow()]);
      },
      (error: unknown) => alive && setLoadError(errorText(error)),
    );
    return () => {
      alive = false;
    };
  }, [product.id]);

  const update = (index: number, patch: Partial<PriceDraft>) =>
    setRows((current) =>
      current ? current.map((row, i) => (i === index ? { ...row, ...patch } : row)) : current,
    );

  async function save() {
    if (!rows) return;
    const built = buildPriceBody(product.id, rows);
    setErrors(built.errors);
    if (!built.valid) return;
    setSaving(true);
    try {
      await savePrices(product.id, built.body);
      notify({ type: 'success', content: PRICE_SAVED });
      onSaved();
    } catch (error) {
      setErrors(rowErrorsFromServer(fieldErrors(error), rows.length));
      notify({ type: 'error', header: 'Erro ao ajustar preço', content: errorText(error) });
    } finally {
      setSaving(false);
    }
  }

  const storeOptions = (index: number) => {
    const used = storesUsedElsewhere(rows ?? [], index);
    return (stores ?? []).map((s) => ({
      value: String(s.id),
      label: s.name,
      description: s.reference_code ? `Código ${s.reference_code}` : undefined,
      disabled: used.has(s.id),
      disabledReason: used.has(s.id) ? 'Loja já usada em outra linha' : undefined,
    }));
  };

  const moneyField = (field: 'cust_price' | 'regular_price' | 'offer_price', label: string) => ({
    label: `${label} (R$)`,
    control: (row: PriceDraft, index: number) => (
      <Input
        value={row[field]}
        inputMode="decimal"
        placeholder="0,00"
        ariaLabel={`${label}, linha ${index + 1}`}
        data-testid={`price-${field}-${index}`}
        onChange={({ detail }) => update(index, { [field]: detail.value.replace(/[^\d.,]/g, '') })}
        onBlur={() => update(index, { [field]: normalizeMoneyInput(row[field]) })}
      />
    ),
    errorText: (_row: PriceDraft, index: number) => errors[index]?.[field],
  });

  return (
    <FormModal
      visible
      size="max"
      title={`Precificação: ${product.description}`}
      onDismiss={onClose}
      onSubmit={() => void save()}
      saving={saving}
      testId="pricing-form"
    >
      {loadError ? (
        <Alert type="error" header="Não foi possível carregar os preços">
          {loadError}
        </Alert>
      ) : !rows || !stores ? (
        <Box textAlign="center" padding="l">
          <Spinner size="large" />
        </Box>
      ) : (
        <SpaceBetween size="m">
          <Box color="text-body-secondary">
            {`EAN ${product.code}${product.reference_code ? ` · SKU ${product.reference_code}` : ''}. Valores em R$ com vírgula (ex.: 12,50). As lojas removidas da lista perdem o preço ao salvar.`}
          </Box>
          <AttributeEditor<PriceDraft>
            items={rows}
            addButtonText="Adicionar loja"
            removeButtonText="Remover"
            disableAddButton={rows.length >= stores.length}
            empty="Nenhum preço: salve para remover todos os preços desta mercadoria, ou adicione uma loja."
            onAddButtonClick={() => setRows((current) => [...(current ?? []), emptyPriceRow()])}
            onRemoveButtonClick={({ detail }) => {
              setRows((current) => (current ?? []).filter((_, i) => i !== detail.itemIndex));
              setErrors((current) => current.filter((_, i) => i !== detail.itemIndex));
            }}
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
                control: (row, index) => {
                  const options = storeOptions(index);
                  const selected = options.find((o) => o.value === String(row.id_store));
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
                      onChange={({ detail }) =>
                        update(index, { id_store: Number(detail.selectedOption.value) })
                      }
                    />
                  );
                },
                errorText: (_row, index) => errors[index]?.id_store,
              },
              moneyField('cust_price', 'Custo'),
              moneyField('regular_price', 'Preço regular'),
              moneyField('offer_price', 'Oferta'),
              {
                label: 'Estoque',
                control: (row, index) => (
                  <Input
                    value={row.stock}
                    inputMode="decimal"
                    placeholder="0"
                    ariaLabel={`Estoque, linha ${index + 1}`}
                    data-testid={`price-stock-${index}`}
                    onChange={({ detail }) => update(index, { stock: detail.value.replace(/[^\d.,-]/g, '') })}
                  />
                ),
                errorText: (_row, index) => errors[index]?.stock,
              },
              {
                label: 'Atributo',
                control: (row, index) => (
                  <Input
                    value={row.attribute}
                    ariaLabel={`Atributo, linha ${index + 1}`}
                    data-testid={`price-attribute-${index}`}
                    onChange={({ detail }) => update(index, { attribute: detail.value })}
                  />
                ),
                errorText: (_row, index) => errors[index]?.attribute,
              },
            ]}
          />
        </SpaceBetween>
      )}
    </FormModal>
  );
}

/** /products/prices 'Precificação' (read Products): products with a pricing button (write Products). */
export default function PricesPage() {
  const canWrite = useCan('write', 'Products');
  const [pricing, setPricing] = useState<Product | null>(null);
  const search = useProductSearch();
  const list = usePagedList(
    listProducts,
    { q: search.q, field: search.q ? search.field : undefined },
    PRICES_PAGE_SIZE,
  );

  return (
    <ContentLayout header={<Header variant="h1">Precificação</Header>}>
      <Table<Product>
        data-testid="prices-table"
        wrapLines
        variant="container"
        items={list.items}
        loading={list.loading && list.items.length === 0}
        loadingText="Carregando mercadorias"
        trackBy="id"
        header={
          <Header
            counter={`(${list.total.toLocaleString('pt-BR')})`}
            description={list.error ? `Erro ao carregar: ${list.error}` : 'Preços e estoque por loja'}
          >
            Mercadorias
          </Header>
        }
        filter={search.element(search.searching && !list.loading ? `${list.total} resultado(s)` : undefined)}
        pagination={
          <PagerWithTotal
            page={list.page}
            pagesCount={list.pagesCount}
            total={list.total}
            noun="mercadoria(s)"
            onChange={list.setPage}
            disabled={list.loading}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            <b>{search.searching ? 'Nenhuma mercadoria encontrada.' : 'Nenhuma mercadoria cadastrada.'}</b>
          </Box>
        }
        columnDefinitions={[
          {
            id: 'image',
            header: 'Imagem',
            width: 80,
            cell: (p) => <ImageThumb src={p.url} alt={p.description} />,
          },
          { id: 'id', header: 'Id', width: 72, cell: (p) => p.id },
          { id: 'code', header: 'EAN', cell: (p) => p.code },
          { id: 'reference_code', header: 'SKU', cell: (p) => p.reference_code || '-' },
          { id: 'description', header: 'Descrição', cell: (p) => p.description },
          {
            id: 'stores',
            header: 'Lojas com estoque',
            cell: (p) => p.stores_with_stock.filter((s) => s.stock > 0).length,
          },
          { id: 'stock', header: 'Estoque total', cell: (p) => String(p.stock).replace('.', ',') },
          {
            id: 'actions',
            header: 'Opções',
            width: 150,
            minWidth: 150,
            cell: (p) =>
              canWrite ? (
                <Button
                  variant="inline-link"
                  iconName="edit"
                  data-testid={`pricing-${p.id}`}
                  ariaLabel={`Precificar ${p.description}`}
                  onClick={() => setPricing(p)}
                >
                  Precificar
                </Button>
              ) : (
                '-'
              ),
          },
        ]}
      />
      <Can I="write" a="Products">
        {pricing ? (
          <PricingForm
            key={pricing.id}
            product={pricing}
            onClose={() => setPricing(null)}
            onSaved={() => {
              setPricing(null);
              list.reload();
            }}
          />
        ) : null}
      </Can>
    </ContentLayout>
  );
}
