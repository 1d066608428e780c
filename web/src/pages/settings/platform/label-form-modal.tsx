import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { LABEL_PLACEHOLDERS, SAMPLE_LABEL_VALUES } from '@freguesia/shared/domain/label-template';
import { LABEL_MESSAGES } from '@freguesia/shared/schemas/label';
import { useWatch } from 'react-hook-form';
import { useSaveLabel } from '../../../api/labels';
import { LabelPreview } from '../../../components/label-preview';
import { FormModal, TextField, TextareaField, ToggleField, useZodForm } from '../../../components/form';
import { labelBody, labelFormSchema, typedMm, type LabelFormValues } from '../label-form';
import { saveWithNotices } from '../save-notices';

/** Spec part 3 §8: 'Cadastrado com sucesso' / 'Alterado com sucesso' for labels. */
export const LABEL_NOTICES = {
  created: LABEL_MESSAGES.created,
  updated: LABEL_MESSAGES.updated,
  removed: LABEL_MESSAGES.removed,
  createFailed: 'Erro ao cadastrar etiqueta',
  updateFailed: 'Erro ao alterar etiqueta',
  removeFailed: 'Erro ao remover etiqueta',
} as const;

export type LabelFormMode = { kind: 'create' } | { kind: 'edit'; id: number };

/** The placeholders a layout may use, each with what it shows. */
function PlaceholderList() {
  return (
    <div className="label-placeholders" data-testid="label-placeholders">
      {LABEL_PLACEHOLDERS.map((p) => (
        <div key={p.key}>
          <Box variant="code" fontSize="body-s" display="block">{`{{${p.key}}}`}</Box>
          <Box variant="small" color="text-body-secondary" display="block">
            {p.text}
          </Box>
        </div>
      ))}
    </div>
  );
}

/** Create/edit drawer of a label layout, with a live preview filled with sample values. */
export function LabelFormModal({
  mode,
  initial,
  onDismiss,
}: {
  mode: LabelFormMode;
  initial: LabelFormValues;
  onDismiss: () => void;
}) {
  const creating = mode.kind === 'create';
  const form = useZodForm(labelFormSchema, { defaultValues: initial });
  const save = useSaveLabel();
  const [layout, width, height] = useWatch({
    control: form.control,
    name: ['layout', 'width', 'height'],
  }) as [string, string, string];

  const submit = form.handleSubmit(async (values) => {
    const id = mode.kind === 'edit' ? mode.id : undefined;
    const saved = await saveWithNotices(creating, LABEL_NOTICES, form.setError, () =>
      save.mutateAsync({ id, body: labelBody(values) }),
    );
    if (saved) onDismiss();
  });

  return (
    <FormModal
      visible
      size="max"
      title={creating ? 'Nova etiqueta' : 'Alterar etiqueta'}
      submitLabel={creating ? 'Cadastrar' : 'Salvar'}
      saving={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
      testId="label"
    >
      <Grid gridDefinition={[{ colspan: { default: 12, m: 7 } }, { colspan: { default: 12, m: 5 } }]}>
        <SpaceBetween size="l">
          <TextField
            control={form.control}
            name="name"
            label="Nome"
            controlId="label-name"
            testId="label-name"
            input={{ placeholder: 'Ex.: Gôndola 60 × 40' }}
          />
          <ColumnLayout columns={3}>
            <TextField
              control={form.control}
              name="width"
              label="Largura (mm)"
              controlId="label-width"
              testId="label-width"
              input={{ inputMode: 'decimal' }}
            />
            <TextField
              control={form.control}
              name="height"
              label="Altura (mm)"
              controlId="label-height"
              testId="label-height"
              input={{ inputMode: 'decimal' }}
            />
            <Box padding={{ top: 'xl' }}>
              <ToggleField control={form.control} name="visible" testId="label-visible">
                Disponível para impressão
              </ToggleField>
            </Box>
          </ColumnLayout>
          <TextareaField
            control={form.control}
            name="layout"
            label="Layout"
            description="HTML com estilos em linha e os campos entre chaves duplas. Scripts, eventos e links são removidos ao salvar."
            controlId="label-layout"
            testId="label-layout"
            stretch
            textarea={{ rows: 14, spellcheck: false }}
          />
          <TextField
            control={form.control}
            name="visible_rules"
            label="Regras de visibilidade (JSON)"
            description='Opcional. Ex.: {"types": ["D"]} oferece a etiqueta só para campanhas desses tipos.'
            controlId="label-rules"
            testId="label-rules"
          />
        </SpaceBetween>
        <SpaceBetween size="m">
          <Header variant="h3" description="Com valores de exemplo, no tamanho real.">
            Pré-visualização
          </Header>
          <div className="label-sheet" data-testid="label-form-preview">
            <LabelPreview
              layout={layout ?? ''}
              width={typedMm(width ?? '') ?? 60}
              height={typedMm(height ?? '') ?? 40}
              values={SAMPLE_LABEL_VALUES}
            />
          </div>
          <Header variant="h3">Campos disponíveis</Header>
          <PlaceholderList />
        </SpaceBetween>
      </Grid>
    </FormModal>
  );
}
