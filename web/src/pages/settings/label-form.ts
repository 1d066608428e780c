import { DEFAULT_LABEL_LAYOUT } from '@freguesia/shared/domain/label-template';
import { LabelInput, type Label } from '@freguesia/shared/schemas/label';
import { z } from 'zod';
import type { LabelBody } from '../../api/labels';

/** The label drawer's values: sizes as typed ('37,5'), the rules as JSON text. */
export interface LabelFormValues {
  name: string;
  width: string;
  height: string;
  layout: string;
  visible: boolean;
  visible_rules: string;
}

export const EMPTY_LABEL_FORM: LabelFormValues = {
  name: '',
  width: '60',
  height: '40',
  layout: DEFAULT_LABEL_LAYOUT,
  visible: true,
  visible_rules: '',
};

const mm = (value: number) => String(value).replace('.', ',');

export function labelFormFromLabel(label: Label): LabelFormValues {
  return {
    name: label.name,
    width: mm(label.width),
    height: mm(label.height),
    layout: label.layout,
    visible: label.visible,
    visible_rules: label.visible_rules === '{}' ? '' : label.visible_rules,
  };
}

/**
 * The form's schema: the shared LabelInput rules ('Digite o nome da etiqueta', 'Digite a Largura',
 * 'Digite a Altura', spec part 3 §5; sizes, rules as JSON) over the typed values.
 */
export const labelFormSchema = z.object({
  name: LabelInput.shape.name,
  width: LabelInput.shape.width,
  height: LabelInput.shape.height,
  layout: LabelInput.shape.layout,
  visible: z.boolean(),
  visible_rules: LabelInput.shape.visible_rules,
});
export type LabelFormOutput = z.output<typeof labelFormSchema>;

/** POST/PUT /web/label body from the validated form. */
export const labelBody = (values: LabelFormOutput): LabelBody => ({ ...values, entity: 'campaigns' });

/** A size typed in the form as millimetres, or undefined while it is not a usable size. */
export function typedMm(value: string): number | undefined {
  const n = Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) && n >= 5 && n <= 500 ? n : undefined;
}
