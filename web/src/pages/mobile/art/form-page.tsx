import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useWatch } from 'react-hook-form';
import type { CommunicationDetails } from '../../../api/communications';
import { DateInput } from '../../../components/date-input';
import { Field, SelectField, TextField, ToggleField, useZodForm } from '../../../components/form';
import { ActiveField, asCommon } from '../../communications/common/fields';
import {
  CommunicationFormShell,
  CommunicationRecordRoute,
  editorDescription,
} from '../../communications/common/form-shell';
import { useCommunicationSave } from '../../communications/common/save';
import { ArtImage } from './art-image';
import {
  ART_LIST,
  ART_SAVED_EDIT,
  ART_SAVED_NEW,
  ART_SAVE_FAILED,
  ART_TITLE,
  ART_TYPES,
  artFieldOf,
  artFormSchema,
  artFromDetails,
  artToPayload,
  emptyArtForm,
  NO_END_LABEL,
} from './form-model';

/**
 * /mobile/art/new and /mobile/art/edit/:id (write Mobile; spec part 3 §2 'Mobile art', §4, §5
 * 'Art'): 'Nova arte para o aplicativo' — description, Banner or Flyer, a period or 'Sem prazo
 * final' (one start date; the end is 9999-12-31), the art's URL with its preview and an optional
 * click URL.
 */
export default function ArtFormPage() {
  return (
    <CommunicationRecordRoute
      types={['APPF', 'APPB']}
      list={ART_LIST}
      texts={{
        loading: 'Carregando arte…',
        notFound: 'Arte não encontrada.',
        failed: 'Não foi possível carregar a arte.',
        notFoundHint: 'Ela pode ter sido excluída.',
        back: 'Voltar às artes',
      }}
    >
      {(record) => <ArtForm record={record} />}
    </CommunicationRecordRoute>
  );
}

function ArtForm({ record }: { record: CommunicationDetails | null }) {
  const editing = record !== null;
  const form = useZodForm(artFormSchema(record?.id), {
    defaultValues: record ? artFromDetails(record) : emptyArtForm(),
  });
  const [alwaysValid, url, description] = useWatch({
    control: form.control,
    name: ['always_valid', 'url', 'description'],
  });
  const { submit, saving, leaveModal } = useCommunicationSave(
    form,
    (values) => ({
      ...artToPayload(values, record?.id),
      ...(record ? { updated_at: record.updated_at } : {}),
    }),
    artFieldOf,
    { saved: editing ? ART_SAVED_EDIT : ART_SAVED_NEW, failed: ART_SAVE_FAILED, list: ART_LIST },
  );
  const { control } = form;
  const dateField = (name: 'start_at' | 'end_at', label: string, testId: string) => (
    <Field control={control} name={name} label={label}>
      {(field, invalid) => (
        <DateInput
          ref={field.ref}
          data-testid={testId}
          value={field.value}
          invalid={invalid}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );

  return (
    <>
      {leaveModal}
      <CommunicationFormShell
        testId="art"
        saveTestId="art-submit"
        title={ART_TITLE}
        description={editorDescription(
          record,
          false,
          'Um banner ou flyer exibido no aplicativo do clube.',
          'a arte',
        )}
        list={ART_LIST}
        saving={saving}
        onSave={submit}
      >
        <Container header={<Header variant="h2">Detalhes</Header>}>
          <SpaceBetween size="l">
            <ColumnLayout columns={2}>
              <TextField
                control={control}
                name="description"
                label="Descrição"
                testId="art-description"
                input={{ placeholder: 'Ex.: Banner de Natal' }}
              />
              <SelectField
                control={control}
                name="type"
                label="Tipo da arte"
                testId="art-type"
                options={ART_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                select={{ placeholder: 'Selecione o tipo' }}
              />
            </ColumnLayout>
            <ActiveField form={asCommon(form)} testId="art-active" />
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">Período</Header>}>
          <SpaceBetween size="m">
            <ToggleField
              control={control}
              name="always_valid"
              flag={['Y', 'N']}
              testId="art-no-end"
              onChange={() => form.clearErrors(['start_at', 'end_at'])}
            >
              {NO_END_LABEL}
            </ToggleField>
            <ColumnLayout columns={2}>
              {dateField('start_at', alwaysValid === 'Y' ? 'A partir de' : 'Início', 'art-start')}
              {alwaysValid === 'Y' ? (
                <Box color="text-body-secondary" padding={{ top: 'xl' }}>
                  Sem data final: a arte fica no aplicativo até ser desativada.
                </Box>
              ) : (
                dateField('end_at', 'Fim', 'art-end')
              )}
            </ColumnLayout>
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">Arte</Header>}>
          <ColumnLayout columns={2}>
            <SpaceBetween size="m">
              <TextField
                control={control}
                name="url"
                label="URL da arte"
                description="Endereço da imagem (https), por exemplo um arquivo do CMS."
                testId="art-url"
                input={{ placeholder: 'https://', inputMode: 'url' }}
              />
              <TextField
                control={control}
                name="click_url"
                label="URL ao clicar (opcional)"
                description="Para onde o cliente vai ao tocar na arte."
                testId="art-click-url"
                input={{ placeholder: 'https://', inputMode: 'url' }}
              />
            </SpaceBetween>
            <SpaceBetween size="xs">
              <Box variant="awsui-key-label">Pré-visualização</Box>
              {url.trim() ? (
                <ArtImage url={url.trim()} height={220} alt={description || 'Arte'} testId="art-preview" />
              ) : (
                <Box color="text-body-secondary">Informe a URL para ver a arte.</Box>
              )}
            </SpaceBetween>
          </ColumnLayout>
        </Container>
      </CommunicationFormShell>
    </>
  );
}
