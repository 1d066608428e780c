import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import {
  useCommunication,
  useSaveCommunication,
  type CommunicationDetails,
} from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';
import { useLeaveGuard } from '../../../components/discard-changes';
import { applyServerErrors, TextField, useZodForm } from '../../../components/form';
import { recordGate } from '../../../components/record-gate';
import { routeId } from '../common/model';
import { EmailEditor, type EmailEditorHandle } from './email-editor';
import {
  contentOf,
  emptyTemplateForm,
  NO_CONTENT,
  TEMPLATE_LIST,
  TEMPLATE_SAVE_FAILED,
  TEMPLATE_SAVED_EDIT,
  TEMPLATE_SAVED_NEW,
  TEMPLATE_TITLE,
  templateFormSchema,
  templateFromDetails,
  templateToPayload,
  type TemplateFormValues,
} from './form-model';

/**
 * 'Novo Template de Comunicação' (spec part 3 §2 'E-mail templates', §5 'Template', §8):
 * /communications/template/new and /communication/template/edit/:id (write Communications). A
 * description (required), an optional subject and the visual editor; saves go back to the list.
 */
export default function TemplateFormPage() {
  const { id: param } = useParams();
  const id = routeId(param);
  const record = useCommunication(id);
  const navigate = useNavigate();
  if (id !== undefined) {
    const gate = recordGate({
      record:
        record.data && record.data.type !== 'TEMAIL'
          ? { isPending: false, error: new ApiError(404, 'Template não encontrado.', null) }
          : record,
      loading: 'Carregando template…',
      notFound: 'Template não encontrado.',
      failed: 'Não foi possível carregar o template.',
      notFoundHint: 'Ele pode ter sido excluído.',
      action: { label: 'Voltar aos templates', onClick: () => navigate(TEMPLATE_LIST) },
    });
    if (gate) return gate;
  }
  return <TemplateForm key={id ?? 'new'} record={id === undefined ? null : (record.data ?? null)} />;
}

function TemplateForm({ record }: { record: CommunicationDetails | null }) {
  const navigate = useNavigate();
  const form = useZodForm(templateFormSchema, {
    defaultValues: record ? templateFromDetails(record) : emptyTemplateForm(),
  });
  const save = useSaveCommunication();
  const editor = useRef<EmailEditorHandle>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [editorChanged, setEditorChanged] = useState(false);
  const leaveGuard = useLeaveGuard((form.formState.isDirty || editorChanged) && !save.isSuccess);

  // Called on click only: the editor's content is read then, never during a render.
  const submit = () =>
    form.handleSubmit(async (values: TemplateFormValues) => {
      const content = await editor.current?.content();
      if (!content) return;
      try {
        await save.mutateAsync(
          templateToPayload(values, content, record ? { id: record.id, updated_at: record.updated_at } : {}),
        );
        notify({ type: 'success', content: record ? TEMPLATE_SAVED_EDIT : TEMPLATE_SAVED_NEW });
        leaveGuard.allowNavigation();
        navigate(TEMPLATE_LIST);
      } catch (error) {
        applyServerErrors(error, form.setError, ['description'], () => undefined);
        notify({
          type: 'error',
          header: TEMPLATE_SAVE_FAILED,
          content: error instanceof Error && error.message ? error.message : 'Tente novamente.',
        });
      }
    })();

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      {leaveGuard.modal}
      <Form
        data-testid="template-form"
        header={
          <Header
            variant="h1"
            description={record ? `Alterando o template ${record.id} - ${record.description}.` : undefined}
          >
            {TEMPLATE_TITLE}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={() => navigate(TEMPLATE_LIST)}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              data-testid="template-save"
              loading={save.isPending}
              disabled={!editorReady}
              disabledReason={editorReady ? undefined : 'Aguarde o editor carregar.'}
              onClick={() => void submit()}
            >
              Salvar
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">Template</Header>}>
            <SpaceBetween size="l">
              <TextField
                control={form.control}
                name="description"
                label="Descrição"
                testId="template-description"
                input={{ placeholder: 'Ex.: Boas-vindas' }}
              />
              <TextField
                control={form.control}
                name="subject"
                label={
                  <span>
                    Assunto <i>- opcional</i>
                  </span>
                }
                description="Usado como assunto das comunicações que partirem deste template e estiverem sem assunto."
                testId="template-subject"
              />
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Mensagem</Header>}>
            <EmailEditor
              ref={editor}
              testId="template-editor"
              initial={record ? contentOf(record) : NO_CONTENT}
              onReady={() => setEditorReady(true)}
              onChange={() => setEditorChanged(true)}
            />
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
