import { describe, expect, it } from 'vitest';
import {
  ANY_CAMPAIGN,
  CONDITION_KEYS,
  CONDITIONS,
  CONDITIONS_BY_KEY,
  CONDITIONS_INVALID,
  conditionProblems,
  isCompleteCondition,
  LeadConditions,
  LOOKUP_ITEMS,
  operatorOf,
  type ConditionKey,
  type LeadConditionRow,
} from './conditions';

const row = (key: ConditionKey, option: string, value?: unknown): LeadConditionRow => ({
  key,
  option,
  value,
});
const ok = (key: ConditionKey, option: string, value?: unknown) =>
  isCompleteCondition(row(key, option, value));

/** The single message of an invalid filter, or undefined when it parses. */
function filterError(filter: unknown): string | undefined {
  const result = LeadConditions.safeParse(filter);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('the catalogue', () => {
  it('has the 18 keys of spec part 2 §3, each with a card and at least one operator', () => {
    expect(CONDITION_KEYS).toEqual([
      'FE',
      'EC',
      'GE',
      'CD',
      'PD',
      'CA',
      'TA',
      'TM',
      'LP',
      'AN',
      'CN',
      'CP',
      'QA',
      'PC',
      'CM',
      'CAMP',
      'LD',
      'OP',
    ]);
    expect(CONDITIONS.map((c) => c.key)).toEqual([...CONDITION_KEYS]);
    for (const key of CONDITION_KEYS) {
      expect(CONDITIONS_BY_KEY[key].label.length).toBeGreaterThan(0);
      expect(CONDITIONS_BY_KEY[key].operators.length).toBeGreaterThan(0);
    }
  });

  it('has every operator of spec part 2 §9', () => {
    const codes = (key: ConditionKey) => CONDITIONS_BY_KEY[key].operators.map((op) => op.code);
    expect(codes('FE')).toEqual(['>', '>=', '<', '<=', '=', '!=']);
    expect(codes('TM')).toEqual(['>', '>=', '<', '<=', '=']);
    expect(codes('AN')).toEqual(['month', 'day', 'week']);
    expect(codes('CP')).toEqual([
      'last_minutes',
      'last_days',
      'idle_days',
      'between',
      '!',
      'channel',
      '!channel',
    ]);
    expect(codes('QA')).toEqual([
      'email',
      'cellphone',
      'terms',
      'registered_between',
      'registered_days',
      'registered_minutes',
      'purchases',
      'app',
      'segment',
    ]);
    expect(operatorOf('QA', 'app')!.choices!.map((c) => c.code)).toEqual([
      'used',
      'used_30',
      'used_60',
      'used_90',
      'idle_30',
      'idle_60',
      'idle_90',
      'not_downloaded',
      'android',
      'ios',
      'push',
    ]);
    expect(codes('CM')).toEqual([
      'email_read',
      'email_sent',
      'email_clicked',
      'sms_received',
      'sms_clicked',
      'nps_answered',
      'nps_detractor',
      'nps_passive',
      'nps_promoter',
      'whatsapp_optin',
      'whatsapp_optout',
      '!whatsapp_optin',
      '!whatsapp_optout',
    ]);
    expect(codes('CAMP')).toEqual(['L', '!L', 'T', '!T', 'D', '!D', 'DG', '!DG', 'DB', '!DB', 'DC', '!DC']);
    expect(codes('LD')).toEqual(['exists', '!exists', 'join']);
    expect(codes('OP')).toEqual(['limit']);
    expect(codes('PC')).toEqual(['partner', 'brand']);
    for (const key of ['EC', 'GE', 'CD', 'PD', 'CA', 'LP', 'CN'] as const)
      expect(codes(key)).toEqual(['in', '!in']);
    expect(codes('TA')).toEqual(['in', '!in', '!']);
    expect(operatorOf('EC', 'in')!.choices!.map((c) => c.code)).toEqual(['S', 'C', 'V', 'D', 'O']);
    expect(operatorOf('GE', 'in')!.choices!.map((c) => c.code)).toEqual(['M', 'F', 'O']);
    expect(operatorOf('AN', 'month')!.choices!.map((c) => c.code)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
  });

  it('gives every lookup operator a source and every choice operator its choices', () => {
    for (const condition of CONDITIONS) {
      for (const op of condition.operators) {
        if (op.value === 'lookup') expect(LOOKUP_ITEMS[op.source!]).toBeDefined();
        if (op.value === 'choice' || op.value === 'choices') expect(op.choices!.length).toBeGreaterThan(0);
        if (op.value === 'integer') expect(op.min).toBeLessThanOrEqual(op.max!);
      }
    }
  });

  it('finds no operator that the key does not have', () => {
    expect(operatorOf('FE', 'in')).toBeUndefined();
    expect(operatorOf('TM', '!=')).toBeUndefined();
    expect(operatorOf('FE', '')).toBeUndefined();
  });
});

describe('value validation per operator', () => {
  it('age: whole years 1 to 120, for every FE operator', () => {
    for (const op of CONDITIONS_BY_KEY.FE.operators) {
      expect(ok('FE', op.code, 1)).toBe(true);
      expect(ok('FE', op.code, 120)).toBe(true);
      expect(ok('FE', op.code, '30')).toBe(true);
      expect(ok('FE', op.code, 0)).toBe(false);
      expect(ok('FE', op.code, 121)).toBe(false);
      expect(ok('FE', op.code, 30.5)).toBe(false);
      expect(ok('FE', op.code, 'trinta')).toBe(false);
      expect(ok('FE', op.code, true)).toBe(false);
      expect(ok('FE', op.code, [30])).toBe(false);
    }
  });

  it('average ticket: reais with at most two decimals, not negative', () => {
    for (const op of CONDITIONS_BY_KEY.TM.operators) {
      expect(ok('TM', op.code, 0)).toBe(true);
      expect(ok('TM', op.code, 150.5)).toBe(true);
      expect(ok('TM', op.code, '150,50')).toBe(true);
      expect(ok('TM', op.code, 'R$ 1.234,56')).toBe(true);
      expect(ok('TM', op.code, -1)).toBe(false);
      expect(ok('TM', op.code, 10.123)).toBe(false);
      expect(ok('TM', op.code, 'dez')).toBe(false);
    }
    expect(LeadConditions.parse([row('TM', '>', 'R$ 1.234,56')])[0]!.value).toBe(1234.56);
  });

  it('birthday: month 0 to 12, day 0 to 31, week 0 to 52', () => {
    expect(ok('AN', 'month', '0')).toBe(true);
    expect(ok('AN', 'month', 12)).toBe(true);
    expect(ok('AN', 'month', '13')).toBe(false);
    expect(ok('AN', 'month', '-1')).toBe(false);
    expect(ok('AN', 'day', 0)).toBe(true);
    expect(ok('AN', 'day', 31)).toBe(true);
    expect(ok('AN', 'day', 32)).toBe(false);
    expect(ok('AN', 'day', -1)).toBe(false);
    expect(ok('AN', 'week', 0)).toBe(true);
    expect(ok('AN', 'week', 52)).toBe(true);
    expect(ok('AN', 'week', 53)).toBe(false);
  });

  it('periods: two real days, from not after to (both bounds may be equal)', () => {
    for (const [key, option] of [
      ['CP', 'between'],
      ['QA', 'registered_between'],
    ] as const) {
      expect(ok(key, option, ['2026-01-01', '2026-01-31'])).toBe(true);
      expect(ok(key, option, ['2026-01-31', '2026-01-31'])).toBe(true);
      expect(ok(key, option, ['2026-02-01', '2026-01-31'])).toBe(false);
      expect(ok(key, option, ['2026-02-30', '2026-03-01'])).toBe(false);
      expect(ok(key, option, ['01/01/2026', '31/01/2026'])).toBe(false);
      expect(ok(key, option, ['2026-01-01'])).toBe(false);
    }
  });

  it('day, minute and count windows within their bounds', () => {
    const integerOps = CONDITIONS.flatMap((c) =>
      c.operators.filter((op) => op.value === 'integer').map((op) => [c.key, op] as const),
    );
    expect(integerOps.length).toBeGreaterThan(15);
    for (const [key, op] of integerOps) {
      expect(ok(key, op.code, op.min)).toBe(true);
      expect(ok(key, op.code, op.max)).toBe(true);
      expect(ok(key, op.code, op.min! - 1)).toBe(false);
      expect(ok(key, op.code, op.max! + 1)).toBe(false);
    }
  });

  it('choices: one or more known codes', () => {
    expect(ok('EC', 'in', ['S', 'C'])).toBe(true);
    expect(ok('EC', '!in', ['O'])).toBe(true);
    expect(ok('EC', 'in', ['X'])).toBe(false);
    expect(ok('EC', 'in', [])).toBe(false);
    expect(ok('GE', 'in', ['M'])).toBe(true);
    expect(ok('GE', 'in', ['S'])).toBe(false);
    expect(ok('QA', 'app', 'used_30')).toBe(true);
    expect(ok('QA', 'app', 'used_45')).toBe(false);
  });

  it('lookups: ids where the source is by id, names where it is by name', () => {
    expect(ok('PD', 'in', [10, '11'])).toBe(true);
    expect(ok('PD', 'in', ['arroz'])).toBe(false);
    expect(ok('PD', 'in', [0])).toBe(false);
    expect(ok('PD', 'in', [])).toBe(false);
    expect(ok('LD', 'exists', [3])).toBe(true);
    expect(ok('LD', 'join', ['lead'])).toBe(false);
    expect(ok('TA', 'in', ['VIP'])).toBe(true);
    expect(ok('TA', 'in', ['  '])).toBe(false);
    expect(ok('CD', 'in', [3304557, 'Niterói'])).toBe(true);
    expect(ok('CAMP', 'L', [ANY_CAMPAIGN])).toBe(true);
    expect(ok('CAMP', '!DG', [7])).toBe(true);
    expect(ok('CAMP', 'T', ['?'])).toBe(false);
    expect(
      ok(
        'PD',
        'in',
        Array.from({ length: 1001 }, (_, i) => i + 1),
      ),
    ).toBe(false);
    const [parsed] = LeadConditions.parse([row('PD', 'in', ['10', 10, 12])]);
    expect(parsed!.value).toEqual([10, 12]);
  });

  it('every operator of the catalogue refuses an empty value unless it takes none', () => {
    for (const condition of CONDITIONS) {
      for (const op of condition.operators) {
        for (const empty of [undefined, null, '', '  ', []]) {
          expect(
            ok(condition.key, op.code, empty),
            `${condition.key} ${op.code} ${JSON.stringify(empty)}`,
          ).toBe(op.value === 'none');
        }
      }
    }
  });
});

describe('LeadConditions (a lead filter)', () => {
  it('accepts complete rows and refreshes labels and values from the catalogue', () => {
    expect(
      LeadConditions.parse([
        { key: 'FE', condition: 'x', option: '>=', value: '18' },
        { key: 'CP', option: '!', value: 'anything' },
        { key: 'OP', option: 'limit', value: 1000 },
      ]),
    ).toEqual([
      { key: 'FE', condition: 'Faixa etária', option: '>=', value: 18 },
      { key: 'CP', condition: 'Compras', option: '!', value: null },
      { key: 'OP', condition: 'Opções de filtro', option: 'limit', value: 1000 },
    ]);
  });

  it("accepts value-less operators ('!' and the others) without a value", () => {
    expect(filterError([row('TA', '!')])).toBeUndefined();
    expect(filterError([row('CP', '!')])).toBeUndefined();
    expect(filterError([row('QA', 'email')])).toBeUndefined();
    expect(filterError([row('CM', '!whatsapp_optout')])).toBeUndefined();
  });

  it("refuses an empty option or an empty value with exactly 'Condições incorretas, verifique.'", () => {
    expect(CONDITIONS_INVALID).toBe('Condições incorretas, verifique.');
    const invalid: unknown[] = [
      [{ key: 'FE', option: '', value: 30 }],
      [{ key: 'FE', option: '>' }],
      [{ key: 'FE', option: '>', value: '' }],
      [{ key: 'FE', option: '>', value: null }],
      [{ key: 'EC', option: 'in', value: [] }],
      [{ key: 'CD', option: 'in', value: [] }],
      [{ key: 'FE', option: '>', value: 130 }],
      [{ key: 'XX', option: '>', value: 30 }],
      [{ option: '>', value: 30 }],
      [
        { key: 'FE', option: '>', value: 30 },
        { key: 'CP', option: 'between', value: ['2026-02-01', '2026-01-01'] },
      ],
      ['FE'],
      [null],
      [],
      'FE',
      null,
      undefined,
    ];
    for (const filter of invalid)
      expect(filterError(filter), JSON.stringify(filter)).toBe(CONDITIONS_INVALID);
  });

  it('reports the message on the filter itself first, then each refused row by its index', () => {
    const result = LeadConditions.safeParse([{ key: 'FE', option: '', value: 30 }]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path)).toEqual([[], [0]]);
    expect(result.error!.issues[0]!.message).toBe(CONDITIONS_INVALID);
  });

  it('names the row and the reason of every invalid value, all in one round (issue 20)', () => {
    const filter = [
      { key: 'FE', option: '>', value: 150 },
      { key: 'QA', option: 'email' },
      { key: 'CP', option: 'between', value: ['2026-02-31', '2026-03-10'] },
      { key: 'QA', option: 'registered_between', value: ['2026-03-10', '2026-01-01'] },
      { key: 'TM', option: '>', value: 'abc' },
      { key: 'CD', option: 'in', value: [] },
      { key: 'AN', option: 'zzz', value: 1 },
      { key: 'FE', option: '=', value: '' },
    ];
    expect(conditionProblems(filter)).toEqual([
      { index: 0, message: 'Condição 1 (Faixa etária): 150 está fora do limite; use de 1 a 120 anos.' },
      { index: 2, message: 'Condição 3 (Compras): a data inicial 31/02/2026 não existe; use DD/MM/AAAA.' },
      {
        index: 3,
        message:
          'Condição 4 (Qualidade do cadastro): a data inicial 10/03/2026 é posterior à data final 01/01/2026.',
      },
      { index: 4, message: 'Condição 5 (Ticket médio): abc não é um valor em reais; use, ex.: 150,00.' },
      { index: 5, message: 'Condição 6 (Cidade): escolha ao menos um item.' },
      { index: 6, message: 'Condição 7 (Aniversário): escolha o operador.' },
      { index: 7, message: 'Condição 8 (Faixa etária): informe um número inteiro de 1 a 120 anos.' },
    ]);
    const parsed = LeadConditions.safeParse(filter);
    expect(parsed.error!.issues.map((i) => i.path)).toEqual([[], [0], [2], [3], [4], [5], [6], [7]]);
    // A valid filter has no problem, and every incomplete row has one.
    expect(conditionProblems([row('QA', 'email'), row('FE', '>', 30)])).toEqual([]);
  });

  it('caps the number of rows', () => {
    expect(filterError(Array.from({ length: 51 }, () => row('QA', 'email')))).toBe(
      'Use no máximo 50 condições.',
    );
    expect(filterError(Array.from({ length: 50 }, () => row('QA', 'email')))).toBeUndefined();
  });
});
