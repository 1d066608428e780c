import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CSSProperties } from 'react';
import { applyTenantTheme } from '../../../app/theme';
import { ColorField } from './color-field';
import { DASHBOARD_KEYS, sixDigitHex, type SettingValues } from './platform-form';
import { useSettingsForm } from './use-settings-form';

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

interface TabProps {
  saved: SettingValues;
  onSaved: (written: SettingValues) => void;
}

/** 'Painel de controle': the theme colour and the average-basket period. */
export function DashboardTab({ saved, onSaved }: TabProps) {
  const form = useSettingsForm(DASHBOARD_KEYS, saved, (written) => {
    if (written.primary_color) applySavedTheme(written.primary_color);
    onSaved(written);
  });
  const preview = sixDigitHex(form.values.primary_color ?? '');

  return (
    <form
      noValidate
      data-testid="settings-dashboard-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={form.saving} data-testid="settings-dashboard-save">
            Salvar
          </Button>
        }
      >
        <Container header={<Header variant="h2" description="Aparência da plataforma e indicadores do painel.">Painel de controle</Header>}>
          <SpaceBetween size="l">
            <ColorField
              label="Cor principal"
              description="Usada em botões, links e no menu da plataforma e na tela de login."
              value={form.values.primary_color ?? ''}
              onChange={(v) => form.set('primary_color', v)}
              errorText={form.errors.primary_color}
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
            <FormField
              label="Período da cesta média (dias)"
              description="Quantos dias de compras entram no cálculo da cesta média dos clientes. Mínimo 1."
              errorText={form.errors.average_baskets_days}
              controlId="setting-average-baskets-days"
            >
              <div className="settings-number">
                <Input
                  type="number"
                  inputMode="numeric"
                  step={1}
                  value={form.values.average_baskets_days ?? ''}
                  onChange={({ detail }) => form.set('average_baskets_days', detail.value)}
                  data-testid="setting-average-baskets-days"
                />
              </div>
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
