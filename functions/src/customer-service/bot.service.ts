import { createHash, randomUUID } from 'node:crypto';
import type { FlowGraph } from '@freguesia/shared/domain/bot-flow';
import { customerContacts, setWhatsappOptout } from '../customers/customers.service';
import { resumed, stalled, sweepOptions, unwatchWork, watchWork, watchedWork } from '../lib/async/in-flight';
import { systemContext, type ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { safeFetch } from '../lib/net/safe-fetch';
import { schedulerPort } from '../lib/ports/scheduler';
import type { StoredInbound } from '../whatsapp/inbound-changes.service';
import { sendChannelMessage } from '../whatsapp/replies.service';
import {
  BotEngine,
  type BotEvent,
  type BotPorts,
  type BotResult,
  type RequestCall,
} from './bot-engine.model';
import type { BotTimerMessage } from './bot.schema';
import {
  SEEN_KEPT,
  botStateOf,
  outgoingOf,
  searchText,
  variablesOf,
  type Conversation,
  type StoredMessage,
} from './conversations.model';
import { OUTBOX_WORK, customerServiceRepository } from './customer-service.repository';
import { runnableFlow } from './departments.service';
import { runScript } from './sandbox.service';

/**
 * The conversations' runtime (issue 24 items 1 and 5): inbound messages of every channel open or
 * continue the contact's one open conversation; the bot (bot-engine.model.ts) answers while no human
 * has it; its timers come back through the `customer-service-bot` queue.
 *
 * Every event is applied by one versioned save of the conversation with its new messages: the
 * customer's message, the bot's answers (PENDING, in the conversation's outbox) and the bot's state
 * together, so a crash before it changes nothing and a redelivery after it finds the inbound id in
 * `seen` and only finishes the outbox. The outbox is handed to the channel with one idempotency key
 * per message (`cs:{tenant}:{conversation}:{seq}`), so a message is sent once even when a flush is
 * repeated; partners' statuses come back through the whatsapp domain's reply records
 * (statuses.stream.ts). Request and Javascript nodes run before the save: a crash in between runs
 * them again for the redelivered message.
 */

/** The queue of the bot's timers. */
export const BOT_QUEUE = 'customer-service-bot';
/** Attempts of a save that lost a race with another writer of the conversation. */
const SAVE_ATTEMPTS = 8;

/** Limits of a Request node's call (the safe agent refuses private addresses on top). */
export const REQUEST_LIMITS: {
  timeoutMs: number;
  maxBytes: number;
  /** The resolver (tests only; default: the system's). */
  resolve?: (host: string) => Promise<string[]>;
} = { timeoutMs: 5_000, maxBytes: 256 * 1024 };

/** The ports the engine uses in production; tests replace them. */
export const botRuntime = {
  token: (): string => randomUUID().slice(0, 12),
  async request(call: RequestCall): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9' };
    if (call.authorization) headers.authorization = call.authorization;
    const hasBody = call.body && call.method !== 'GET' && call.method !== 'DELETE';
    if (hasBody) headers['content-type'] = /^\s*[[{]/.test(call.body) ? 'application/json' : 'text/plain';
    const answer = await safeFetch(call.url, {
      method: call.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
      headers,
      ...(hasBody ? { body: call.body } : {}),
      timeoutMs: REQUEST_LIMITS.timeoutMs,
      maxBytes: REQUEST_LIMITS.maxBytes,
      ...(REQUEST_LIMITS.resolve ? { resolve: REQUEST_LIMITS.resolve } : {}),
    });
    return { status: answer.status, body: answer.text() };
  },
  javascript: (code: string, variables: Record<string, string>) => runScript(code, variables),
};

function portsOf(ctx: ServiceContext): BotPorts {
  return {
    now: () => ctx.now().getTime(),
    token: () => botRuntime.token(),
    request: (call) => botRuntime.request(call),
    javascript: (code, variables) => botRuntime.javascript(code, variables),
  };
}

const engines = new WeakMap<FlowGraph, BotEngine>();
const engineOf = (flow: FlowGraph) => {
  let engine = engines.get(flow);
  if (!engine) engines.set(flow, (engine = new BotEngine(flow)));
  return engine;
};

/** The schedule of a bot timer (EventBridge names: ≤ 64 characters). */
export const timerName = (tenant: string, id: number, token: string) =>
  `cs-bot-${createHash('sha256').update(`${tenant}:${id}:${token}`).digest('hex').slice(0, 32)}`;

interface Pending {
  conversation: Conversation;
  messages: StoredMessage[];
  closing: boolean;
  consent?: boolean;
  timers: Array<{ at: number; token: string }>;
}

/** Applies a bot result to a conversation: its messages into the outbox, transfer, end, state. */
function applyResult(ctx: ServiceContext, p: Pending, result: BotResult): void {
  const c = p.conversation;
  const now = ctx.now().toISOString();
  c.bot_state = JSON.stringify(result.state);
  c.variables = JSON.stringify(result.variables);
  for (const action of result.actions) {
    const out = outgoingOf(action);
    if (out) {
      const seq = c.next_seq++;
      p.messages.push({
        id_conversation: c.id,
        seq,
        type: 'BOT',
        from: 'Bot',
        text: out.text,
        item: JSON.stringify(out.item),
        ...(out.media_url ? { media_url: out.media_url } : {}),
        status: 'PENDING',
        created_at: now,
      });
      c.outbox = [...c.outbox, seq];
      c.last_text = out.text.slice(0, 200);
      continue;
    }
    switch (action.kind) {
      case 'transfer':
        if (action.department > 0) c.id_department = action.department;
        c.bot = 'N';
        c.id_user = 0;
        c.shortname = '';
        break;
      case 'end':
        c.active = false;
        c.bot = 'N';
        c.finished_at = now;
        p.closing = true;
        break;
      case 'consent':
        p.consent = action.optout;
        break;
      case 'timer':
        p.timers.push({ at: action.at, token: action.token });
        break;
      default:
        break;
    }
  }
  if (result.state.phase === 'done' && c.bot === 'Y') c.bot = 'N';
}

/** After a save: consent, timers, then the outbox. */
async function afterSave(ctx: ServiceContext, p: Pending): Promise<void> {
  const c = p.conversation;
  if (p.consent !== undefined && c.id_customer > 0)
    await setWhatsappOptout(ctx, c.id_customer, p.consent ? 'Y' : 'N');
  if (p.timers.length > 0) {
    const scheduler = await schedulerPort();
    for (const t of p.timers)
      await scheduler.once(timerName(ctx.tenant, c.id, t.token), new Date(t.at), {
        queue: BOT_QUEUE,
        payload: { tenant: ctx.tenant, id: c.id, token: t.token } satisfies BotTimerMessage,
      });
  }
  if (c.outbox.length > 0) await flushOutbox(ctx, c.id);
}

/**
 * Hands a conversation's outbox to its channel, in order, once per message (the idempotency key),
 * marks each message, and empties the outbox. A transient failure of the partner throws (the
 * caller's event is redelivered and the flush repeated); any other failure marks the message FAILED.
 */
export async function flushOutbox(ctx: ServiceContext, id: number): Promise<void> {
  const repo = customerServiceRepository(ctx.tenant);
  let c = await repo.conversation(id);
  if (!c || c.outbox.length === 0) return;
  const done = new Set<number>();
  let transient: string | undefined;
  for (const seq of [...c.outbox].sort((a, b) => a - b)) {
    const m = await repo.message(id, seq);
    if (!m || m.status !== 'PENDING') {
      done.add(seq);
      continue;
    }
    let item: unknown;
    try {
      item = JSON.parse(m.item ?? '');
    } catch {
      item = { key: '1', type: 'T', value: m.text };
    }
    const sent = await sendChannelMessage(ctx, {
      channel: c.id_channel,
      to: c.phone,
      item: item as Parameters<typeof sendChannelMessage>[1]['item'],
      idempotencyKey: `cs:${ctx.tenant}:${id}:${seq}`,
      reference: `${id}:${seq}`,
    });
    if (sent.ok) {
      await repo.markMessage(id, seq, { status: 'SENT', partner_id: sent.id }, 'PENDING');
      done.add(seq);
    } else if (sent.transient) {
      transient = sent.error;
      break;
    } else {
      await repo.markMessage(id, seq, { status: 'FAILED', error: sent.error.slice(0, 300) }, 'PENDING');
      done.add(seq);
      logger.warn('customer-service: message not sent', {
        tenant: ctx.tenant,
        conversation: id,
        seq,
        error: sent.error,
      });
    }
  }
  for (let attempt = 0; attempt < SAVE_ATTEMPTS && c; attempt++) {
    const outbox = c.outbox.filter((s) => !done.has(s));
    if (outbox.length === c.outbox.length) break;
    if (await repo.save({ ...c, outbox }, c.version)) break;
    c = await repo.conversation(id);
  }
  if (transient) throw new Error(`customer-service: channel unavailable (${transient})`);
}

/** The department a new conversation of a channel starts in: the channel's first active one (0: none). */
async function firstDepartment(ctx: ServiceContext, channel: number): Promise<number> {
  const departments = await customerServiceRepository(ctx.tenant).departments();
  const mine = departments.filter((d) => d.active && d.id_channel === channel).sort((a, b) => a.id - b.id);
  return mine[0]?.id ?? 0;
}

/** Applies one inbound message (see the module's comment). */
export async function applyInbound(ctx: ServiceContext, m: StoredInbound): Promise<number> {
  const repo = customerServiceRepository(ctx.tenant);
  const contact = m.customer > 0 ? `c${m.customer}` : `p${m.from}`;
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const openId = await repo.openConversationId(m.channel, contact);
    const existing = openId ? await repo.conversation(openId) : undefined;
    if (existing && !existing.active) {
      // A marker left by a conversation that ended as it opened: it frees the contact.
      await repo.removeOpenMarker(m.channel, contact, existing.id);
      continue;
    }
    const isNew = !existing;
    if (existing && existing.seen.includes(m.messageId)) {
      if (existing.outbox.length > 0) await flushOutbox(ctx, existing.id);
      return existing.id;
    }
    const now = ctx.now().toISOString();
    let c: Conversation;
    if (isNew) {
      const name = m.customer > 0 ? ((await customerContacts(ctx, [m.customer]))[0]?.fullname ?? '') : '';
      c = {
        id: await repo.nextConversationId(),
        id_channel: m.channel,
        contact,
        phone: m.from,
        name,
        id_customer: m.customer,
        id_department: await firstDepartment(ctx, m.channel),
        id_user: 0,
        shortname: '',
        active: true,
        bot: 'Y',
        bot_state: '{}',
        variables: JSON.stringify({ nome: name, telefone: m.from }),
        next_seq: 1,
        seen: [],
        outbox: [],
        last_text: '',
        search: searchText(name, m.from),
        created_at: now,
        updated_at: now,
        version: 0,
      };
    } else {
      c = { ...existing, seen: [...existing.seen], outbox: [...existing.outbox] };
    }
    const version = c.version;
    const p: Pending = { conversation: c, messages: [], closing: false, timers: [] };
    p.messages.push({
      id_conversation: c.id,
      seq: c.next_seq++,
      type: 'RECEIVED',
      from: m.from,
      text: m.text,
      ...(m.mediaUrl ? { media_url: m.mediaUrl } : {}),
      status: 'RECEIVED',
      created_at: m.at || now,
    });
    c.seen = [...c.seen, m.messageId].slice(-SEEN_KEPT);
    c.last_text = (m.text || (m.mediaUrl ? '[mídia]' : '')).slice(0, 200);
    c.updated_at = now;
    if (c.bot === 'Y') {
      const flow = await runnableFlow(ctx, c.id_channel);
      if (flow) await runBot(ctx, p, flow, { kind: 'message', text: m.text });
      else c.bot = 'N';
    }
    const saved = isNew ? await repo.open(c, p.messages) : await repo.save(c, version, p.messages, p.closing);
    if (!saved) continue;
    if (isNew && p.closing) await repo.save(c, c.version, [], true);
    await afterSave(ctx, p);
    return c.id;
  }
  throw new Error(`customer-service: conversation of ${contact} kept changing`);
}

async function runBot(ctx: ServiceContext, p: Pending, flow: FlowGraph, event: BotEvent): Promise<void> {
  const c = p.conversation;
  const result = await engineOf(flow).handle(botStateOf(c), variablesOf(c), event, portsOf(ctx));
  applyResult(ctx, p, result);
}

/** The stream processor's entry: a tenant's inbound messages in stream order. */
export async function receiveInbound(ctx: ServiceContext, messages: StoredInbound[]): Promise<void> {
  for (const m of messages) await applyInbound(ctx, m);
}

/** A bot timer is due (the `customer-service-bot` queue): resumes the flow if still waiting on it. */
export async function resumeTimer(ctx: ServiceContext, message: BotTimerMessage): Promise<void> {
  const repo = customerServiceRepository(ctx.tenant);
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const existing = await repo.conversation(message.id);
    if (!existing || !existing.active || existing.bot !== 'Y') return;
    const state = botStateOf(existing);
    if (state.phase !== 'timer' || state.token !== message.token) {
      if (existing.outbox.length > 0) await flushOutbox(ctx, existing.id);
      return;
    }
    const flow = await runnableFlow(ctx, existing.id_channel);
    if (!flow) return;
    const c: Conversation = { ...existing, seen: [...existing.seen], outbox: [...existing.outbox] };
    const version = c.version;
    const p: Pending = { conversation: c, messages: [], closing: false, timers: [] };
    await runBot(ctx, p, flow, { kind: 'timer', token: message.token });
    c.updated_at = ctx.now().toISOString();
    if (!(await repo.save(c, version, p.messages, p.closing))) continue;
    await afterSave(ctx, { ...p, conversation: { ...c, version: version + 1 } });
    return;
  }
}

/**
 * The outbox sweep (the `customer-service-bot` queue's `{kind:'sweep'}`, every few minutes; in AWS
 * an EventBridge schedule, locally a timer): a conversation is registered in flight whenever it is
 * saved with messages in its outbox (in the same transaction). One whose outbox has emptied leaves
 * the registry; one whose outbox has not moved for the lease — the process died between the save and
 * the hand-over, or the partner was down and nothing happened in the conversation since — is
 * flushed again with the same idempotency keys (sent once). Answers the outboxes flushed.
 */
export async function sweepOutboxes(now = Date.now(), leaseMs = sweepOptions.leaseMs): Promise<number> {
  let count = 0;
  for (const work of await watchedWork(OUTBOX_WORK)) {
    const id = Number(work.ref);
    const ctx = systemContext(work.owner, 'customer-service-sweep');
    const repo = customerServiceRepository(work.owner);
    try {
      const c = await repo.conversation(id);
      if (!c || c.outbox.length === 0) {
        await unwatchWork(work);
        // A reply saved meanwhile registered the conversation again before this delete: put it back.
        const again = await repo.conversation(id);
        if (again && again.outbox.length > 0) await watchWork(OUTBOX_WORK, work.owner, work.ref);
        continue;
      }
      if (!(await stalled(work, `${c.version}:${c.outbox.join(',')}`, now, leaseMs))) continue;
      try {
        await flushOutbox(ctx, id);
      } catch (error) {
        // Still unavailable: tried again a lease later.
        logger.warn('customer-service: sweep could not hand over an outbox', {
          tenant: work.owner,
          conversation: id,
          error,
        });
      }
      await resumed(work, now);
      count++;
    } catch (error) {
      logger.error('customer-service: sweep could not look at a conversation', {
        tenant: work.owner,
        conversation: id,
        error,
      });
    }
  }
  return count;
}
