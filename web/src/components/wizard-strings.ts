import type { WizardProps } from '@cloudscape-design/components/wizard';

/** Cloudscape Wizard texts in Portuguese; `steps` names the navigation, `saving` the submit announcement. */
export const wizardStrings = (steps: string, saving: string): WizardProps.I18nStrings => ({
  stepNumberLabel: (n) => `Passo ${n}`,
  collapsedStepsLabel: (n, total) => `Passo ${n} de ${total}`,
  skipToButtonLabel: (step) => `Ir para ${step.title}`,
  navigationAriaLabel: steps,
  cancelButton: 'Cancelar',
  previousButton: 'Voltar',
  nextButton: 'Próximo',
  optional: 'opcional',
  nextButtonLoadingAnnouncement: 'Carregando o próximo passo',
  submitButtonLoadingAnnouncement: saving,
});
