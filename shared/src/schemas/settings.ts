import * as z from 'zod';
import { isUf } from '../domain/states';

/**
 * Key/value platform settings (spec part 3 §3 "Key/value settings", part 1 §3 "Portal
 * settings") plus `primary_color`, the tenant theme. Values are strings on the wire; each
 * key has its own check. `token` is listed in the spec but is the integration token: it is
 * read with GET /api/web/settings/token, issued by POST /api/web/settings/token/rotate and
 * never written through this API.
 */

/** Keys the customer portal reads without signing in (GET /api/customer/settings). */
export const PORTAL_SETTING_KEYS = [
  'program_description',
  'program_term',
  'portal_background_image',
  'portal_style_bg',
  'portal_primary_color',
  'portal_secondary_color',
  'portal_fields_require',
  'portal_tags',
] as const;

export const SETTING_KEYS = [
  ...PORTAL_SETTING_KEYS,
  'primary_color',
  'average_baskets_days',
  'sendgrid_apikey',
  'sendgrid_from',
  'shortlink_domain',
  'sales_coverage_states',
  'pricing_email',
  'pricing_sms',
  'pricing_push',
  'pricing_whatsapp',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Maximum size of one value: 100 KB of UTF-8 (program terms can be long HTML). */
export const SETTING_VALUE_MAX_BYTES = 100 * 1024;

export const SETTING_MESSAGES = {
  key: 'Informe a chave da configuração.',
  value: 'Informe o valor da configuração.',
  tooLarge: 'O valor excede o limite de 100 KB.',
  token: 'O token de integração não é gravado por chave: gere um novo token em Ajustes.',
  unknown: (key: string) => `Configuração desconhecida: ${key}.`,
} as const;

interface SettingDefinition {
  /** Never answered in clear (masked in every list and read). */
  secret?: boolean;
  /** Value reported while the key was never written. */
  defaultValue?: string;
  /** Checks the (trimmed) value; returns a message when it is not acceptable. */
  check?: (value: string) => string | undefined;
}

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const color =
  (optional: boolean) =>
  (value: string): string | undefined =>
    (optional && value === '') || HEX_COLOR.test(value) ? undefined : 'Cor inválida: use o formato #RRGGBB.';
const price = (value: string): string | undefined =>
  value === '' || /^\d{1,9}(?:[.,]\d{1,10})?$/.test(value)
    ? undefined
    : 'Preço inválido: use um número decimal, por exemplo 0.007.';

const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const HOST_MESSAGE = 'Domínio inválido: informe só o nome, por exemplo lnk.sualoja.com.br.';
export const STATES_MESSAGE = 'Estados inválidos: use as siglas separadas por vírgula, por exemplo SP,RJ.';

/** The UFs of `sales_coverage_states`: 'SP,RJ' (or a JSON list ["SP","RJ"]); undefined when not that. */
export function coverageStates(value: string): string[] | undefined {
  const v = value.trim();
  if (!v) return [];
  let items: unknown;
  try {
    items = v.startsWith('[') ? JSON.parse(v) : v.split(',');
  } catch {
    return undefined;
  }
  if (!Array.isArray(items)) return undefined;
  const ufs = items.map((i) => (typeof i === 'string' ? i.trim().toUpperCase() : ''));
  return ufs.every((uf) => isUf(uf)) ? [...new Set(ufs)] : undefined;
}

export const SETTINGS: Readonly<Record<SettingKey, SettingDefinition>> = {
  program_description: {},
  program_term: {},
  portal_background_image: {},
  portal_style_bg: {
    defaultValue: 'cover',
    check: (v) =>
      v === 'cover' || v === 'repeat' ? undefined : 'Estilo de fundo inválido: use cover ou repeat.',
  },
  portal_primary_color: { check: color(true) },
  portal_secondary_color: { check: color(true) },
  portal_fields_require: {},
  portal_tags: {},
  primary_color: { check: color(false) },
  average_baskets_days: {
    defaultValue: '90',
    check: (v) =>
      /^\d{1,4}$/.test(v) && Number(v) >= 1 ? undefined : 'Informe um número inteiro de dias, no mínimo 1.',
  },
  sendgrid_apikey: {
    secret: true,
    check: (v) =>
      v === '' || /^[\x21-\x7e]{10,200}$/.test(v)
        ? undefined
        : 'Chave inválida: cole a chave da API sem espaços.',
  },
  sendgrid_from: {
    check: (v) => (v === '' || z.email().safeParse(v).success ? undefined : 'E-mail remetente inválido.'),
  },
  shortlink_domain: {
    check: (v) => (v === '' || HOST.test(v) ? undefined : HOST_MESSAGE),
  },
  sales_coverage_states: {
    check: (v) => (coverageStates(v) ? undefined : STATES_MESSAGE),
  },
  pricing_email: { check: price },
  pricing_sms: { check: price },
  pricing_push: { check: price },
  pricing_whatsapp: { check: price },
};

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

export function isSecretSetting(key: SettingKey): boolean {
  return SETTINGS[key].secret === true;
}

/** How a secret value is shown: bullets plus its last 4 characters, or '' when empty. */
export function maskSecret(value: string): string {
  if (!value) return '';
  return `••••••••${value.length > 8 ? value.slice(-4) : ''}`;
}

/** PUT/POST /api/web/settings body. Numbers are accepted and stored as text. */
export const SettingWrite = z
  .object({
    key: z.string({ error: SETTING_MESSAGES.key }).trim().min(1, SETTING_MESSAGES.key),
    value: z
      .union([z.string(), z.number(), z.boolean()], { error: SETTING_MESSAGES.value })
      .transform((v) => String(v).trim()),
  })
  .superRefine((input, ctx) => {
    if (input.key === 'token') {
      ctx.addIssue({ code: 'custom', path: ['key'], message: SETTING_MESSAGES.token });
      return;
    }
    if (!isSettingKey(input.key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: SETTING_MESSAGES.unknown(input.key) });
      return;
    }
    if (new TextEncoder().encode(input.value).byteLength > SETTING_VALUE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: SETTING_MESSAGES.tooLarge });
      return;
    }
    const problem = SETTINGS[input.key].check?.(input.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  })
  .transform((input) => ({ key: input.key as SettingKey, value: input.value }));
export type SettingWrite = z.infer<typeof SettingWrite>;

/** One setting as answered (secret values masked). */
export const Setting = z.object({
  key: z.string(),
  /** Stored value, else the key's default, else null. Masked when `secret`. */
  value: z.string().nullable(),
  secret: z.boolean(),
  /** ISO timestamp of the last write; null when never written. */
  updated_at: z.string().nullable(),
});
export type Setting = z.infer<typeof Setting>;

/**
 * GET /api/web/settings/token (reading never rotates) and POST /api/web/settings/token/rotate.
 * `status`: `active` — `token` is the current token; `none` — no token issued yet (all fields
 * null); `unreadable` — a token is valid (`hint`, `created_at`) but cannot be shown: issued
 * before tokens were stored encrypted, or sealed with a data key since replaced. Issuing a new
 * one makes it readable.
 */
export const IntegrationTokenView = z.object({
  status: z.enum(['active', 'none', 'unreadable']),
  token: z.string().nullable(),
  hint: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type IntegrationTokenView = z.infer<typeof IntegrationTokenView>;

/** POST /api/web/settings/token/rotate: the new token (also a valid `IntegrationTokenView`). */
export const IntegrationTokenAnswer = z.object({
  status: z.literal('active'),
  token: z.string(),
  hint: z.string(),
  created_at: z.string(),
});
export type IntegrationTokenAnswer = z.infer<typeof IntegrationTokenAnswer>;

/** GET /api/web/settings/token/info: which token is current, without revealing it. */
export const IntegrationTokenInfo = z.object({
  hint: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type IntegrationTokenInfo = z.infer<typeof IntegrationTokenInfo>;
