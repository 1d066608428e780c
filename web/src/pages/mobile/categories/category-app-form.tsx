import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Category } from '@freguesia/shared/schemas/catalog';
import { useUpdateCategoryApp } from '../../../api/catalog';
import { FormModal, TextField, ToggleField, useFormSubmit, useZodForm } from '../../../components/form';
import {
  CATEGORY_APP_TITLE,
  CATEGORY_UPDATED,
  CategoryAppForm,
  formDefaults,
  ICON_HELP,
  iconGlyph,
  updateBody,
} from './categories-model';

/** 'Alterando categoria do App' (spec part 3 §2): shown in the app, app description, icon, ordering. */
export function CategoryAppFormModal({ category, onClose }: { category: Category; onClose: () => void }) {
  const form = useZodForm(CategoryAppForm, { defaultValues: formDefaults(category) });
  const save = useUpdateCategoryApp();
  const { submit, saving } = useFormSubmit(
    form,
    (values) => save.mutateAsync(updateBody(category.id, values)),
    { success: CATEGORY_UPDATED, failureHeader: 'Ops!' },
    onClose,
  );
  const icon = form.watch('icon');
  return (
    <FormModal
      visible
      size="medium"
      title={CATEGORY_APP_TITLE}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="category-app-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="l">
        <Box variant="p" color="text-body-secondary">
          {category.reference_code} · {category.description}
        </Box>
        <ToggleField control={form.control} name="show_app" testId="category-show-app">
          Exibir no App
        </ToggleField>
        <TextField
          control={form.control}
          name="app_description"
          label="Descrição no App"
          testId="category-app-description"
        />
        <TextField
          control={form.control}
          name="icon"
          label="Ícone"
          description={ICON_HELP}
          constraintText={iconGlyph(String(icon ?? '')) ? `Código: ${String(icon)}` : undefined}
          testId="category-icon"
          input={{ placeholder: '0xf07a' }}
        />
        <TextField
          control={form.control}
          name="ordenation"
          label="Ordenação"
          testId="category-ordenation"
          input={{ type: 'number', inputMode: 'numeric' }}
          transform={(typed) => typed.replace(/\D/g, '').slice(0, 6)}
        />
      </SpaceBetween>
    </FormModal>
  );
}
