import { describe, expect, it } from 'vitest';
import { tvManualRow } from '@freguesia/shared/schemas/tv';
import { emptyTvForm, tvFormToPayload, tvStepProblem } from './tv-form-model';

describe('TV wizard steps (spec part 2 §2.2, §5)', () => {
  it('stops each step at its own first message', () => {
    const form = emptyTvForm();
    expect(tvStepProblem(form, 0, 0)).toEqual({ step: 0, message: 'Informe a descrição da campanha' });
    const described = { ...form, description: 'Açougue' };
    expect(tvStepProblem(described, 0, 0)).toEqual({ step: 0, message: 'Selecione o Período' });
    const dated = { ...described, start: '01/02/2026', noEnd: true };
    expect(tvStepProblem(dated, 0, 0)).toBeUndefined();
    expect(tvStepProblem(dated, 1, 1)).toEqual({
      step: 1,
      message: 'Adicione ao menos um produto à campanha.',
    });
    const withRows = { ...dated, rows: [tvManualRow('7891000100103', null, 9.9)] };
    expect(tvStepProblem(withRows, 1, 2)).toBeUndefined();
    expect(tvStepProblem(withRows, 0, 3)).toEqual({
      step: 3,
      message: 'Selecione uma loja para a campanha!',
    });
    expect(tvStepProblem({ ...withRows, stores: [1] }, 0, 3)).toBeUndefined();
  });

  it('sends the period, the chosen category (last of its path) and the rows', () => {
    const payload = tvFormToPayload(
      {
        ...emptyTvForm(),
        description: 'TV',
        start: '01/02/2026',
        end: '28/02/2026',
        categoryPath: [3, 9],
        stores: [2],
        rows: [tvManualRow('1', null, null)],
      },
      7,
      'x',
    );
    expect(payload).toMatchObject({
      id: 7,
      updated_at: 'x',
      type: 'TV',
      start_at: '2026-02-01',
      end_at: '2026-02-28',
      stores: [{ id_store: 2 }],
      info: { id_category: 9, category_path: [3, 9] },
    });
  });
});
