import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { PaymentInput } from '@freguesia/shared/schemas/catalog';
import { paymentsList, useSavePayment, type PaymentMethod } from '../../api/catalog';
import { FormModal, TextField, ToggleField, useFormSubmit, useZodForm } from '../../components/form';
import { EMPTY, formatDate } from '../../components/format';
import { useServerList } from '../../components/table';
import { EditableListPage } from './editable-list-page';

export const PAYMENTS_PAGE_SIZE = 20;
/** Spec part 3 §8 (verbatim). */
export const PAYMENT_CREATED = 'Forma de Pagamento cadastrada com sucesso';
export const PAYMENT_UPDATED = 'Forma de Pagamento alterada com sucesso';
export const PAYMENT_FAILURE_HEADER = 'Ops';
export const PAYMENT_UPDATE_FAILED = 'Erro ao alterar';
export const PAYMENT_CREATE_FAILED = 'Erro ao cadastrar forma de pagamento';

/** The form's messages for a description and a typed number of installments (spec part 3 §5, from the shared schema). */
export function validatePayment(description: string, installments: string): Record<string, string> {
  const result = PaymentInput.safeParse({ description, max_installments: installments });
  const errors: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

function PaymentForm({ payment, onClose }: { payment: PaymentMethod | null; onClose: () => void }) {
  const form = useZodForm(PaymentInput, {
    defaultValues: {
      description: payment?.description ?? '',
      max_installments: String(payment?.max_installments ?? 1),
      visible: payment?.visible ?? true,
      has_change: payment?.has_change ?? false,
    },
  });
  const save = useSavePayment();
  const { submit, saving } = useFormSubmit(
    form,
    (values) => save.mutateAsync({ ...values, id: payment?.id }),
    {
      success: payment ? PAYMENT_UPDATED : PAYMENT_CREATED,
      failureHeader: PAYMENT_FAILURE_HEADER,
      failureContent: payment ? PAYMENT_UPDATE_FAILED : PAYMENT_CREATE_FAILED,
    },
    onClose,
  );
  return (
    <FormModal
      visible
      size="medium"
      title={payment ? 'Alterar forma de pagamento' : 'Nova forma de pagamento'}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="payment-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="l">
        <TextField
          control={form.control}
          name="description"
          label="Descrição *"
          testId="payment-description"
        />
        <TextField
          control={form.control}
          name="max_installments"
          label="Parcelas (máximo) *"
          constraintText="De 1 a 72."
          testId="payment-installments"
          input={{ type: 'number', inputMode: 'numeric' }}
          transform={(typed) => typed.replace(/\D/g, '').slice(0, 2)}
        />
        <ColumnLayout columns={2}>
          <ToggleField control={form.control} name="visible" testId="payment-visible">
            Visível
          </ToggleField>
          <ToggleField control={form.control} name="has_change" testId="payment-has-change">
            Permite troco
          </ToggleField>
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}

type Visibility = 'all' | 'true' | 'false';

const VISIBILITY_OPTIONS: { value: Visibility; label: string }[] = [
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
  const [visibility, setVisibility] = useState<Visibility>('all');
  const list = useServerList({
    ...paymentsList,
    perPage: PAYMENTS_PAGE_SIZE,
    filters: { visible: visibility === 'all' ? undefined : visibility === 'true' },
  });
  return (
    <EditableListPage<PaymentMethod>
      heading="Formas de pagamento"
      testId="payments-table"
      title="Lista de formas de pagamento"
      loadingText="Carregando formas de pagamento"
      list={list}
      subject="Payments"
      newButton={{ label: 'Nova forma de pagamento', testId: 'payment-new' }}
      search={{
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
            onChange={({ detail }) =>
              setVisibility((detail.selectedOption.value as Visibility | undefined) ?? 'all')
            }
          />
        </div>
      }
      filtered={visibility !== 'all'}
      onClearFilters={() => setVisibility('all')}
      noun="forma(s) de pagamento"
      emptyText="Nenhuma forma de pagamento cadastrada."
      noMatchText="Nenhuma forma de pagamento encontrada."
      columns={[
        { id: 'id', header: 'Id', width: 72, cell: (p) => p.id },
        { id: 'reference_code', header: 'Referência', cell: (p) => p.reference_code || EMPTY },
        { id: 'description', header: 'Descrição', cell: (p) => <Box fontWeight="bold">{p.description}</Box> },
        { id: 'installments', header: 'Parcelas (máx.)', cell: (p) => p.max_installments },
        { id: 'visible', header: 'Visível', cell: (p) => flag(p.visible) },
        { id: 'has_change', header: 'Troco', cell: (p) => flag(p.has_change) },
        { id: 'created', header: 'Criada em', cell: (p) => formatDate(p.created_at) },
      ]}
      rowLabel={(p) => p.description}
      form={(payment, close) => <PaymentForm payment={payment} onClose={close} />}
    />
  );
}
