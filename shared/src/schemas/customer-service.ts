import * as z from '../domain/zod-pt';
import type { FlowError } from '../domain/bot-flow';

export * from '../domain/bot-flow';

/**
 * Customer service on the wire (spec part 3 §3 'Conversation', 'Service channel' departments,
 * §7 'Customer service'; issue 24): the inbox, a conversation's messages, replies, the
 * conversation update, departments and the channel's bot flow. Paths (all under /api):
 *
 * - GET  /web/customer-service/attendances?q&id_department&cursor → AttendanceList
 * - GET  /web/customer-service/messages?id → AttendanceMessages
 * - POST /web/customer-service/message/send {id, text} → SendMessageResult
 * - PUT  /web/customer-service/attendance {id, id_user} | {id, id_department} | {id, active:false}
 *        → AttendanceUpdateResult (the spec's "path not shown")
 * - GET  /web/customer-service/attendants → AttendantList (users for "reassign")
 * - GET  /web/customer-service/departments → DepartmentList
 * - GET  /web/customer-service/department?id → Department
 * - POST /web/customer-service/department/new DepartmentInput → SaveResult ('Cadastrado com sucesso')
 * - PUT  /web/customer-service/department DepartmentInput + id → SaveResult ('Alterado');
 *        also PUT /web/customer-service/message/send with the department's fields (§7, "noted as odd")
 * - DELETE /web/customer-service/department?id → SaveResult
 * - GET  /web/customer-service/channel/flow?id → ChannelFlow
 * - PUT  /web/customer-service/channel/flow {id_channel, flow} → FlowSaveResult; a flow that does
 *        not pass validateFlow answers 400 {message, flow_errors: FlowError[]}
 */

export const CUSTOMER_SERVICE_MESSAGES = {
  changed: 'Atendimento alterado',
  finished: 'Atendimento finalizado',
  empty: 'Nenhum atendimento encontrado',
  flowSaved: 'Fluxo alterado com sucesso',
  saved: 'Alterado',
  created: 'Cadastrado com sucesso',
  removed: 'Removido com sucesso',
} as const;

/** The inbox's page size. */
export const ATTENDANCE_PAGE_SIZE = 50;
/** The conversation modal's refresh (§9). */
export const CHAT_REFRESH_MS = 5_000;
/** The chat panel's height (§9). */
export const CHAT_PANEL_HEIGHT = 500;

const id = z.coerce
  .number({ error: 'Informe o id.' })
  .int('Id inválido.')
  .positive('Id inválido.')
  .max(Number.MAX_SAFE_INTEGER, 'Id inválido.');
const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, `Máximo de ${max} caracteres.`),
  );
const activeFlag = z.preprocess(
  (v) =>
    v === undefined || v === null
      ? true
      : v === true || v === 'true' || v === 1 || v === '1' || v === 'Y' || v === 'S'
        ? true
        : v === false || v === 'false' || v === 0 || v === '0' || v === 'N'
          ? false
          : v,
  z.boolean({ error: 'Ativo deve ser verdadeiro ou falso.' }),
);

// ---------------------------------------------------------------------------------------------
// Conversations (attendances)

export const AttendanceListQuery = z.object({
  q: text(100).optional(),
  /** Only this department's conversations (the inbox's button group); absent: every one the user sees. */
  id_department: z.coerce.number().int().min(0).max(999_999).optional(),
  /** The next page (from the previous answer). */
  cursor: z.string().max(2_000).optional(),
});
export type AttendanceListQuery = z.output<typeof AttendanceListQuery>;

/** A conversation's card (§3 'Conversation'). `id` is the protocol. */
export interface Attendance {
  id: number;
  id_channel: number;
  id_department: number;
  /** The responsible user (0: nobody yet — the bot or the department's queue). */
  id_user: number;
  /** The channel's icon. */
  icon: string;
  /** The customer's phone (digits). */
  from: string;
  /** The customer's name ('' when unknown). */
  name: string;
  updated_at: string;
  /** The department's name ('' when none). */
  department: string;
  /** The responsible user's short name ('' when none). */
  shortname: string;
  active: boolean;
  /** The bot is still handling it (no human has taken it). */
  bot: boolean;
  /** The last message's text (first 200 characters). */
  last_text: string;
}

export interface AttendanceList {
  data: Attendance[];
  /** The next page's cursor, null at the end. */
  cursor: string | null;
}

/** A conversation as the modal shows it. */
export interface AttendanceDetail extends Attendance {
  id_customer: number;
  context: { variables: Record<string, string> };
}

export const MESSAGE_TYPES = ['RECEIVED', 'SENT', 'BOT'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** PENDING until the partner accepted it; then the partner's statuses. */
export const MESSAGE_STATUSES = ['PENDING', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'RECEIVED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message of a conversation (§3): RECEIVED (the customer's, shown right), SENT (staff), BOT. */
export interface AttendanceMessage {
  id: number;
  type: MessageType;
  /** The customer's phone for RECEIVED; the user's short name for SENT; 'Bot' for BOT. */
  from: string;
  created_at: string;
  text: string;
  media_url?: string;
  status: MessageStatus;
}

export const AttendanceMessagesQuery = z.object({ id });
export type AttendanceMessagesQuery = z.output<typeof AttendanceMessagesQuery>;

export interface AttendanceMessages {
  messages: AttendanceMessage[];
  attendance: AttendanceDetail;
}

export const SendMessageInput = z.object({
  id,
  text: text(4_096).pipe(z.string().min(1, 'Digite a mensagem.')),
});
export type SendMessageInput = z.output<typeof SendMessageInput>;

export interface SendMessageResult {
  id: number;
  message: AttendanceMessage;
}

/** The conversation update: exactly one of id_user, id_department, active:false. */
export const AttendanceUpdateInput = z
  .object({
    id,
    id_user: z.coerce.number().int().positive('Usuário inválido.').optional(),
    id_department: z.coerce.number().int().positive('Setor inválido.').optional(),
    active: z
      .preprocess(
        (v) => (v === 'false' || v === 0 || v === 'N' ? false : v),
        z.literal(false, { error: 'Use active: false para finalizar.' }),
      )
      .optional(),
  })
  .refine((v) => [v.id_user, v.id_department, v.active].filter((x) => x !== undefined).length === 1, {
    message: 'Informe o usuário, o setor ou active: false.',
    path: ['id'],
  });
export type AttendanceUpdateInput = z.output<typeof AttendanceUpdateInput>;

export interface AttendanceUpdateResult {
  id: number;
  message: string;
  attendance: Attendance;
}

export interface Attendant {
  id: number;
  shortname: string;
  fullname: string;
}
export interface AttendantList {
  data: Attendant[];
}

// ---------------------------------------------------------------------------------------------
// Departments (§3 'Service channel': id, name, id_channel, active, users)

export const DepartmentInput = z.object({
  id: z.coerce.number().int().positive().max(999_999).optional(),
  name: text(100).pipe(z.string().min(1, 'Informe o nome do setor.')),
  id_channel: z.coerce.number({ error: 'Informe o canal.' }).int().min(0, 'Canal inválido.').max(999_999),
  active: activeFlag,
  users: z
    .preprocess(
      (v) => (v === undefined || v === null ? [] : v),
      z.array(z.coerce.number().int().positive('Usuário inválido.')).max(500, 'Máximo de 500 usuários.'),
    )
    .transform((u) => [...new Set(u)]),
});
export type DepartmentInput = z.output<typeof DepartmentInput>;

export const DepartmentIdQuery = z.object({ id });

export interface Department {
  id: number;
  name: string;
  id_channel: number;
  active: boolean;
  users: number[];
  updated_at: string;
}
export interface DepartmentList {
  data: Department[];
}
export interface SaveResult {
  id: number;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// The channel's bot flow

export const ChannelFlowQuery = z.object({ id });

export interface ChannelFlow {
  id_channel: number;
  /** The flow graph as JSON text (bot-flow.ts FlowGraph). */
  flow: string;
  updated_at: string | null;
}

export const ChannelFlowInput = z.object({
  id_channel: id,
  flow: z
    .preprocess((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v), z.string())
    .pipe(z.string().max(400_000, 'Fluxo muito grande.')),
});
export type ChannelFlowInput = z.output<typeof ChannelFlowInput>;

export interface FlowSaveResult {
  id_channel: number;
  message: string;
}

/** The 400 answer of a flow that does not pass the check. */
export interface FlowRejected {
  message: string;
  flow_errors: FlowError[];
}
