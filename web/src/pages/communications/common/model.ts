import {
  fromDisplayDate,
  localDateTime,
  toDisplayDate,
  toDisplayDateTime,
} from '@freguesia/shared/domain/dates';
import {
  COMMUNICATION_MESSAGES,
  CommunicationCampaign,
  type CommunicationType,
} from '@freguesia/shared/schemas/communication';
import { z } from 'zod';
import type { CommunicationDetails, CommunicationPayload } from '../../../api/communications';
import { describeCron } from '../../leads/cron';

/**
 * The form model every communication editor shares (spec part 3 §3, §4, §5): description, active
 * flag, audience (a lead or everyone), run type once ('O', a date and a time in Brasília) or
 * recurring ('R', a 5-field cron), and the cost approval. Pure: unit-tested in node. Each channel
 * adds its own fields and says how they map to the wire `info` (see `communicationSchema`).
 */

export const APPROVED_LABEL = 'De Acordo';
export const NOT_APPROVED_LABEL = 'Não aprovada';
export const ACTIVE_LABEL = 'Campanha Ativada';
export const INACTIVE_LABEL = 'Campanha Desativada';
export const EXECUTED_PREFIX = 'Campanha já executada em';
export const WHOLE_BASE = 'Todos Clientes';
export const CLONE_SUFFIX = ' DUPLICADA';
/** Save notices of the SMS and push editors (spec part 3 §8). */
export const SAVED_NEW = 'Comunicação cadastrada com sucesso';
export const SAVED_EDIT = 'Comunicação alterada com sucesso';
export const SAVE_FAILED = 'Erro ao alterar a Comunicação :( ';

/** The values shared by the SMS, push (and later e-mail) editors. */
export const commonShape = {
  description: z.string(),
  active: z.enum(['Y', 'N']),
  /** 'all': the whole customer base; 'lead': `id_lead`. */
  audience: z.enum(['all', 'lead']),
  /** The chosen lead as text ('' = none), as the Select stores it. */
  id_lead: z.string(),
  run_type: z.enum(['O', 'R']),
  /** DD/MM/AAAA as typed. */
  run_day: z.string(),
  /** HH:mm. */
  run_time: z.string(),
  run_frequency: z.string(),
  /** 'Aprovado por: {name} Em: {date}' once approved, else null. */
  approvement: z.string().nullable(),
};
export type CommonValues = z.output<z.ZodObject<typeof commonShape>>;

export const emptyCommon = (): CommonValues => ({
  description: '',
  active: 'Y',
  audience: 'all',
  id_lead: '',
  run_type: 'O',
  run_day: '',
  run_time: '',
  run_frequency: '',
  approvement: null,
});

/** 'Aprovado por: {name} Em: {pt-BR date time}' (spec part 3 §4). */
export const approvalText = (name: string, now: Date = new Date()): string =>
  `Aprovado por: ${name} Em: ${toDisplayDateTime(localDateTime(now))}`;

/** `info.run_on` ('YYYY-MM-DD HH:mm') from the typed day and time; null when either is missing or unreadable. */
export function runOnOf(day: string, time: string): string | null {
  const iso = fromDisplayDate(day);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  return iso && t ? `${iso} ${t[1]}:${t[2]}` : null;
}

/** The wire fields every communication gets from the shared values. */
export function commonToPayload(v: CommonValues): Pick<
  CommunicationPayload,
  'description' | 'active' | 'id_lead'
> & {
  info: { type: 'O' | 'R'; run_on: string | null; run_frequency: string | null; approvement: string | null };
} {
  return {
    description: v.description.trim(),
    active: v.active,
    id_lead: v.audience === 'lead' && Number(v.id_lead) > 0 ? Number(v.id_lead) : null,
    info: {
      type: v.run_type,
      run_on: v.run_type === 'O' ? runOnOf(v.run_day, v.run_time) : null,
      run_frequency: v.run_type === 'R' ? v.run_frequency.trim() || null : null,
      approvement: v.approvement || null,
    },
  };
}

/** The shared values of a saved communication; a clone gets ' DUPLICADA' and loses the approval. */
export function commonFromDetails(d: CommunicationDetails, clone = false): CommonValues {
  const [day = '', time = ''] = (d.info.run_on ?? '').split(/[ T]/);
  return {
    description: clone ? `${d.description}${CLONE_SUFFIX}` : d.description,
    active: d.active,
    audience: d.id_lead ? 'lead' : 'all',
    id_lead: d.id_lead ? String(d.id_lead) : '',
    run_type: d.info.type,
    run_day: day ? (toDisplayDate(day) ?? '') : '',
    run_time: time.slice(0, 5),
    run_frequency: d.info.run_frequency ?? '',
    approvement: clone ? null : d.info.approvement,
  };
}

/** Where a payload path's message shows on the form ('info.layout_body' → 'body'). */
export type FieldMap = Readonly<Record<string, string>>;
export const COMMON_FIELDS: FieldMap = {
  description: 'description',
  id_lead: 'id_lead',
  'info.run_on': 'run_day',
  'info.run_frequency': 'run_frequency',
  'info.approvement': 'approvement',
};

/** The form field of a payload path (unknown paths: undefined). */
export function formFieldOf(path: string, map: FieldMap): string | undefined {
  return map[path] ?? map[path.split('.').slice(0, 2).join('.')] ?? map[path.split('.')[0]!];
}

/**
 * A form schema: the channel's values, checked by the same rules the API applies (the shared
 * `CommunicationCampaign` schema on the payload they become, so the spec's messages live in one
 * place), plus what only the editor asks for: a once-only send needs its date and time, and a lead
 * must be chosen when the audience is a lead. `id` (edit) lets an unchanged past date through, as
 * the API does.
 */
export function communicationSchema<S extends z.ZodRawShape>(
  extra: S,
  toPayload: (values: CommonValues & z.output<z.ZodObject<S>>) => CommunicationPayload,
  map: FieldMap,
  options: { id?: number; scheduled?: boolean; manual?: boolean } = {},
) {
  return z.object({ ...commonShape, ...extra }).superRefine((values, ctx) => {
    const v = values as CommonValues & z.output<z.ZodObject<S>>;
    const seen = new Set<string>();
    const add = (field: string | undefined, message: string) => {
      if (!field || seen.has(field)) return;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    };
    if (options.scheduled !== false && v.run_type === 'O') {
      // `manual`: a once-only send without date and time goes only with 'Enviar agora'.
      if (!v.run_day.trim() && !v.run_time.trim()) {
        if (!options.manual) add('run_day', COMMUNICATION_MESSAGES.runOn);
      } else if (!v.run_day.trim()) add('run_day', COMMUNICATION_MESSAGES.runOn);
      else if (!fromDisplayDate(v.run_day)) add('run_day', 'Data inválida: use DD/MM/AAAA.');
      else if (!runOnOf(v.run_day, v.run_time)) add('run_time', 'Hora inválida: use HH:mm.');
    }
    if (v.audience === 'lead' && !(Number(v.id_lead) > 0)) add('id_lead', 'Selecione o lead.');
    const parsed = CommunicationCampaign.safeParse({ ...toPayload(v), id: options.id });
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      add(formFieldOf(issue.path.join('.'), map) ?? 'description', issue.message);
  });
}

/** A row's `info` as the lists read it (the list answer carries the schedule, execution and approval). */
export interface RowInfo {
  type?: 'O' | 'R';
  run_on?: string | null;
  run_frequency?: string | null;
  executed_at?: string | null;
  url?: string;
  approvement?: string | null;
  value?: number;
}
export const rowInfo = (info: Record<string, unknown> | undefined): RowInfo => (info ?? {}) as RowInfo;

/** 'When' of a list row: a recurring one's frequency in words, else run_on as DD/MM/YYYY HH:mm. */
export function whenText(info: RowInfo): string {
  if (info.type === 'R') return info.run_frequency ? describeCron(info.run_frequency).text : '-';
  return toDisplayDateTime(info.run_on ?? null) ?? '-';
}

/** 'Campanha já executada em DD/MM/YYYY HH:mm' when the campaign ran, else undefined. */
export function executedText(executedAt: string | null | undefined): string | undefined {
  if (!executedAt) return undefined;
  return `${EXECUTED_PREFIX} ${toDisplayDateTime(executedAt) ?? executedAt}`;
}

/** Whether a saved campaign can no longer be edited: a once-only send that already ran. */
export const isLocked = (d: Pick<CommunicationDetails, 'info'> | null): boolean =>
  d !== null && d.info.type === 'O' && Boolean(d.info.executed_at);

/** The population of a row: the lead's, or 'Todos Clientes' without a lead. */
export const populationText = (row: { id_lead: number | null; population: number | null }): string =>
  row.id_lead ? (row.population ?? 0).toLocaleString('pt-BR') : WHOLE_BASE;

export type { CommunicationType };

/** A positive numeric id in the route means edit (spec part 3 §2). */
export { routeId } from '../../../components/route-id';

/**
 * Why Salvar is disabled on an editor with a cost approval, or undefined when it may save: an
 * unapproved cost blocks the save (spec part 3 §4). An executed once-only record is not blocked
 * here: its alert says so, and a save gets the server's own refusal ('Campanha nao pôde ser
 * alterada o envio já foi realizado.'), the one authority on what may change.
 */
export const approvalBlock = (approvement: string | null): string | undefined =>
  approvement ? undefined : 'Aprove o custo estimado para salvar.';
