import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState } from 'react';
import type { CommunicationDetails } from '../../../api/communications';
import { TextField, useZodForm } from '../../../components/form';
import { CommunicationFormShell, CommunicationRecordRoute, editorDescription } from '../common/form-shell';
import { useCommunicationSave } from '../common/save';
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
  return (
    <CommunicationRecordRoute
      types={['TEMAIL']}
      list={TEMPLATE_LIST}
      texts={{
        loading: 'Carregando template…',
        notFound: 'Template não encontrado.',
        failed: 'Não foi possível carregar o template.',
        notFoundHint: 'Ele pode ter sido excluído.',
        back: 'Voltar aos templates',
      }}
    >
      {(record) => <TemplateForm record={record} />}
    </CommunicationRecordRoute>
  );
}

function TemplateForm({ record }: { record: CommunicationDetails | null }) {
  const form = useZodForm(templateFormSchema, {
    defaultValues: record ? templateFromDetails(record) : emptyTemplateForm(),
  });
  const editor = useRef<EmailEditorHandle>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [editorChanged, setEditorChanged] = useState(false);
  // The editor's content is read on save only, never during a render.
  const { submit, saving, leaveModal } = useCommunicationSave(
    form,
    async (values: TemplateFormValues) => {
      const content = await editor.current?.content();
      return content
        ? templateToPayload(values, content, record ? { id: record.id, updated_at: record.updated_at } : {})
        : null;
    },
    { description: 'description', 'info.layout_title': 'subject' },
    {
      saved: record ? TEMPLATE_SAVED_EDIT : TEMPLATE_SAVED_NEW,
      failed: TEMPLATE_SAVE_FAILED,
      list: TEMPLATE_LIST,
    },
    editorChanged,
  );

  return (
    <>
      {leaveModal}
      <CommunicationFormShell
        testId="template"
        saveTestId="template-save"
        title={TEMPLATE_TITLE}
        description={editorDescription(record, false, undefined, 'o template')}
        list={TEMPLATE_LIST}
        saving={saving}
        disabledReason={editorReady ? undefined : 'Aguarde o editor carregar.'}
        onSave={submit}
      >
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
      </CommunicationFormShell>
    </>
  );
}
