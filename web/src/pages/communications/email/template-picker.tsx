import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { failureMessage } from '../../../api/client';
import { getCommunication, useEmailTemplates, type CommunicationDetails } from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';

/**
 * The template selector of the e-mail form (spec part 3 §2): choosing a template (TEMAIL) loads
 * its message into the editor, after a confirmation when the editor has changes of its own.
 */
export function TemplatePicker({
  changed,
  disabled,
  onLoad,
}: {
  changed: boolean;
  disabled?: boolean;
  onLoad: (template: CommunicationDetails) => void;
}) {
  const templates = useEmailTemplates();
  const [selected, setSelected] = useState<SelectProps.Option | null>(null);
  const [pending, setPending] = useState<SelectProps.Option | null>(null);
  const [loading, setLoading] = useState(false);
  const options = (templates.data?.data ?? []).map((t) => ({
    value: String(t.id),
    label: t.description,
    tags: [`#${t.id}`],
  }));

  const apply = async (option: SelectProps.Option) => {
    setPending(null);
    setLoading(true);
    try {
      const template = await getCommunication(option.value!);
      onLoad(template);
      setSelected(option);
      notify({ type: 'success', content: `Template '${option.label}' carregado no editor.` });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao carregar o template',
        content: failureMessage(error, 'Tente novamente.'),
      });
    } finally {
      setLoading(false);
    }
  };

  return (
    <FormField
      label="Template"
      description="Comece a partir de um template salvo: o conteúdo do editor é substituído."
    >
      <Select
        data-testid="email-template"
        selectedOption={selected}
        options={options}
        placeholder="Nenhum template"
        filteringType="auto"
        disabled={disabled || loading}
        statusType={templates.isPending ? 'loading' : templates.isError ? 'error' : 'finished'}
        loadingText="Carregando templates"
        errorText="Não foi possível carregar os templates."
        empty="Nenhum template cadastrado."
        onChange={({ detail }) =>
          changed ? setPending(detail.selectedOption) : void apply(detail.selectedOption)
        }
      />
      <Modal
        visible={pending !== null}
        header="Usar template"
        closeAriaLabel="Fechar"
        onDismiss={() => setPending(null)}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setPending(null)}>
                Cancelar
              </Button>
              <Button
                variant="primary"
                data-testid="email-template-confirm"
                onClick={() => pending && void apply(pending)}
              >
                Substituir
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        O conteúdo atual do editor será substituído pelo template “{pending?.label}”.
      </Modal>
    </FormField>
  );
}
