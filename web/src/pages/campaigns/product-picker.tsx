import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { Dynamic } from '@freguesia/shared/schemas/campaign';
import type { ProductSearchField } from '@freguesia/shared/schemas/catalog';
import { useState } from 'react';
import {
  allMatchingProducts,
  PRODUCT_PICKER_PAGE_SIZE,
  useCampaignProductSearch,
  type Product,
} from '../../api/campaigns';
import { useStores } from '../../api/catalog';
import { failureMessage } from '../../api/client';
import { notify } from '../../app/notifications/notify';
import { EMPTY, formatAmount, formatCentavos, totalText } from '../../components/format';
import { PagerWithTotal, useDebounced } from '../../components/table';
import { simulatedCents } from './form-model';

export const PICKER_TITLE = 'Adicionando Produtos';
export const STORE_FOR_PRICES = 'Selecione uma loja para simular os preços';
/** The spec's 500 ms pause before searching (part 2 §2.1, §9). */
const SEARCH_DEBOUNCE_MS = 500;
/** The most 'Selecionar todos' takes at once. */
export const SELECT_ALL_MAX = 2_000;

const FIELDS: readonly { value: ProductSearchField; label: string }[] = [
  { value: 'description', label: 'Descrição' },
  { value: 'code', label: 'Código EAN' },
  { value: 'reference_code', label: 'Referência SKU' },
  { value: 'group_code', label: 'Grupo' },
];

export interface PickerRule {
  dynamic: Dynamic | null;
  value: string;
}

/**
 * 'Adicionando Produtos' (spec part 2 §2.1, §9): search by description, EAN, SKU reference or group,
 * 500 ms after typing stops, pages of 50 with 'Total de N produtos', 'Selecionar todos' (every
 * product of the search), and a store to simulate the campaign's price on each product
 * ('Selecione uma loja para simular os preços' until one is chosen). 'Adicionar' hands the chosen
 * products to the wizard.
 */
export function ProductPicker({
  adding,
  rule,
  onAdd,
  onDismiss,
}: {
  adding: 'T' | 'D';
  rule: PickerRule;
  onAdd: (products: Product[], idStore: number | undefined) => void;
  onDismiss: () => void;
}) {
  const stores = useStores();
  const [field, setField] = useState<ProductSearchField>('description');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [pageState, setPageState] = useState({ page: 1, scope: '' });
  const [store, setStore] = useState<number | undefined>(undefined);
  const [selected, setSelected] = useState<Product[]>([]);
  const [selectingAll, setSelectingAll] = useState(false);
  // A new search, field or store starts again at page 1.
  const scope = `${field}|${q}|${store ?? ''}`;
  const page = pageState.scope === scope ? pageState.page : 1;
  const search = useCampaignProductSearch({
    page,
    per_page: PRODUCT_PICKER_PAGE_SIZE,
    q,
    field,
    id_store: store,
  });
  const total = search.data?.pagination.total ?? 0;
  const items = search.data?.data ?? [];

  const storeOptions = (stores.data ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.id} - ${s.name}`,
  }));
  const simulate = adding === 'D' && rule.dynamic !== null;

  const selectAll = async () => {
    setSelectingAll(true);
    try {
      const { products, total: found } = await allMatchingProducts(
        { q, field, id_store: store },
        SELECT_ALL_MAX,
      );
      setSelected((current) => {
        const codes = new Set(current.map((p) => p.code));
        return [...current, ...products.filter((p) => !codes.has(p.code))];
      });
      if (found > products.length)
        notify({
          type: 'warning',
          content: `Foram selecionados os ${products.length.toLocaleString('pt-BR')} primeiros de ${found.toLocaleString('pt-BR')} produtos. Refine a busca para os demais.`,
        });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao selecionar os produtos',
        content: failureMessage(error, 'Tente novamente.'),
      });
    } finally {
      setSelectingAll(false);
    }
  };

  return (
    <Modal
      visible
      width={1300}
      header={PICKER_TITLE}
      closeAriaLabel="Fechar"
      onDismiss={onDismiss}
      data-testid="campaign-product-picker"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              data-testid="campaign-picker-add"
              disabled={selected.length === 0}
              onClick={() => onAdd(selected, store)}
            >
              {selected.length === 0
                ? 'Adicionar'
                : `Adicionar ${selected.length.toLocaleString('pt-BR')} produto(s)`}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <SpaceBetween direction="horizontal" size="l" alignItems="end">
          <FormField label="Buscar por">
            <RadioGroup
              data-testid="campaign-picker-field"
              direction="horizontal"
              value={field}
              items={FIELDS.map((f) => ({ value: f.value, label: f.label }))}
              onChange={({ detail }) => setField(detail.value as ProductSearchField)}
            />
          </FormField>
          <FormField label="Busca">
            <div style={{ width: 360 }}>
              <Input
                data-testid="campaign-picker-search"
                type="search"
                value={text}
                placeholder={`Buscar por ${FIELDS.find((f) => f.value === field)?.label.toLowerCase()}`}
                ariaLabel="Buscar produtos"
                onChange={({ detail }) => setText(detail.value)}
              />
            </div>
          </FormField>
          <FormField label="Loja para simular os preços">
            <div style={{ width: 300 }}>
              <Select
                data-testid="campaign-picker-store"
                selectedOption={storeOptions.find((o) => o.value === String(store)) ?? null}
                options={storeOptions}
                placeholder="Selecione a loja"
                filteringType="auto"
                statusType={stores.isPending ? 'loading' : 'finished'}
                loadingText="Carregando lojas"
                onChange={({ detail }) =>
                  setStore(detail.selectedOption.value ? Number(detail.selectedOption.value) : undefined)
                }
              />
            </div>
          </FormField>
        </SpaceBetween>
        {store === undefined ? (
          <Alert type="info" data-testid="campaign-picker-store-hint">
            {STORE_FOR_PRICES}
          </Alert>
        ) : null}
        <Table<Product>
          data-testid="campaign-picker-table"
          variant="embedded"
          items={items}
          trackBy="code"
          loading={search.isPending}
          loadingText="Carregando produtos"
          selectionType="multi"
          selectedItems={selected}
          onSelectionChange={({ detail }) => {
            // The selection spans pages: what this page changed is applied to the rest.
            const onPage = new Set(items.map((p) => p.code));
            const kept = selected.filter((p) => !onPage.has(p.code));
            setSelected([...kept, ...detail.selectedItems]);
          }}
          ariaLabels={{
            selectionGroupLabel: 'Seleção de produtos',
            allItemsSelectionLabel: () => 'Selecionar os produtos da página',
            itemSelectionLabel: (_, p) => `Selecionar ${p.description}`,
          }}
          header={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Button
                data-testid="campaign-picker-select-all"
                loading={selectingAll}
                disabled={total === 0}
                onClick={() => void selectAll()}
              >
                Selecionar todos
              </Button>
              <Button disabled={selected.length === 0} onClick={() => setSelected([])}>
                Limpar seleção
              </Button>
              <Box color="text-body-secondary">{selected.length.toLocaleString('pt-BR')} selecionado(s)</Box>
            </SpaceBetween>
          }
          columnDefinitions={[
            { id: 'code', header: 'EAN', cell: (p) => p.code, minWidth: 140 },
            {
              id: 'description',
              header: 'Descrição',
              cell: (p) => p.description,
              isRowHeader: true,
              minWidth: 260,
            },
            { id: 'reference', header: 'Referência', cell: (p) => p.reference_code || EMPTY },
            { id: 'group', header: 'Grupo', cell: (p) => p.group_code || EMPTY },
            { id: 'pack', header: 'Emb.', cell: (p) => p.pack },
            { id: 'stock', header: 'Estoque', cell: (p) => p.stock.toLocaleString('pt-BR') },
            {
              id: 'price',
              header: 'Preço',
              cell: (p) => (store === undefined ? EMPTY : formatAmount(p.regular_price)),
            },
            {
              id: 'offer',
              header: 'Oferta',
              cell: (p) => (store === undefined ? EMPTY : formatAmount(p.offer_price)),
            },
            ...(simulate
              ? [
                  {
                    id: 'simulated',
                    header: 'Preço na campanha',
                    cell: (p: Product) =>
                      store === undefined
                        ? EMPTY
                        : formatCentavos(simulatedCents(rule.dynamic, rule.value, p.regular_price)),
                  },
                ]
              : []),
          ]}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>{q ? 'Nenhum produto encontrado.' : 'Nenhum produto cadastrado.'}</b>
            </Box>
          }
          pagination={
            <PagerWithTotal
              page={page}
              pagesCount={Math.max(1, Math.ceil(total / PRODUCT_PICKER_PAGE_SIZE))}
              totalText={totalText(total, 'produtos')}
              disabled={search.isFetching}
              onChange={(next) => setPageState({ page: next, scope })}
            />
          }
        />
      </SpaceBetween>
    </Modal>
  );
}
