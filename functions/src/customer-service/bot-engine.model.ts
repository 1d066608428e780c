import {
  NODE_DATA,
  buttonOptions,
  compilePattern,
  requestVariables,
  type FlowGraph,
  type FlowNode,
  type NodeKind,
} from '@freguesia/shared/domain/bot-flow';
import { normalizeText } from '@freguesia/shared/domain/text';

/**
 * The bot's interpreter (issue 24 item 5): a state machine per conversation over the channel's
 * flow graph (shared/domain/bot-flow.ts). No I/O of its own: messages, consent, transfers and
 * timers come out as actions the runtime (bot.service.ts) applies, and the two nodes that reach
 * outside — Request and Javascript — call the ports it is given. One call handles one event:
 * an inbound message or a due timer; its result (state, variables, actions) is saved at once
 * with the messages, so a crash replays the event (idempotent per inbound message).
 */

export type BotPhase = 'await' | 'timer' | 'done';

/** Where the bot stands in a conversation (absent phase: not started). */
export interface BotState {
  /** The node being waited on ('await': its answer; 'timer': its wait). */
  at?: string;
  phase?: BotPhase;
  /** When the timer is due (epoch ms). */
  due?: number;
  /** The timer's token: only the firing with this token resumes (older timers are stale). */
  token?: string;
  /** Times the current node asked again after an answer that did not match. */
  tries?: number;
}

export type BotAction =
  | { kind: 'text'; text: string }
  | { kind: 'media'; url: string; media: 'image' | 'document'; caption: string }
  | { kind: 'contact'; name: string; number: string }
  | { kind: 'transfer'; department: number }
  | { kind: 'end' }
  | { kind: 'consent'; optout: boolean }
  | { kind: 'timer'; at: number; token: string };

export type BotEvent = { kind: 'message'; text: string } | { kind: 'timer'; token: string };

export interface RequestCall {
  method: string;
  url: string;
  authorization: string;
  body: string;
}
export interface BotPorts {
  now(): number;
  /** A Request node's call (the safe agent); throws on a refused address, timeout or size. */
  request(call: RequestCall): Promise<{ status: number; body: string }>;
  /** A Javascript node's run in the sandbox; throws on a limit or an error of the script. */
  javascript(
    code: string,
    variables: Record<string, string>,
  ): Promise<{ variables: Record<string, string>; result: string }>;
  /** A fresh timer token. */
  token(): string;
}

export interface BotResult {
  state: BotState;
  variables: Record<string, string>;
  actions: BotAction[];
}

/** Most nodes one event runs (a loop in the graph without waits stops here). */
export const MAX_STEPS_PER_EVENT = 50;
/** Times a node asks again for an answer that does not match before the bot gives up. */
export const MAX_TRIES = 3;

type Data = Record<string, unknown> & {
  step: string;
  wait: number;
  savevariable: boolean;
  variablename: string;
  pattern: string;
};

const dataOf = (node: FlowNode): Data => {
  const schema = NODE_DATA[node.type as NodeKind];
  const parsed = schema?.safeParse(node.data);
  return (
    parsed?.success ? parsed.data : { step: '', wait: 0, savevariable: false, variablename: '', pattern: '' }
  ) as Data;
};

/** `{{name}}` → the variable's value ('' when unset). */
export const render = (text: string, variables: Record<string, string>): string =>
  text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_, name: string) => variables[name] ?? '');

/** SendButtons as text (every partner shows it): header, body, numbered options, footer. */
export function buttonsText(d: Record<string, unknown>, v: Record<string, string>): string {
  const lines = [render(String(d.header ?? ''), v), render(String(d.body ?? ''), v)].filter(Boolean);
  buttonOptions(String(d.options ?? '')).forEach((o, i) => lines.push(`${i + 1} - ${render(o, v)}`));
  const footer = render(String(d.footer ?? ''), v);
  if (footer) lines.push(footer);
  return lines.join('\n');
}

/** A dotted path into a JSON value (`items.0.name`), as a string ('' when absent). */
export function pick(value: unknown, path: string): string {
  let at: unknown = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (at === null || typeof at !== 'object') return '';
    at = (at as Record<string, unknown>)[part];
  }
  if (at === undefined || at === null) return '';
  return typeof at === 'object' ? JSON.stringify(at) : String(at);
}

const LIMIT_VALUE = 4_000;
const clip = (s: string) => (s.length > LIMIT_VALUE ? s.slice(0, LIMIT_VALUE) : s);

export class BotEngine {
  private readonly byId = new Map<string, FlowNode>();
  private readonly start: FlowNode | undefined;

  constructor(private readonly flow: FlowGraph) {
    for (const node of flow.nodes) this.byId.set(node.id, node);
    this.start = flow.nodes.find((n) => n.type === 'Start');
  }

  /** The node an edge from `node` leads to for `handle` (undefined handle: the plain edge). */
  private next(node: string, handle?: string): string | undefined {
    const edges = this.flow.edges.filter((e) => e.source === node);
    if (handle !== undefined) return edges.find((e) => e.sourceHandle === handle)?.target;
    return edges.find((e) => !e.sourceHandle || e.sourceHandle === 'next')?.target;
  }

  /** Handles one event. `variables` are the conversation's (not changed in place). */
  async handle(
    stateIn: BotState,
    variablesIn: Record<string, string>,
    event: BotEvent,
    ports: BotPorts,
  ): Promise<BotResult> {
    const variables = { ...variablesIn };
    const actions: BotAction[] = [];
    const out = (state: BotState): BotResult => ({ state, variables, actions });
    if (!this.start) return out({ phase: 'done' });
    const state = { ...stateIn };

    if (event.kind === 'timer') {
      if (state.phase !== 'timer' || state.token !== event.token || !state.at) return out(stateIn);
      return this.run(state.at, true, variables, actions, ports, undefined);
    }

    const text = event.text.trim();
    variables.ultima_mensagem = clip(text);
    const restart = String(this.start.data.restart ?? '').trim();
    if (restart && normalizeText(text) === normalizeText(restart))
      return this.run(this.start.id, false, variables, actions, ports, text);
    if (!state.phase) return this.run(this.start.id, false, variables, actions, ports, text);
    if (state.phase === 'done' || state.phase === 'timer' || !state.at) return out(stateIn);

    // An answer to the node waiting for it.
    const node = this.byId.get(state.at);
    if (!node) return out({ phase: 'done' });
    const d = dataOf(node);
    let handle: string | undefined;
    if (node.type === 'SendButtons') {
      const options = buttonOptions(String(d.options ?? ''));
      const n = normalizeText(text);
      const index = options.findIndex((o, i) => normalizeText(o) === n || String(i + 1) === n);
      if (index >= 0 && this.next(node.id, String(index))) handle = String(index);
      else if (index < 0 && !this.next(node.id)) return this.askAgain(node, state, variables, actions, ports);
    }
    if (d.pattern) {
      const re = compilePattern(d.pattern);
      if (re && !re.test(text)) {
        const invalid = this.next(node.id, 'invalid');
        if (invalid) return this.run(invalid, false, variables, actions, ports, text);
        return this.askAgain(node, state, variables, actions, ports);
      }
    }
    if (d.savevariable && d.variablename) variables[d.variablename] = clip(text);
    const target = this.next(node.id, handle);
    if (!target) return out({ phase: 'done' });
    return this.run(target, false, variables, actions, ports, text);
  }

  /** The node asks again (its message once more) up to MAX_TRIES; then the bot's part ends. */
  private async askAgain(
    node: FlowNode,
    state: BotState,
    variables: Record<string, string>,
    actions: BotAction[],
    ports: BotPorts,
  ): Promise<BotResult> {
    const tries = (state.tries ?? 0) + 1;
    if (tries > MAX_TRIES) return { state: { phase: 'done' }, variables, actions };
    const result = await this.run(node.id, true, variables, actions, ports, undefined);
    if (result.state.phase === 'await' && result.state.at === node.id) result.state.tries = tries;
    return result;
  }

  /** Runs from `nodeId` until the bot must wait (an answer or a timer) or its part ends. */
  private async run(
    nodeId: string,
    skipWait: boolean,
    variables: Record<string, string>,
    actions: BotAction[],
    ports: BotPorts,
    lastText: string | undefined,
  ): Promise<BotResult> {
    let current: string | undefined = nodeId;
    let skip = skipWait;
    const result = (state: BotState): BotResult => ({ state, variables, actions });
    for (let steps = 0; current && steps < MAX_STEPS_PER_EVENT; steps++) {
      const node = this.byId.get(current);
      if (!node) return result({ phase: 'done' });
      const d = dataOf(node);
      if (!skip && d.wait > 0) {
        const token = ports.token();
        const at = ports.now() + d.wait * 1000;
        actions.push({ kind: 'timer', at, token });
        return result({ at: node.id, phase: 'timer', due: at, token });
      }
      skip = false;
      let handle: string | undefined;
      let awaits = d.savevariable;
      switch (node.type as NodeKind) {
        case 'Start':
          break;
        case 'SimpleMessage':
          actions.push({ kind: 'text', text: render(String(d.text ?? ''), variables) });
          break;
        case 'SendMedia':
          actions.push({
            kind: 'media',
            url: render(String(d.url ?? ''), variables),
            media: d.type === 'document' ? 'document' : 'image',
            caption: render(String(d.caption ?? ''), variables),
          });
          break;
        case 'Contact':
          actions.push({
            kind: 'contact',
            name: render(String(d.name ?? ''), variables),
            number: String(d.number ?? ''),
          });
          break;
        case 'Condition': {
          const value = d.variablename
            ? (variables[d.variablename] ?? '')
            : (lastText ?? variables.ultima_mensagem ?? '');
          const re = compilePattern(d.pattern);
          handle = re && re.test(value) ? 'true' : 'false';
          awaits = false;
          break;
        }
        case 'Transfer': {
          const text = render(String(d.text ?? ''), variables);
          if (text) actions.push({ kind: 'text', text });
          actions.push({ kind: 'transfer', department: Number(d.department ?? 0) });
          return result({ phase: 'done' });
        }
        case 'EndAttendance': {
          const text = render(String(d.text ?? ''), variables);
          if (text) actions.push({ kind: 'text', text });
          actions.push({ kind: 'end' });
          return result({ phase: 'done' });
        }
        case 'OptIn':
        case 'OptOut': {
          actions.push({ kind: 'consent', optout: node.type === 'OptOut' });
          const text = render(String(d.text ?? ''), variables);
          if (text) actions.push({ kind: 'text', text });
          break;
        }
        case 'SendButtons':
          actions.push({ kind: 'text', text: buttonsText(d, variables) });
          awaits = true;
          break;
        case 'Request': {
          awaits = false;
          try {
            const answer = await ports.request({
              method: String(d.method ?? 'GET'),
              url: render(String(d.url ?? ''), variables),
              authorization: render(String(d.authorization ?? ''), variables),
              body: render(String(d.body ?? ''), variables),
            });
            let json: unknown;
            try {
              json = JSON.parse(answer.body) as unknown;
            } catch {
              json = undefined;
            }
            for (const { variable, path } of requestVariables(String(d.variables ?? '')))
              variables[variable] = clip(pick(json, path));
            if (d.savevariable && d.variablename) variables[d.variablename] = clip(answer.body);
            variables.request_status = String(answer.status);
            if (answer.status >= 400 && this.next(node.id, 'error')) handle = 'error';
          } catch (error) {
            variables.request_status = '0';
            variables.request_erro = clip(error instanceof Error ? error.message : String(error));
            if (this.next(node.id, 'error')) handle = 'error';
          }
          break;
        }
        case 'Javascript': {
          awaits = false;
          try {
            const ran = await ports.javascript(String(d.code ?? ''), variables);
            for (const k of Object.keys(variables)) if (!(k in ran.variables)) delete variables[k];
            Object.assign(variables, ran.variables);
            if (d.savevariable && d.variablename) variables[d.variablename] = clip(ran.result);
          } catch (error) {
            variables.javascript_erro = clip(error instanceof Error ? error.message : String(error));
            if (this.next(node.id, 'error')) handle = 'error';
          }
          break;
        }
        default:
          return result({ phase: 'done' });
      }
      if (awaits) return result({ at: node.id, phase: 'await' });
      current = this.next(node.id, handle);
      if (handle && !current && handle !== 'true' && handle !== 'false') current = this.next(node.id);
    }
    return result({ phase: 'done' });
  }
}
