import type { ChannelView } from '@freguesia/shared/schemas/whatsapp';
import { describe, expect, it } from 'vitest';
import { exportButtonText, reportDaysOf, daysLabel } from '../../reports/whatsapp-model';
import {
  channelFlowPath,
  channelFormOf,
  channelFormSchema,
  channelPayload,
  connectionText,
  EMPTY_CHANNEL_FORM,
  secretState,
} from './channel-form';

const saved: ChannelView = {
  id: 4,
  description: 'Loja Centro',
  type: 'WHATSAPP',
  partner: 'RetailThink_v3',
  icon: '',
  account: '',
  key: 'default',
  user: 'https://waha.test',
  token: '',
  password: '',
  has_token: true,
  token_hint: '…9f3a',
  has_password: false,
  extra_config: '',
  updated_at: '2030-01-01 10:00:00',
  webhook_path: '/api/hooks/whatsapp/retailthink_v3/4',
};

const issues = (schema: ReturnType<typeof channelFormSchema>, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('channel form (Central de Atendimentos)', () => {
  it('never shows a saved secret: the form starts with empty token and password', () => {
    const values = channelFormOf(saved);
    expect(values.token).toBe('');
    expect(values.password).toBe('');
    expect(values.user).toBe('https://waha.test');
    expect(secretState(saved.has_token, saved.token_hint)).toBe('Definido (…9f3a)');
    expect(secretState(false)).toBe('Não definido');
  });

  it('sends id and updated_at on edit, and an empty token that keeps the stored one', () => {
    expect(channelPayload(channelFormOf(saved), saved)).toMatchObject({
      id: 4,
      updated_at: '2030-01-01 10:00:00',
      token: '',
      partner: 'RetailThink_v3',
    });
    expect(channelPayload({ ...EMPTY_CHANNEL_FORM, description: ' X ' })).not.toHaveProperty('id');
  });

  it('checks the shared rules: description, JSON extra config, the WhatsApp user', () => {
    const schema = channelFormSchema();
    expect(issues(schema, { ...EMPTY_CHANNEL_FORM, user: 'u' })).toMatchObject({
      description: 'Informe a descrição do canal',
    });
    expect(
      issues(schema, { ...EMPTY_CHANNEL_FORM, description: 'A', user: 'u', extra_config: '[1]' }),
    ).toMatchObject({ extra_config: 'Configuração extra deve ser um JSON (objeto).' });
    expect(issues(schema, { ...EMPTY_CHANNEL_FORM, description: 'A' })).toMatchObject({
      user: 'Informe: URL do WAHA.',
    });
    expect(issues(schema, { ...EMPTY_CHANNEL_FORM, description: 'A', user: 'https://w' })).toEqual({});
  });

  it('reads the connection states of §4 and links the attendance flow', () => {
    expect(connectionText('open')).toBe('Conectado');
    expect(connectionText('WORKING')).toBe('Conectado');
    expect(connectionText('SCAN_QR_CODE')).toBe('Desconectado (SCAN_QR_CODE)');
    expect(channelFlowPath(4)).toBe('/settings/platform/channel/flow/4');
  });
});

describe('Dashboard WhatsApp', () => {
  it('keeps the days within 1–180 (default 30) and names the marks', () => {
    expect(reportDaysOf(null)).toBe(30);
    expect(reportDaysOf('0')).toBe(30);
    expect(reportDaysOf('181')).toBe(30);
    expect(reportDaysOf('180')).toBe(180);
    expect([1, 30, 60, 180, 45].map(daysLabel)).toEqual(['Ontem', '1 Mês', '2 Meses', '6 Meses', '45 dias']);
  });

  it("says which OptInOut's the export downloads", () => {
    expect(exportButtonText(null)).toBe("Exportar todos OptInOut's");
    expect(exportButtonText(3)).toBe("Exportar OptInOut's do canal 3");
  });
});
