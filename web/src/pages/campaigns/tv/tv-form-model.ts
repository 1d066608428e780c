import { fromDisplayDate, toDisplayDate } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/domain/campaign-dynamics';
import { TV_MESSAGES, TvCampaign, type TvRow } from '@freguesia/shared/schemas/tv';
import type { TvDetails, TvPayload } from '../../../api/tv';

/**
 * The TV wizard's state (spec part 2 §2.2) and its payload: four steps (details, products,
 * category, stores), validated by the shared `TvCampaign` schema; each message goes to the step
 * of its field. Pure: unit-tested in node.
 */

export const TV_STEP_TITLES = ['Detalhes', 'Produtos', 'Categoria', 'Lojas'] as const;
export const TV_SAVED_NEW = 'Campanha cadastrada com sucesso';
export const TV_SAVED_EDIT = 'Campanha alterada com sucesso';

export interface TvFormState {
  active: boolean;
  description: string;
  /** DD/MM/AAAA as typed. */
  start: string;
  end: string;
  noEnd: boolean;
  rotateSeconds: string;
  rows: TvRow[];
  categoryPath: number[];
  stores: number[];
}

export const emptyTvForm = (): TvFormState => ({
  active: true,
  description: '',
  start: '',
  end: '',
  noEnd: false,
  rotateSeconds: '8',
  rows: [],
  categoryPath: [],
  stores: [],
});

export function tvDetailsToForm(d: TvDetails): TvFormState {
  return {
    active: d.active === 'Y',
    description: d.description,
    start: toDisplayDate(d.start_at) ?? '',
    end: d.end_at === NO_END_DATE ? '' : (toDisplayDate(d.end_at) ?? ''),
    noEnd: d.end_at === NO_END_DATE,
    rotateSeconds: String(d.info.rotate_seconds),
    rows: d.products.map((p) => ({ ...p, description: p.description ?? TV_MESSAGES.unknownDescription })),
    categoryPath: d.info.category_path,
    stores: d.stores.map((s) => s.id_store),
  };
}

/** The body of the save (typed dates to 'YYYY-MM-DD'; an unreadable date is sent empty: 'Selecione o Período'). */
export function tvFormToPayload(f: TvFormState, id?: number, updatedAt?: string): TvPayload {
  return {
    ...(id !== undefined ? { id, updated_at: updatedAt } : {}),
    description: f.description,
    type: 'TV',
    active: f.active ? 'Y' : 'N',
    start_at: fromDisplayDate(f.start.trim()) ?? '',
    end_at: f.noEnd ? NO_END_DATE : (fromDisplayDate(f.end.trim()) ?? ''),
    products: f.rows,
    stores: f.stores.map((id_store) => ({ id_store })),
    info: {
      reference_code: '',
      id_category: f.categoryPath.at(-1) ?? null,
      category_path: f.categoryPath,
      rotate_seconds: f.rotateSeconds,
    },
  };
}

/** The step a field of the payload is edited in. */
export function tvStepOf(path: readonly PropertyKey[]): number {
  const head = String(path[0] ?? '');
  if (head === 'products') return 1;
  if (head === 'info') return String(path[1] ?? '') === 'rotate_seconds' ? 0 : 2;
  if (head === 'stores') return 3;
  return 0;
}

/** The first problem of steps `from`..`to`, or undefined when they are valid. */
export function tvStepProblem(
  f: TvFormState,
  from: number,
  to: number,
): { step: number; message: string } | undefined {
  const result = TvCampaign.safeParse(tvFormToPayload(f));
  if (result.success) return undefined;
  const problems = result.error.issues
    .map((issue) => ({ step: tvStepOf(issue.path), message: issue.message }))
    .filter((p) => p.step >= from && p.step <= to)
    .sort((a, b) => a.step - b.step);
  return problems[0];
}
