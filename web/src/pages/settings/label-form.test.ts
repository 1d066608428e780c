import { LABEL_MESSAGES } from '@freguesia/shared/schemas/label';
import { describe, expect, it } from 'vitest';
import { EMPTY_LABEL_FORM, labelBody, labelFormFromLabel, labelFormSchema, typedMm } from './label-form';

describe('label form', () => {
  it('shows the spec’s messages for the required fields', () => {
    const result = labelFormSchema.safeParse({ ...EMPTY_LABEL_FORM, name: ' ', width: '', height: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      name: 'Digite o nome da etiqueta',
      width: 'Digite a Largura',
      height: 'Digite a Altura',
    });
  });

  it('reads sizes with a comma and builds the body', () => {
    const parsed = labelFormSchema.parse({
      ...EMPTY_LABEL_FORM,
      name: 'Gôndola',
      width: '37,5',
      height: '25',
    });
    expect(labelBody(parsed)).toMatchObject({
      name: 'Gôndola',
      width: 37.5,
      height: 25,
      visible: true,
      visible_rules: '{}',
      entity: 'campaigns',
    });
    expect(
      labelFormSchema.safeParse({ ...EMPTY_LABEL_FORM, name: 'x', visible_rules: '{tipos' }).error?.issues[0]
        ?.message,
    ).toBe(LABEL_MESSAGES.visibleRules);
  });

  it('edits a stored layout with the sizes as typed', () => {
    const form = labelFormFromLabel({
      id: 1,
      name: 'Gôndola',
      width: 37.5,
      height: 25,
      layout: '<b>{{price}}</b>',
      visible: false,
      visible_rules: '{}',
      entity: 'campaigns',
      created_at: '',
      updated_at: '',
    });
    expect(form).toEqual({
      name: 'Gôndola',
      width: '37,5',
      height: '25',
      layout: '<b>{{price}}</b>',
      visible: false,
      visible_rules: '',
    });
    expect(typedMm('37,5')).toBe(37.5);
    expect(typedMm('2')).toBeUndefined();
  });
});
