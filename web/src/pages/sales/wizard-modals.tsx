import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import Checkbox from '@cloudscape-design/components/checkbox';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_SEARCH_FIELDS, type Product, type PaymentMethod } from '@freguesia/shared/schemas/catalog';
import type { CustomerListItem } from '@freguesia/shared/schemas/customer';
import { useState } from 'react';
import { listPayments, listProducts } from '../../api/catalog';
import { listCustomers } from '../../api/customers';
import { tenantKey } from '../../api/query';
import { useCustomerDrafts, useOffers, type OfferTab, type SaleRow } from '../../api/sales';
import { useDebounced } from '../../components/table';
import { dateTime, money } from './format';
import type { FormLine, FormPayment } from './sale-form';

/** Modals page size (§9). */
const MODAL_PAGE = 50;

/** 'Selecionar cliente': search by name, reference, document or phone (the customer list's own detection). */
export function CustomerModal({
  onPick,
  onDismiss,
}: {
  onPick: (c: CustomerListItem) => void;
  onDismiss: () => void;
}) {
  const [q, setQ] = useState('');
  const typed = useDebounced(q.trim(), 400);
  const found = useQuery({
    queryKey: tenantKey('sales', 'customer-pick', typed),
    queryFn: ({ signal }) => listCustomers({ page: 1, q: typed, perPage: MODAL_PAGE }, signal),
    enabled: typed.length > 0,
  });
  return (
    <Modal visible header="Selecionar cliente" size="large" onDismiss={onDismiss}>
      <SpaceBetween size="s">
        <Input
          data-testid="customer-search"
          value={q}
          onChange={({ detail }) => setQ(detail.value)}
          placeholder="Nome, código, CPF/CNPJ ou telefone"
          type="search"
          autoFocus
        />
        <Table
          items={found.data?.data ?? []}
          loading={found.isFetching}
          loadingText="Buscando clientes"
          variant="embedded"
          empty={<Box textAlign="center">{typed ? 'Nenhum cliente encontrado.' : 'Digite para buscar.'}</Box>}
          columnDefinitions={[
            { id: 'name', header: 'Nome', cell: (c) => c.fullname },
            { id: 'doc', header: 'Documento', cell: (c) => c.document },
            { id: 'phone', header: 'Celular', cell: (c) => c.cellphone ?? '-' },
            { id: 'state', header: 'UF', cell: (c) => c.state ?? '-' },
            {
              id: 'pick',
              header: '',
              cell: (c) => (
                <Button data-testid={`customer-pick-${c.id}`} onClick={() => onPick(c)}>
                  Selecionar
                </Button>
              ),
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}

/** 'Escolher um rascunho do cliente': the customer's drafts, or a new sale. */
export function DraftsModal({
  customerId,
  onOpen,
  onDismiss,
}: {
  customerId: number;
  onOpen: (sale: SaleRow) => void;
  onDismiss: () => void;
}) {
  const drafts = useCustomerDrafts(customerId);
  const rows = drafts.data?.data ?? [];
  if (drafts.isSuccess && rows.length === 0) return null;
  return (
    <Modal
      visible
      header="Este cliente já tem rascunhos"
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <Button data-testid="drafts-new" onClick={onDismiss}>
            Criar uma nova venda
          </Button>
        </Box>
      }
    >
      <Table
        items={rows}
        loading={drafts.isPending}
        variant="embedded"
        columnDefinitions={[
          { id: 'id', header: 'Venda', cell: (s) => s.id },
          { id: 'created', header: 'Criada em', cell: (s) => dateTime(s.created_at) },
          { id: 'total', header: 'Total', cell: (s) => money(s.total_value) },
          {
            id: 'open',
            header: '',
            cell: (s) => (
              <Button data-testid={`draft-open-${s.id}`} onClick={() => onOpen(s)}>
                Continuar
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}

const FIELD_LABELS: Record<(typeof PRODUCT_SEARCH_FIELDS)[number], string> = {
  description: 'Descrição',
  code: 'EAN',
  reference_code: 'SKU',
  group_code: 'Grupo',
};

/** The store's price of a product: offer, then customer, then regular. */
export const storePrice = (p: Pick<Product, 'offer_price' | 'cust_price' | 'regular_price'>) =>
  p.offer_price ?? p.cust_price ?? p.regular_price ?? 0;

/** 'Adicionar produtos': search by description, EAN, SKU or group, with the store's price and stock. */
export function ProductsModal({
  storeId,
  onAdd,
  onDismiss,
}: {
  storeId: number;
  onAdd: (line: FormLine) => void;
  onDismiss: () => void;
}) {
  const [field, setField] = useState<(typeof PRODUCT_SEARCH_FIELDS)[number]>('description');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const typed = useDebounced(q.trim(), 400);
  const found = useQuery({
    queryKey: tenantKey('sales', 'product-pick', storeId, field, typed, page),
    queryFn: ({ signal }) =>
      listProducts({ page, per_page: MODAL_PAGE, q: typed, field, id_store: storeId }, signal),
  });
  const options = PRODUCT_SEARCH_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }));
  return (
    <Modal visible header="Adicionar produtos" size="max" onDismiss={onDismiss}>
      <SpaceBetween size="s">
        <SpaceBetween direction="horizontal" size="xs">
          <Select
            selectedOption={options.find((o) => o.value === field)!}
            options={options}
            onChange={({ detail }) => setField(detail.selectedOption.value as typeof field)}
            ariaLabel="Buscar por"
          />
          <Input
            data-testid="product-search"
            value={q}
            type="search"
            onChange={({ detail }) => {
              setQ(detail.value);
              setPage(1);
            }}
            placeholder="Buscar mercadorias"
          />
        </SpaceBetween>
        <Table
          items={found.data?.data ?? []}
          loading={found.isFetching}
          loadingText="Buscando mercadorias"
          variant="embedded"
          empty={<Box textAlign="center">Nenhuma mercadoria encontrada.</Box>}
          columnDefinitions={[
            { id: 'code', header: 'EAN', cell: (p) => p.code },
            { id: 'sku', header: 'SKU', cell: (p) => p.reference_code },
            {
              id: 'description',
              header: 'Descrição',
              cell: (p) => (p.pack > 1 ? `${p.description} QT ${p.pack}` : p.description),
            },
            { id: 'group', header: 'Grupo', cell: (p) => p.group_code || '-' },
            { id: 'stock', header: 'Estoque', cell: (p) => p.stock },
            { id: 'price', header: 'Preço', cell: (p) => money(storePrice(p)) },
            {
              id: 'add',
              header: '',
              cell: (p) => (
                <Button
                  data-testid={`product-add-${p.code}`}
                  disabled={storePrice(p) <= 0}
                  onClick={() =>
                    onAdd({
                      id: p.id,
                      reference_code: p.reference_code,
                      description: p.description,
                      barcode: p.code,
                      pack: p.pack,
                      quantity: 1,
                      unit_value: storePrice(p),
                      discount_type: 'money',
                      discount: 0,
                    })
                  }
                >
                  Adicionar
                </Button>
              ),
            },
          ]}
        />
        <Pagination
          currentPageIndex={page}
          pagesCount={Math.max(1, found.data?.pagination.last_page ?? 1)}
          onChange={({ detail }) => setPage(detail.currentPageIndex)}
        />
      </SpaceBetween>
    </Modal>
  );
}

const OFFER_TABS: { id: OfferTab; label: string }[] = [
  { id: 'exclusive', label: 'Campanhas exclusivas' },
  { id: 'ongoing', label: 'Campanhas vigentes' },
  { id: 'club', label: 'Clube de vantagens' },
  { id: 'offers', label: 'Ofertas' },
];

function OffersTab({ tab, storeId, document }: { tab: OfferTab; storeId: number; document: string }) {
  const [page, setPage] = useState(1);
  const offers = useOffers({ page, id_store: storeId, document, attribute: tab });
  return (
    <SpaceBetween size="s">
      <Table
        items={offers.data?.data ?? []}
        loading={offers.isFetching}
        loadingText="Carregando ofertas"
        variant="embedded"
        empty={<Box textAlign="center">Nenhuma oferta encontrada.</Box>}
        columnDefinitions={[
          { id: 'campaign', header: 'Campanha', cell: (o) => o.id_campaign },
          { id: 'code', header: 'EAN', cell: (o) => o.code },
          { id: 'description', header: 'Descrição', cell: (o) => o.product?.description ?? '-' },
          {
            id: 'price',
            header: 'Preço',
            cell: (o) => (o.product ? money(storePrice(o.product)) : '-'),
          },
        ]}
      />
      <Pagination
        currentPageIndex={page}
        pagesCount={Math.max(1, offers.data?.pagination.last_page ?? 1)}
        onChange={({ detail }) => setPage(detail.currentPageIndex)}
      />
    </SpaceBetween>
  );
}

/** 'Ofertas vigentes': the four tabs of GET /web/products/customer. */
export function OffersModal({
  storeId,
  document,
  onDismiss,
}: {
  storeId: number;
  document: string;
  onDismiss: () => void;
}) {
  return (
    <Modal visible header="Ofertas do cliente" size="large" onDismiss={onDismiss}>
      <Tabs
        tabs={OFFER_TABS.map((t) => ({
          id: t.id,
          label: t.label,
          content: <OffersTab tab={t.id} storeId={storeId} document={document} />,
        }))}
      />
    </Modal>
  );
}

/** 'Adicionar pagamento': method, value, installments up to the method's max, change when it has change. */
export function PaymentModal({
  suggested,
  onAdd,
  onDismiss,
}: {
  suggested: number;
  onAdd: (payment: FormPayment) => void;
  onDismiss: () => void;
}) {
  const methods = useQuery({
    queryKey: tenantKey('sales', 'payment-methods'),
    queryFn: ({ signal }) => listPayments({ page: 1, per_page: 1000, visible: true }, signal),
  });
  const [method, setMethod] = useState<PaymentMethod | undefined>();
  const [value, setValue] = useState(suggested > 0 ? suggested.toFixed(2) : '');
  const [installments, setInstallments] = useState(1);
  const [hasChange, setHasChange] = useState(false);
  const [change, setChange] = useState('');
  const options = (methods.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.description }));
  const amount = Number(value.replace(',', '.'));
  const changeAmount = hasChange ? Number(change.replace(',', '.') || '0') : 0;
  const valid =
    method !== undefined &&
    Number.isFinite(amount) &&
    amount >= 0 &&
    Number.isFinite(changeAmount) &&
    changeAmount >= 0;
  return (
    <Modal
      visible
      header="Adicionar pagamento"
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancelar
            </Button>
            <Button
              data-testid="payment-confirm"
              variant="primary"
              disabled={!valid}
              onClick={() =>
                onAdd({
                  id: method!.id,
                  method: method!.description,
                  installments,
                  total_value: Math.round(amount * 100) / 100,
                  change_value: Math.round(changeAmount * 100) / 100,
                  has_change: method!.has_change,
                  discounts: 0,
                  backend_code: '',
                })
              }
            >
              Adicionar
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <FormField label="Forma de pagamento">
          <Select
            data-testid="payment-method"
            selectedOption={method ? { value: String(method.id), label: method.description } : null}
            options={options}
            placeholder="Selecione"
            loadingText="Carregando"
            statusType={methods.isPending ? 'loading' : 'finished'}
            onChange={({ detail }) => {
              const m = methods.data?.data.find((x) => String(x.id) === detail.selectedOption.value);
              setMethod(m);
              setInstallments(1);
              setHasChange(false);
            }}
          />
        </FormField>
        <FormField label="Valor">
          <Input
            data-testid="payment-value"
            inputMode="decimal"
            value={value}
            onChange={({ detail }) => setValue(detail.value)}
          />
        </FormField>
        {method && method.max_installments > 1 && (
          <FormField label="Parcelas">
            <Select
              selectedOption={{ value: String(installments), label: `${installments}x` }}
              options={Array.from({ length: method.max_installments }, (_, i) => ({
                value: String(i + 1),
                label: `${i + 1}x`,
              }))}
              onChange={({ detail }) => setInstallments(Number(detail.selectedOption.value))}
            />
          </FormField>
        )}
        {method?.has_change && (
          <>
            <Checkbox checked={hasChange} onChange={({ detail }) => setHasChange(detail.checked)}>
              Precisa de troco
            </Checkbox>
            {hasChange && (
              <FormField label="Troco">
                <Input
                  inputMode="decimal"
                  value={change}
                  onChange={({ detail }) => setChange(detail.value)}
                />
              </FormField>
            )}
          </>
        )}
      </SpaceBetween>
    </Modal>
  );
}
