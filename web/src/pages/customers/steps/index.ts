export { ContactsStep } from './contacts-step';
export { CreditStep, type CreditStepProps } from './credit-step';
export { LocationStep, toAddress, type LocationStepProps } from './location-step';
export { PersonalStep, type PersonalStepProps } from './personal-step';
export type { StepProps } from './step-props';
