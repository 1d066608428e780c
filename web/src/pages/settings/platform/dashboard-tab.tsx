import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import { listStates } from '@freguesia/shared/domain/states';
import { coverageStates } from '@freguesia/shared/schemas/settings';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, type CSSProperties } from 'react';
import { applyTenantTheme } from '../../../app/theme';
import { Field, TextField, useZodForm } from '../../../components/form';
import { ColorField } from './color-field';
import {
  DASHBOARD_KEYS,
  settingsFormSchema,
  sixDigitHex,
  tabValues,
  type SettingValues,
} from './platform-form';
import { useSaveSettings } from './save-settings';
import { SettingsTabForm } from './settings-tab-form';

/** The cache key of app/theme.ts: the next page load paints the new colour straight away. */
const THEME_CACHE_KEY = 'theme_color';

/** Re-applies the tenant theme after primary_color was saved. */
function applySavedTheme(color: string) {
  const hex = sixDigitHex(color);
  if (!hex) return;
  applyTenantTheme(hex);
  try {
    localStorage.setItem(THEME_CACHE_KEY, hex);
  } catch {
    // storage unavailable: the theme is still applied for this page load
  }
}

const STATE_OPTIONS = listStates().map((s) => ({ value: s.uf, label: `${s.uf} - ${s.name}` }));

/**
 * 'Painel de controle': the theme colour, the average-basket period, and the platform keys of the
 * spec (part 3 §3) that no other screen edits — the short-link domain, the sales coverage states
 * and the e-mail provider's API key (a secret: shown masked, written only when typed anew).
 */
export function DashboardTab({ saved }: { saved: SettingValues }) {
  const schema = useMemo(() => settingsFormSchema(DASHBOARD_KEYS), []);
  const form = useZodForm(schema, { defaultValues: tabValues(DASHBOARD_KEYS, saved) });
  const submit = useSaveSettings(DASHBOARD_KEYS, form, (written) => {
    if (written.primary_color) applySavedTheme(written.primary_color);
  });
  const preview = sixDigitHex(form.watch('primary_color') ?? '');

  return (
    <SettingsTabForm name="dashboard" saving={form.formState.isSubmitting} onSubmit={() => void submit()}>
      <Container
        header={
          <Header variant="h2" description="Aparência da plataforma e indicadores do painel.">
            Painel de controle
          </Header>
        }
      >
        <SpaceBetween size="l">
          <ColorField
            control={form.control}
            name="primary_color"
            label="Cor principal"
            description="Usada em botões, links e no menu da plataforma e na tela de login."
            testid="setting-primary-color"
          />
          <div
            className="settings-theme-preview"
            style={{ '--settings-preview-color': preview ?? '#c62828' } as CSSProperties}
            aria-label="Pré-visualização da cor principal"
            role="img"
          >
            <span className="settings-theme-preview-button">Botão principal</span>
            <span className="settings-theme-preview-link">Link</span>
            <span className="settings-theme-preview-badge">Selecionado</span>
          </div>
          <Field
            control={form.control}
            name="average_baskets_days"
            label="Período da cesta média (dias)"
            description="Quantos dias de compras entram no cálculo da cesta média dos clientes. Mínimo 1."
            controlId="setting-average-baskets-days"
          >
            {(field) => (
              <div className="settings-number">
                <Input
                  type="number"
                  inputMode="numeric"
                  step={1}
                  value={field.value ?? ''}
                  onChange={({ detail }) => field.onChange(detail.value)}
                  data-testid="setting-average-baskets-days"
                />
              </div>
            )}
          </Field>
          <TextField
            control={form.control}
            name="shortlink_domain"
            label="Domínio dos links reduzidos"
            description="Só o nome do domínio, sem https:// (ex.: lnk.sualoja.com.br). Vazio: o endereço da plataforma."
            controlId="setting-shortlink-domain"
            testId="setting-shortlink-domain"
            input={{ inputMode: 'url', placeholder: 'lnk.sualoja.com.br' }}
          />
          <Field
            control={form.control}
            name="sales_coverage_states"
            label="Cobertura de vendas"
            description="Estados atendidos pelas vendas com entrega."
            controlId="setting-sales-coverage-states"
          >
            {(field) => (
              <Multiselect
                selectedOptions={STATE_OPTIONS.filter((o) =>
                  (coverageStates(field.value ?? '') ?? []).includes(o.value),
                )}
                options={STATE_OPTIONS}
                filteringType="auto"
                placeholder="Nenhum estado"
                onChange={({ detail }) =>
                  field.onChange(detail.selectedOptions.map((o) => o.value).join(','))
                }
                data-testid="setting-sales-coverage-states"
              />
            )}
          </Field>
          <TextField
            control={form.control}
            name="sendgrid_apikey"
            label="Chave da API de e-mail"
            description="Exibida mascarada; cole uma nova chave para trocá-la."
            controlId="setting-sendgrid-apikey"
            testId="setting-sendgrid-apikey"
            input={{ type: 'password', autoComplete: 'off' }}
          />
        </SpaceBetween>
      </Container>
    </SettingsTabForm>
  );
}
