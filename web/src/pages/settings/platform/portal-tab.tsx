import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TokenGroup from '@cloudscape-design/components/token-group';
import { PORTAL_OPTIONAL_FIELDS, parseRequiredFields } from '@freguesia/shared/schemas/customer';
import { useState } from 'react';
import { ColorField } from './color-field';
import { PORTAL_KEYS, joinList, splitList, type SettingValues } from './platform-form';
import { useSettingsForm } from './use-settings-form';

const FIELD_OPTIONS = Object.entries(PORTAL_OPTIONAL_FIELDS).map(([value, label]) => ({
  value,
  label,
  description: value,
}));

interface TabProps {
  saved: SettingValues;
  onSaved: (written: SettingValues) => void;
}

/** 'Portal de cadastro': texts, look and required fields of the customer portal (/cadastro). */
export function PortalTab({ saved, onSaved }: TabProps) {
  const form = useSettingsForm(PORTAL_KEYS, saved, onSaved);
  const [newTag, setNewTag] = useState('');
  const required = parseRequiredFields(form.values.portal_fields_require);
  const tags = splitList(form.values.portal_tags);

  function addTag() {
    // Commas separate the stored tags, so they cannot be part of one.
    const tag = newTag.replace(/,/g, ' ').trim();
    if (!tag) return;
    form.set('portal_tags', joinList(splitList(joinList([...tags, tag]))));
    setNewTag('');
  }

  return (
    <form
      noValidate
      data-testid="settings-portal-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={form.saving} data-testid="settings-portal-save">
            Salvar
          </Button>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2" description="Textos exibidos no portal de cadastro de clientes (/cadastro).">Portal de cadastro</Header>}>
            <SpaceBetween size="l">
              <FormField label="Descrição do programa" errorText={form.errors.program_description} controlId="setting-program-description">
                <Textarea
                  rows={3}
                  value={form.values.program_description ?? ''}
                  onChange={({ detail }) => form.set('program_description', detail.value)}
                  data-testid="setting-program-description"
                />
              </FormField>
              <FormField
                label="Regulamento do programa"
                description="Termos que o cliente aceita ao se cadastrar (página /cadastro/termos)."
                errorText={form.errors.program_term}
                controlId="setting-program-term"
                stretch
              >
                <Textarea
                  rows={10}
                  value={form.values.program_term ?? ''}
                  onChange={({ detail }) => form.set('program_term', detail.value)}
                  data-testid="setting-program-term"
                />
              </FormField>
            </SpaceBetween>
          </Container>

          <Container header={<Header variant="h2">Aparência</Header>}>
            <SpaceBetween size="l">
              <ColumnLayout columns={2}>
                <FormField
                  label="Imagem de fundo (URL)"
                  description="Endereço público da imagem, por exemplo https://…/fundo.jpg."
                  errorText={form.errors.portal_background_image}
                  controlId="setting-portal-background-image"
                >
                  <Input
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    value={form.values.portal_background_image ?? ''}
                    onChange={({ detail }) => form.set('portal_background_image', detail.value)}
                    data-testid="setting-portal-background-image"
                  />
                </FormField>
                <FormField label="Estilo do fundo" errorText={form.errors.portal_style_bg}>
                  <RadioGroup
                    value={form.values.portal_style_bg || 'cover'}
                    onChange={({ detail }) => form.set('portal_style_bg', detail.value)}
                    items={[
                      { value: 'cover', label: 'Cobrir a tela', description: 'A imagem ocupa todo o fundo (cover).' },
                      { value: 'repeat', label: 'Repetir', description: 'A imagem se repete lado a lado (repeat).' },
                    ]}
                  />
                </FormField>
              </ColumnLayout>
              <ColumnLayout columns={2}>
                <ColorField
                  label="Cor primária do portal"
                  value={form.values.portal_primary_color ?? ''}
                  onChange={(v) => form.set('portal_primary_color', v)}
                  errorText={form.errors.portal_primary_color}
                  optional
                  testid="setting-portal-primary-color"
                />
                <ColorField
                  label="Cor secundária do portal"
                  value={form.values.portal_secondary_color ?? ''}
                  onChange={(v) => form.set('portal_secondary_color', v)}
                  errorText={form.errors.portal_secondary_color}
                  optional
                  testid="setting-portal-secondary-color"
                />
              </ColumnLayout>
            </SpaceBetween>
          </Container>

          <Container header={<Header variant="h2">Cadastro</Header>}>
            <SpaceBetween size="l">
              <FormField
                label="Campos obrigatórios"
                description="Além de documento, nome, senha e aceite do regulamento, que são sempre obrigatórios."
                errorText={form.errors.portal_fields_require}
                controlId="setting-portal-fields-require"
              >
                <Multiselect
                  selectedOptions={FIELD_OPTIONS.filter((o) => required.includes(o.value as (typeof required)[number]))}
                  options={FIELD_OPTIONS}
                  placeholder="Nenhum campo adicional obrigatório"
                  tokenLimit={6}
                  i18nStrings={{ tokenLimitShowMore: 'Mostrar mais', tokenLimitShowFewer: 'Mostrar menos' }}
                  onChange={({ detail }) =>
                    form.set(
                      'portal_fields_require',
                      joinList(
                        FIELD_OPTIONS.map((o) => o.value).filter((v) => detail.selectedOptions.some((s) => s.value === v)),
                      ),
                    )
                  }
                  data-testid="setting-portal-fields-require"
                />
              </FormField>
              <FormField
                label="Interesses (tags)"
                description="Interesses que o cliente pode marcar no cadastro."
                errorText={form.errors.portal_tags}
                controlId="setting-portal-tag-new"
              >
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
                      form.set('portal_tags', joinList(tags.filter((_, index) => index !== detail.itemIndex)))
                    }
                    data-testid="setting-portal-tags"
                  />
                </SpaceBetween>
              </FormField>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
