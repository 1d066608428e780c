import Alert from '@cloudscape-design/components/alert';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Wizard, { type WizardProps } from '@cloudscape-design/components/wizard';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { dismiss, notify } from '../../app/notifications/notify';
import { wizardStrings } from '../../components/wizard-strings';
import { ARCHIVED_CAMPAIGN_TITLE, archivedCampaignText } from './archived-model';
import './campaigns.css';

/** A step that does not validate, and what is wrong with it. */
export interface StepProblem {
  step: number;
  message: string;
}

/**
 * The steps of a campaign wizard (spec part 2 §4): going back is always allowed; 'Próximo' checks
 * the steps it leaves and stops on the first invalid one with an 'Ops!' notice (one at a time, gone
 * once the steps validate); `readyToSave` checks every step, only from the last one.
 */
export function useWizardSteps<P extends StepProblem>(options: {
  lastStep: number;
  /** The first invalid step among `from`..`to`, with its message. */
  validate: (from: number, to: number) => P | undefined | Promise<P | undefined>;
  /** The notice's title for a message (default 'Ops!'). */
  noticeTitle?: (message: string) => string;
  /** Each check's outcome (e.g. to mark the field it names). */
  onChecked?: (problem: P | undefined) => void;
}) {
  const [activeStep, setActiveStep] = useState(0);
  const notice = useRef<string | null>(null);
  const show = (problem: P | undefined) => {
    options.onChecked?.(problem);
    if (notice.current) dismiss(notice.current);
    notice.current = problem
      ? notify({
          type: 'error',
          header: options.noticeTitle?.(problem.message) ?? 'Ops!',
          content: problem.message,
        })
      : null;
    if (problem) setActiveStep(problem.step);
  };

  const navigate = async (target: number) => {
    if (target <= activeStep) {
      setActiveStep(target);
      return;
    }
    const problem = await options.validate(activeStep, target - 1);
    show(problem);
    if (!problem) setActiveStep(target);
  };

  const readyToSave = async (): Promise<boolean> => {
    // Saving is allowed only from the last step.
    if (activeStep !== options.lastStep) return false;
    const problem = await options.validate(0, options.lastStep);
    show(problem);
    return problem === undefined;
  };

  return {
    activeStep,
    setActiveStep,
    onNavigate: ({ detail }: { detail: WizardProps.NavigateDetail }) =>
      void navigate(detail.requestedStepIndex),
    readyToSave,
  };
}

const READ_ONLY = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/**
 * A campaign wizard's page: the h1 title ('Cadastrando Campanha' / 'Alterando Campanha', data-testid
 * `{testId}-title`) with its actions, and the Cloudscape wizard in Portuguese ('Próximo', 'Voltar',
 * 'Cancelar' back to the list, 'Finalizar'). With `archived` (a deleted campaign opened from the
 * list's 'Excluídas'): 'Campanha excluída', when it was deleted, every step readable and none
 * editable (`{testId}-readonly`), and 'Fechar' in the place of 'Finalizar' — nothing saves.
 */
export function CampaignWizardFrame({
  testId,
  title,
  actions,
  before,
  steps,
  activeStep,
  saving,
  onNavigate,
  onSubmit,
  list,
  archived,
}: {
  testId: string;
  title: string;
  actions?: ReactNode;
  /** Shown above the title (the leave guard's dialog). */
  before?: ReactNode;
  steps: WizardProps.Step[];
  activeStep: number;
  saving: boolean;
  onNavigate: WizardProps['onNavigate'];
  onSubmit: () => void;
  /** Where 'Cancelar' goes. */
  list: string;
  /** A deleted campaign, read-only: when it was deleted and its list's 'Excluídas'. */
  archived?: { at: string | undefined; list: string };
}) {
  const navigate = useNavigate();
  if (archived) {
    const shown = steps.map((step) => ({
      ...step,
      content: (
        <fieldset disabled className="campaign-readonly" data-testid={`${testId}-readonly`} style={READ_ONLY}>
          {step.content}
        </fieldset>
      ),
    }));
    return (
      <SpaceBetween size="m">
        <Header variant="h1" data-testid={`${testId}-title`}>
          {ARCHIVED_CAMPAIGN_TITLE}
        </Header>
        <Alert type="warning" data-testid={`${testId}-archived`}>
          {archivedCampaignText(archived.at)}
        </Alert>
        <Wizard
          data-testid={testId}
          steps={shown}
          activeStepIndex={activeStep}
          onNavigate={onNavigate}
          onSubmit={() => navigate(archived.list)}
          onCancel={() => navigate(archived.list)}
          submitButtonText="Fechar"
          allowSkipTo
          i18nStrings={wizardStrings('Passos da campanha', 'Carregando')}
        />
      </SpaceBetween>
    );
  }
  return (
    <SpaceBetween size="m">
      {before}
      <Header variant="h1" data-testid={`${testId}-title`} actions={actions}>
        {title}
      </Header>
      <Wizard
        data-testid={testId}
        steps={steps}
        activeStepIndex={activeStep}
        isLoadingNextStep={saving}
        onNavigate={onNavigate}
        onSubmit={onSubmit}
        onCancel={() => navigate(list)}
        submitButtonText="Finalizar"
        i18nStrings={wizardStrings('Passos da campanha', 'Salvando a campanha')}
      />
    </SpaceBetween>
  );
}
