import * as z from '../domain/zod-pt';
import { isCronExpression } from '../domain/cron';
import { runOnInstant } from '../domain/communication';
import { CHANNEL_PARTNERS, CHANNEL_TYPES, WHATSAPP_MESSAGES, WHATSAPP_TYPES } from '../domain/whatsapp';

export * from '../domain/whatsapp';

/**
 * WhatsApp on the wire (spec part 3 §3 'Service channel', 'WhatsApp flow item', §5 'WhatsApp'):
 * the channel form and the campaign form, validated alike in the browser and on the server.
 */

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, `Máximo de ${max} caracteres.`),
  );

/** POST / PUT /web/customer-service/channel. Empty token / password on PUT keep the stored ones. */
export const ChannelInput = z.object({
  id: z.coerce.number().int().positive().max(999_999).optional(),
  updated_at: z.string().max(40).optional(),
  description: text(100).pipe(z.string().min(1, 'Informe a descrição do canal')),
  type: z.enum(CHANNEL_TYPES, { error: 'Tipo de canal inválido.' }),
  partner: z.enum(CHANNEL_PARTNERS, { error: 'Parceiro inválido.' }),
  icon: text(500),
  account: text(200),
  token: text(2_000),
  key: text(200),
  user: text(500),
  password: text(500),
  extra_config: text(4_000).refine((v) => {
    if (!v) return true;
    try {
      const parsed: unknown = JSON.parse(v);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    } catch {
      return false;
    }
  }, 'Configuração extra deve ser um JSON (objeto).'),
});
export type ChannelInput = z.infer<typeof ChannelInput>;

/** A channel as the API answers it: secrets never in clear (only whether they are set and a hint). */
export interface ChannelView {
  id: number;
  description: string;
  type: string;
  partner: string;
  icon: string;
  account: string;
  key: string;
  user: string;
  token: '';
  password: '';
  has_token: boolean;
  token_hint: string;
  has_password: boolean;
  extra_config: string;
  updated_at: string;
  /** Where the partner posts its events (path; the tenant's host in front). */
  webhook_path: string;
}

/** A message of the builder (§3 'WhatsApp flow item'). */
export const FlowItemInput = z
  .object({
    key: text(40).pipe(z.string().min(1)),
    type: z.enum(['T', 'M', 'L', 'C', 'A'], { error: 'Tipo de mensagem inválido.' }),
    value: text(4_096),
    extra: text(1_024).optional(),
    subtype: z.enum(['I', 'P', 'V', 'D', 'U']).optional(),
  })
  .superRefine((item, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (!item.value) return fail('Preencha a mensagem.');
    if (item.type === 'M' && !/^https?:\/\//i.test(item.value)) fail('Use uma URL http(s) para a mídia.');
    if (item.type === 'L' && !/^-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?$/.test(item.value))
      fail('Use latitude,longitude.');
    if (item.type === 'C' && !/^\+?\d{10,15}$/.test(item.value.replace(/[\s()-]/g, '')))
      fail('Número de contato inválido.');
  });

const dateTime = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? null : v),
  z.string().max(20).nullable(),
);

/** The form 'Nova Campanha de Whatsapp' (§2, §5). */
export const WhatsappCampaignInput = z
  .object({
    id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    updated_at: z.string().max(40).optional(),
    description: text(200).pipe(z.string().min(1, WHATSAPP_MESSAGES.description)),
    type: z.enum(WHATSAPP_TYPES, { error: 'Tipo de campanha inválido.' }),
    active: z.enum(['Y', 'N']).default('Y'),
    /** WPPM / WPPG / WPPC: the channel. */
    channel_id: z.coerce.number().int().nonnegative().max(999_999).default(0),
    /** WPPMM: the channels; WPPGM: the groups ({id, name}); WPPG: one group; WPPC: the channel's id. */
    channels: z.array(z.coerce.number().int().positive().max(999_999)).max(50).default([]),
    groups: z
      .array(z.object({ id: text(200).pipe(z.string().min(1)), name: text(200) }))
      .max(200)
      .default([]),
    run_type: z.enum(['O', 'R']).default('O'),
    run_on: dateTime,
    run_frequency: text(100),
    /** Optional send deadline: nothing is sent after it. */
    deadline: dateTime,
    id_lead: z.preprocess(
      (v) => (v === '' || v === 0 || v === '0' ? null : v),
      z.coerce.number().int().positive().nullable().default(null),
    ),
    /** Ban safety on: only customers who already interacted with the channel. */
    ban_safety: z.boolean().default(true),
    flow: z.array(FlowItemInput).max(10).default([]),
    status_image: text(1_000),
    status_caption: text(700),
  })
  .superRefine((c, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.run_type === 'R' && !c.run_frequency) at('run_frequency', WHATSAPP_MESSAGES.frequency);
    if (c.run_type === 'R' && c.run_frequency && !isCronExpression(c.run_frequency))
      at('run_frequency', 'Frequência inválida: use uma expressão cron de 5 campos.');
    if (c.run_type === 'O' && (!c.run_on || !runOnInstant(c.run_on)))
      at('run_on', 'Informe a data e a hora do envio.');
    if (c.deadline && !runOnInstant(c.deadline)) at('deadline', 'Data inválida.');
    if (
      c.run_on &&
      c.deadline &&
      runOnInstant(c.deadline) &&
      runOnInstant(c.run_on) &&
      runOnInstant(c.deadline)! < runOnInstant(c.run_on)!
    )
      at('deadline', WHATSAPP_MESSAGES.deadlineBefore);
    if (c.type === 'WPPMM' && c.channels.length === 0) at('channels', WHATSAPP_MESSAGES.channels);
    if ((c.type === 'WPPG' || c.type === 'WPPGM') && c.groups.length === 0)
      at('groups', WHATSAPP_MESSAGES.group);
    if (c.type !== 'WPPMM' && !c.channel_id) at('channel_id', WHATSAPP_MESSAGES.channel);
    if (c.flow.length === 0) at('flow', WHATSAPP_MESSAGES.message);
  });
export type WhatsappCampaignInput = z.infer<typeof WhatsappCampaignInput>;
