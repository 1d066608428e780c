import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { createPayment, listPayments, updatePayment, type PaymentMethod } from '../../api/catalog';
import { formatDate } from './format';
import { FormModal } from '../../components/form';
import { useSaveForm } from './use-save-form';
import { PagedListTable } from './paged-list-table';
import { useDebounced, usePagedList } from './use-paged-list';

export const PAYMENTS_PAGE_SIZE = 20;
/** Spec part 3 §8 (verbatim). */
export const PAYMENT_CREATED = 'Forma de Pagamento cadastrada com sucesso';
export const PAYMENT_UPDATED = 'Forma de Pagamento alterada com sucesso';
export const PAYMENT_FAILURE_HEADER = 'Ops';
export const PAYMENT_UPDATE_FAILED = 'Erro ao alterar';
export const PAYMENT_CREATE_FAILED = 'Erro ao cadastrar forma de pagamento';

/** Spec part 3 §5: description required; max_installments 1 to 72. */
export function validatePayment(description: string, installments: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!description.trim()) errors.description = 'Digite a descrição da forma de pagamento';
  const n = Number(installments);
  if (!installments.trim() || !Number.isInteger(n) || n < 1 || n > 72)
    errors.max_installments = 'O número máximo de parcelas deve estar entre 1 e 72.';
  return errors;
}

function PaymentForm({
  payment,
  onClose,
  onSaved,
}: {
  payment: PaymentMethod | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [description, setDescription] = useState(payment?.description ?? '');
  const [installments, setInstallments] = useState(String(payment?.max_installments ?? 1));
  const [visible, setVisible] = useState(payment?.visible ?? true);
  const [hasChange, setHasChange] = useState(payment?.has_change ?? false);
  const { errors, saving, submit } = useSaveForm(onSaved);

  function save() {
    const found = validatePayment(description, installments);
    const body = {
      description: description.trim(),
      max_installments: Number(installments),
      visible,
      has_change: hasChange,
    };
    return submit(found, () => (payment ? updatePayment(payment.id, body) : createPayment(body)), {
      success: payment ? PAYMENT_UPDATED : PAYMENT_CREATED,
      failureHeader: PAYMENT_FAILURE_HEADER,
      failureContent: payment ? PAYMENT_UPDATE_FAILED : PAYMENT_CREATE_FAILED,
    });
  }

  return (
    <FormModal
      visible
      size="medium"
      title={payment ? 'Alterar forma de pagamento' : 'Nova forma de pagamento'}
      onDismiss={onClose}
      onSubmit={() => void save()}
      saving={saving}
      testId="payment-form"
    >
      <SpaceBetween size="l">
        <FormField label="Descrição *" errorText={errors.description}>
          <Input
            value={description}
            data-testid="payment-description"
            onChange={({ detail }) => setDescription(detail.value)}
          />
        </FormField>
        <FormField
          label="Parcelas (máximo) *"
          constraintText="De 1 a 72."
          errorText={errors.max_installments}
        >
          <Input
            value={installments}
            type="number"
            inputMode="numeric"
            data-testid="payment-installments"
            onChange={({ detail }) => setInstallments(detail.value.replace(/\D/g, '').slice(0, 2))}
          />
        </FormField>
        <ColumnLayout columns={2}>
          <Toggle
            checked={visible}
            data-testid="payment-visible"
            onChange={({ detail }) => setVisible(detail.checked)}
          >
            Visível
          </Toggle>
          <Toggle
            checked={hasChange}
            data-testid="payment-has-change"
            onChange={({ detail }) => setHasChange(detail.checked)}
          >
            Permite troco
          </Toggle>
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}

const VISIBILITY_OPTIONS = [
  { value: 'all', label: 'Visível: todas' },
  { value: 'true', label: 'Visível: sim' },
  { value: 'false', label: 'Visível: não' },
];

const flag = (value: boolean) =>
  value ? (
    <StatusIndicator type="success">Sim</StatusIndicator>
  ) : (
    <StatusIndicator type="stopped">Não</StatusIndicator>
  );

/** /payments 'Formas de pagamento' (read Payments): 20 per page, search, 'visível' filter, drawer. */
export default function PaymentsPage() {
  const [text, setText] = useState('');
  const [visibility, setVisibility] = useState('all');
  const q = useDebounced(text.trim());
  const list = usePagedList(
    listPayments,
    { q, visible: visibility === 'all' ? undefined : visibility === 'true' },
    PAYMENTS_PAGE_SIZE,
  );
  const [editing, setEditing] = useState<{ payment: PaymentMethod | null; key: number } | null>(null);

  return (
    <ContentLayout header={<Header variant="h1">Formas de pagamento</Header>}>
      <PagedListTable<PaymentMethod>
        testId="payments-table"
        title="Lista de formas de pagamento"
        loadingText="Carregando formas de pagamento"
        list={list}
        subject="Payments"
        newButton={{
          label: 'Nova forma de pagamento',
          testId: 'payment-new',
          onClick: () => setEditing({ payment: null, key: Date.now() }),
        }}
        search={{
          text,
          onChange: setText,
          placeholder: 'Buscar por descrição ou referência',
          ariaLabel: 'Buscar formas de pagamento',
          testId: 'payment-search',
        }}
        extraFilter={
          <div style={{ minWidth: 160 }}>
            <Select
              selectedOption={VISIBILITY_OPTIONS.find((o) => o.value === visibility) ?? null}
              options={VISIBILITY_OPTIONS}
              ariaLabel="Visível"
              data-testid="payment-visible-filter"
              onChange={({ detail }) => {
                setVisibility(detail.selectedOption.value ?? 'all');
              }}
            />
          </div>
        }
        noun="forma(s) de pagamento"
        emptyText={
          q || visibility !== 'all'
            ? 'Nenhuma forma de pagamento encontrada.'
            : 'Nenhuma forma de pagamento cadastrada.'
        }
        columns={[
          { id: 'id', header: 'Id', width: 72, cell: (p) => p.id },
          { id: 'reference_code', header: 'Referência', cell: (p) => p.reference_code || '-' },
          {
            id: 'description',
            header: 'Descrição',
            cell: (p) => <Box fontWeight="bold">{p.description}</Box>,
          },
          { id: 'installments', header: 'Parcelas (máx.)', cell: (p) => p.max_installments },
          { id: 'visible', header: 'Visível', cell: (p) => flag(p.visible) },
          { id: 'has_change', header: 'Troco', cell: (p) => flag(p.has_change) },
          { id: 'created', header: 'Criada em', cell: (p) => formatDate(p.created_at) },
        ]}
        onEdit={(p) => setEditing({ payment: p, key: Date.now() })}
        editLabel={(p) => p.description}
      />
      {editing ? (
        <PaymentForm
          key={editing.key}
          payment={editing.payment}
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
