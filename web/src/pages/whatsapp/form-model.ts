import { fromDisplayDate, toDisplayDate } from '@freguesia/shared/domain/dates';
import {
  COMMUNICATION_MESSAGES,
  runOnInstant,
  TEMPLATE_VARIABLES,
} from '@freguesia/shared/domain/communication';
import {
  WHATSAPP_MESSAGES,
  WHATSAPP_TYPES,
  type FlowItem,
  type WhatsappType,
} from '@freguesia/shared/domain/whatsapp';
import { WhatsappCampaignInput } from '@freguesia/shared/schemas/whatsapp';
import { z } from 'zod';
import type { WhatsappCampaign } from '../../api/whatsapp';
import { CLONE_SUFFIX, runOnOf } from '../communications/common/model';

/**
 * The form 'Nova Campanha de Whatsapp' (spec part 3 §2, §3 'WhatsApp flow item', §4, §5
 * 'WhatsApp', §8, §9) as pure functions: its values, how they become the wire body the shared
 * `WhatsappCampaignInput` schema checks (so the API's messages show under the fields), what only
 * the editor checks (schedule not in the past, deadline after it, a lead when the audience is a
 * lead, known template variables), the bulk types' names and the preview's sample text.
 */

export const WHATSAPP_TITLE = 'Nova Campanha de Whatsapp';
export const WHATSAPP_LIST = '/communication/whatsapp';
export const MAX_MESSAGES = 10;
/** The bulk types exist only for new or cloned records (§4). */
export const BULK_TYPES: readonly WhatsappType[] = ['WPPMM', 'WPPGM'];
export const isBulk = (type: WhatsappType) => BULK_TYPES.includes(type);
/** Types sent to customers (a lead or the whole base): the lead filter and the counters apply. */
export const toCustomers = (type: WhatsappType) => type === 'WPPM' || type === 'WPPMM';
export const toGroups = (type: WhatsappType) => type === 'WPPG' || type === 'WPPGM';

/** 'Cadastrar Campanha', 'Alterar Campanha' or 'Duplicar Campanha' (§2). */
export const submitLabel = (mode: 'new' | 'edit' | 'clone') =>
  `${{ new: 'Cadastrar', edit: 'Alterar', clone: 'Duplicar' }[mode]} Campanha`;

const flowItem = z.object({
  key: z.string(),
  type: z.enum(['T', 'M', 'L', 'C', 'A']),
  value: z.string(),
  extra: z.string(),
  subtype: z.enum(['I', 'P', 'V', 'D', 'U', '']),
});
export type FlowItemValues = z.output<typeof flowItem>;

const shape = {
  description: z.string(),
  active: z.enum(['Y', 'N']),
  type: z.enum(WHATSAPP_TYPES),
  /** The channel as the Select stores it ('' = none). */
  channel_id: z.string(),
  /** WPPMM: the chosen channels' ids. */
  channels: z.array(z.string()),
  /** WPPG (one) / WPPGM (several). */
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  audience: z.enum(['all', 'lead']),
  id_lead: z.string(),
  run_type: z.enum(['O', 'R']),
  run_day: z.string(),
  run_time: z.string(),
  run_frequency: z.string(),
  /** The optional deadline, DD/MM/AAAA and HH:mm. */
  deadline_day: z.string(),
  deadline_time: z.string(),
  ban_safety: z.boolean(),
  flow: z.array(flowItem),
  status_image: z.string(),
  status_caption: z.string(),
  /** Kept for the shared schedule fields (the WhatsApp form has no cost approval). */
  approvement: z.string().nullable(),
};
export type WhatsappFormValues = z.output<z.ZodObject<typeof shape>>;

let nextKey = 0;
/** A fresh key for a message of the builder. */
export const newKey = () => `${Date.now().toString(36)}${(nextKey++).toString(36)}`;

/** An empty message of a kind (image for media, department for attendance). */
export function newMessage(type: FlowItem['type']): FlowItemValues {
  return {
    key: newKey(),
    type,
    value: '',
    extra: '',
    subtype: type === 'M' ? 'I' : type === 'A' ? 'D' : '',
  };
}

export const emptyWhatsappForm = (): WhatsappFormValues => ({
  description: '',
  active: 'Y',
  type: 'WPPM',
  channel_id: '',
  channels: [],
  groups: [],
  audience: 'all',
  id_lead: '',
  run_type: 'O',
  run_day: '',
  run_time: '',
  run_frequency: '',
  deadline_day: '',
  deadline_time: '',
  ban_safety: true,
  flow: [newMessage('T')],
  status_image: '',
  status_caption: '',
  approvement: null,
});

const splitDateTime = (value: unknown): [string, string] => {
  const [day = '', time = ''] = (typeof value === 'string' ? value : '').split(/[ T]/);
  return [day ? (toDisplayDate(day) ?? '') : '', time.slice(0, 5)];
};

/** The stored messages of a campaign (`info.flow`, JSON text); unreadable → none. */
export function parseFlow(flow: unknown): FlowItem[] {
  try {
    const parsed: unknown = typeof flow === 'string' ? JSON.parse(flow || '[]') : flow;
    return Array.isArray(parsed) ? (parsed as FlowItem[]) : [];
  } catch {
    return [];
  }
}

/** The values of a saved campaign; a clone gets ' DUPLICADA' (§4) and an empty schedule. */
export function whatsappFromCampaign(c: WhatsappCampaign, clone = false): WhatsappFormValues {
  const info = c.info;
  const [runDay, runTime] = clone ? ['', ''] : splitDateTime(info.run_on);
  const [deadlineDay, deadlineTime] = clone ? ['', ''] : splitDateTime(info.deadline);
  const type = (WHATSAPP_TYPES as readonly string[]).includes(c.type) ? (c.type as WhatsappType) : 'WPPM';
  const recipients = typeof info.recipients === 'string' ? info.recipients : '';
  return {
    description: clone ? `${c.description}${CLONE_SUFFIX}` : c.description,
    active: c.active,
    type,
    channel_id: c.channel_id ? String(c.channel_id) : '',
    channels: [],
    groups:
      type === 'WPPG' && recipients
        ? [{ id: recipients, name: typeof info.group_name === 'string' ? info.group_name : recipients }]
        : [],
    audience: c.id_lead ? 'lead' : 'all',
    id_lead: c.id_lead ? String(c.id_lead) : '',
    run_type: info.type === 'R' ? 'R' : 'O',
    run_day: runDay,
    run_time: runTime,
    run_frequency: typeof info.run_frequency === 'string' ? info.run_frequency : '',
    deadline_day: deadlineDay,
    deadline_time: deadlineTime,
    ban_safety: info.ban_safety !== false,
    flow: parseFlow(info.flow).map((f) => ({
      key: f.key || newKey(),
      type: f.type,
      value: f.value ?? '',
      extra: f.extra ?? '',
      subtype: f.subtype ?? '',
    })),
    status_image: typeof info.status_image === 'string' ? info.status_image : '',
    status_caption: typeof info.status_caption === 'string' ? info.status_caption : '',
    approvement: null,
  };
}

/** The wire body (POST / PUT /web/whatsapp/campaigns). */
export function whatsappToPayload(
  v: WhatsappFormValues,
  edit?: { id: number; updated_at: string },
): z.input<typeof WhatsappCampaignInput> {
  return {
    ...(edit ? { id: edit.id, updated_at: edit.updated_at } : {}),
    description: v.description.trim(),
    type: v.type,
    active: v.active,
    channel_id: Number(v.channel_id) || 0,
    channels: v.type === 'WPPMM' ? v.channels.map(Number).filter((n) => n > 0) : [],
    groups: toGroups(v.type) ? v.groups : [],
    run_type: v.run_type,
    run_on: v.run_type === 'O' ? runOnOf(v.run_day, v.run_time) : null,
    run_frequency: v.run_type === 'R' ? v.run_frequency.trim() : '',
    deadline:
      v.deadline_day.trim() || v.deadline_time.trim() ? runOnOf(v.deadline_day, v.deadline_time) : null,
    id_lead: toCustomers(v.type) && v.audience === 'lead' && Number(v.id_lead) > 0 ? Number(v.id_lead) : null,
    ban_safety: v.ban_safety,
    flow: v.flow.map((f) => ({
      key: f.key,
      type: f.type,
      value: f.value.trim(),
      ...(f.extra.trim() ? { extra: f.extra.trim() } : {}),
      ...(f.subtype ? { subtype: f.subtype } : {}),
    })),
    status_image: v.status_image.trim(),
    status_caption: v.status_caption.trim(),
  };
}

/** Where a payload path's message shows on the form. */
export function formFieldOfPath(path: string): string {
  if (path === 'run_on') return 'run_day';
  if (path === 'deadline') return 'deadline_day';
  if (path === 'flow') return 'flow';
  if (/^flow\.\d+/.test(path)) return `${path.split('.').slice(0, 2).join('.')}.value`;
  if (path.startsWith('groups')) return 'groups';
  if (path.startsWith('channels')) return 'channels';
  return path.split('.')[0] || 'description';
}

/** The template variables a text uses that the sender does not know. */
export function unknownVariables(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !(TEMPLATE_VARIABLES as readonly string[]).includes(n)))];
}

/**
 * The form's schema. `original` (edit) is the saved schedule: an unchanged past date is let
 * through as the API does; a new, cloned or changed one may not be earlier than now (§5).
 */
export function whatsappFormSchema(
  options: {
    edit?: { id: number; updated_at: string };
    originalRunOn?: string | null;
    now?: () => Date;
    /** What the server's media check said of a URL (refused, too big): it stays until the URL changes. */
    mediaProblems?: ReadonlyMap<string, string>;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  return z.object(shape).superRefine((v, ctx) => {
    const seen = new Set<string>();
    const add = (field: string, message: string) => {
      if (seen.has(field)) return;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    };
    if (v.run_type === 'O') {
      const runOn = runOnOf(v.run_day, v.run_time);
      if (!v.run_day.trim() && !v.run_time.trim()) add('run_day', COMMUNICATION_MESSAGES.runOn);
      else if (!fromDisplayDate(v.run_day)) add('run_day', 'Data inválida: use DD/MM/AAAA.');
      else if (!runOn) add('run_time', 'Hora inválida: use HH:mm.');
      else if (runOn !== options.originalRunOn && runOnInstant(runOn)!.getTime() < now().getTime() - 60_000)
        add('run_day', WHATSAPP_MESSAGES.runOnPast);
    }
    if (v.deadline_day.trim() || v.deadline_time.trim()) {
      if (!fromDisplayDate(v.deadline_day)) add('deadline_day', 'Data inválida: use DD/MM/AAAA.');
      else if (!runOnOf(v.deadline_day, v.deadline_time)) add('deadline_time', 'Hora inválida: use HH:mm.');
    }
    if (toCustomers(v.type) && v.audience === 'lead' && !(Number(v.id_lead) > 0))
      add('id_lead', 'Selecione o lead.');
    if (v.type === 'WPPG' && v.groups.length > 1) add('groups', 'Selecione um único grupo.');
    v.flow.forEach((f, i) => {
      const problem = f.type === 'M' ? options.mediaProblems?.get(f.value.trim()) : undefined;
      if (problem) add(`flow.${i}.value`, problem);
      if (f.type !== 'T' && f.type !== 'M') return;
      const unknown = unknownVariables(`${f.value} ${f.extra}`);
      if (unknown.length > 0) add(`flow.${i}.value`, COMMUNICATION_MESSAGES.unknownVariable(unknown));
    });
    if (v.flow.length > MAX_MESSAGES) add('flow', `No máximo ${MAX_MESSAGES} mensagens.`);
    if (v.status_caption.trim() && !v.status_image.trim())
      add('status_image', 'Informe a imagem do status para usar a legenda.');
    if (v.status_image.trim() && !/^https?:\/\//i.test(v.status_image.trim()))
      add('status_image', 'Use uma URL http(s) para a imagem.');
    const parsed = WhatsappCampaignInput.safeParse(whatsappToPayload(v, options.edit));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      // The schedule's and the deadline's own form checks above already speak of a missing or
      // unreadable date (under the field that is wrong); the shared rule would repeat it elsewhere.
      if (path === 'run_on' || (path === 'deadline' && issue.message !== WHATSAPP_MESSAGES.deadlineBefore))
        continue;
      add(formFieldOfPath(path), issue.message);
    }
  });
}

/**
 * The campaigns a bulk type creates (§4): one per channel (WPPMM) or group (WPPGM), the
 * description suffixed with ' - [channel or group name]'; other types: the description itself.
 */
export function bulkDescriptions(
  v: Pick<WhatsappFormValues, 'description' | 'type' | 'channels' | 'groups'>,
  channelName: (id: number) => string | undefined,
): string[] {
  const base = v.description.trim();
  if (v.type === 'WPPMM') return v.channels.map((id) => `${base} - ${channelName(Number(id)) ?? id}`);
  if (v.type === 'WPPGM') return v.groups.map((g) => `${base} - ${g.name || g.id}`);
  return [base];
}

/** Sample values of the template variables in the phone preview. */
export const SAMPLE_VARIABLES: Readonly<Record<(typeof TEMPLATE_VARIABLES)[number], string>> = {
  nome: 'Maria da Silva',
  primeiro_nome: 'Maria',
  email: 'maria@exemplo.com.br',
  celular: '(11) 98765-4321',
  documento: '123.456.789-09',
  loja: 'Loja Centro',
};

/** A text as the preview shows it: known variables replaced by the sample customer's values. */
export const previewText = (text: string): string =>
  text.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (whole, name: string) =>
    name in SAMPLE_VARIABLES ? SAMPLE_VARIABLES[name as keyof typeof SAMPLE_VARIABLES] : whole,
  );

/**
 * Who is reached (§9: channel reach is total minus opt-out, or the lead count): with ban safety on,
 * only numbers that already wrote to the channel and did not opt out; off, the lead (or the base).
 */
export function reach(
  banSafety: boolean,
  channel: { total: number; total_optout: number } | undefined,
  lead: { total: number } | undefined,
): number | undefined {
  if (banSafety) return channel ? Math.max(0, channel.total - channel.total_optout) : undefined;
  return lead?.total;
}
