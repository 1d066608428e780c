import {
  CHANNEL_PARTNERS,
  CHANNEL_TYPES,
  isConnectedStatus,
  PARTNER_FIELDS,
  type ChannelPartner,
} from '@freguesia/shared/domain/whatsapp';
import { ChannelInput, type ChannelView } from '@freguesia/shared/schemas/whatsapp';
import { z } from 'zod';

/**
 * The channel modal of 'Central de Atendimentos' (spec part 3 §3 'Service channel', §4, §8) as pure
 * functions. Credentials are write-only: a saved channel's token and password are never shown
 * (the API answers only whether they are set and a hint); left empty on edit they keep the stored
 * ones, typed they replace them.
 */

export const CHANNEL_TYPE_LABELS: Record<(typeof CHANNEL_TYPES)[number], string> = {
  WHATSAPP: 'WhatsApp',
  EMAIL: 'E-mail',
  SMS: 'SMS',
};

export const PARTNER_LABELS: Record<ChannelPartner, string> = {
  RetailThink: 'RetailThink (Evolution API v1)',
  RetailThink_v2: 'RetailThink_v2 (Evolution API v2)',
  RetailThink_v3: 'RetailThink_v3 (WAHA)',
  TWILIO: 'Twilio',
  GUPSHUP: 'Gupshup',
  META: 'WhatsApp Cloud API (Meta)',
};

export const channelFormShape = {
  description: z.string(),
  type: z.enum(CHANNEL_TYPES),
  partner: z.enum(CHANNEL_PARTNERS),
  icon: z.string(),
  account: z.string(),
  user: z.string(),
  key: z.string(),
  /** Typed only to set or replace the stored one. */
  token: z.string(),
  password: z.string(),
  extra_config: z.string(),
};
export type ChannelFormValues = z.output<z.ZodObject<typeof channelFormShape>>;

export const EMPTY_CHANNEL_FORM: ChannelFormValues = {
  description: '',
  type: 'WHATSAPP',
  partner: 'RetailThink_v3',
  icon: '',
  account: '',
  user: '',
  key: '',
  token: '',
  password: '',
  extra_config: '',
};

/** A saved channel's values: the secrets stay empty (write-only). */
export const channelFormOf = (c: ChannelView): ChannelFormValues => ({
  description: c.description,
  type: (CHANNEL_TYPES as readonly string[]).includes(c.type)
    ? (c.type as ChannelFormValues['type'])
    : 'WHATSAPP',
  partner: (CHANNEL_PARTNERS as readonly string[]).includes(c.partner)
    ? (c.partner as ChannelPartner)
    : 'RetailThink_v3',
  icon: c.icon,
  account: c.account,
  user: c.user,
  key: c.key,
  token: '',
  password: '',
  extra_config: c.extra_config,
});

/** The wire body; on edit, id and updated_at (an empty secret keeps the stored one). */
export const channelPayload = (
  v: ChannelFormValues,
  saved?: Pick<ChannelView, 'id' | 'updated_at'>,
): z.input<typeof ChannelInput> => ({
  ...(saved ? { id: saved.id, updated_at: saved.updated_at } : {}),
  ...v,
  description: v.description.trim(),
  extra_config: v.extra_config.trim(),
});

/** The form's schema: the shared `ChannelInput` rules; a new channel needs its token. */
export const channelFormSchema = (saved?: Pick<ChannelView, 'id' | 'updated_at' | 'has_token'>) =>
  z.object(channelFormShape).superRefine((v, ctx) => {
    const parsed = ChannelInput.safeParse(channelPayload(v, saved));
    const seen = new Set<string>();
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'description');
        if (seen.has(field)) continue;
        seen.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    if (v.type === 'WHATSAPP' && !v.user.trim() && !seen.has('user'))
      ctx.addIssue({
        code: 'custom',
        path: ['user'],
        message: `Informe: ${PARTNER_FIELDS[v.partner].user}.`,
      });
  });

/** What a saved secret shows instead of its value: 'Definido (…1234)' or 'Não definido'. */
export const secretState = (set: boolean, hint = ''): string =>
  set ? `Definido${hint ? ` (${hint})` : ''}` : 'Não definido';

/** §4: 'open' / 'WORKING' is Conectado; anything else Desconectado with the raw status. */
export const connectionText = (status: string): string =>
  isConnectedStatus(status) ? 'Conectado' : `Desconectado (${status})`;

/** The route of a channel's attendance flow (built by the customer-service screens). */
export const channelFlowPath = (id: number) => `/settings/platform/channel/flow/${id}`;
