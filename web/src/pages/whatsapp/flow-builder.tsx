import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { TEMPLATE_VARIABLES } from '@freguesia/shared/domain/communication';
import { WHATSAPP_MESSAGES, type FlowItem } from '@freguesia/shared/domain/whatsapp';
import { failureMessage, serverFieldErrors } from '../../api/client';
import { checkWhatsappMedia } from '../../api/whatsapp';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/form';
import { MAX_MESSAGES, newMessage, type WhatsappFormValues } from './form-model';

export const MESSAGE_KINDS: readonly { type: FlowItem['type']; label: string }[] = [
  { type: 'T', label: 'Texto' },
  { type: 'M', label: 'Mídia (imagem, PDF ou vídeo)' },
  { type: 'L', label: 'Localização' },
  { type: 'C', label: 'Contato' },
  { type: 'A', label: 'Iniciar atendimento' },
];
const KIND_TITLE: Record<FlowItem['type'], string> = {
  T: 'Texto',
  M: 'Mídia',
  L: 'Localização',
  C: 'Contato',
  A: 'Iniciar atendimento',
};

type Form = UseFormReturn<WhatsappFormValues, unknown, WhatsappFormValues>;

/**
 * On leaving a media URL, the server's HEAD (§5): over 7,340,032 bytes 'Arquivo muito grande!' and
 * the value is cleared; an unreachable address says so under the field.
 */
async function checkMedia(form: Form, problems: Map<string, string>, index: number, url: string) {
  const name = `flow.${index}.value` as const;
  const typed = url.trim();
  if (!/^https?:\/\/\S+$/i.test(typed)) return;
  try {
    await checkWhatsappMedia(typed);
    problems.delete(typed);
  } catch (error) {
    const message = serverFieldErrors(error).url ?? failureMessage(error);
    // Kept for the schema, so the message stays while that URL is there (re-validation included).
    problems.set(typed, message);
    if (form.getValues(name) !== url) return;
    if (message === WHATSAPP_MESSAGES.tooBig) form.setValue(name, '', { shouldDirty: true });
    form.setError(name, { type: 'server', message });
  }
}

/** The value field of one message: what it holds depends on its kind (§3 'WhatsApp flow item'). */
function ValueFields({
  form,
  problems,
  index,
  type,
}: {
  form: Form;
  problems: Map<string, string>;
  index: number;
  type: FlowItem['type'];
}) {
  const { control } = form;
  const testId = `wa-flow-${index}`;
  if (type === 'T')
    return (
      <Field
        control={control}
        name={`flow.${index}.value`}
        label="Mensagem"
        description={`Variáveis: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`}
      >
        {(field, invalid) => (
          <Textarea
            ref={field.ref}
            data-testid={`${testId}-value`}
            rows={4}
            placeholder="Olá {{primeiro_nome}}, temos ofertas para você!"
            value={field.value}
            invalid={invalid}
            onChange={({ detail }) => field.onChange(detail.value)}
            onBlur={field.onBlur}
          />
        )}
      </Field>
    );
  const labels: Record<
    Exclude<FlowItem['type'], 'T'>,
    { value: string; extra: string; hint?: string; placeholder: string }
  > = {
    M: {
      value: 'URL da mídia',
      extra: 'Legenda (opcional)',
      hint: 'Imagem JPG/PNG, PDF ou vídeo MP4 máx. 5 MB.',
      placeholder: 'https://…/oferta.jpg',
    },
    L: {
      value: 'Localização (latitude,longitude)',
      extra: 'Nome do local (opcional)',
      placeholder: '-23.561,-46.656',
    },
    C: { value: 'Número do contato', extra: 'Nome do contato', placeholder: '5511987654321' },
    A: { value: 'Código do setor ou da pessoa', extra: 'Observação (opcional)', placeholder: '1' },
  };
  const l = labels[type];
  return (
    <SpaceBetween size="s">
      {type === 'M' || type === 'A' ? (
        <Field
          control={control}
          name={`flow.${index}.subtype`}
          label={type === 'M' ? 'Tipo de mídia' : 'Encaminhar para'}
        >
          {(field) => (
            <SegmentedControl
              data-testid={`${testId}-subtype`}
              selectedId={field.value || (type === 'M' ? 'I' : 'D')}
              options={
                type === 'M'
                  ? [
                      { id: 'I', text: 'Imagem' },
                      { id: 'P', text: 'PDF' },
                      { id: 'V', text: 'Vídeo' },
                    ]
                  : [
                      { id: 'D', text: 'Setor' },
                      { id: 'U', text: 'Pessoa' },
                    ]
              }
              onChange={({ detail }) => field.onChange(detail.selectedId)}
            />
          )}
        </Field>
      ) : null}
      <ColumnLayout columns={2}>
        <Field control={control} name={`flow.${index}.value`} label={l.value} description={l.hint}>
          {(field, invalid) => (
            <Input
              ref={field.ref}
              data-testid={`${testId}-value`}
              value={field.value}
              placeholder={l.placeholder}
              invalid={invalid}
              inputMode={type === 'C' || type === 'A' ? 'numeric' : undefined}
              onChange={({ detail }) => field.onChange(detail.value)}
              onBlur={() => {
                field.onBlur();
                if (type === 'M') void checkMedia(form, problems, index, field.value);
              }}
            />
          )}
        </Field>
        <Field control={control} name={`flow.${index}.extra`} label={l.extra}>
          {(field) => (
            <Input
              ref={field.ref}
              data-testid={`${testId}-extra`}
              value={field.value}
              onChange={({ detail }) => field.onChange(detail.value)}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      </ColumnLayout>
    </SpaceBetween>
  );
}

/**
 * The message builder (spec part 3 §2, §3 'WhatsApp flow item'): up to 10 messages sent in order —
 * text (with template variables), media (image, PDF, video), location, contact and start of an
 * attendance — added from a menu, moved up and down and removed.
 */
export function FlowBuilder({ form, mediaProblems }: { form: Form; mediaProblems: Map<string, string> }) {
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'flow',
    keyName: 'rowKey',
  });
  const flowError = form.formState.errors.flow as
    { message?: string; root?: { message?: string } } | undefined;
  const rootError = flowError?.root?.message ?? flowError?.message;
  return (
    <SpaceBetween size="m">
      {fields.map((item, index) => (
        <Container
          key={item.rowKey}
          data-testid={`wa-flow-${index}`}
          header={
            <Header
              variant="h3"
              actions={
                <SpaceBetween direction="horizontal" size="xxs">
                  <Button
                    formAction="none"
                    variant="icon"
                    iconName="angle-up"
                    ariaLabel={`Subir a mensagem ${index + 1}`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    formAction="none"
                    variant="icon"
                    iconName="angle-down"
                    ariaLabel={`Descer a mensagem ${index + 1}`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    formAction="none"
                    variant="icon"
                    iconName="remove"
                    ariaLabel={`Remover a mensagem ${index + 1}`}
                    data-testid={`wa-flow-${index}-remove`}
                    onClick={() => remove(index)}
                  />
                </SpaceBetween>
              }
            >
              {index + 1}. {KIND_TITLE[item.type]}
            </Header>
          }
        >
          <ValueFields form={form} problems={mediaProblems} index={index} type={item.type} />
        </Container>
      ))}
      {fields.length === 0 ? <Box color="text-body-secondary">Nenhuma mensagem adicionada.</Box> : null}
      {rootError ? (
        <Box color="text-status-error" data-testid="wa-flow-error">
          {rootError}
        </Box>
      ) : null}
      <ButtonDropdown
        data-testid="wa-flow-add"
        disabled={fields.length >= MAX_MESSAGES}
        items={MESSAGE_KINDS.map((k) => ({ id: k.type, text: k.label }))}
        onItemClick={({ detail }) => {
          append(newMessage(detail.id as FlowItem['type']));
          // 'Adicione ao menos uma mensagem' goes; the messages' own errors stay.
          if (Array.isArray(form.formState.errors.flow)) form.clearErrors('flow.root' as never);
          else form.clearErrors('flow');
        }}
      >
        Adicionar mensagem
      </ButtonDropdown>
    </SpaceBetween>
  );
}
