import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useCommunication, type CommunicationDetails } from '../../../api/communications';
import { useLeaveGuard } from '../../../components/discard-changes';
import { DateInput } from '../../../components/date-input';
import { Field, SelectField, TextField, ToggleField, useZodForm } from '../../../components/form';
import { recordGate } from '../../../components/record-gate';
import { ActiveField, asCommon } from '../../communications/common/fields';
import { routeId } from '../../communications/common/model';
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
  const id = routeId(useParams().id);
  const record = useCommunication(id);
  const navigate = useNavigate();
  if (id !== undefined) {
    const gate = recordGate({
      record: record.data && record.data.type !== 'APPF' && record.data.type !== 'APPB' ? { isPending: false, error: new Error('Este registro não é uma arte do aplicativo.') } : record,
      loading: 'Carregando arte…',
      notFound: 'Arte não encontrada.',
      failed: 'Não foi possível carregar a arte.',
      notFoundHint: 'Ela pode ter sido excluída.',
      action: { label: 'Voltar às artes', onClick: () => navigate(ART_LIST) },
    });
    if (gate) return gate;
  }
  return <ArtForm key={id ?? 'new'} record={id === undefined ? null : (record.data ?? null)} />;
}

function ArtForm({ record }: { record: CommunicationDetails | null }) {
  const navigate = useNavigate();
  const editing = record !== null;
  const form = useZodForm(artFormSchema(record?.id), { defaultValues: record ? artFromDetails(record) : emptyArtForm() });
  const [alwaysValid, url, description] = useWatch({ control: form.control, name: ['always_valid', 'url', 'description'] });
  const leaveGuard = useLeaveGuard(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const { submit, saving } = useCommunicationSave(
    form,
    (values) => ({ ...artToPayload(values, record?.id), ...(record ? { updated_at: record.updated_at } : {}) }),
    artFieldOf,
    { saved: editing ? ART_SAVED_EDIT : ART_SAVED_NEW, failed: ART_SAVE_FAILED, list: ART_LIST },
    leaveGuard.allowNavigation,
  );
  const { control } = form;
  const dateField = (name: 'start_at' | 'end_at', label: string, testId: string) => (
    <Field control={control} name={name} label={label}>
      {(field, invalid) => <DateInput ref={field.ref} data-testid={testId} value={field.value} invalid={invalid} onChange={field.onChange} onBlur={field.onBlur} />}
    </Field>
  );

  return (
    <>
      {leaveGuard.modal}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Form
          data-testid="art-form"
          header={
            <Header variant="h1" description={editing ? `Alterando a arte ${record.id} - ${record.description}.` : 'Um banner ou flyer exibido no aplicativo do clube.'}>
              {ART_TITLE}
            </Header>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => navigate(ART_LIST)}>
                Cancelar
              </Button>
              <Button variant="primary" data-testid="art-submit" loading={saving}>
                Salvar
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">Detalhes</Header>}>
              <SpaceBetween size="l">
                <ColumnLayout columns={2}>
                  <TextField control={control} name="description" label="Descrição" testId="art-description" input={{ placeholder: 'Ex.: Banner de Natal' }} />
                  <SelectField control={control} name="type" label="Tipo da arte" testId="art-type" options={ART_TYPES.map((t) => ({ value: t.value, label: t.label }))} select={{ placeholder: 'Selecione o tipo' }} />
                </ColumnLayout>
                <ActiveField form={asCommon(form)} testId="art-active" />
              </SpaceBetween>
            </Container>
            <Container header={<Header variant="h2">Período</Header>}>
              <SpaceBetween size="m">
                <ToggleField control={control} name="always_valid" flag={['Y', 'N']} testId="art-no-end" onChange={() => form.clearErrors(['start_at', 'end_at'])}>
                  {NO_END_LABEL}
                </ToggleField>
                <ColumnLayout columns={2}>
                  {dateField('start_at', alwaysValid === 'Y' ? 'A partir de' : 'Início', 'art-start')}
                  {alwaysValid === 'Y' ? <Box color="text-body-secondary" padding={{ top: 'xl' }}>Sem data final: a arte fica no aplicativo até ser desativada.</Box> : dateField('end_at', 'Fim', 'art-end')}
                </ColumnLayout>
              </SpaceBetween>
            </Container>
            <Container header={<Header variant="h2">Arte</Header>}>
              <ColumnLayout columns={2}>
                <SpaceBetween size="m">
                  <TextField control={control} name="url" label="URL da arte" description="Endereço da imagem (https), por exemplo um arquivo do CMS." testId="art-url" input={{ placeholder: 'https://', inputMode: 'url' }} />
                  <TextField control={control} name="click_url" label="URL ao clicar (opcional)" description="Para onde o cliente vai ao tocar na arte." testId="art-click-url" input={{ placeholder: 'https://', inputMode: 'url' }} />
                </SpaceBetween>
                <SpaceBetween size="xs">
                  <Box variant="awsui-key-label">Pré-visualização</Box>
                  {url.trim() ? <ArtImage url={url.trim()} height={220} alt={description || 'Arte'} testId="art-preview" /> : <Box color="text-body-secondary">Informe a URL para ver a arte.</Box>}
                </SpaceBetween>
              </ColumnLayout>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </>
  );
}
