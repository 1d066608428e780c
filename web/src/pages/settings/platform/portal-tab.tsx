import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import { PORTAL_OPTIONAL_FIELDS, parseRequiredFields } from '@freguesia/shared/schemas/customer';
import { useMemo, useState } from 'react';
import { Field, TextareaField, TextField, useZodForm } from '../../../components/form';
import { ColorField } from './color-field';
import {
  PORTAL_KEYS,
  joinList,
  settingsFormSchema,
  splitList,
  tabValues,
  type SettingValues,
} from './platform-form';
import { useSaveSettings } from './save-settings';
import { SettingsTabForm } from './settings-tab-form';

const FIELD_OPTIONS = Object.entries(PORTAL_OPTIONAL_FIELDS).map(([value, label]) => ({
  value,
  label,
  description: value,
}));

/** 'Portal de cadastro': texts, look and required fields of the customer portal (/cadastro). */
export function PortalTab({ saved }: { saved: SettingValues }) {
  const schema = useMemo(() => settingsFormSchema(PORTAL_KEYS), []);
  const form = useZodForm(schema, { defaultValues: tabValues(PORTAL_KEYS, saved) });
  const submit = useSaveSettings(PORTAL_KEYS, form);
  const [newTag, setNewTag] = useState('');
  const tags = splitList(form.watch('portal_tags'));
  const { control } = form;

  function addTag() {
    // Commas separate the stored tags, so they cannot be part of one.
    const tag = newTag.replace(/,/g, ' ').trim();
    if (!tag) return;
    form.setValue('portal_tags', joinList(splitList(joinList([...tags, tag]))), { shouldDirty: true });
    setNewTag('');
  }

  return (
    <SettingsTabForm name="portal" saving={form.formState.isSubmitting} onSubmit={() => void submit()}>
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2" description="Textos exibidos no portal de cadastro de clientes (/cadastro).">
              Portal de cadastro
            </Header>
          }
        >
          <SpaceBetween size="l">
            <TextareaField
              control={control}
              name="program_description"
              label="Descrição do programa"
              controlId="setting-program-description"
              testId="setting-program-description"
              textarea={{ rows: 3 }}
            />
            <TextareaField
              control={control}
              name="program_term"
              label="Regulamento do programa"
              description="Termos que o cliente aceita ao se cadastrar (página /cadastro/termos)."
              controlId="setting-program-term"
              stretch
              testId="setting-program-term"
              textarea={{ rows: 10 }}
            />
          </SpaceBetween>
        </Container>

        <Container header={<Header variant="h2">Aparência</Header>}>
          <SpaceBetween size="l">
            <ColumnLayout columns={2}>
              <TextField
                control={control}
                name="portal_background_image"
                label="Imagem de fundo (URL)"
                description="Endereço público da imagem, por exemplo https://…/fundo.jpg."
                controlId="setting-portal-background-image"
                testId="setting-portal-background-image"
                input={{ type: 'url', inputMode: 'url', placeholder: 'https://' }}
              />
              <Field control={control} name="portal_style_bg" label="Estilo do fundo">
                {(field) => (
                  <RadioGroup
                    value={field.value || 'cover'}
                    onChange={({ detail }) => field.onChange(detail.value)}
                    items={[
                      {
                        value: 'cover',
                        label: 'Cobrir a tela',
                        description: 'A imagem ocupa todo o fundo (cover).',
                      },
                      {
                        value: 'repeat',
                        label: 'Repetir',
                        description: 'A imagem se repete lado a lado (repeat).',
                      },
                    ]}
                  />
                )}
              </Field>
            </ColumnLayout>
            <ColumnLayout columns={2}>
              <ColorField
                control={control}
                name="portal_primary_color"
                label="Cor primária do portal"
                optional
                testid="setting-portal-primary-color"
              />
              <ColorField
                control={control}
                name="portal_secondary_color"
                label="Cor secundária do portal"
                optional
                testid="setting-portal-secondary-color"
              />
            </ColumnLayout>
          </SpaceBetween>
        </Container>

        <Container header={<Header variant="h2">Cadastro</Header>}>
          <SpaceBetween size="l">
            <Field
              control={control}
              name="portal_fields_require"
              label="Campos obrigatórios"
              description="Além de documento, nome, senha e aceite do regulamento, que são sempre obrigatórios."
              controlId="setting-portal-fields-require"
            >
              {(field) => {
                const required: readonly string[] = parseRequiredFields(field.value);
                return (
                  <Multiselect
                    selectedOptions={FIELD_OPTIONS.filter((o) => required.includes(o.value))}
                    options={FIELD_OPTIONS}
                    placeholder="Nenhum campo adicional obrigatório"
                    tokenLimit={6}
                    i18nStrings={{
                      tokenLimitShowMore: 'Mostrar mais',
                      tokenLimitShowFewer: 'Mostrar menos',
                    }}
                    onChange={({ detail }) =>
                      field.onChange(
                        joinList(
                          FIELD_OPTIONS.map((o) => o.value).filter((v) =>
                            detail.selectedOptions.some((s) => s.value === v),
                          ),
                        ),
                      )
                    }
                    data-testid="setting-portal-fields-require"
                  />
                );
              }}
            </Field>
            <Field
              control={control}
              name="portal_tags"
              label="Interesses (tags)"
              description="Interesses que o cliente pode marcar no cadastro."
              controlId="setting-portal-tag-new"
            >
              {(field) => (
                <SpaceBetween size="xs">
                  <SpaceBetween direction="horizontal" size="xs">
                    <div className="settings-tag-input">
                      <Input
                        value={newTag}
                        placeholder="Ex.: Vinhos"
                        onChange={({ detail }) => setNewTag(detail.value)}
                        onKeyDown={(event) => {
                          // Enter adds the tag instead of submitting the whole form.
                          if (event.detail.key === 'Enter') {
                            event.preventDefault();
                            addTag();
                          }
                        }}
                        data-testid="setting-portal-tag-new"
                      />
                    </div>
                    <Button formAction="none" onClick={addTag} disabled={newTag.trim() === ''}>
                      Adicionar
                    </Button>
                  </SpaceBetween>
                  <TokenGroup
                    items={tags.map((tag) => ({ label: tag, dismissLabel: `Remover ${tag}` }))}
                    onDismiss={({ detail }) =>
                      field.onChange(joinList(tags.filter((_, index) => index !== detail.itemIndex)))
                    }
                    data-testid="setting-portal-tags"
                  />
                </SpaceBetween>
              )}
            </Field>
          </SpaceBetween>
        </Container>
      </SpaceBetween>
    </SettingsTabForm>
  );
}
