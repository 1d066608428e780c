import { NO_END_DATE } from '@freguesia/shared/domain/campaign-dynamics';
import type { AcceleratorType } from '@freguesia/shared/domain/tickets';
import { TicketCampaign, TICKET_MESSAGES } from '@freguesia/shared/schemas/ticket';
import type { TicketCampaignDetails } from '@freguesia/shared/schemas/ticket-api';
import { dayText, readTypedDay } from '../../components/typed-day';

/**
 * The ticket campaign editor's values and rules (spec part 2 §2.4, §5): what the five steps edit,
 * the payload they save, and which step a message belongs to. Validation is the shared
 * `TicketCampaign` schema (the API's own) plus the period and audience, which the screen types.
 */

export const STEP_TITLES = ['Detalhes da Campanha', 'Lojas', 'Prêmios', 'Clientes', 'Acelerador'] as const;
export const TITLE_NEW = 'Nova campanha';
export const TITLE_EDIT = 'Alterando campanha';

export interface GiftRow {
  id?: number;
  id_store: number;
  available_at: string;
  gift: string;
  qt_print: number;
  won?: boolean;
}

export interface AcceleratorDraft {
  key: number;
  logical_operator: 'and' | 'or';
  type: AcceleratorType | '';
  multiplier_factor: string;
  /** 'Possui valor mínimo' (condition '>='). */
  hasMinimum: boolean;
  value: string;
  requisite: 'all' | 'any' | '';
  items: { item_id: string; label: string }[];
}

export interface TicketForm {
  active: 'Y' | 'N';
  description: string;
  /** 'Sem prazo final': a single start date, end 9999-12-31. */
  noEnd: boolean;
  start: string;
  end: string;
  value: string;
  layout_body: string;
  need_terms: boolean;
  can_accumulate: boolean;
  layout_gift: string;
  stores: number[];
  gifts: GiftRow[];
  audience: 'L' | 'B';
  id_lead: string;
  accelerators: AcceleratorDraft[];
}

let nextKey = 1;
export const emptyAccelerator = (): AcceleratorDraft => ({
  key: nextKey++,
  logical_operator: 'and',
  type: '',
  multiplier_factor: '',
  hasMinimum: false,
  value: '',
  requisite: '',
  items: [],
});

export const emptyTicketForm = (): TicketForm => ({
  active: 'Y',
  description: '',
  noEnd: false,
  start: '',
  end: '',
  value: '',
  layout_body: '',
  need_terms: false,
  can_accumulate: false,
  layout_gift: '',
  stores: [],
  gifts: [],
  audience: 'B',
  id_lead: '',
  accelerators: [],
});

const money = (n: number) => n.toFixed(2).replace('.', ',');

export function detailsToForm(d: TicketCampaignDetails): TicketForm {
  return {
    active: d.active,
    description: d.description,
    noEnd: d.end_at === NO_END_DATE,
    start: dayText(d.start_at),
    end: d.end_at === NO_END_DATE ? '' : dayText(d.end_at),
    value: d.info.value === null ? '' : money(d.info.value),
    layout_body: d.info.layout_body,
    need_terms: d.info.need_terms === 'Y',
    can_accumulate: d.info.can_accumulate === 'Y',
    layout_gift: d.info.layout_gift ?? '',
    stores: d.stores.map((s) => s.id_store),
    gifts: d.gifts.map((g) => ({
      id: g.id,
      id_store: g.id_store,
      available_at: g.available_at,
      gift: g.gift,
      qt_print: g.qt_print,
      won: g.id_customer !== null,
    })),
    audience: d.id_lead ? 'L' : 'B',
    id_lead: d.id_lead ? String(d.id_lead) : '',
    accelerators: d.accelerators.map((r) => ({
      key: nextKey++,
      logical_operator: r.logical_operator,
      type: r.type,
      multiplier_factor: String(r.multiplier_factor),
      hasMinimum: r.condition === '>=',
      value: r.value === null ? '' : money(r.value),
      requisite: r.requisite,
      items: r.items.map((i) => ({ item_id: i.item_id, label: i.item_id })),
    })),
  };
}

/** The period's own messages (spec part 2 §5): a range, or a single start date with 'Sem prazo final'. */
function periodOf(form: TicketForm): { start_at?: string; end_at?: string; error?: string } {
  const start = readTypedDay(form.start, form.noEnd ? TICKET_MESSAGES.startDate : TICKET_MESSAGES.period);
  if ('error' in start) return { error: start.error };
  if (form.noEnd) return { start_at: start.day, end_at: NO_END_DATE };
  const end = readTypedDay(form.end, TICKET_MESSAGES.period);
  if ('error' in end) return { error: end.error };
  return { start_at: start.day, end_at: end.day };
}

/** The save payload (`TicketCampaign` input) of the form. */
export function formToPayload(form: TicketForm, id?: number, updatedAt?: string) {
  const period = periodOf(form);
  return {
    ...(id ? { id } : {}),
    ...(updatedAt ? { updated_at: updatedAt } : {}),
    description: form.description,
    type: 'T' as const,
    active: form.active,
    id_lead: form.audience === 'L' && form.id_lead ? Number(form.id_lead) : null,
    start_at: period.start_at ?? '',
    end_at: period.end_at ?? '',
    info: {
      need_terms: form.need_terms ? 'Y' : 'N',
      value: form.value,
      layout_body: form.layout_body,
      can_accumulate: form.can_accumulate ? 'Y' : 'N',
      layout_gift: form.layout_gift.trim() || null,
    },
    accelerators: form.accelerators.map((r) => ({
      logical_operator: r.logical_operator,
      type: r.type,
      multiplier_factor: r.multiplier_factor,
      condition: r.hasMinimum ? '>=' : null,
      value: r.hasMinimum ? r.value : null,
      requisite: r.requisite,
      items: r.items.map((i) => ({ item_id: i.item_id })),
    })),
    stores: form.stores.map((id_store) => ({ id_store })),
    instant_prize: form.layout_gift.trim() !== '',
    gifts: form.gifts
      .filter((g) => form.stores.includes(g.id_store))
      .map(({ id: giftId, id_store, available_at, gift, qt_print }) => ({
        ...(giftId ? { id: giftId } : {}),
        id_store,
        available_at,
        gift,
        qt_print,
      })),
  };
}

/** The step a payload path belongs to. */
export function stepOfPath(path: readonly PropertyKey[]): number {
  const head = String(path[0] ?? '');
  if (head === 'stores') return 1;
  if (head === 'gifts') return 2;
  if (head === 'id_lead') return 3;
  if (head === 'accelerators') return 4;
  return 0;
}

export const ACCELERATOR_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  type: TICKET_MESSAGES.acceleratorType,
  multiplier_factor: TICKET_MESSAGES.factor,
  requisite: TICKET_MESSAGES.requisite,
};

/**
 * The problems of the form, each with its step and message, in step order: the period and audience
 * first, then whatever the shared schema says.
 */
export function formProblems(form: TicketForm): { step: number; path: string; message: string }[] {
  const problems: { step: number; path: string; message: string }[] = [];
  const period = periodOf(form);
  if (!form.description.trim())
    problems.push({ step: 0, path: 'description', message: TICKET_MESSAGES.description });
  if (period.error) problems.push({ step: 0, path: 'period', message: period.error });
  if (form.audience === 'L' && !form.id_lead)
    problems.push({ step: 3, path: 'id_lead', message: 'Selecione o lead' });
  const parsed = TicketCampaign.safeParse(formToPayload(form));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path === 'start_at' || path === 'end_at' || path === 'description') continue;
      const field = String(issue.path[issue.path.length - 1] ?? '');
      const message =
        issue.path[0] === 'accelerators' && ACCELERATOR_FIELD_MESSAGES[field]
          ? ACCELERATOR_FIELD_MESSAGES[field]
          : issue.message;
      problems.push({ step: stepOfPath(issue.path), path, message });
    }
  }
  return problems.sort((a, b) => a.step - b.step);
}

/** The first problem of steps `from`..`to`, or undefined. */
export function firstProblem(form: TicketForm, from: number, to: number) {
  return formProblems(form).find((p) => p.step >= from && p.step <= to);
}
