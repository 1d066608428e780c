import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ShortLinkInput, SHORTLINK_MESSAGES, randomSlug } from '@freguesia/shared/schemas/shortlink';
import { useSaveShortLink, type ShortLink } from '../../api/shortlinks';
import { Field, FormModal, TextField, ToggleField, useFormSubmit, useZodForm } from '../../components/form';

/** The modal of spec part 3 §2: 'Criando novo link' / 'Alterando link {id}'. */
export const shortLinkTitle = (link: ShortLink | null): string =>
  link ? `Alterando link ${link.id}` : 'Criando novo link';

export function ShortLinkForm({
  link,
  prefix,
  onClose,
}: {
  link: ShortLink | null;
  /** `{tenant}.{shortlink_domain}/link/`, or the tenant host's, from the list answer. */
  prefix: string;
  onClose: () => void;
}) {
  const form = useZodForm(ShortLinkInput, {
    defaultValues: {
      description: link?.description ?? '',
      // Active by default, and a random 6-character slug on create (spec §2, §9).
      active: link?.active ?? true,
      url: link?.url ?? '',
      slug: link?.slug ?? randomSlug(),
      expires_at: link?.expires_at ?? '',
      max_visits: link?.max_visits === null || link?.max_visits === undefined ? '' : String(link.max_visits),
    },
  });
  const save = useSaveShortLink();
  const { submit, saving } = useFormSubmit(
    form,
    (values) =>
      save.mutateAsync({
        id: link?.id,
        body: {
          description: values.description,
          active: values.active,
          url: values.url,
          slug: values.slug,
          expires_at: values.expires_at,
          max_visits: values.max_visits,
        },
      }),
    // 'Link criado com sucesso' also on edit; a failure shows the server's text ('Link ja existe').
    { success: SHORTLINK_MESSAGES.created, failureHeader: 'Ops!' },
    onClose,
  );
  return (
    <FormModal
      visible
      size="medium"
      title={shortLinkTitle(link)}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="shortlink-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="l">
        <TextField
          control={form.control}
          name="description"
          label="Descrição *"
          testId="shortlink-description"
        />
        <ToggleField control={form.control} name="active" testId="shortlink-active">
          {form.watch('active') ? 'Ativo' : 'Inativo'}
        </ToggleField>
        <TextField
          control={form.control}
          name="url"
          label="URL de destino *"
          constraintText="Endereço http:// ou https://"
          testId="shortlink-url"
          input={{ type: 'url', inputMode: 'url', placeholder: 'https://' }}
        />
        <Field control={form.control} name="slug" label="Link encurtado *">
          {(field, invalid) => (
            <div style={{ display: 'flex', alignItems: 'center', gap: 4, flexWrap: 'wrap' }}>
              <Box variant="code" data-testid="shortlink-prefix">
                {prefix}
              </Box>
              <div style={{ flex: 1, minWidth: 120 }}>
                <Input
                  ref={field.ref}
                  value={String(field.value ?? '')}
                  invalid={invalid}
                  data-testid="shortlink-slug"
                  onChange={({ detail }) => field.onChange(detail.value.trim())}
                  onBlur={field.onBlur}
                />
              </div>
            </div>
          )}
        </Field>
        <ColumnLayout columns={2}>
          <Field
            control={form.control}
            name="expires_at"
            label="Válido até (opcional)"
            constraintText="Último dia em que o link abre"
          >
            {(field, invalid) => (
              <DatePicker
                ref={field.ref}
                value={String(field.value ?? '')}
                invalid={invalid}
                placeholder="AAAA/MM/DD"
                locale="pt-BR"
                openCalendarAriaLabel={(selected) =>
                  selected ? `Validade: ${selected}` : 'Escolher a validade'
                }
                data-testid="shortlink-expires"
                onChange={({ detail }) => field.onChange(detail.value)}
                onBlur={field.onBlur}
              />
            )}
          </Field>
          <TextField
            control={form.control}
            name="max_visits"
            label="Limite de acessos (opcional)"
            testId="shortlink-max-visits"
            input={{ type: 'number', inputMode: 'numeric' }}
            transform={(typed) => typed.replace(/\D/g, '').slice(0, 10)}
          />
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}
