import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import Wizard from '@cloudscape-design/components/wizard';
import { isDraft, isEditable, SALE_MESSAGES } from '@freguesia/shared/domain/sales';
import type { Sale } from '@freguesia/shared/schemas/sales';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../api/client';
import { useStores } from '../../api/catalog';
import { useCoverage, useSale, useSaveSale, useSellers, useSyncSale } from '../../api/sales';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { AddressFields, type AddressValue } from '../../components/address';
import { wizardStrings } from '../../components/wizard-strings';
import { money, STATUS_LABELS, STATUS_TYPES } from './format';
import {
  blocked,
  cloneOf,
  emptyForm,
  EMPTY_SHIPPING,
  firstStep,
  fromSale,
  paymentsOk,
  stepError,
  toBody,
  type FormLine,
  type SaleForm,
} from './sale-form';
import { CustomerModal, DraftsModal, OffersModal, PaymentModal, ProductsModal } from './wizard-modals';
import './sales.css';

const LIST = '/sell';
type ModalName = 'customer' | 'drafts' | 'products' | 'offers' | 'payment' | null;

/**
 * /sell/new, /sell/edit/{id}, /sell/clone/{id} (write Sell; spec part 3 §2, §4, §5): the five steps
 * Detalhes, Produtos, Entrega, Pagamento, Resumo. Step 0 creates the draft, steps 1–3 save it (the
 * server prices it with the customer's campaigns), the summary finalises it. The server holds every
 * rule too (status machine, versions, sub-permissions); the screen says them first.
 */
export default function SaleWizardRoute() {
  // A new key per address: /sell/new → /sell/edit/{id} starts the page again from the saved sale.
  const location = useLocation();
  return <SaleWizard key={location.pathname} />;
}

function SaleWizard() {
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const clone = location.pathname.startsWith('/sell/clone/');
  const saleId = params.id ? Number(params.id) : undefined;
  const loaded = useSale(saleId);
  const stores = useStores();
  const coverage = useCoverage();
  const holdsChangeSeller = useCan('change_seller', 'Sell');
  const canDiscount = useCan('discount', 'Sell');
  const sellers = useSellers(!holdsChangeSeller);
  const save = useSaveSale();
  const sync = useSyncSale();
  const [form, setForm] = useState<SaleForm | null>(saleId === undefined ? emptyForm() : null);
  const [saved, setSaved] = useState<Sale | null>(null);
  const [step, setStep] = useState(0);
  const [modal, setModal] = useState<ModalName>(null);

  // The loaded sale becomes the form once (adjusted during render, no effect).
  if (loaded.data && !form) {
    const base = fromSale(loaded.data);
    const start = (location.state as { step?: number } | null)?.step;
    const next = clone ? cloneOf(base) : base;
    setForm(next);
    setSaved(clone ? null : loaded.data);
    setStep(start ?? firstStep(next, clone));
  }

  if (loaded.isError)
    return <Alert type="error">{failureMessage(loaded.error, 'Venda não encontrada.')}</Alert>;
  if (!form) return <Spinner size="large" />;

  const states = coverage.data?.states ?? [];
  const editable = isEditable(form.status);
  const draft = isDraft(form.status);
  const isBlocked = blocked(form, states);
  const store = stores.data?.find((s) => s.id === form.store_id);
  const update = (patch: Partial<SaleForm>) => setForm({ ...form, ...patch });
  const fail = (content: string) => notify({ type: 'error', header: 'Ops!', content });

  const storeAddress = (id: number | undefined): SaleForm['shipping'] => {
    const s = stores.data?.find((x) => x.id === id);
    if (!s) return { ...EMPTY_SHIPPING };
    return {
      ...form.shipping,
      zipcode: s.zipcode,
      address: s.address,
      number: s.number,
      complement: s.complement,
      neighborhood: s.neighborhood,
      city: s.city,
      state: s.state,
    };
  };

  /** Saves (POST when new or cloned, PUT otherwise); answers the saved sale or undefined on failure. */
  async function persist(next: SaleForm, status?: Sale['status']): Promise<Sale | undefined> {
    try {
      const sale = await save.mutateAsync({ id: next.id, body: toBody(next, status) });
      setSaved(sale);
      setForm(fromSale(sale));
      return sale;
    } catch (error) {
      fail(failureMessage(error, 'Erro ao salvar a venda.'));
      return undefined;
    }
  }

  async function onNavigate(requested: number) {
    if (requested < step) {
      if (editable) setStep(requested);
      return;
    }
    if (!editable || !form) {
      setStep(requested);
      return;
    }
    const error = stepError(step, form, states);
    if (error) return fail(error);
    if (form.id === undefined) {
      const sale = await persist(form);
      if (!sale) return;
      notify({ type: 'success', content: clone ? SALE_MESSAGES.cloned : SALE_MESSAGES.created });
      navigate(`/sell/edit/${sale.id}`, { state: { step: step + 1 } });
      return;
    }
    if (await persist(form)) setStep(requested);
  }

  async function finalise() {
    if (!editable || !form || !saved) return navigate(LIST);
    if (!paymentsOk(saved.total_value, form.payments)) return fail(SALE_MESSAGES.payment);
    const sale = await persist(form, 'Faturado');
    if (!sale) return;
    notify({ type: 'success', content: `Venda finalizada: ${STATUS_LABELS[sale.status]}` });
    navigate(LIST);
  }

  async function doSync() {
    if (!form?.id) return;
    try {
      const answer = await sync.mutateAsync(form.id);
      setSaved(answer.sale as unknown as Sale);
      notify({ type: 'success', content: answer.message });
    } catch (error) {
      fail(failureMessage(error, 'Erro ao sincronizar a venda.'));
    }
  }

  const setLine = (index: number, patch: Partial<FormLine>) =>
    update({ products: form.products.map((p, i) => (i === index ? { ...p, ...patch } : p)) });
  const savedLine = (index: number) =>
    saved && saved.products[index]?.barcode === form.products[index]?.barcode
      ? saved.products[index]
      : undefined;

  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const sellerOptions = (sellers.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.shortname }));

  const details = (
    <Container header={<Header variant="h2">Detalhes</Header>}>
      <SpaceBetween size="m">
        <FormField label="Cliente" errorText={undefined}>
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Box data-testid="sale-customer">
              {form.customer
                ? `${form.customer.fullname} — ${form.customer.document}`
                : 'Nenhum cliente selecionado'}
            </Box>
            <Button
              data-testid="sale-pick-customer"
              disabled={!editable}
              onClick={() => setModal('customer')}
            >
              Selecionar cliente
            </Button>
          </SpaceBetween>
        </FormField>
        <FormField label="Loja">
          <Select
            data-testid="sale-store"
            selectedOption={storeOptions.find((o) => o.value === String(form.store_id)) ?? null}
            options={storeOptions}
            placeholder="Selecione uma loja"
            disabled={!draft}
            onChange={({ detail }) => {
              const id = Number(detail.selectedOption.value);
              update({
                store_id: id,
                shipping:
                  form.shipping_type === 'takeaway'
                    ? storeAddress(id)
                    : { ...form.shipping, ...clearedAddress },
              });
            }}
          />
        </FormField>
        <FormField label="Vendedor">
          {holdsChangeSeller || !draft || form.id === undefined ? (
            <Box data-testid="sale-seller">{saved?.user ?? 'Você'}</Box>
          ) : (
            <Select
              data-testid="sale-seller"
              selectedOption={sellerOptions.find((o) => o.value === String(form.user_id)) ?? null}
              options={sellerOptions}
              onChange={({ detail }) => update({ user_id: Number(detail.selectedOption.value) })}
            />
          )}
        </FormField>
        <FormField label="Canal">
          <Input
            value={form.channel}
            disabled={!editable}
            onChange={({ detail }) => update({ channel: detail.value })}
          />
        </FormField>
        <FormField label="Observação">
          <Textarea
            value={form.observation}
            disabled={!editable}
            onChange={({ detail }) => update({ observation: detail.value })}
          />
        </FormField>
      </SpaceBetween>
    </Container>
  );

  const productsTable = (readOnly: boolean) => (
    <Table
      data-testid={readOnly ? 'sale-summary-products' : 'sale-products'}
      header={
        <Header
          variant="h2"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button data-testid="sale-offers" disabled={!form.store_id} onClick={() => setModal('offers')}>
                Ver ofertas
              </Button>
              <Button
                data-testid="sale-add-products"
                disabled={readOnly || !editable || !form.store_id}
                onClick={() => setModal('products')}
              >
                Adicionar produtos
              </Button>
            </SpaceBetween>
          }
        >
          Produtos
        </Header>
      }
      items={form.products}
      empty={<Box textAlign="center">Nenhum produto na venda.</Box>}
      columnDefinitions={[
        { id: 'code', header: 'EAN', cell: (p) => p.barcode },
        {
          id: 'description',
          header: 'Descrição',
          cell: (p) => (p.pack > 1 ? `${p.description} QT ${p.pack}` : p.description),
        },
        {
          id: 'quantity',
          header: 'Quantidade',
          cell: (p) => {
            const i = form.products.indexOf(p);
            return (
              <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
                <Button
                  variant="icon"
                  iconName="subtract-minus"
                  ariaLabel="Diminuir"
                  disabled={readOnly || !editable || p.quantity <= 1}
                  onClick={() => setLine(i, { quantity: p.quantity - 1 })}
                />
                <Box data-testid={`line-quantity-${i}`}>{p.quantity}</Box>
                <Button
                  variant="icon"
                  iconName="add-plus"
                  ariaLabel="Aumentar"
                  disabled={readOnly || !editable}
                  onClick={() => setLine(i, { quantity: p.quantity + 1 })}
                />
              </SpaceBetween>
            );
          },
        },
        { id: 'unit', header: 'Valor unitário', cell: (p) => money(p.unit_value) },
        {
          id: 'discount',
          header: 'Desconto manual',
          cell: (p) => {
            const i = form.products.indexOf(p);
            if (!canDiscount || readOnly || !editable)
              return p.discount > 0
                ? p.discount_type === 'percent'
                  ? `${p.discount}%`
                  : money(p.discount)
                : '-';
            return (
              <SpaceBetween direction="horizontal" size="xxs">
                <Select
                  selectedOption={{
                    value: p.discount_type,
                    label: p.discount_type === 'percent' ? '%' : 'R$',
                  }}
                  options={[
                    { value: 'money', label: 'R$' },
                    { value: 'percent', label: '%' },
                  ]}
                  onChange={({ detail }) =>
                    setLine(i, { discount_type: detail.selectedOption.value as FormLine['discount_type'] })
                  }
                />
                <Input
                  data-testid={`line-discount-${i}`}
                  inputMode="decimal"
                  value={String(p.discount)}
                  onChange={({ detail }) => {
                    const v = Math.max(0, Number(detail.value.replace(',', '.')) || 0);
                    setLine(i, { discount: p.discount_type === 'percent' ? Math.min(v, 100) : v });
                  }}
                />
              </SpaceBetween>
            );
          },
        },
        {
          id: 'offer',
          header: 'Desconto de campanhas',
          cell: (p) => {
            const line = savedLine(form.products.indexOf(p));
            return line ? money(line.offer_discount_value) : '-';
          },
        },
        {
          id: 'total',
          header: 'Total',
          cell: (p) => {
            const line = savedLine(form.products.indexOf(p));
            return line ? money(line.total_value) : money(p.quantity * p.unit_value);
          },
        },
        {
          id: 'remove',
          header: '',
          cell: (p) => (
            <Button
              variant="icon"
              iconName="remove"
              ariaLabel="Remover"
              disabled={readOnly || !editable}
              onClick={() => update({ products: form.products.filter((x) => x !== p) })}
            />
          ),
        },
      ]}
    />
  );

  const [startDay = '', startTime = ''] = form.delivery_start_at.split(' ');
  const [endDay = '', endTime = ''] = form.delivery_end_at.split(' ');
  const joinDate = (day: string, time: string) => (day ? `${day} ${(time || '00:00').slice(0, 5)}:00` : '');
  const address: AddressValue = { ...form.shipping, id_city: '' };
  const delivery = (
    <Container header={<Header variant="h2">Entrega</Header>}>
      <SpaceBetween size="m">
        {isBlocked && (
          <Alert type="error" header={SALE_MESSAGES.blocked} data-testid="sale-blocked">
            O estado do cliente ou da entrega está fora da cobertura de vendas.
          </Alert>
        )}
        <RadioGroup
          value={form.shipping_type}
          items={[
            { value: 'delivery', label: 'Entrega' },
            { value: 'takeaway', label: 'Retirada na loja' },
          ]}
          onChange={({ detail }) => {
            const type = detail.value as SaleForm['shipping_type'];
            update({
              shipping_type: type,
              shipping: type === 'takeaway' ? storeAddress(form.store_id) : form.shipping,
            });
          }}
        />
        <ColumnLayout columns={2}>
          <FormField label="Início da entrega">
            <SpaceBetween direction="horizontal" size="xs">
              <DatePicker
                data-testid="delivery-start-day"
                value={startDay}
                placeholder="AAAA/MM/DD"
                onChange={({ detail }) => update({ delivery_start_at: joinDate(detail.value, startTime) })}
              />
              <TimeInput
                data-testid="delivery-start-time"
                format="hh:mm"
                value={startTime.slice(0, 5)}
                placeholder="hh:mm"
                onChange={({ detail }) => update({ delivery_start_at: joinDate(startDay, detail.value) })}
              />
            </SpaceBetween>
          </FormField>
          <FormField label="Fim da entrega">
            <SpaceBetween direction="horizontal" size="xs">
              <DatePicker
                data-testid="delivery-end-day"
                value={endDay}
                placeholder="AAAA/MM/DD"
                onChange={({ detail }) => update({ delivery_end_at: joinDate(detail.value, endTime) })}
              />
              <TimeInput
                data-testid="delivery-end-time"
                format="hh:mm"
                value={endTime.slice(0, 5)}
                placeholder="hh:mm"
                onChange={({ detail }) => update({ delivery_end_at: joinDate(endDay, detail.value) })}
              />
            </SpaceBetween>
          </FormField>
          <FormField label="Nome de quem recebe">
            <Input
              value={form.shipping.name}
              onChange={({ detail }) => update({ shipping: { ...form.shipping, name: detail.value } })}
            />
          </FormField>
          <FormField label="Documento de quem recebe">
            <Input
              value={form.shipping.document}
              onChange={({ detail }) => update({ shipping: { ...form.shipping, document: detail.value } })}
            />
          </FormField>
        </ColumnLayout>
        <AddressFields
          value={address}
          disabled={form.shipping_type === 'takeaway' || !editable}
          testIdPrefix="shipping"
          onChange={(next) => {
            const { id_city: _ignored, ...rest } = next;
            update({ shipping: { ...form.shipping, ...rest } });
          }}
        />
        <FormField label="Frete">
          <Input
            data-testid="shipping-value"
            inputMode="decimal"
            value={String(form.shipping_value)}
            onChange={({ detail }) =>
              update({ shipping_value: Math.max(0, Number(detail.value.replace(',', '.')) || 0) })
            }
          />
        </FormField>
      </SpaceBetween>
    </Container>
  );

  const totals = saved && (
    <KeyValuePairs
      columns={4}
      items={[
        { label: 'Subtotal', value: money(saved.subtotal_value) },
        { label: 'Descontos', value: money(saved.discount_value) },
        { label: 'Frete', value: money(saved.shipping_value) },
        { label: 'Descontos de pagamento', value: money(saved.payment_discount_value) },
        {
          label: 'Total',
          value: (
            <Box data-testid="sale-total" fontWeight="bold">
              {money(saved.total_value)}
            </Box>
          ),
        },
        { label: 'Itens', value: saved.item_quantity },
      ]}
    />
  );

  const copyBackend = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
    } finally {
      notify({ type: 'success', content: SALE_MESSAGES.backendCopied });
    }
  };

  const payments = (
    <SpaceBetween size="m">
      <Container header={<Header variant="h2">Totais</Header>}>{totals}</Container>
      <Table
        data-testid="sale-payments"
        header={
          <Header
            variant="h2"
            actions={
              <Button data-testid="sale-add-payment" disabled={!editable} onClick={() => setModal('payment')}>
                Adicionar pagamento
              </Button>
            }
          >
            Pagamentos
          </Header>
        }
        items={form.payments}
        empty={<Box textAlign="center">Nenhum pagamento.</Box>}
        columnDefinitions={[
          { id: 'method', header: 'Forma', cell: (p) => p.method },
          { id: 'installments', header: 'Parcelas', cell: (p) => `${p.installments}x` },
          { id: 'value', header: 'Valor', cell: (p) => money(p.total_value) },
          { id: 'change', header: 'Troco', cell: (p) => (p.change_value > 0 ? money(p.change_value) : '-') },
          { id: 'discounts', header: 'Desconto', cell: (p) => money(p.discounts) },
          {
            id: 'backend',
            header: 'Backend',
            cell: (p) =>
              p.backend_code ? (
                <Button
                  variant="inline-link"
                  iconName="copy"
                  onClick={() => void copyBackend(p.backend_code)}
                >
                  {p.backend_code}
                </Button>
              ) : (
                '-'
              ),
          },
          {
            id: 'remove',
            header: '',
            cell: (p) => (
              <Button
                variant="icon"
                iconName="remove"
                ariaLabel="Remover"
                disabled={!editable}
                onClick={() => update({ payments: form.payments.filter((x) => x !== p) })}
              />
            ),
          },
        ]}
      />
    </SpaceBetween>
  );

  const summary = (
    <div className="sale-summary">
      <SpaceBetween size="m">
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  {form.status === 'Faturado' && (
                    <Button data-testid="sale-sync" loading={sync.isPending} onClick={() => void doSync()}>
                      Sincronizar
                    </Button>
                  )}
                  <Button data-testid="sale-pdf" iconName="download" onClick={() => window.print()}>
                    Exportar PDF
                  </Button>
                </SpaceBetween>
              }
            >
              Resumo da venda {form.id ? `#${form.id}` : ''}
            </Header>
          }
        >
          <KeyValuePairs
            columns={3}
            items={[
              {
                label: 'Cliente',
                value: form.customer ? `${form.customer.fullname} (${form.customer.document})` : '-',
              },
              { label: 'Loja', value: store?.name ?? saved?.store_name ?? '-' },
              { label: 'Vendedor', value: saved?.user ?? '-' },
              {
                label: 'Status',
                value: (
                  <span data-testid="sale-status">
                    <StatusIndicator type={STATUS_TYPES[form.status]}>
                      {STATUS_LABELS[form.status]}
                    </StatusIndicator>
                  </span>
                ),
              },
              { label: 'Entrega', value: form.shipping_type === 'takeaway' ? 'Retirada na loja' : 'Entrega' },
              { label: 'Janela de entrega', value: `${form.delivery_start_at} — ${form.delivery_end_at}` },
              {
                label: 'Endereço',
                value: `${form.shipping.address}, ${form.shipping.number} ${form.shipping.complement} - ${form.shipping.neighborhood} - ${form.shipping.city}/${form.shipping.state} - ${form.shipping.zipcode}`,
              },
              { label: 'Observação', value: form.observation || '-' },
              ...(saved?.basket_id ? [{ label: 'Compra do cliente', value: `#${saved.basket_id}` }] : []),
            ]}
          />
        </Container>
        {productsTable(true)}
        {payments}
      </SpaceBetween>
    </div>
  );

  const steps = [
    { title: 'Detalhes', content: details },
    { title: 'Produtos', content: productsTable(false) },
    { title: 'Entrega', content: delivery },
    { title: 'Pagamento', content: payments },
    { title: 'Resumo', content: summary },
  ];

  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        actions={
          clone && form.id === undefined ? (
            <Button
              data-testid="sale-clone"
              variant="primary"
              loading={save.isPending}
              onClick={() => void onNavigate(step + 1)}
            >
              Clonar
            </Button>
          ) : undefined
        }
      >
        {clone ? 'Duplicar venda' : form.id ? `Venda #${form.id}` : 'Nova venda'}
      </Header>
      <Wizard
        data-testid="sale-wizard"
        steps={steps}
        activeStepIndex={step}
        isLoadingNextStep={save.isPending}
        allowSkipTo={false}
        onNavigate={({ detail }) => {
          if (step === 2 && detail.requestedStepIndex > step && isBlocked) return;
          void onNavigate(detail.requestedStepIndex);
        }}
        onSubmit={() => void finalise()}
        onCancel={() => navigate(LIST)}
        submitButtonText={editable && !clone ? 'Finalizar' : 'Voltar para a lista'}
        i18nStrings={{
          ...wizardStrings('Passos da venda', 'Finalizando a venda'),
          ...(step === 2 && isBlocked ? { nextButton: SALE_MESSAGES.blocked } : {}),
        }}
      />
      {modal === 'customer' && (
        <CustomerModal
          onDismiss={() => setModal(null)}
          onPick={(c) => {
            update({
              customer: { id: c.id, fullname: c.fullname, document: c.document, state: c.state ?? '' },
            });
            setModal(form.id === undefined ? 'drafts' : null);
          }}
        />
      )}
      {modal === 'drafts' && form.customer && (
        <DraftsModal
          customerId={form.customer.id}
          onDismiss={() => setModal(null)}
          onOpen={(s) => navigate(`/sell/edit/${s.id}`)}
        />
      )}
      {modal === 'products' && form.store_id && (
        <ProductsModal
          storeId={form.store_id}
          onDismiss={() => setModal(null)}
          onAdd={(line) => {
            const at = form.products.findIndex((p) => p.barcode === line.barcode);
            if (at >= 0) setLine(at, { quantity: form.products[at]!.quantity + 1 });
            else update({ products: [...form.products, line] });
            notify({ type: 'success', content: `${line.description} adicionado.`, timeout: 1500 });
          }}
        />
      )}
      {modal === 'offers' && form.store_id && (
        <OffersModal
          storeId={form.store_id}
          document={form.customer?.document ?? ''}
          onDismiss={() => setModal(null)}
        />
      )}
      {modal === 'payment' && (
        <PaymentModal
          suggested={
            saved
              ? Math.max(
                  0,
                  saved.total_value - form.payments.reduce((s, p) => s + p.total_value - p.change_value, 0),
                )
              : 0
          }
          onDismiss={() => setModal(null)}
          onAdd={(p) => {
            update({ payments: [...form.payments, p] });
            setModal(null);
          }}
        />
      )}
    </SpaceBetween>
  );
}

const clearedAddress = {
  zipcode: '',
  address: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
};
