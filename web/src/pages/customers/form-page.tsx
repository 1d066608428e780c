import { recordGate } from '../../components/record-gate';
import { wizardStrings } from '../../components/wizard-strings';
import Wizard, { type WizardProps } from '@cloudscape-design/components/wizard';
import { documentDigits, padDocument } from '@freguesia/shared/domain/document';
import { maskDocument } from '@freguesia/shared/domain/masks';
import { CUSTOMER_MESSAGES } from '@freguesia/shared/schemas/customer';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ApiError, serverFieldErrors } from '../../api/client';
import {
  customerExists,
  useBanks,
  useCustomer,
  useSaveCustomer,
  useStoreOptions,
  type CustomerDetails,
} from '../../api/customers';
import { notify } from '../../app/notifications/notify';
import { fetchStates, geocodeKey, useAutoGeocode, type AddressValue } from '../../components/address';
import { useLeaveGuard } from '../../components/discard-changes';
import { applyServerErrors, useZodForm } from '../../components/form';
import {
  customerFormSchema,
  documentProblem,
  emptyForm,
  formToPayload,
  recordPassthrough,
  recordToForm,
  STEP_FIELDS,
  STEP_TITLES,
  stepOfField,
  type CustomerFormValues,
  type Passthrough,
} from './form-model';
import { ContactsStep, CreditStep, LocationStep, PersonalStep, toAddress } from './steps';

/**
 * /customer/new and /customer/edit/:id (spec part 1 §2 "Customer form", §5): the four-step
 * wizard. Próximo validates the current step; Voltar is always allowed; Finalizar saves and
 * returns to /customers. When creating, a document that already exists redirects to its edit
 * form with the spec's notice.
 */
export default function CustomerFormPage() {
  const { id } = useParams();
  const record = useCustomer(id);

  if (id !== undefined) {
    const gate = recordGate({
      record,
      loading: 'Carregando cliente…',
      notFound: 'Cliente não encontrado.',
      failed: 'Não foi possível carregar o cliente.',
      notFoundHint: 'Ele pode ter sido excluído. Volte à lista de clientes e busque novamente.',
      action: { label: 'Tentar novamente', onClick: () => void record.refetch() },
    });
    if (gate) return gate;
  }
  // Keyed by the record so a redirect from /customer/new to an edit starts fresh.
  return <CustomerWizard key={`${id ?? 'new'}`} record={id === undefined ? null : (record.data ?? null)} />;
}

const GEOCODE_FAILED = 'Não foi possível localizar o endereço no mapa.';

function CustomerWizard({ record }: { record: CustomerDetails | null }) {
  const navigate = useNavigate();
  const editing = record !== null;
  const form = useZodForm(customerFormSchema, { defaultValues: record ? recordToForm(record) : emptyForm() });
  const save = useSaveCustomer();
  const [passthrough] = useState<Passthrough>(() => (record ? recordPassthrough(record) : {}));
  const [activeStep, setActiveStep] = useState(0);
  const [checkingDocument, setCheckingDocument] = useState(false);
  const checkedDocument = useRef<string>(record ? documentDigits(record.document) : '');

  const stores = useStoreOptions();
  const banks = useBanks();
  // Unsaved changes: 'Cancelar', the menu and the breadcrumbs ask 'Descartar alterações?' first.
  const leaveGuard = useLeaveGuard(form.formState.isDirty && !save.isSuccess);

  const setValue = <K extends keyof CustomerFormValues>(name: K, value: CustomerFormValues[K]) =>
    form.setValue(name as never, value as never, { shouldDirty: true });

  /** The address changed: write what changed; a new UF looks up its IBGE id (id_state). */
  const onAddressChange = (next: AddressValue) => {
    const current = toAddress(form.getValues());
    for (const [name, value] of Object.entries(next) as [keyof AddressValue, string][]) {
      if (current[name] !== value) setValue(name, value);
    }
    if (next.state === current.state) return;
    const uf = next.state;
    if (!uf) setValue('id_state', '');
    else
      fetchStates().then(
        (states) => {
          const found = states.find((s) => s.uf === uf);
          if (form.getValues('state') === uf) setValue('id_state', found ? String(found.id) : '');
        },
        () => undefined,
      );
  };

  /** Blur of the document: zero-pad, check CPF/CNPJ, and (creating) look for an existing record. */
  const onDocumentBlur = async () => {
    const values = form.getValues();
    const digits = documentDigits(values.document);
    if (!digits) return;
    const type = values.type === 'J' ? 'J' : 'F';
    const problem = documentProblem(digits, type);
    if (problem || digits.length > (type === 'F' ? 11 : 14)) {
      notify({ type: 'warning', content: CUSTOMER_MESSAGES.invalidDocument });
      setValue('document', '');
      checkedDocument.current = '';
      return;
    }
    const padded = padDocument(digits, type);
    if (padded !== digits) setValue('document', maskDocument(padded));
    if (editing || checkedDocument.current === padded) return;
    checkedDocument.current = padded;
    setCheckingDocument(true);
    try {
      const existing = await customerExists(padded);
      if (existing > 0) {
        notify({ type: 'warning', content: CUSTOMER_MESSAGES.duplicate });
        leaveGuard.allowNavigation();
        navigate(`/customer/edit/${existing}`);
      }
    } catch {
      // The check is a convenience: the save still refuses a duplicate (409).
      checkedDocument.current = '';
    } finally {
      setCheckingDocument(false);
    }
  };

  // The marker follows the address: geocoded once street, city and state are filled, in any
  // order, after a pause in typing (editing: only when the saved address changes).
  const [street, number, city, state] = useWatch({
    control: form.control,
    name: ['address', 'number', 'city', 'state'],
  });
  const geocoding = useAutoGeocode(
    { address: street, number, city, state },
    {
      initialKey: record ? geocodeKey(toAddress(recordToForm(record))) : undefined,
      onFound: (found) => {
        setValue('latitude', found.lat);
        setValue('longitude', found.lon);
      },
      // A marker left at the previous address would be wrong.
      onMissing: () => {
        setValue('latitude', null);
        setValue('longitude', null);
      },
      onFailed: (error) =>
        notify({
          type: 'warning',
          content: error instanceof Error && error.message ? error.message : GEOCODE_FAILED,
        }),
    },
  );

  /** Validates steps `from`..`to` (inclusive): the first step with a message, if any. */
  const firstInvalidStep = async (from: number, to: number): Promise<number | undefined> => {
    form.clearErrors();
    for (let step = from; step <= to; step++) {
      if (!(await form.trigger([...STEP_FIELDS[step]!]))) return step;
    }
    return undefined;
  };

  const onNavigate = async ({ detail }: { detail: WizardProps.NavigateDetail }) => {
    const target = detail.requestedStepIndex;
    if (target <= activeStep) {
      setActiveStep(target);
      return;
    }
    const invalid = await firstInvalidStep(activeStep, target - 1);
    setActiveStep(invalid ?? target);
  };

  const submit = async () => {
    const invalid = await firstInvalidStep(0, STEP_TITLES.length - 1);
    if (invalid !== undefined) {
      setActiveStep(invalid);
      return;
    }
    try {
      await save.mutateAsync(formToPayload(form.getValues(), passthrough, record?.id));
      notify({ type: 'success', content: editing ? CUSTOMER_MESSAGES.updated : CUSTOMER_MESSAGES.created });
      leaveGuard.allowNavigation();
      navigate('/customers');
    } catch (error) {
      if (!(error instanceof ApiError)) {
        notify({ type: 'error', header: 'Erro ao salvar cliente', content: 'Tente novamente.' });
        return;
      }
      const existingId = Number((error.body as { id?: unknown } | undefined)?.id);
      if (error.status === 409 && !editing && existingId > 0) {
        notify({ type: 'warning', content: CUSTOMER_MESSAGES.duplicate });
        leaveGuard.allowNavigation();
        navigate(`/customer/edit/${existingId}`);
        return;
      }
      const fields = Object.keys(serverFieldErrors(error));
      if (applyServerErrors(error, form.setError)) setActiveStep(Math.min(...fields.map(stepOfField)));
      notify({ type: 'error', header: 'Erro ao salvar cliente', content: error.message });
    }
  };

  const { control } = form;
  const steps: WizardProps.Step[] = [
    {
      title: STEP_TITLES[0],
      description: record
        ? `Alterando o cadastro de ${record.fullname}.`
        : 'Identificação e contato do cliente.',
      content: (
        <PersonalStep
          control={control}
          stores={stores.data ?? []}
          storesLoading={stores.isPending}
          checkingDocument={checkingDocument}
          onDocumentBlur={() => void onDocumentBlur()}
          editing={editing}
        />
      ),
    },
    {
      title: STEP_TITLES[1],
      description: 'Endereço do cliente; o marcador aparece no mapa após a localização do endereço.',
      content: <LocationStep control={control} geocoding={geocoding} onAddressChange={onAddressChange} />,
    },
    {
      title: STEP_TITLES[2],
      isOptional: true,
      content: <CreditStep control={control} banks={banks.data ?? []} banksLoading={banks.isPending} />,
    },
    {
      title: STEP_TITLES[3],
      isOptional: true,
      content: <ContactsStep control={control} />,
    },
  ];

  return (
    <>
      {leaveGuard.modal}
      <Wizard
        data-testid="customer-wizard"
        steps={steps}
        activeStepIndex={activeStep}
        isLoadingNextStep={save.isPending}
        onNavigate={(event) => void onNavigate(event)}
        onSubmit={() => void submit()}
        onCancel={() => navigate('/customers')}
        submitButtonText="Finalizar"
        i18nStrings={wizardStrings('Passos do cadastro', 'Salvando o cliente')}
      />
    </>
  );
}
