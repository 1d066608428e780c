import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState, type ReactNode } from 'react';
import {
  PURCHASES_PAGE_SIZE,
  useAverageBasketsDays,
  useBaskets,
  type Basket,
  type StoreOption,
} from '../../api/customers';
import { useCan } from '../../app/ability';
import { DateInput } from '../../components/date-input';
import { EMPTY, formatAmount, formatDate, formatDateTime } from '../../components/format';
import { dayText, readTypedDay } from '../../components/typed-day';
import { PAGINATION_LABELS } from '../../components/table';
import { AssociateCouponModal } from './associate-coupon-modal';
import { basketDays, purchasesWindow } from './format';

/** A row of the purchases table: a purchase, or one of its products or payments (expanded). */
type PurchaseRow =
  | { kind: 'basket'; key: string; basket: Basket }
  | { kind: 'product'; key: string; basket: Basket; product: Basket['products'][number] }
  | { kind: 'payment'; key: string; basket: Basket; payment: Basket['payments'][number] };

function childrenOf(row: PurchaseRow): PurchaseRow[] {
  if (row.kind !== 'basket') return [];
  const b = row.basket;
  return [
    ...b.products.map((product, i) => ({
      kind: 'product' as const,
      key: `${b.id}-p${i}`,
      basket: b,
      product,
    })),
    ...b.payments.map((payment, i) => ({
      kind: 'payment' as const,
      key: `${b.id}-m${i}`,
      basket: b,
      payment,
    })),
  ];
}

const NoWrap = ({ children }: { children: ReactNode }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);

const quantity = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

const COLUMNS: TableProps.ColumnDefinition<PurchaseRow>[] = [
  {
    id: 'date',
    header: 'Data',
    isRowHeader: true,
    cell: (r) =>
      r.kind === 'basket' ? (
        <NoWrap>{formatDateTime(r.basket.date)}</NoWrap>
      ) : r.kind === 'product' ? (
        <Box variant="span">
          {r.product.description || 'Produto'}
          {r.product.code ? (
            <Box variant="span" color="text-body-secondary">
              {' '}
              · {r.product.code}
            </Box>
          ) : null}
        </Box>
      ) : (
        <Box variant="span">Pagamento: {r.payment.method || EMPTY}</Box>
      ),
  },
  {
    id: 'store',
    header: 'Loja',
    cell: (r) => (r.kind === 'basket' ? (r.basket.store_name ?? `Loja ${r.basket.id_store}`) : ''),
  },
  { id: 'coupon', header: 'Cupom', cell: (r) => (r.kind === 'basket' ? r.basket.coupon || EMPTY : '') },
  { id: 'checkout', header: 'PDV', cell: (r) => (r.kind === 'basket' ? r.basket.checkout || EMPTY : '') },
  {
    id: 'origin',
    header: 'Origem',
    cell: (r) =>
      r.kind === 'basket' ? r.basket.origin || EMPTY : r.kind === 'product' ? 'Produto' : 'Pagamento',
  },
  {
    id: 'itens',
    header: 'Itens',
    cell: (r) => (
      <NoWrap>
        {r.kind === 'basket'
          ? String(r.basket.itens)
          : r.kind === 'product'
            ? `${quantity(r.product.quantity)} × ${formatAmount(r.product.unit_value)}`
            : r.payment.installments > 1
              ? `${r.payment.installments}x`
              : 'À vista'}
      </NoWrap>
    ),
  },
  {
    id: 'discount',
    header: 'Desconto',
    cell: (r) => (
      <NoWrap>
        {r.kind === 'basket'
          ? formatAmount(r.basket.discount)
          : r.kind === 'product'
            ? formatAmount(r.product.discount)
            : ''}
      </NoWrap>
    ),
  },
  {
    id: 'amount',
    header: 'Valor',
    cell: (r) =>
      r.kind === 'basket' ? (
        <Box variant="span" fontWeight="bold">
          <NoWrap>{formatAmount(r.basket.amount)}</NoWrap>
        </Box>
      ) : (
        <NoWrap>{formatAmount(r.kind === 'product' ? r.product.total_value : r.payment.value)}</NoWrap>
      ),
  },
];

/** A period's bound as typed: its message only once the date is complete (no red while typing). */
function boundProblem(typed: string): string | undefined {
  const read = readTypedDay(typed, 'Informe a data.');
  if (!('error' in read)) return undefined;
  return typed.trim().length >= 10 ? read.error : undefined;
}

/** The period typed in 'De' and 'Até' (DD/MM/AAAA), or undefined while it is not a valid one. */
export function typedPeriod(from: string, to: string): { startDate: string; endDate: string } | undefined {
  const start = readTypedDay(from);
  const end = readTypedDay(to);
  if ('error' in start || 'error' in end || start.day > end.day) return undefined;
  return { startDate: start.day, endDate: end.day };
}

/**
 * 'Compras': the customer's purchases in a period (default: the last `average_baskets_days`
 * days up to the end of the month), 15 per page, each row expandable into its products and
 * payments; 'Associar cupom' (write Customers) ties purchases made without identification.
 */
export function PurchasesTab({ customerId, stores }: { customerId: number; stores: readonly StoreOption[] }) {
  const setting = useAverageBasketsDays();
  if (setting.isPending) {
    return (
      <Table
        items={[]}
        columnDefinitions={COLUMNS}
        loading
        loadingText="Carregando compras"
        header={<Header variant="h2">Compras</Header>}
      />
    );
  }
  return <PurchasesTable customerId={customerId} stores={stores} days={basketDays(setting.data)} />;
}

function PurchasesTable({
  customerId,
  stores,
  days,
}: {
  customerId: number;
  stores: readonly StoreOption[];
  days: number;
}) {
  const canWrite = useCan('write', 'Customers');
  const [range, setRange] = useState(() => {
    const window = purchasesWindow(days);
    return { startDate: window.start, endDate: window.end };
  });
  // What is typed in 'De' and 'Até'; the list follows once both make a valid period.
  const [typed, setTyped] = useState(() => ({ from: dayText(range.startDate), to: dayText(range.endDate) }));
  const changePeriod = (next: { from: string; to: string }) => {
    setTyped(next);
    const period = typedPeriod(next.from, next.to);
    if (period && (period.startDate !== range.startDate || period.endDate !== range.endDate)) {
      setRange(period);
      setPage(1);
      setExpanded(new Set());
    }
  };
  const fromProblem = boundProblem(typed.from);
  const toProblem = boundProblem(typed.to);
  const orderProblem =
    !fromProblem &&
    !toProblem &&
    typed.from.length >= 10 &&
    typed.to.length >= 10 &&
    !typedPeriod(typed.from, typed.to)
      ? 'A data inicial deve ser anterior à final.'
      : undefined;
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [associating, setAssociating] = useState(false);

  const result = useBaskets({ id: customerId, gteDate: range.startDate, lteDate: range.endDate, page });
  const baskets = useMemo(() => result.data?.data ?? [], [result.data]);
  const total = result.data?.pagination.total ?? 0;
  const rows = useMemo<PurchaseRow[]>(
    () => baskets.map((basket) => ({ kind: 'basket', key: `${basket.id}`, basket })),
    [baskets],
  );
  const pageAmount = baskets.reduce((sum, b) => sum + Math.round(b.amount * 100), 0) / 100;

  return (
    <>
      <Table<PurchaseRow>
        data-testid="purchases-table"
        items={rows}
        trackBy="key"
        columnDefinitions={COLUMNS}
        loading={result.isPending}
        loadingText="Carregando compras"
        wrapLines
        expandableRows={{
          getItemChildren: childrenOf,
          isItemExpandable: (r) =>
            r.kind === 'basket' && (r.basket.products.length > 0 || r.basket.payments.length > 0),
          expandedItems: rows.filter((r) => expanded.has(r.key)),
          onExpandableItemToggle: ({ detail }) =>
            setExpanded((prev) => {
              const next = new Set(prev);
              if (detail.expanded) next.add(detail.item.key);
              else next.delete(detail.item.key);
              return next;
            }),
        }}
        header={
          <Header
            variant="h2"
            counter={result.data ? `(${total})` : undefined}
            description={
              result.data
                ? `De ${formatDate(range.startDate)} a ${formatDate(range.endDate)} · ${total} compra(s)${baskets.length > 0 ? ` · ${formatAmount(pageAmount)} nesta página` : ''}`
                : undefined
            }
            actions={
              canWrite ? (
                <Button
                  iconName="add-plus"
                  onClick={() => setAssociating(true)}
                  data-testid="associate-coupon"
                >
                  Associar cupom
                </Button>
              ) : undefined
            }
          >
            Compras
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="s">
            <FormField label="De" errorText={fromProblem}>
              <DateInput
                data-testid="purchases-from"
                ariaLabel="Data inicial das compras"
                value={typed.from}
                onChange={(from) => changePeriod({ ...typed, from })}
              />
            </FormField>
            <FormField label="Até" errorText={toProblem ?? orderProblem}>
              <DateInput
                data-testid="purchases-to"
                ariaLabel="Data final das compras"
                value={typed.to}
                onChange={(to) => changePeriod({ ...typed, to })}
              />
            </FormField>
          </SpaceBetween>
        }
        pagination={
          <Pagination
            currentPageIndex={page}
            pagesCount={Math.max(1, Math.ceil(total / PURCHASES_PAGE_SIZE))}
            onChange={({ detail }) => {
              setPage(detail.currentPageIndex);
              setExpanded(new Set());
            }}
            disabled={result.isFetching}
            ariaLabels={PAGINATION_LABELS}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            {result.error ? 'Não foi possível carregar as compras.' : 'Nenhuma compra encontrada no período.'}
          </Box>
        }
      />
      {associating && (
        <AssociateCouponModal
          customerId={customerId}
          stores={stores}
          onClose={() => setAssociating(false)}
          // The association invalidates the customer's queries: purchases and aggregates reload.
          onAssociated={() => setAssociating(false)}
        />
      )}
    </>
  );
}
