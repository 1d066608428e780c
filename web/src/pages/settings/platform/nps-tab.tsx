import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { NPS_LIMITS } from '@freguesia/shared/domain/nps';
import { useRef, useState } from 'react';
import { useStores } from '../../../api/catalog';
import { failureMessage } from '../../../api/client';
import { useNpsSettings, useSaveNpsSettings, type NpsSettings } from '../../../api/nps';
import { notify } from '../../../app/notifications/notify';
import {
  Field,
  TextField,
  TextareaField,
  ToggleField,
  applyServerErrors,
  useZodForm,
} from '../../../components/form';
import { EmailEditor, type EmailEditorHandle } from '../../communications/email/email-editor';
import { DESIGNS_PENDING, npsFormSchema, npsFormValues, npsPayload, type NpsFormValues } from './nps-form';

const FIELDS = [
  'active',
  'interval_days',
  'mail_active',
  'push_active',
  'sms_active',
  'stores',
  'layout_mail_subject',
  'layout_push_title',
  'layout_push_body',
  'layout_sms_body',
];

/**
 * 'NPS' (spec part 3 §2 Settings, §3 'NPS', §4, §5): the survey sent after purchases — on or off,
 * the interval between two surveys of a customer, the channels, the stores (none: all), the e-mail
 * and the landing page designed in the product's e-mail editor, the push and SMS texts. Saved
 * only after both designs were exported (both editors loaded and their content read).
 */
export function NpsTab() {
  const saved = useNpsSettings();
  if (saved.error)
    return (
      <Alert type="error" header="Não foi possível carregar as configurações do NPS">
        {failureMessage(saved.error)}
      </Alert>
    );
  if (!saved.data)
    return (
      <Container>
        <Spinner size="large" />
      </Container>
    );
  return <NpsForm saved={saved.data} />;
}

function NpsForm({ saved }: { saved: NpsSettings }) {
  const form = useZodForm(npsFormSchema, { defaultValues: npsFormValues(saved) });
  const { control } = form;
  const stores = useStores();
  const saving = useSaveNpsSettings();
  const mail = useRef<EmailEditorHandle>(null);
  const lp = useRef<EmailEditorHandle>(null);
  const [ready, setReady] = useState({ mail: false, lp: false });
  const bothReady = ready.mail && ready.lp;

  const save = async (values: NpsFormValues) => {
    const [mailDesign, lpDesign] = await Promise.all([mail.current?.content(), lp.current?.content()]);
    const body = npsPayload(values, mailDesign, lpDesign);
    if (!body) {
      notify({ type: 'error', header: 'Ops!', content: DESIGNS_PENDING });
      return;
    }
    try {
      const answer = await saving.mutateAsync(body);
      form.reset(npsFormValues(answer));
      notify({ type: 'success', header: 'Alterado com sucesso' });
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      // The spec: an NPS settings save failure shows the error message.
      notify({ type: 'error', header: 'Ops!', content: failureMessage(error) });
    }
  };

  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <form
      noValidate
      data-testid="settings-nps-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit(save)();
      }}
    >
      <Form
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={form.formState.isSubmitting}
            disabled={!bothReady}
            disabledReason="Aguarde os editores carregarem."
            data-testid="settings-nps-save"
          >
            Salvar
          </Button>
        }
      >
        <SpaceBetween size="l">
          <Container
            header={
              <Header
                variant="h2"
                description="Pesquisa de satisfação enviada aos clientes depois de uma compra."
              >
                NPS
              </Header>
            }
          >
            <SpaceBetween size="l">
              <ToggleField control={control} name="active" testId="nps-active">
                Pesquisa ativa
              </ToggleField>
              <Field
                control={control}
                name="interval_days"
                label="Intervalo entre pesquisas (dias)"
                description={`Um cliente recebe no máximo uma pesquisa a cada quantos dias (${NPS_LIMITS.intervalMin} a ${NPS_LIMITS.intervalMax}).`}
                controlId="nps-interval-days"
              >
                {(field, invalid) => (
                  <div className="settings-number">
                    <Input
                      type="number"
                      inputMode="numeric"
                      step={1}
                      invalid={invalid}
                      value={String(field.value ?? '')}
                      onChange={({ detail }) => field.onChange(detail.value)}
                      data-testid="nps-interval-days"
                    />
                  </div>
                )}
              </Field>
              <Field
                control={control}
                name="stores"
                label="Lojas"
                description="Compras destas lojas geram a pesquisa. Nenhuma loja selecionada: todas as lojas."
                controlId="nps-stores"
              >
                {(field) => (
                  <Multiselect
                    selectedOptions={storeOptions.filter((o) => (field.value ?? []).includes(o.value))}
                    options={storeOptions}
                    statusType={stores.isLoading ? 'loading' : 'finished'}
                    loadingText="Carregando lojas"
                    placeholder="Todas as lojas"
                    filteringType="auto"
                    onChange={({ detail }) => field.onChange(detail.selectedOptions.map((o) => o.value!))}
                    data-testid="nps-stores"
                  />
                )}
              </Field>
              <ColumnLayout columns={3}>
                <ToggleField control={control} name="mail_active" testId="nps-mail-active">
                  E-mail
                </ToggleField>
                <ToggleField control={control} name="push_active" testId="nps-push-active">
                  Push
                </ToggleField>
                <ToggleField control={control} name="sms_active" testId="nps-sms-active">
                  SMS
                </ToggleField>
              </ColumnLayout>
            </SpaceBetween>
          </Container>
          <Container
            header={
              <Header
                variant="h2"
                description="Use {{link}} onde deve ficar o link da pesquisa; sem ele, um botão 'Responder a pesquisa' vai ao fim."
              >
                E-mail
              </Header>
            }
          >
            <SpaceBetween size="l">
              <TextField
                control={control}
                name="layout_mail_subject"
                label="Assunto"
                testId="nps-mail-subject"
              />
              <EmailEditor
                ref={mail}
                testId="nps-mail-editor"
                initial={{ html: saved.layout_mail_body, flow: saved.layout_mail_editor }}
                onReady={() => setReady((r) => ({ ...r, mail: true }))}
              />
            </SpaceBetween>
          </Container>
          <Container
            header={
              <Header
                variant="h2"
                description="O topo da página da pesquisa; a nota de 0 a 10 e a observação vêm abaixo."
              >
                Landing page
              </Header>
            }
          >
            <EmailEditor
              ref={lp}
              testId="nps-lp-editor"
              initial={{ html: saved.layout_lp_body, flow: saved.layout_lp_editor }}
              onReady={() => setReady((r) => ({ ...r, lp: true }))}
            />
          </Container>
          <Container header={<Header variant="h2">Push e SMS</Header>}>
            <SpaceBetween size="l">
              <TextField
                control={control}
                name="layout_push_title"
                label="Título do push"
                description={`Até ${NPS_LIMITS.pushTitleMax} caracteres.`}
                testId="nps-push-title"
              />
              <TextareaField
                control={control}
                name="layout_push_body"
                label="Mensagem do push"
                description={`Até ${NPS_LIMITS.pushBodyMax} caracteres. O push abre a pesquisa.`}
                testId="nps-push-body"
              />
              <TextareaField
                control={control}
                name="layout_sms_body"
                label="SMS"
                description={`Até ${NPS_LIMITS.smsMax} caracteres; use {{link}} para o link (sem ele, vai ao fim).`}
                testId="nps-sms-body"
              />
            </SpaceBetween>
          </Container>
          {!bothReady ? (
            <Box color="text-body-secondary" fontSize="body-s">
              Aguarde os editores carregarem para salvar.
            </Box>
          ) : null}
        </SpaceBetween>
      </Form>
    </form>
  );
}
