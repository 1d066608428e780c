import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SettingKey } from '@freguesia/shared/schemas/settings';
import { useMemo } from 'react';
import { TextField, useZodForm } from '../../../components/form';
import { settingsFormSchema, tabValues, type SettingValues } from './platform-form';
import { useSaveSettings } from './save-settings';
import { SettingsTabForm } from './settings-tab-form';

/** The keys of the 'Comunicação' tab: the sender address and the unit prices of the expense report. */
export const COMMUNICATION_KEYS = [
  'sendgrid_from',
  'pricing_email',
  'pricing_sms',
  'pricing_push',
  'pricing_whatsapp',
] as const satisfies readonly SettingKey[];

/** The prices, with the default each falls back to while empty (spec part 3 §9; WhatsApp has none). */
const PRICES: readonly { key: (typeof COMMUNICATION_KEYS)[number]; label: string; fallback: string }[] = [
  { key: 'pricing_email', label: 'Valor por e-mail (R$)', fallback: 'Vazio: R$ 0,007 por e-mail.' },
  { key: 'pricing_sms', label: 'Valor por SMS (R$)', fallback: 'Vazio: R$ 0,10 por SMS.' },
  { key: 'pricing_push', label: 'Valor por push (R$)', fallback: 'Vazio: R$ 0,0000005 por push.' },
  {
    key: 'pricing_whatsapp',
    label: 'Valor por mensagem de WhatsApp (R$)',
    fallback: 'Vazio: os envios de WhatsApp não entram no custo.',
  },
];

/** 'Comunicação': who e-mails come from and what each message costs (estimates and 'Investimentos'). */
export function CommunicationTab({ saved }: { saved: SettingValues }) {
  const schema = useMemo(() => settingsFormSchema(COMMUNICATION_KEYS), []);
  const form = useZodForm(schema, { defaultValues: tabValues(COMMUNICATION_KEYS, saved) });
  const submit = useSaveSettings(COMMUNICATION_KEYS, form);
  const { control } = form;

  return (
    <SettingsTabForm name="communication" saving={form.formState.isSubmitting} onSubmit={() => void submit()}>
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2" description="Remetente das comunicações por e-mail.">
              Comunicação
            </Header>
          }
        >
          <TextField
            control={control}
            name="sendgrid_from"
            label="E-mail remetente"
            description="Endereço que aparece como remetente dos e-mails enviados aos clientes."
            controlId="setting-sendgrid-from"
            testId="setting-sendgrid-from"
            input={{ type: 'email', inputMode: 'email', placeholder: 'ofertas@sualoja.com.br' }}
          />
        </Container>
        <Container
          header={
            <Header
              variant="h2"
              description="Custo de cada mensagem enviada, usado na estimativa das campanhas e em Relatórios › Investimentos. Use ponto ou vírgula para as casas decimais."
            >
              Valores por envio
            </Header>
          }
        >
          <ColumnLayout columns={2}>
            {PRICES.map((p) => (
              <TextField
                key={p.key}
                control={control}
                name={p.key}
                label={p.label}
                constraintText={p.fallback}
                controlId={`setting-${p.key.replace('_', '-')}`}
                testId={`setting-${p.key.replace('_', '-')}`}
                input={{ inputMode: 'decimal', placeholder: '0,00' }}
              />
            ))}
          </ColumnLayout>
        </Container>
      </SpaceBetween>
    </SettingsTabForm>
  );
}
