import { describe, expect, it } from 'vitest';
import { HOST_MESSAGE, STATES_MESSAGE, SettingWrite, coverageStates } from './settings';

const problem = (key: string, value: string) =>
  SettingWrite.safeParse({ key, value }).error?.issues.map((i) => i.message)[0];

describe('platform settings without a screen before (Painel de controle)', () => {
  it('takes a short-link domain as a bare host name', () => {
    expect(problem('shortlink_domain', 'lnk.sualoja.com.br')).toBeUndefined();
    expect(problem('shortlink_domain', '')).toBeUndefined();
    for (const bad of [
      'https://lnk.sualoja.com.br',
      'lnk.sualoja.com.br/x',
      'sem-ponto',
      'a b.com',
      'LNK.com',
    ])
      expect(problem('shortlink_domain', bad), bad).toBe(HOST_MESSAGE);
  });

  it('takes the sales coverage as state codes', () => {
    expect(coverageStates('SP,rj, MG')).toEqual(['SP', 'RJ', 'MG']);
    expect(coverageStates('["SP","RJ"]')).toEqual(['SP', 'RJ']);
    expect(coverageStates('')).toEqual([]);
    expect(problem('sales_coverage_states', 'SP,XX')).toBe(STATES_MESSAGE);
    expect(problem('sales_coverage_states', '[1,2]')).toBe(STATES_MESSAGE);
    expect(problem('sales_coverage_states', 'SP,RJ')).toBeUndefined();
  });

  it('takes an API key without spaces, and the average-basket period from 1 day', () => {
    expect(problem('sendgrid_apikey', 'SG.abcdefghijklmnop')).toBeUndefined();
    expect(problem('sendgrid_apikey', 'chave com espaço')).toBe(
      'Chave inválida: cole a chave da API sem espaços.',
    );
    expect(problem('average_baskets_days', '0')).toBe('Informe um número inteiro de dias, no mínimo 1.');
    expect(problem('average_baskets_days', '1')).toBeUndefined();
  });
});
