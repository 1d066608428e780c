import { describe, expect, it } from 'vitest';
import { LeadConditions } from '@freguesia/shared/segmentation/conditions';
import {
  allComplete,
  draftProblems,
  fromWireRow,
  isDraftComplete,
  newCondition,
  toWireRow,
  withOperator,
  type DraftCondition,
} from './condition-model';

const row = (partial: Omit<DraftCondition, 'uid'>): DraftCondition => ({ uid: 'x', ...partial });

describe('lead condition rows in the form', () => {
  it('starts a chosen card with its first operator and an empty value (incomplete)', () => {
    const age = newCondition('FE');
    expect(age).toMatchObject({ key: 'FE', option: '>', value: '' });
    expect(isDraftComplete(age)).toBe(false);
    expect(newCondition('GE').value).toEqual([]);
    expect(newCondition('CP').value).toBe('');
  });

  it('is complete only when the value fits the operator', () => {
    expect(isDraftComplete(row({ key: 'FE', option: '>', value: '30' }))).toBe(true);
    expect(isDraftComplete(row({ key: 'FE', option: '>', value: '0' }))).toBe(false); // ages 1 to 120
    expect(isDraftComplete(row({ key: 'FE', option: '>', value: '121' }))).toBe(false);
    expect(isDraftComplete(row({ key: 'FE', option: '', value: '30' }))).toBe(false);
    expect(isDraftComplete(row({ key: 'TA', option: '!', value: null }))).toBe(true); // no value needed
    expect(isDraftComplete(row({ key: 'GE', option: 'in', value: [] }))).toBe(false);
    expect(isDraftComplete(row({ key: 'GE', option: 'in', value: ['F'] }))).toBe(true);
    expect(isDraftComplete(row({ key: 'TM', option: '>=', value: '150,50' }))).toBe(true);
    expect(isDraftComplete(row({ key: 'TM', option: '>=', value: '1,234' }))).toBe(false);
    expect(isDraftComplete(row({ key: 'CP', option: 'between', value: ['01/01/2026', '31/01/2026'] }))).toBe(
      true,
    );
    expect(isDraftComplete(row({ key: 'CP', option: 'between', value: ['31/01/2026', '01/01/2026'] }))).toBe(
      false,
    );
    expect(isDraftComplete(row({ key: 'CP', option: 'between', value: ['31/02/2026', '01/03/2026'] }))).toBe(
      false,
    );
    expect(
      isDraftComplete(row({ key: 'LP', option: 'in', value: [{ value: '3', label: 'Loja Centro' }] })),
    ).toBe(true);
    expect(allComplete([])).toBe(false);
  });

  it('converts typed values to the wire the server validates', () => {
    expect(toWireRow(row({ key: 'TM', option: '>', value: '1.234,50' }))).toEqual({
      key: 'TM',
      condition: 'Ticket médio',
      option: '>',
      value: 1234.5,
    });
    expect(
      toWireRow(row({ key: 'CP', option: 'between', value: ['01/02/2026', '28/02/2026'] })).value,
    ).toEqual(['2026-02-01', '2026-02-28']);
    expect(toWireRow(row({ key: 'LP', option: 'in', value: [{ value: '3', label: 'Loja' }] })).value).toEqual(
      [3],
    );
    expect(
      toWireRow(row({ key: 'TA', option: 'in', value: [{ value: '123', label: '123' }] })).value,
    ).toEqual(['123']); // tags are names
    expect(
      toWireRow(row({ key: 'CAMP', option: 'L', value: [{ value: '*', label: 'Qualquer campanha' }] })).value,
    ).toEqual(['*']);
    expect(toWireRow(row({ key: 'TA', option: '!', value: null })).value).toBeNull();
    const wire = [
      row({ key: 'FE', option: '>=', value: '18' }),
      row({ key: 'GE', option: 'in', value: ['F'] }),
    ].map(toWireRow);
    expect(LeadConditions.safeParse(wire).success).toBe(true);
  });

  it('reads a saved row back into the form', () => {
    expect(fromWireRow({ key: 'TM', condition: 'Ticket médio', option: '>', value: 1234.5 })).toMatchObject({
      value: '1234,50',
    });
    expect(
      fromWireRow({ key: 'QA', option: 'registered_between', value: ['2026-01-01', '2026-01-31'] }),
    ).toMatchObject({ value: ['01/01/2026', '31/01/2026'] });
    expect(fromWireRow({ key: 'FE', option: '>', value: 30 })).toMatchObject({ value: '30' });
    expect(
      fromWireRow({ key: 'LP', option: 'in', value: [3] }, new Map([['3', 'Loja Centro']])),
    ).toMatchObject({ value: [{ value: '3', label: 'Loja Centro' }] });
    expect(fromWireRow({ key: 'PD', option: 'in', value: [9] })).toMatchObject({
      value: [{ value: '9', label: 'Código 9' }],
    });
    const back = fromWireRow(toWireRow(row({ key: 'AN', option: 'month', value: '0' })));
    expect(isDraftComplete(back)).toBe(true);
  });

  it('keeps the value when the new operator takes the same input, else empties it', () => {
    const age = row({ key: 'FE', option: '>', value: '30' });
    expect(withOperator(age, '<=').value).toBe('30');
    const purchase = row({ key: 'CP', option: 'last_days', value: '30' });
    expect(withOperator(purchase, 'between').value).toEqual(['', '']);
    expect(withOperator(purchase, '!').value).toBeNull();
  });

  it('names every refused row with its reason as typed on screen (issue 20)', () => {
    const rows: DraftCondition[] = [
      { uid: 'a', key: 'FE', option: '>', value: '150' },
      { uid: 'b', key: 'QA', option: 'email', value: null },
      { uid: 'c', key: 'CP', option: 'between', value: ['31/02/2026', '10/03/2026'] },
      { uid: 'd', key: 'CP', option: 'between', value: ['10/03/2026', '01/01/2026'] },
    ];
    expect([...draftProblems(rows)]).toEqual([
      ['a', 'Condição 1 (Faixa etária): 150 está fora do limite; use de 1 a 120 anos.'],
      ['c', 'Condição 3 (Compras): a data inicial 31/02/2026 não existe; use DD/MM/AAAA.'],
      ['d', 'Condição 4 (Compras): a data inicial 10/03/2026 é posterior à data final 01/01/2026.'],
    ]);
  });
});
