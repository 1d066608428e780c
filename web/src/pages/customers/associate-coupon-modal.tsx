import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { CUSTOMER_MESSAGES } from '@freguesia/shared/schemas/customer';
import { useState } from 'react';
import { localDay } from '@freguesia/shared/domain/dates';
import { failureMessage } from '../../api/client';
import {
  filterBaskets,
  useAssociateBaskets,
  type Basket,
  type Paginated,
  type StoreOption,
} from '../../api/customers';
import { notify } from '../../app/notifications/notify';
// Straight from its file: the index would bring react-hook-form and zod into the details page.
import { ModalActions } from '../../components/form/form-modal';
import { DateInput } from '../../components/date-input';
import { EMPTY, formatAmount, formatDateTime } from '../../components/format';
import { dayText, readTypedDay } from '../../components/typed-day';

/** Page size of lists inside modals (spec part 1 §9). */
const MODAL_PAGE_SIZE = 50;

interface Criteria {
  /** As typed: DD/MM/AAAA. */
  date: string;
  id_store: string;
  checkout: string;
  coupon: string;
}

/**
 * 'Associar cupom': finds purchases made without identification (GET /web/baskets/filter with
 * basket_loyal=N — by store, day, checkout and coupon) and ties the selected ones to the
 * customer (POST /web/baskets/associate) → 'Cupom associado ao cliente com sucesso !'.
 */
export function AssociateCouponModal({
  customerId,
  stores,
  onClose,
  onAssociated,
}: {
  customerId: number;
  stores: readonly StoreOption[];
  onClose: () => void;
  onAssociated: () => void;
}) {
  const [criteria, setCriteria] = useState<Criteria>({
    date: dayText(localDay()),
    id_store: '',
    checkout: '',
    coupon: '',
  });
  const [dateError, setDateError] = useState<string>();
  const [result, setResult] = useState<Paginated<Basket> | null>(null);
  const [page, setPage] = useState(1);
  const [searching, setSearching] = useState(false);
  const [selected, setSelected] = useState<Basket[]>([]);
  const association = useAssociateBaskets(customerId);
  const saving = association.isPending;

  const storeOptions: SelectProps.Option[] = [
    { value: '', label: 'Todas as lojas' },
    ...stores.map((s) => ({ value: String(s.id), label: s.name })),
  ];

  const search = async (toPage = 1) => {
    const typed = readTypedDay(criteria.date, 'Informe a data da compra.');
    if ('error' in typed) {
      setDateError(typed.error);
      return;
    }
    setDateError(undefined);
    setSearching(true);
    try {
      const answer = await filterBaskets({
        date: typed.day,
        id_store: criteria.id_store ? Number(criteria.id_store) : undefined,
        checkout: criteria.checkout.trim() || undefined,
        coupon: criteria.coupon.trim() || undefined,
        basket_loyal: 'N',
        page: toPage,
        per_page: MODAL_PAGE_SIZE,
      });
      setResult(answer);
      setPage(toPage);
      setSelected([]);
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao buscar compras',
        content: failureMessage(error, 'Tente novamente.'),
      });
    } finally {
      setSearching(false);
    }
  };

  const associate = async () => {
    if (selected.length === 0) return;
    try {
      await association.mutateAsync(selected.map((b) => b.id));
      notify({ type: 'success', content: CUSTOMER_MESSAGES.associated });
      onAssociated();
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao associar cupom',
        content: failureMessage(error, 'Tente novamente.'),
      });
    }
  };

  const total = result?.pagination.total ?? 0;

  return (
    <Modal
      visible
      size="large"
      onDismiss={() => (saving ? undefined : onClose())}
      header="Associar cupom"
      data-testid="associate-modal"
      footer={
        <ModalActions
          saving={saving}
          submitLabel={selected.length > 1 ? `Associar ${selected.length} cupons` : 'Associar'}
          submitDisabled={selected.length === 0}
          submitTestId="associate-submit"
          onCancel={onClose}
          onSubmit={() => void associate()}
        />
      }
    >
      <SpaceBetween size="l">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void search(1);
          }}
        >
          <Form
            actions={
              <Button
                variant="normal"
                iconName="search"
                loading={searching}
                formAction="submit"
                data-testid="associate-search"
              >
                Buscar
              </Button>
            }
          >
            <ColumnLayout columns={4} minColumnWidth={150}>
              <FormField label="Loja">
                <Select
                  selectedOption={storeOptions.find((o) => o.value === criteria.id_store) ?? storeOptions[0]!}
                  options={storeOptions}
                  filteringType="auto"
                  empty="Nenhuma loja"
                  onChange={({ detail }) =>
                    setCriteria((c) => ({ ...c, id_store: detail.selectedOption.value ?? '' }))
                  }
                />
              </FormField>
              <FormField label="Data *" errorText={dateError} constraintText="DD/MM/AAAA">
                <DateInput
                  data-testid="associate-date"
                  ariaLabel="Data da compra"
                  value={criteria.date}
                  onChange={(date) => {
                    setCriteria((c) => ({ ...c, date }));
                    setDateError(undefined);
                  }}
                />
              </FormField>
              <FormField label="PDV">
                <Input
                  value={criteria.checkout}
                  onChange={({ detail }) => setCriteria((c) => ({ ...c, checkout: detail.value }))}
                />
              </FormField>
              <FormField label="Cupom">
                <Input
                  data-testid="associate-coupon-input"
                  value={criteria.coupon}
                  onChange={({ detail }) => setCriteria((c) => ({ ...c, coupon: detail.value }))}
                />
              </FormField>
            </ColumnLayout>
          </Form>
        </form>
        <Table<Basket>
          data-testid="associate-results"
          variant="embedded"
          items={result?.data ?? []}
          trackBy="id"
          selectionType="multi"
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          loading={searching}
          loadingText="Buscando compras"
          ariaLabels={{
            selectionGroupLabel: 'Seleção de compras',
            allItemsSelectionLabel: () => 'Selecionar todas',
            itemSelectionLabel: (_s, b) => `Selecionar cupom ${b.coupon}`,
          }}
          header={
            <Header
              variant="h3"
              counter={result ? `(${total})` : undefined}
              description="Compras sem cliente identificado."
            >
              Compras encontradas
            </Header>
          }
          columnDefinitions={[
            { id: 'date', header: 'Data', cell: (b) => formatDateTime(b.date), isRowHeader: true },
            { id: 'store', header: 'Loja', cell: (b) => b.store_name ?? `Loja ${b.id_store}` },
            { id: 'checkout', header: 'PDV', cell: (b) => b.checkout || EMPTY },
            {
              id: 'coupon',
              header: 'Cupom',
              cell: (b) => <span data-testid="basket-coupon">{b.coupon || EMPTY}</span>,
            },
            { id: 'itens', header: 'Itens', cell: (b) => String(b.itens) },
            { id: 'amount', header: 'Valor', cell: (b) => formatAmount(b.amount) },
          ]}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              {result ? 'Nenhuma compra encontrada.' : 'Informe os filtros e clique em Buscar.'}
            </Box>
          }
          pagination={
            result && total > MODAL_PAGE_SIZE ? (
              <Pagination
                currentPageIndex={page}
                pagesCount={Math.max(1, Math.ceil(total / MODAL_PAGE_SIZE))}
                openEnd={result.pagination.estimated === true}
                onChange={({ detail }) => void search(detail.currentPageIndex)}
              />
            ) : undefined
          }
        />
      </SpaceBetween>
    </Modal>
  );
}
