import { recordGate } from '../../components/record-gate';
import { wizardStrings } from '../../components/wizard-strings';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Wizard, { type WizardProps } from '@cloudscape-design/components/wizard';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCampaign, useSaveCampaign, type CampaignDetails } from '../../api/campaigns';
import { ApiError, serverFieldErrors } from '../../api/client';
import { dismiss, notify } from '../../app/notifications/notify';
import { useLeaveGuard } from '../../components/discard-changes';
import { applyServerErrors, useZodForm } from '../../components/form';
import { DetailsStep } from './details-step';
import {
  campaignFormSchema,
  detailsToForm,
  emptyCampaignForm,
  firstMessage,
  formToPayload,
  noticeTitle,
  SAVED_EDIT,
  SAVED_NEW,
  STEP_FIELDS,
  STEP_TITLES,
  stepOfField,
  TITLE_EDIT,
  TITLE_NEW,
  type CampaignFormValues,
} from './form-model';
import { CampaignPrintButton } from './print-button';
import { AudienceStep, StoresStep } from './stores-audience-steps';
import { TriggerStep } from './trigger-step';

const LIST = '/campaign/sell';
const LAST_STEP = STEP_TITLES.length - 1;

/** A positive numeric id in the route means edit (spec part 2 §1). */
export function editId(param: string | undefined): number | undefined {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /campaign/sell/new and /campaign/edit/:id (write Campaigns; spec part 2 §2.1, §4, §5, §8): the
 * four-step discount wizard 'Cadastrando Campanha' / 'Alterando Campanha'. 'Próximo' validates the
 * current step (its fields, through the shared `Campaign` schema) and says what is wrong in an
 * 'Ops!' notice; going back is always allowed; 'Finalizar' (step 4 only) saves and returns to the
 * list with 'Campanha cadastrada com sucesso' / 'Campanha alterada com sucesso'.
 */
export default function CampaignFormPage() {
  const { id: param } = useParams();
  const id = editId(param);
  const record = useCampaign(id, { fresh: true });
  const navigate = useNavigate();
  if (id !== undefined) {
    const gate = recordGate({
      record,
      loading: 'Carregando campanha…',
      notFound: 'Campanha não encontrada.',
      failed: 'Não foi possível carregar a campanha.',
      notFoundHint: 'Ela pode ter sido excluída.',
      action: { label: 'Voltar às campanhas', onClick: () => navigate(LIST) },
    });
    if (gate) return gate;
  }
  return <CampaignWizard key={id ?? 'new'} record={id === undefined ? null : (record.data ?? null)} />;
}

function CampaignWizard({ record }: { record: CampaignDetails | null }) {
  const navigate = useNavigate();
  const editing = record !== null;
  const form = useZodForm(campaignFormSchema, {
    defaultValues: record ? detailsToForm(record) : emptyCampaignForm(),
  });
  const save = useSaveCampaign();
  const [activeStep, setActiveStep] = useState(0);
  const leaveGuard = useLeaveGuard(form.formState.isDirty && !save.isSuccess);

  /** The first message among a step's fields, after validating them. */
  const stepProblem = async (step: number): Promise<string | undefined> => {
    const fields = STEP_FIELDS[step]!;
    if (await form.trigger([...fields] as never)) return undefined;
    for (const name of fields) {
      const message = firstMessage(form.getFieldState(name as never).error);
      if (message) return message;
    }
    return 'Verifique os campos destacados.';
  };

  /** Validates steps `from`..`to`: the first invalid one and its message. */
  const firstInvalidStep = async (
    from: number,
    to: number,
  ): Promise<{ step: number; message: string } | undefined> => {
    form.clearErrors();
    for (let step = from; step <= to; step++) {
      const message = await stepProblem(step);
      if (message) return { step, message };
    }
    return undefined;
  };

  // The step's 'Ops!' notice: one at a time, gone once the step validates.
  const stepNotice = useRef<string | null>(null);
  const clearWarning = () => {
    if (stepNotice.current) dismiss(stepNotice.current);
    stepNotice.current = null;
  };
  const warn = (message: string) => {
    clearWarning();
    stepNotice.current = notify({ type: 'error', header: noticeTitle(message), content: message });
  };

  const onNavigate = async ({ detail }: { detail: WizardProps.NavigateDetail }) => {
    const target = detail.requestedStepIndex;
    if (target <= activeStep) {
      setActiveStep(target);
      return;
    }
    const invalid = await firstInvalidStep(activeStep, target - 1);
    if (invalid) {
      warn(invalid.message);
      setActiveStep(invalid.step);
    } else {
      clearWarning();
      setActiveStep(target);
    }
  };

  const submit = async () => {
    // Saving is allowed only from the fourth step (spec part 2 §2.1, §4).
    if (activeStep !== LAST_STEP) return;
    const invalid = await firstInvalidStep(0, LAST_STEP);
    if (invalid) {
      warn(invalid.message);
      setActiveStep(invalid.step);
      return;
    }
    clearWarning();
    const values: CampaignFormValues = form.getValues();
    try {
      await save.mutateAsync(formToPayload(values, record?.id));
      notify({ type: 'success', content: editing ? SAVED_EDIT : SAVED_NEW });
      leaveGuard.allowNavigation();
      navigate(LIST);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        notify({ type: 'error', header: 'Erro ao salvar a campanha', content: 'Tente novamente.' });
        return;
      }
      const fields = Object.keys(serverFieldErrors(error));
      if (applyServerErrors(error, form.setError) && fields.length > 0)
        setActiveStep(Math.min(...fields.map(stepOfField)));
      notify({ type: 'error', header: 'Erro ao salvar a campanha', content: error.message });
    }
  };

  const steps: WizardProps.Step[] = [
    {
      title: STEP_TITLES[0],
      description: editing
        ? `Alterando a campanha ${record.id} - ${record.description}.`
        : 'Descrição, tipo de desconto, período e regras da campanha.',
      content: <DetailsStep form={form} />,
    },
    { title: STEP_TITLES[1], content: <StoresStep control={form.control} /> },
    { title: STEP_TITLES[2], content: <AudienceStep form={form} editing={editing} /> },
    { title: STEP_TITLES[3], content: <TriggerStep form={form} /> },
  ];

  return (
    <SpaceBetween size="m">
      {leaveGuard.modal}
      <Header
        variant="h1"
        data-testid="campaign-wizard-title"
        // The printout is of the campaign as saved, not of unsaved changes in the steps.
        actions={editing ? <CampaignPrintButton campaign={record} /> : undefined}
      >
        {editing ? TITLE_EDIT : TITLE_NEW}
      </Header>
      <Wizard
        data-testid="campaign-wizard"
        steps={steps}
        activeStepIndex={activeStep}
        isLoadingNextStep={save.isPending}
        onNavigate={(event) => void onNavigate(event)}
        onSubmit={() => void submit()}
        onCancel={() => navigate(LIST)}
        submitButtonText="Finalizar"
        i18nStrings={wizardStrings('Passos da campanha', 'Salvando a campanha')}
      />
    </SpaceBetween>
  );
}
