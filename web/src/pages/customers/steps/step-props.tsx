import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import type { CustomerFormValues } from '../form-model';

export type FormControl = Control<CustomerFormValues, unknown, CustomerFormValues>;

/** What every step receives: the wizard's form control (react-hook-form over `customerFormSchema`). */
export interface StepProps {
  control: FormControl;
}

/** A required field's label ('Tipo *'). */
export function Required({ children }: { children: ReactNode }) {
  return <>{children} *</>;
}
