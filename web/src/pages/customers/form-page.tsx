import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Spinner from '@cloudscape-design/components/spinner';
import Wizard, { type WizardProps } from '@cloudscape-design/components/wizard';
import { documentDigits, padDocument } from '@freguesia/shared/domain/document';
import { maskDocument } from '@freguesia/shared/domain/masks';
import { CUSTOMER_MESSAGES } from '@freguesia/shared/schemas/customer';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import {
  createCustomer,
  customerExists,
  getCustomer,
  listBanks,
  listStores,
  updateCustomer,
  type CustomerDetails,
} from '../../api/customers';
import { fetchStates, geocodeAddress, type AddressValue } from '../../components/address';
import { notify } from '../../app/notifications/notify';
import {
  documentProblem,
  emptyForm,
  formToPayload,
  recordPassthrough,
  recordToForm,
  serverFieldErrors,
  STEP_TITLES,
  stepOfField,
  validateStep,
  type CustomerFormValues,
  type FieldErrors,
  type Passthrough,
} from './form-model';
import { ContactsStep, CreditStep, LocationStep, PersonalStep } from './form-steps';
import { useAsync } from './use-async';

/**
 * /customer/new and /customer/edit/:id (spec part 1 §2 "Customer form", §5): the four-step
 * wizard. Próximo validates the current step; Voltar is always allowed; Finalizar saves and
 * returns to /customers. When creating, a document that already exists redirects to its edit
 * form with the spec's notice.
 */
export default function CustomerFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const record = useAsync<CustomerDetails | null>(
    (_signal) => (editing ? getCustomer(id) : Promise.resolve(null)),
    `customer-${id ?? 'new'}`,
  );

  if (editing && record.loading) {
    return (
      <Box textAlign="center" padding="xxl">
        <Spinner size="large" /> <Box variant="span">Carregando cliente…</Box>
      </Box>
    );
  }
  if (editing && (record.error || !record.data)) {
    const notFound = record.error instanceof ApiError && record.error.status === 404;
    return (
      <Alert
        type="error"
        header={notFound ? 'Cliente não encontrado.' : 'Não foi possível carregar o cliente.'}
        action={<Button onClick={record.reload}>Tentar novamente</Button>}
      >
        {record.error instanceof Error ? record.error.message : null}
      </Alert>
    );
  }
  // Keyed by the record so a redirect from /customer/new to an edit starts fresh.
  return <CustomerWizard key={`${id ?? 'new'}`} record={record.data ?? null} />;
}

function CustomerWizard({ record }: { record: CustomerDetails | null }) {
  const navigate = useNavigate();
  const editing = record !== null;
  const [values, setValues] = useState<CustomerFormValues>(() => (record ? recordToForm(record) : emptyForm()));
  const [passthrough] = useState<Passthrough>(() => (record ? recordPassthrough(record) : {}));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [activeStep, setActiveStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [checkingDocument, setCheckingDocument] = useState(false);
  const [geocoding, setGeocoding] = useState(false);
  const geocodeSeq = useRef(0);
  const checkedDocument = useRef<string>(record ? documentDigits(record.document) : '');

  const stores = useAsync((_signal) => listStores(), 'stores');
  const banks = useAsync((_signal) => listBanks(), 'banks');

  const set = (patch: Partial<CustomerFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    // Editing a field clears its error (and the errors of edited contact rows).
    const touched = Object.keys(patch);
    if (touched.some((field) => errors[field] || (field === 'contacts' && Object.keys(errors).some((k) => k.startsWith('contacts.'))))) {
      setErrors((prev) => {
        const next = { ...prev };
        for (const field of touched) {
          delete next[field];
          if (field === 'contacts') for (const k of Object.keys(next)) if (k.startsWith('contacts.')) delete next[k];
        }
        return next;
      });
    }
    if (patch.state !== undefined && patch.state !== values.state) {
      const uf = patch.state;
      if (!uf) setValues((prev) => ({ ...prev, id_state: '' }));
      else
        fetchStates().then(
          (states) => {
            const found = states.find((s) => s.uf === uf);
            setValues((prev) => (prev.state === uf ? { ...prev, id_state: found ? String(found.id) : '' } : prev));
          },
          () => undefined,
        );
    }
  };

  /** Blur of the document: zero-pad, check CPF/CNPJ, and (creating) look for an existing record. */
  const onDocumentBlur = async () => {
    const digits = documentDigits(values.document);
    if (!digits) return;
    const type = values.type === 'J' ? 'J' : 'F';
    const problem = documentProblem(digits, type);
    if (problem || digits.length > (type === 'F' ? 11 : 14)) {
      notify({ type: 'warning', content: CUSTOMER_MESSAGES.invalidDocument });
      set({ document: '' });
      checkedDocument.current = '';
      return;
    }
    const padded = padDocument(digits, type);
    if (padded !== digits) set({ document: maskDocument(padded) });
    if (editing || checkedDocument.current === padded) return;
    checkedDocument.current = padded;
    setCheckingDocument(true);
    try {
      const existing = await customerExists(padded);
      if (existing > 0) {
        notify({ type: 'warning', content: CUSTOMER_MESSAGES.duplicate });
        navigate(`/customer/edit/${existing}`);
      }
    } catch {
      // The check is a convenience: the save still refuses a duplicate (409).
      checkedDocument.current = '';
    } finally {
      setCheckingDocument(false);
    }
  };

  /** Geocodes the address and places the marker (zoom 17). */
  const locate = async (address: AddressValue) => {
    if (!address.address.trim() || !address.city.trim() || !address.state.trim()) return;
    const seq = ++geocodeSeq.current;
    setGeocoding(true);
    try {
      const found = await geocodeAddress({ address: address.address, number: address.number, city: address.city, state: address.state });
      if (seq !== geocodeSeq.current) return;
      if (found) setValues((prev) => ({ ...prev, latitude: found.lat, longitude: found.lon }));
      else notify({ type: 'info', content: 'Não foi possível localizar o endereço no mapa.' });
    } catch (error) {
      if (seq === geocodeSeq.current) {
        notify({ type: 'warning', content: error instanceof Error ? error.message : 'Não foi possível localizar o endereço no mapa.' });
      }
    } finally {
      if (seq === geocodeSeq.current) setGeocoding(false);
    }
  };

  /** Errors of steps `from`..`to` (inclusive) and the first step that has any. */
  const check = (from: number, to: number): { errors: FieldErrors; step: number | undefined } => {
    for (let step = from; step <= to; step++) {
      const found = validateStep(step, values);
      if (Object.keys(found).length > 0) return { errors: found, step };
    }
    return { errors: {}, step: undefined };
  };

  const onNavigate = ({ detail }: { detail: WizardProps.NavigateDetail }) => {
    const target = detail.requestedStepIndex;
    if (target <= activeStep) {
      setActiveStep(target);
      return;
    }
    const { errors: found, step } = check(activeStep, target - 1);
    if (step !== undefined) {
      setErrors(found);
      setActiveStep(step);
      return;
    }
    setErrors({});
    setActiveStep(target);
  };

  const submit = async () => {
    const { errors: found, step } = check(0, STEP_TITLES.length - 1);
    if (step !== undefined) {
      setErrors(found);
      setActiveStep(step);
      return;
    }
    setSubmitting(true);
    const payload = formToPayload(values, passthrough, record?.id);
    try {
      if (editing) await updateCustomer(payload);
      else await createCustomer(payload);
      notify({ type: 'success', content: editing ? CUSTOMER_MESSAGES.updated : CUSTOMER_MESSAGES.created });
      navigate('/customers');
    } catch (error) {
      setSubmitting(false);
      if (!(error instanceof ApiError)) {
        notify({ type: 'error', header: 'Erro ao salvar cliente', content: 'Tente novamente.' });
        return;
      }
      const existingId = Number((error.body as { id?: unknown } | undefined)?.id);
      if (error.status === 409 && !editing && existingId > 0) {
        notify({ type: 'warning', content: CUSTOMER_MESSAGES.duplicate });
        navigate(`/customer/edit/${existingId}`);
        return;
      }
      const fields = serverFieldErrors(error.body);
      const keys = Object.keys(fields);
      if (keys.length > 0) {
        setErrors(fields);
        setActiveStep(Math.min(...keys.map(stepOfField)));
      }
      notify({ type: 'error', header: 'Erro ao salvar cliente', content: error.message });
    }
  };

  const stepProps = { values, errors, set };
  const steps: WizardProps.Step[] = [
    {
      title: STEP_TITLES[0],
      description: record ? `Alterando o cadastro de ${record.fullname}.` : 'Identificação e contato do cliente.',
      content: (
        <PersonalStep
          {...stepProps}
          stores={stores.data ?? []}
          storesLoading={stores.loading}
          checkingDocument={checkingDocument}
          onDocumentBlur={() => void onDocumentBlur()}
        />
      ),
    },
    {
      title: STEP_TITLES[1],
      description: 'Endereço do cliente; o marcador aparece no mapa após a localização do endereço.',
      content: <LocationStep {...stepProps} geocoding={geocoding} onLocate={(address) => void locate(address)} />,
    },
    {
      title: STEP_TITLES[2],
      isOptional: true,
      content: <CreditStep {...stepProps} banks={banks.data ?? []} banksLoading={banks.loading} />,
    },
    {
      title: STEP_TITLES[3],
      isOptional: true,
      content: <ContactsStep {...stepProps} />,
    },
  ];

  return (
    <Wizard
      data-testid="customer-wizard"
      steps={steps}
      activeStepIndex={activeStep}
      isLoadingNextStep={submitting}
      onNavigate={onNavigate}
      onSubmit={() => void submit()}
      onCancel={() => navigate('/customers')}
      submitButtonText="Finalizar"
      i18nStrings={{
        stepNumberLabel: (n) => `Passo ${n}`,
        collapsedStepsLabel: (n, total) => `Passo ${n} de ${total}`,
        skipToButtonLabel: (step) => `Ir para ${step.title}`,
        navigationAriaLabel: 'Passos do cadastro',
        cancelButton: 'Cancelar',
        previousButton: 'Voltar',
        nextButton: 'Próximo',
        optional: 'opcional',
        nextButtonLoadingAnnouncement: 'Carregando o próximo passo',
        submitButtonLoadingAnnouncement: 'Salvando o cliente',
      }}
    />
  );
}
