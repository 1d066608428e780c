import type { WizardProps } from '@cloudscape-design/components/wizard';
import { useNavigate, useParams } from 'react-router';
import { useCampaign, useSaveCampaign, type CampaignDetails } from '../../api/campaigns';
import { ApiError, serverFieldErrors } from '../../api/client';
import { notify } from '../../app/notifications/notify';
import { useLeaveGuard } from '../../components/discard-changes';
import { applyServerErrors, useZodForm } from '../../components/form';
import { routeId } from '../../components/route-id';
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
import { CampaignRecordRoute } from './record-route';
import { CampaignWizardFrame, useWizardSteps, type StepProblem } from './wizard-frame';

const LIST = '/campaign/sell';
const LAST_STEP = STEP_TITLES.length - 1;

/**
 * /campaign/sell/new and /campaign/edit/:id (write Campaigns; spec part 2 §2.1, §4, §5, §8): the
 * four-step discount wizard 'Cadastrando Campanha' / 'Alterando Campanha'. 'Próximo' validates the
 * current step (its fields, through the shared `Campaign` schema) and says what is wrong in an
 * 'Ops!' notice; going back is always allowed; 'Finalizar' (step 4 only) saves and returns to the
 * list with 'Campanha cadastrada com sucesso' / 'Campanha alterada com sucesso'.
 */
export default function CampaignFormPage() {
  // A positive numeric id in the route means edit (spec part 2 §1).
  const id = routeId(useParams().id);
  const record = useCampaign(id, { fresh: true });
  return (
    <CampaignRecordRoute id={id} record={record} list={LIST}>
      {(saved) => <CampaignWizard record={saved} />}
    </CampaignRecordRoute>
  );
}

function CampaignWizard({ record }: { record: CampaignDetails | null }) {
  const navigate = useNavigate();
  const editing = record !== null;
  const form = useZodForm(campaignFormSchema, {
    defaultValues: record ? detailsToForm(record) : emptyCampaignForm(),
  });
  const save = useSaveCampaign();
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
  const firstInvalidStep = async (from: number, to: number): Promise<StepProblem | undefined> => {
    form.clearErrors();
    for (let step = from; step <= to; step++) {
      const message = await stepProblem(step);
      if (message) return { step, message };
    }
    return undefined;
  };

  const { activeStep, setActiveStep, onNavigate, readyToSave } = useWizardSteps({
    lastStep: LAST_STEP,
    validate: firstInvalidStep,
    noticeTitle,
  });

  const submit = async () => {
    // Saving is allowed only from the fourth step (spec part 2 §2.1, §4).
    if (!(await readyToSave())) return;
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
    <CampaignWizardFrame
      testId="campaign-wizard"
      title={editing ? TITLE_EDIT : TITLE_NEW}
      // The printout is of the campaign as saved, not of unsaved changes in the steps.
      actions={editing ? <CampaignPrintButton campaign={record} /> : undefined}
      before={leaveGuard.modal}
      steps={steps}
      activeStep={activeStep}
      saving={save.isPending}
      onNavigate={onNavigate}
      onSubmit={() => void submit()}
      list={LIST}
    />
  );
}
