import { describe, expect, it } from 'vitest';
import type { SettingKey } from '@freguesia/shared/schemas/settings';
import {
  DASHBOARD_KEYS,
  changedKeys,
  joinList,
  settingsFormSchema,
  sixDigitHex,
  splitList,
  type SettingValues,
} from './platform-form';

/** The messages the tab's form shows, by key. */
function validateSettings(keys: readonly SettingKey[], values: SettingValues): Record<string, string> {
  const result = settingsFormSchema(keys).safeParse(values);
  return Object.fromEntries(
    (result.success ? [] : result.error.issues).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

describe('platform settings form', () => {
  it('finds the keys to upsert', () => {
    expect(
      changedKeys(
        ['primary_color', 'average_baskets_days'],
        { primary_color: '#c62828', average_baskets_days: '90' },
        { primary_color: '#c62828 ', average_baskets_days: '30' },
      ),
    ).toEqual(['average_baskets_days']);
  });

  it('checks values as the server does', () => {
    expect(
      validateSettings(['primary_color', 'average_baskets_days'], {
        primary_color: 'red',
        average_baskets_days: '0',
      }),
    ).toEqual({
      primary_color: 'Cor inválida: use o formato #RRGGBB.',
      average_baskets_days: 'Informe um número inteiro de dias, no mínimo 1.',
    });
    expect(
      validateSettings(['primary_color', 'average_baskets_days'], {
        primary_color: '#2e7d32',
        average_baskets_days: '1',
      }),
    ).toEqual({});
  });

  it('allows empty portal colours but not a bad background address', () => {
    expect(
      validateSettings(['portal_primary_color', 'portal_background_image', 'portal_style_bg'], {
        portal_primary_color: '',
        portal_background_image: 'imagem.png',
        portal_style_bg: 'cover',
      }),
    ).toEqual({ portal_background_image: 'Informe um endereço http(s):// da imagem.' });
    expect(
      validateSettings(['portal_background_image'], {
        portal_background_image: 'https://cdn.exemplo.com/fundo.jpg',
      }),
    ).toEqual({});
  });

  it('splits and joins comma-separated lists', () => {
    expect(splitList(' Vinhos, Queijos,,vinhos ')).toEqual(['Vinhos', 'Queijos']);
    expect(splitList(null)).toEqual([]);
    expect(joinList(['gender', 'email'])).toBe('gender,email');
  });

  it('expands colours for the native picker', () => {
    expect(sixDigitHex('#ABC')).toBe('#aabbcc');
    expect(sixDigitHex('#2E7D32')).toBe('#2e7d32');
    expect(sixDigitHex('verde')).toBeUndefined();
  });
});

describe("'Painel de controle': the platform keys without another screen", () => {
  const schema = settingsFormSchema(DASHBOARD_KEYS);
  const issues = (values: Record<string, string>) =>
    (schema.safeParse(values).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

  it('checks the short-link domain, the coverage states and the API key as the server does', () => {
    const ok = { primary_color: '#c62828', average_baskets_days: '90' };
    expect(issues({ ...ok, shortlink_domain: 'lnk.loja.com.br', sales_coverage_states: 'SP,RJ' })).toEqual(
      [],
    );
    expect(issues({ ...ok, shortlink_domain: 'https://lnk.loja.com.br' })).toEqual([
      'shortlink_domain: Domínio inválido: informe só o nome, por exemplo lnk.sualoja.com.br.',
    ]);
    expect(issues({ ...ok, sales_coverage_states: 'SP,ZZ' })).toEqual([
      'sales_coverage_states: Estados inválidos: use as siglas separadas por vírgula, por exemplo SP,RJ.',
    ]);
    expect(issues({ ...ok, sendgrid_apikey: 'com espaço no meio' })).toEqual([
      'sendgrid_apikey: Chave inválida: cole a chave da API sem espaços.',
    ]);
    // The saved key as the server shows it (masked) is left alone.
    expect(issues({ ...ok, sendgrid_apikey: '••••••••abcd' })).toEqual([]);
  });
});
