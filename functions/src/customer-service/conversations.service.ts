import { normalizeText } from '@freguesia/shared/domain/text';
import {
  ATTENDANCE_PAGE_SIZE,
  CUSTOMER_SERVICE_MESSAGES,
  type AttendanceList,
  type AttendanceListQuery,
  type AttendanceMessages,
  type AttendanceUpdateInput,
  type AttendanceUpdateResult,
  type AttendantList,
  type SendMessageInput,
  type SendMessageResult,
} from '@freguesia/shared/schemas/customer-service';
import { staffOf, type ServiceContext } from '../lib/context';
import { forbidden, invalid, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { listUsers } from '../settings/users.service';
import type { ReplyStatusChange } from '../whatsapp/inbound-changes.service';
import { channelIcons } from '../whatsapp/replies.service';
import { flushOutbox } from './bot.service';
import {
  attendanceOf,
  decodeCursor,
  detailOf,
  encodeCursor,
  messageOf,
  type Conversation,
} from './conversations.model';
import {
  customerServiceRepository,
  type ConversationItem,
  type DepartmentItem,
} from './customer-service.repository';
import { isServiceAdmin } from './departments.service';

/**
 * The inbox (spec part 3 §2 'Customer service', §7; write Attendances): open conversations as
 * cards, a conversation's messages, replies through the channel, and the update (responsible user,
 * department, Finalizar). Staff see the conversations of the departments they belong to; an
 * administrator (write Settings) sees every one, including those not yet in a department.
 *
 * The list reads the tenant's departments (one Query) and one Query per department shown on the
 * sparse index of open conversations, newest first (a department's first page: 2 requests, 3
 * with the channels' icons on a cold instance).
 */

const NOT_FOUND = 'Atendimento não encontrado.';
const STALE_ATTEMPTS = 8;

/** The channels' icons, kept a minute per tenant (they change rarely). */
const iconCache = new Map<string, { at: number; icons: Map<number, string> }>();
async function icons(ctx: ServiceContext): Promise<Map<number, string>> {
  const hit = iconCache.get(ctx.tenant);
  if (hit && Date.now() - hit.at < 60_000) return hit.icons;
  const fresh = await channelIcons(ctx);
  iconCache.set(ctx.tenant, { at: Date.now(), icons: fresh });
  return fresh;
}

interface Scope {
  admin: boolean;
  /** The departments the caller belongs to (staff). */
  mine: Set<number>;
  departments: DepartmentItem[];
  names: Map<number, string>;
}

async function scopeOf(ctx: ServiceContext): Promise<Scope> {
  const departments = await customerServiceRepository(ctx.tenant).departments();
  const staff = staffOf(ctx);
  const admin = !staff || isServiceAdmin(ctx);
  const mine = new Set(
    staff ? departments.filter((d) => (d.users ?? []).includes(staff.userId)).map((d) => d.id) : [],
  );
  return { admin, mine, departments, names: new Map(departments.map((d) => [d.id, d.name])) };
}

const sees = (scope: Scope, c: { id_department: number }) => scope.admin || scope.mine.has(c.id_department);

/** GET /web/customer-service/attendances?q&id_department&cursor. */
export async function listAttendances(
  ctx: ServiceContext,
  query: AttendanceListQuery,
): Promise<AttendanceList> {
  const scope = await scopeOf(ctx);
  const repo = customerServiceRepository(ctx.tenant);
  const before = decodeCursor(query.cursor);
  if (query.cursor && !before) throw invalid({ cursor: 'Cursor inválido.' });
  const search = query.q ? normalizeText(query.q) : undefined;
  const size = ATTENDANCE_PAGE_SIZE;
  let departments: Array<number | undefined>;
  if (query.id_department !== undefined) {
    if (!scope.admin && !scope.mine.has(query.id_department))
      throw forbidden('Você não faz parte deste setor.');
    departments = [query.id_department];
  } else departments = scope.admin ? [undefined] : [...scope.mine];
  const [pages, channelIconMap] = await Promise.all([
    Promise.all(departments.map((d) => repo.openPage(d, size + 1, before, search))),
    icons(ctx),
  ]);
  const merged = pages
    .flat()
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id));
  const page = merged.slice(0, size);
  const more = merged.length > size || pages.some((p) => p.length > size);
  return {
    data: page.map((c) => attendanceOf(c, scope.names, channelIconMap)),
    cursor: more && page.length > 0 ? encodeCursor(page[page.length - 1]!) : null,
  };
}

async function visibleConversation(
  ctx: ServiceContext,
  id: number,
): Promise<{ c: ConversationItem; scope: Scope }> {
  const [c, scope] = await Promise.all([
    customerServiceRepository(ctx.tenant).conversation(id),
    scopeOf(ctx),
  ]);
  if (!c) throw notFound(NOT_FOUND);
  if (!sees(scope, c)) throw forbidden('Você não faz parte do setor deste atendimento.');
  return { c, scope };
}

/** Messages shown by the modal (the newest 500). */
const MESSAGES_SHOWN = 500;

/** GET /web/customer-service/messages?id: the conversation's messages in order and the conversation. */
export async function attendanceMessages(ctx: ServiceContext, id: number): Promise<AttendanceMessages> {
  const { c, scope } = await visibleConversation(ctx, id);
  const [messages, channelIconMap] = await Promise.all([
    customerServiceRepository(ctx.tenant).messages(id),
    icons(ctx),
  ]);
  return {
    messages: messages.slice(-MESSAGES_SHOWN).map(messageOf),
    attendance: detailOf(c, scope.names, channelIconMap),
  };
}

/**
 * Saves a change of a conversation the caller sees, retried on a concurrent change (an inbound
 * message, the bot); `change` edits a copy and may refuse.
 */
async function change(
  ctx: ServiceContext,
  id: number,
  edit: (
    c: Conversation,
    scope: Scope,
  ) => { messages?: Parameters<ReturnType<typeof customerServiceRepository>['save']>[2]; closing?: boolean },
): Promise<Conversation> {
  const repo = customerServiceRepository(ctx.tenant);
  for (let attempt = 0; attempt < STALE_ATTEMPTS; attempt++) {
    const { c, scope } = await visibleConversation(ctx, id);
    if (!c.active) throw invalid({ id: 'Este atendimento já foi finalizado.' });
    const copy: Conversation = { ...c, seen: [...c.seen], outbox: [...c.outbox] };
    const { messages = [], closing = false } = edit(copy, scope);
    copy.updated_at = ctx.now().toISOString();
    if (await repo.save(copy, c.version, messages, closing)) return { ...copy, version: c.version + 1 };
  }
  throw invalid({ id: 'O atendimento está sendo alterado. Tente novamente.' });
}

/** POST /web/customer-service/message/send {id, text}: a staff reply through the conversation's channel. */
export async function sendReply(ctx: ServiceContext, input: SendMessageInput): Promise<SendMessageResult> {
  const staff = staffOf(ctx);
  let seq = 0;
  const saved = await change(ctx, input.id, (c) => {
    seq = c.next_seq++;
    // A human answering takes the conversation from the bot (and, when nobody had it, is responsible).
    c.bot = 'N';
    if (staff && c.id_user === 0) {
      c.id_user = staff.userId;
      c.shortname = staff.shortname;
    }
    c.outbox = [...c.outbox, seq];
    c.last_text = input.text.slice(0, 200);
    return {
      messages: [
        {
          id_conversation: c.id,
          seq,
          type: 'SENT',
          from: staff?.shortname || staff?.fullname || 'Atendente',
          text: input.text,
          item: JSON.stringify({ key: '1', type: 'T', value: input.text }),
          status: 'PENDING',
          created_at: ctx.now().toISOString(),
        },
      ],
    };
  });
  try {
    await flushOutbox(ctx, saved.id);
  } catch (error) {
    // The partner is unavailable for now: the message stays PENDING in the outbox, handed over
    // (with the same key) at the conversation's next flush.
    logger.warn('customer-service: reply kept for later', {
      tenant: ctx.tenant,
      conversation: saved.id,
      error,
    });
  }
  const stored = await customerServiceRepository(ctx.tenant).message(saved.id, seq);
  return { id: seq, message: messageOf(stored!) };
}

/** PUT /web/customer-service/attendance: {id, id_user} | {id, id_department} | {id, active:false}. */
export async function updateAttendance(
  ctx: ServiceContext,
  input: AttendanceUpdateInput,
): Promise<AttendanceUpdateResult> {
  let user: { id: number; shortname: string } | undefined;
  if (input.id_user !== undefined) {
    const users = await listUsers(ctx, { page: 1, per_page: 1000 });
    const found = users.data.find((u) => u.id === input.id_user && u.active === 'Y');
    if (!found) throw invalid({ id_user: 'Usuário não encontrado.' });
    user = { id: found.id, shortname: found.shortname || found.fullname };
  }
  const finishing = input.active === false;
  const saved = await change(ctx, input.id, (c, scope) => {
    if (user) {
      c.id_user = user.id;
      c.shortname = user.shortname;
      c.bot = 'N';
    }
    if (input.id_department !== undefined) {
      const department = scope.departments.find((d) => d.id === input.id_department);
      if (!department) throw invalid({ id_department: 'Setor não encontrado.' });
      c.id_department = department.id;
      c.bot = 'N';
    }
    if (finishing) {
      c.active = false;
      c.bot = 'N';
      c.finished_at = ctx.now().toISOString();
      return { closing: true };
    }
    return {};
  });
  const scope = await scopeOf(ctx);
  return {
    id: saved.id,
    message: finishing ? CUSTOMER_SERVICE_MESSAGES.finished : CUSTOMER_SERVICE_MESSAGES.changed,
    attendance: attendanceOf(saved, scope.names, await icons(ctx)),
  };
}

/** GET /web/customer-service/attendants: the active users (reassign the responsible user). */
export async function listAttendants(ctx: ServiceContext): Promise<AttendantList> {
  const staff = staffOf(ctx);
  if (
    staff &&
    !staff.abilities.some(
      (a) =>
        (a.subject === 'Attendances' && a.action === 'write') ||
        (a.subject === 'Settings' && a.action !== 'filter_sellers'),
    )
  )
    throw forbidden();
  const users = await listUsers(ctx, { page: 1, per_page: 1000 });
  return {
    data: users.data
      .filter((u) => u.active === 'Y')
      .map((u) => ({ id: u.id, shortname: u.shortname, fullname: u.fullname })),
  };
}

/** Partners' statuses of sent messages (statuses.stream.ts): the message's status moves forward. */
export async function recordMessageStatuses(
  ctx: ServiceContext,
  changes: ReplyStatusChange[],
): Promise<void> {
  const repo = customerServiceRepository(ctx.tenant);
  const rank: Record<string, number> = { PENDING: 0, SENT: 1, DELIVERED: 2, READ: 3, FAILED: 4 };
  for (const change of changes) {
    const [conversation, seq] = change.reference.split(':').map(Number);
    if (!conversation || !seq) continue;
    const m = await repo.message(conversation, seq);
    if (!m || m.type === 'RECEIVED') continue;
    if ((rank[change.status] ?? 0) <= (rank[m.status] ?? 0)) continue;
    await repo.markMessage(conversation, seq, { status: change.status, partner_id: change.partnerId });
  }
}
