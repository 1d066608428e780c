import type { FlowItem } from '@freguesia/shared/domain/whatsapp';
import { normalizeText } from '@freguesia/shared/domain/text';
import type {
  Attendance,
  AttendanceDetail,
  AttendanceMessage,
  MessageStatus,
  MessageType,
} from '@freguesia/shared/schemas/customer-service';
import type { BotAction, BotState } from './bot-engine.model';
import type { ConversationItem, MessageItem } from './customer-service.repository';

/** Pure helpers of conversations: their answers, variables, search text and outgoing items. */

export type Conversation = Omit<ConversationItem, 'tenant'>;
export type StoredMessage = Omit<MessageItem, 'tenant'>;

/** Inbound partner ids kept on a conversation (idempotency per inbound message). */
export const SEEN_KEPT = 50;

export const variablesOf = (c: Conversation): Record<string, string> => {
  try {
    const parsed = JSON.parse(c.variables) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, string>)
      : {};
  } catch {
    return {};
  }
};

export const botStateOf = (c: Conversation): BotState => {
  try {
    return (JSON.parse(c.bot_state) as BotState) ?? {};
  } catch {
    return {};
  }
};

export const searchText = (name: string, phone: string): string => normalizeText(`${name} ${phone}`);

export function attendanceOf(
  c: Conversation,
  departments: Map<number, string>,
  icons: Map<number, string>,
): Attendance {
  return {
    id: c.id,
    id_channel: c.id_channel,
    id_department: c.id_department,
    id_user: c.id_user,
    icon: icons.get(c.id_channel) ?? '',
    from: c.phone,
    name: c.name,
    updated_at: c.updated_at,
    department: departments.get(c.id_department) ?? '',
    shortname: c.shortname,
    active: c.active,
    bot: c.bot === 'Y',
    last_text: c.last_text,
  };
}

export const detailOf = (
  c: Conversation,
  departments: Map<number, string>,
  icons: Map<number, string>,
): AttendanceDetail => ({
  ...attendanceOf(c, departments, icons),
  id_customer: c.id_customer,
  context: { variables: variablesOf(c) },
});

export const messageOf = (m: StoredMessage): AttendanceMessage => ({
  id: m.seq,
  type: m.type as MessageType,
  from: m.from,
  created_at: m.created_at,
  text: m.text,
  ...(m.media_url ? { media_url: m.media_url } : {}),
  status: m.status as MessageStatus,
});

/** What the channel sends for a bot action, and the text the conversation shows for it. */
export function outgoingOf(
  action: BotAction,
): { item: FlowItem; text: string; media_url?: string } | undefined {
  switch (action.kind) {
    case 'text':
      return action.text
        ? { item: { key: '1', type: 'T', value: action.text }, text: action.text }
        : undefined;
    case 'media':
      return {
        item: {
          key: '1',
          type: 'M',
          value: action.url,
          extra: action.caption,
          subtype: action.media === 'document' ? 'P' : 'I',
        },
        text: action.caption,
        media_url: action.url,
      };
    case 'contact':
      return {
        item: { key: '1', type: 'C', value: action.number, extra: action.name },
        text: `Contato: ${action.name} ${action.number}`.trim(),
      };
    default:
      return undefined;
  }
}

/** The cursor of the inbox: the last card's (updated_at, id). */
export const encodeCursor = (c: { updated_at: string; id: number }): string =>
  Buffer.from(JSON.stringify({ u: c.updated_at, i: c.id })).toString('base64url');
export function decodeCursor(cursor: string | undefined): { updated_at: string; id: number } | undefined {
  if (!cursor) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { u?: unknown; i?: unknown };
    if (typeof v.u === 'string' && typeof v.i === 'number' && Number.isSafeInteger(v.i))
      return { updated_at: v.u, id: v.i };
  } catch {
    // answered below
  }
  return undefined;
}
