/**
 * WhatsApp (spec part 3 §2 'WhatsApp campaigns', §3 'WhatsApp flow item', 'WhatsApp campaign
 * status', 'Service channel', §4, §5 'WhatsApp', §8, §9): constants and plain helpers shared by the
 * browser and the functions, without zod.
 */

/** Campaign types (§3). WPPMM and WPPGM only exist in the form: they create WPPM / WPPG campaigns. */
export const WHATSAPP_TYPES = ['WPPM', 'WPPMM', 'WPPG', 'WPPGM', 'WPPC'] as const;
export type WhatsappType = (typeof WHATSAPP_TYPES)[number];
/** The stored (sendable) types. */
export const WHATSAPP_STORED_TYPES = ['WPPM', 'WPPG', 'WPPC'] as const;
export type WhatsappStoredType = (typeof WHATSAPP_STORED_TYPES)[number];
export const isWhatsappType = (t: string): t is WhatsappStoredType =>
  (WHATSAPP_STORED_TYPES as readonly string[]).includes(t);

export const WHATSAPP_TYPE_LABELS: Record<WhatsappType, string> = {
  WPPM: 'Mensagem',
  WPPMM: 'Mensagem em massa (por canal)',
  WPPG: 'Grupo',
  WPPGM: 'Grupos em massa',
  WPPC: 'Canal',
};

/** Campaign status (§3 'WhatsApp campaign status'). */
export const WHATSAPP_STATUS = {
  CREATED: 'Cadastrada',
  WAITING: 'Aguardando',
  RUNNING: 'Executando',
  RESTING: 'Repousar',
  PAUSED: 'Pausada',
  COMPLETED: 'Finalizada',
} as const;
export type WhatsappStatus = keyof typeof WHATSAPP_STATUS;

/** Channel types and partners (§3 'Service channel'); META is the official WhatsApp Cloud API. */
export const CHANNEL_TYPES = ['WHATSAPP', 'EMAIL', 'SMS'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const CHANNEL_PARTNERS = [
  'RetailThink',
  'RetailThink_v2',
  'RetailThink_v3',
  'TWILIO',
  'GUPSHUP',
  'META',
] as const;
export type ChannelPartner = (typeof CHANNEL_PARTNERS)[number];

/** What each field of a channel holds, per partner (the settings form's help texts, README "WhatsApp"). */
export const PARTNER_FIELDS: Record<
  ChannelPartner,
  { user: string; key: string; token: string; password: string }
> = {
  RetailThink: {
    user: 'URL do Evolution API (v1)',
    key: 'Nome da instância',
    token: 'API key',
    password: 'Segredo do webhook',
  },
  RetailThink_v2: {
    user: 'URL do Evolution API (v2)',
    key: 'Nome da instância',
    token: 'API key',
    password: 'Segredo do webhook',
  },
  RetailThink_v3: {
    user: 'URL do WAHA',
    key: 'Nome da sessão',
    token: 'X-Api-Key',
    password: 'Chave HMAC do webhook',
  },
  TWILIO: { user: 'Account SID', key: 'Número remetente (+55…)', token: 'Auth token', password: '' },
  GUPSHUP: { user: 'Nome do app', key: 'Número remetente', token: 'API key', password: 'Segredo do webhook' },
  META: {
    user: 'Phone number ID',
    key: 'WhatsApp Business Account ID',
    token: 'Access token',
    password: 'App secret',
  },
};

/** §4: 'open' or 'WORKING' is connected. */
export const isConnectedStatus = (status: string): boolean => status === 'open' || status === 'WORKING';

export const WHATSAPP_MESSAGES = {
  connected: 'Já está conectado!',
  connectivity: 'Erro ao verificar conectividade !',
  frequency: 'Informe a frequência de execução',
  runOnPast: 'A data de envio não pode ser anterior a agora.',
  deadlineBefore: 'O prazo final não pode ser anterior ao agendamento.',
  tooBig: 'Arquivo muito grande!',
  saveError: 'Erro ao alterar a campanha :( ',
  created: 'Campanha cadastrada com sucesso',
  updated: 'Campanha alterada com sucesso',
  executedDelete: 'Campanha já executada não pode ser excluída.',
  channelSaved: 'Cadastrado com sucesso',
  channelChanged: 'Alterado',
  description: 'Informe a descrição da campanha',
  channel: 'Selecione o canal',
  group: 'Selecione ao menos um grupo',
  channels: 'Selecione ao menos um canal',
  message: 'Adicione ao menos uma mensagem',
} as const;

/** Media size limit (§9): 7,340,032 bytes. */
export const MEDIA_MAX_BYTES = 7_340_032;
/** Pause between bulk creations (§9). */
export const BULK_PAUSE_MS = 600;
/** Wait after starting a gateway session before fetching the QR code (§9). */
export const QR_WAIT_MS = 2_000;
/** Page size of the list (§9). */
export const WHATSAPP_PAGE_SIZE = 50;

/** A message of a campaign (§3 'WhatsApp flow item'). */
export interface FlowItem {
  key: string;
  /** T text, M media, L location, C contact, A start-attendance. */
  type: 'T' | 'M' | 'L' | 'C' | 'A';
  /** Text; media URL; 'latitude,longitude'; contact number; department or user id. */
  value: string;
  /** Caption (media), contact name, location title; media kind I/P/V; attendance kind D/U. */
  extra?: string;
  /** Media: I image, P PDF, V video. Attendance: D department, U person. */
  subtype?: 'I' | 'P' | 'V' | 'D' | 'U';
}

/**
 * Opt-in / opt-out keywords of an inbound message (README "WhatsApp"): the whole message, folded
 * (accents, case, punctuation and spaces around), must be one of them.
 */
export const OPT_OUT_KEYWORDS = ['SAIR', 'PARAR', 'STOP', 'CANCELAR', 'DESCADASTRAR', 'NAO QUERO'] as const;
export const OPT_IN_KEYWORDS = ['VOLTAR', 'ACEITO', 'QUERO', 'START', 'SIM QUERO'] as const;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether an inbound text is an opt-in or opt-out keyword. */
export function optKeyword(text: string): 'in' | 'out' | undefined {
  const folded = fold(text);
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(folded)) return 'out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(folded)) return 'in';
  return undefined;
}

/** Brazilian phone digits as WhatsApp addresses them: 55 + DDD + number. */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  return digits;
}

/**
 * The local phone forms a WhatsApp number may stand for (customers keep DDD + number): with and
 * without the country code and the ninth digit (WhatsApp still names some mobiles without it).
 */
export function localPhones(from: string): string[] {
  let digits = from.replace(/\D/g, '');
  if (digits.startsWith('55') && digits.length >= 12) digits = digits.slice(2);
  const forms = new Set([digits]);
  if (digits.length === 10) forms.add(`${digits.slice(0, 2)}9${digits.slice(2)}`);
  if (digits.length === 11 && digits[2] === '9') forms.add(`${digits.slice(0, 2)}${digits.slice(3)}`);
  return [...forms];
}

/** Per-channel pacing (README "WhatsApp"): safe defaults, overridable in the channel's extra_config. */
export interface Pacing {
  /** Random interval between two messages of a channel, seconds. */
  min_interval_s: number;
  max_interval_s: number;
  /** After this many messages the channel rests (RESTING) … */
  burst: number;
  /** … for this many seconds. */
  rest_s: number;
  /** At most this many campaign messages per channel per day (America/Sao_Paulo). */
  daily_cap: number;
}

export const DEFAULT_PACING: Pacing = {
  min_interval_s: 8,
  max_interval_s: 20,
  burst: 30,
  rest_s: 600,
  daily_cap: 1_000,
};

/** A channel's pacing: its extra_config's `pacing` over the defaults, within sane bounds. */
export function pacingOf(extraConfig: string | null | undefined): Pacing {
  let given: Partial<Pacing> = {};
  try {
    const parsed = JSON.parse(extraConfig || '{}') as { pacing?: Partial<Pacing> };
    given = parsed?.pacing ?? {};
  } catch {
    given = {};
  }
  const num = (v: unknown, fallback: number, min: number, max: number) =>
    typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
  const min = num(given.min_interval_s, DEFAULT_PACING.min_interval_s, 0, 3_600);
  return {
    min_interval_s: min,
    max_interval_s: Math.max(min, num(given.max_interval_s, DEFAULT_PACING.max_interval_s, 0, 3_600)),
    burst: num(given.burst, DEFAULT_PACING.burst, 1, 10_000),
    rest_s: num(given.rest_s, DEFAULT_PACING.rest_s, 0, 86_400),
    daily_cap: num(given.daily_cap, DEFAULT_PACING.daily_cap, 1, 1_000_000),
  };
}
