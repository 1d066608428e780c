import * as z from './zod-pt';

/**
 * The bot flow of a service channel (spec part 3 §3 'Bot flow nodes'; issue 24 item 4): the flow
 * editor's own graph, `{nodes: [{id, type, data}], edges: [{id, source, target, sourceHandle?}]}`,
 * stored as JSON text (`GET/PUT /web/customer-service/channel/flow`), with `type` the node kind's
 * name as §3 writes it and `data` its fields. The same schemas serve the browser (the builder's
 * forms and its check before Salvar) and the server (the check on save and the bot runtime).
 *
 * Fields every node has (§3 "Nodes have step, wait, savevariable, variablename, pattern"):
 * - `step`: the node's name in the editor (errors and the conversation's log name the node by it).
 * - `wait`: seconds the bot waits before running the node (0 = at once; up to 7 days). A timer,
 *   not an answer: the conversation resumes by itself when it is due.
 * - `savevariable`: after the node, the bot waits for the customer's answer and keeps it in the
 *   variable `variablename` (required then). For Request and Javascript nodes it keeps the result
 *   instead (the response body / the script's return value), without waiting.
 * - `pattern`: a regular expression (case-insensitive) the customer's answer must match; an answer
 *   that does not match follows the node's `invalid` handle when there is one, otherwise the node
 *   runs again. On a Condition node it is the test (see below).
 *
 * Branching (`sourceHandle` of an edge): Condition `true` / `false`; SendButtons the option's
 * position `0`, `1`, … (an answer matching no option follows the edge without a handle, else asks
 * again); any node waiting for an answer with a pattern may have `invalid`. Every other edge has
 * no handle (or `next`); a node without an outgoing edge ends the bot's part (the conversation
 * stays open for staff).
 *
 * Texts (SimpleMessage, captions, SendButtons, Request url/body/authorization) may name variables
 * as `{{name}}`; `{{nome}}` and `{{telefone}}` are the customer's.
 */

export const NODE_KINDS = [
  'Start',
  'SimpleMessage',
  'SendMedia',
  'Condition',
  'Transfer',
  'Contact',
  'Request',
  'Javascript',
  'EndAttendance',
  'OptIn',
  'OptOut',
  'SendButtons',
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** Portuguese names of the kinds ('Adicionar componentes' → 'Selecione um componente'). */
export const NODE_KIND_LABELS: Record<NodeKind, string> = {
  Start: 'Início',
  SimpleMessage: 'Mensagem simples',
  SendMedia: 'Enviar mídia',
  Condition: 'Condição',
  Transfer: 'Transferir para setor',
  Contact: 'Enviar contato',
  Request: 'Requisição HTTP',
  Javascript: 'Javascript',
  EndAttendance: 'Finalizar atendimento',
  OptIn: 'Aceitar WhatsApp (opt-in)',
  OptOut: 'Recusar WhatsApp (opt-out)',
  SendButtons: 'Enviar botões',
};

export const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export const MEDIA_TYPES = ['image', 'document'] as const;

/** Largest wait of a node (seconds): 7 days. */
export const MAX_WAIT_SECONDS = 7 * 86_400;
/** A variable name: letters, digits and `_`, starting with a letter or `_`. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;
/** Names no variable may take (they would reach an object's prototype). */
export const RESERVED_VARIABLES: readonly string[] = ['__proto__', 'constructor', 'prototype'];
/** Whether `name` is a valid variable name. */
export const isVariableName = (name: string): boolean =>
  VARIABLE_NAME.test(name) && !RESERVED_VARIABLES.includes(name);

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().max(max, `Máximo de ${max} caracteres.`),
  );
const flag = z.preprocess(
  (v) => v === true || v === 'true' || v === 1 || v === '1' || v === 'Y' || v === 'S',
  z.boolean(),
);

/** The fields every node has (see the module's comment). */
export const NodeCommon = z.object({
  step: text(100).default(''),
  wait: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Espera deve ser um número de segundos.' })
      .int('Espera deve ser um número inteiro de segundos.')
      .min(0, 'Espera não pode ser negativa.')
      .max(MAX_WAIT_SECONDS, 'Espera de no máximo 7 dias.'),
  ),
  savevariable: flag.default(false),
  variablename: text(50).default(''),
  pattern: text(500).default(''),
});
export type NodeCommon = z.output<typeof NodeCommon>;

export const StartData = NodeCommon.extend({
  /** A word that, written by the customer at any point, starts the flow again (e.g. 'menu'). */
  restart: text(100).default(''),
});
export const SimpleMessageData = NodeCommon.extend({ text: text(4_096).default('') });
export const SendMediaData = NodeCommon.extend({
  url: text(2_000).default(''),
  type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'image' : v),
    z.enum(MEDIA_TYPES, { error: 'Tipo de mídia inválido.' }),
  ),
  caption: text(1_024).default(''),
});
/** Tests `pattern` against the variable `variablename` (empty: the customer's last message). */
export const ConditionData = NodeCommon;
export const TransferData = NodeCommon.extend({
  /** The department's id (0 = not chosen). */
  department: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? 0 : Number(v)),
    z.number().int().min(0),
  ),
  text: text(4_096).default(''),
});
export const ContactData = NodeCommon.extend({
  name: text(100).default(''),
  number: text(30).default(''),
});
export const RequestData = NodeCommon.extend({
  method: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'GET' : typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(REQUEST_METHODS, { error: 'Método inválido.' }),
  ),
  authorization: text(2_000).default(''),
  url: text(2_000).default(''),
  /**
   * Values of the JSON answer kept in variables, `variable=path` separated by `;`
   * (`cidade=address.city;primeiro=items.0.name`).
   */
  variables: text(2_000).default(''),
  body: text(10_000).default(''),
});
/**
 * A script run in the sandbox with `variables` (the conversation's, strings) in scope; what it
 * leaves in `variables` (strings, numbers, booleans) goes back to the conversation, and its return
 * value to `variablename` when `savevariable`.
 */
export const JavascriptData = NodeCommon.extend({ code: text(10_000).default('') });
export const EndAttendanceData = NodeCommon.extend({ text: text(4_096).default('') });
export const OptInData = NodeCommon.extend({ text: text(4_096).default('') });
export const OptOutData = NodeCommon.extend({ text: text(4_096).default('') });
export const SendButtonsData = NodeCommon.extend({
  header: text(60).default(''),
  body: text(1_024).default(''),
  footer: text(60).default(''),
  /** The options separated by `;` (up to 10). */
  options: text(1_000).default(''),
});

export const NODE_DATA = {
  Start: StartData,
  SimpleMessage: SimpleMessageData,
  SendMedia: SendMediaData,
  Condition: ConditionData,
  Transfer: TransferData,
  Contact: ContactData,
  Request: RequestData,
  Javascript: JavascriptData,
  EndAttendance: EndAttendanceData,
  OptIn: OptInData,
  OptOut: OptOutData,
  SendButtons: SendButtonsData,
} as const;
export type NodeData<K extends NodeKind> = z.output<(typeof NODE_DATA)[K]>;

/** A node as the editor keeps it (`position` and other editor keys are kept as they are). */
export const FlowNode = z.looseObject({
  id: z.string().min(1, 'Nó sem id.').max(100),
  type: z.string(),
  data: z.record(z.string(), z.unknown()).default({}),
  position: z.object({ x: z.number(), y: z.number() }).optional(),
});
export type FlowNode = z.output<typeof FlowNode>;

export const FlowEdge = z.looseObject({
  id: z.string().min(1).max(200),
  source: z.string(),
  target: z.string(),
  sourceHandle: z.string().nullish(),
});
export type FlowEdge = z.output<typeof FlowEdge>;

/** The flow graph (the JSON text of `flow`). Up to 500 nodes. */
export const FlowGraph = z.object({
  nodes: z.array(FlowNode).max(500, 'Máximo de 500 componentes.').default([]),
  edges: z.array(FlowEdge).max(2_000, 'Máximo de 2000 ligações.').default([]),
});
export type FlowGraph = z.output<typeof FlowGraph>;

/** An empty flow (a channel with no saved flow yet): one Start node. */
export const EMPTY_FLOW: FlowGraph = {
  nodes: [{ id: 'start', type: 'Start', data: { step: 'Início' }, position: { x: 0, y: 0 } }],
  edges: [],
};

/** One problem of a flow: the node (or edge) it concerns and the Portuguese message. */
export interface FlowError {
  node?: string;
  edge?: string;
  message: string;
}

/** How errors name a node: its step, else its id, with the kind's name. */
export function nodeName(node: { id: string; type: string; data?: Record<string, unknown> }): string {
  const step = typeof node.data?.step === 'string' ? node.data.step.trim() : '';
  const label = NODE_KIND_LABELS[node.type as NodeKind] ?? node.type;
  return `"${step || node.id}" (${label})`;
}

/** The options of a SendButtons node. */
export const buttonOptions = (options: string): string[] =>
  options
    .split(';')
    .map((o) => o.trim())
    .filter(Boolean);

/** Compiles a node's pattern (case-insensitive), or undefined when it is not a valid expression. */
export function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'i');
  } catch {
    return undefined;
  }
}

/** `variable=path` pairs of a Request node's `variables`. */
export function requestVariables(spec: string): Array<{ variable: string; path: string }> {
  return spec
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0
        ? { variable: pair.trim(), path: pair.trim() }
        : { variable: pair.slice(0, at).trim(), path: pair.slice(at + 1).trim() };
    });
}

const isKind = (type: string): type is NodeKind => (NODE_KINDS as readonly string[]).includes(type);

/** The required fields of each kind with their Portuguese names. */
function requiredFields(kind: NodeKind, data: Record<string, unknown>): string[] {
  const missing: string[] = [];
  const need = (field: string, label: string) => {
    const v = data[field];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || v === 0)
      missing.push(label);
  };
  switch (kind) {
    case 'SimpleMessage':
      need('text', 'mensagem');
      break;
    case 'SendMedia':
      need('url', 'URL da mídia');
      break;
    case 'Condition':
      need('pattern', 'padrão (pattern)');
      break;
    case 'Transfer':
      need('department', 'setor');
      break;
    case 'Contact':
      need('number', 'número do contato');
      break;
    case 'Request':
      need('url', 'URL');
      break;
    case 'Javascript':
      need('code', 'código');
      break;
    case 'SendButtons':
      need('body', 'texto (body)');
      need('options', 'opções');
      break;
    default:
      break;
  }
  return missing;
}

/**
 * Checks a flow as saved (issue 24 item 4): exactly one Start, every edge between existing nodes,
 * every node reachable from Start, each kind's required fields filled and valid. Returns every
 * problem found (empty when the flow is valid), each naming its node.
 */
export function validateFlow(input: unknown): FlowError[] {
  const parsed = FlowGraph.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      message: `Fluxo inválido em ${issue.path.join('.') || 'raiz'}: ${issue.message}`,
    }));
  }
  const flow = parsed.data;
  const errors: FlowError[] = [];
  const byId = new Map<string, FlowNode>();
  for (const node of flow.nodes) {
    if (byId.has(node.id))
      errors.push({ node: node.id, message: `O id "${node.id}" se repete em mais de um nó.` });
    byId.set(node.id, node);
  }
  const starts = flow.nodes.filter((n) => n.type === 'Start');
  if (starts.length === 0) errors.push({ message: 'O fluxo precisa de um nó Início (Start).' });
  if (starts.length > 1)
    errors.push({
      message: `O fluxo deve ter exatamente um nó Início (Start); há ${starts.length}: ${starts.map(nodeName).join(', ')}.`,
    });

  for (const node of flow.nodes) {
    const name = nodeName(node);
    if (!isKind(node.type)) {
      errors.push({ node: node.id, message: `O nó ${name} tem um tipo desconhecido: "${node.type}".` });
      continue;
    }
    const data = NODE_DATA[node.type].safeParse(node.data);
    if (!data.success) {
      for (const issue of data.error.issues)
        errors.push({
          node: node.id,
          message: `O nó ${name}: campo ${issue.path.join('.') || 'data'} — ${issue.message}`,
        });
      continue;
    }
    const d = data.data as NodeCommon & Record<string, unknown>;
    for (const field of requiredFields(node.type, d))
      errors.push({ node: node.id, message: `O nó ${name} precisa do campo ${field}.` });
    if (d.savevariable && !d.variablename.trim())
      errors.push({ node: node.id, message: `O nó ${name} guarda a resposta: informe o nome da variável.` });
    if (d.variablename.trim() && !isVariableName(d.variablename.trim()))
      errors.push({
        node: node.id,
        message: `O nó ${name}: nome de variável inválido "${d.variablename}" (use letras, números e _).`,
      });
    if (d.pattern && !compilePattern(d.pattern))
      errors.push({
        node: node.id,
        message: `O nó ${name}: o padrão (pattern) não é uma expressão regular válida.`,
      });
    if (node.type === 'SendButtons' && buttonOptions(String(d.options ?? '')).length > 10)
      errors.push({ node: node.id, message: `O nó ${name} tem mais de 10 opções.` });
    if (node.type === 'Request') {
      const url = String(d.url ?? '').trim();
      if (url && !/^https?:\/\//i.test(url) && !url.startsWith('{{'))
        errors.push({ node: node.id, message: `O nó ${name}: a URL deve começar com http:// ou https://.` });
      for (const { variable } of requestVariables(String(d.variables ?? '')))
        if (!isVariableName(variable))
          errors.push({ node: node.id, message: `O nó ${name}: nome de variável inválido "${variable}".` });
    }
  }

  const outgoing = new Map<string, string[]>();
  for (const edge of flow.edges) {
    const from = byId.get(edge.source);
    const to = byId.get(edge.target);
    if (!from)
      errors.push({
        edge: edge.id,
        message: `A ligação "${edge.id}" parte de um nó que não existe ("${edge.source}").`,
      });
    if (!to)
      errors.push({
        edge: edge.id,
        message: `A ligação "${edge.id}" chega a um nó que não existe ("${edge.target}").`,
      });
    if (from && to) {
      if (to.type === 'Start')
        errors.push({
          node: to.id,
          edge: edge.id,
          message: `O nó ${nodeName(to)} não pode receber ligações.`,
        });
      outgoing.set(from.id, [...(outgoing.get(from.id) ?? []), to.id]);
    }
  }

  if (starts.length === 1) {
    const seen = new Set<string>([starts[0]!.id]);
    const queue = [starts[0]!.id];
    while (queue.length > 0) {
      const id = queue.shift()!;
      for (const next of outgoing.get(id) ?? [])
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
    }
    for (const node of flow.nodes)
      if (!seen.has(node.id))
        errors.push({
          node: node.id,
          message: `O nó ${nodeName(node)} não é alcançável a partir do Início.`,
        });
  }
  return errors;
}

/** Parses a flow's JSON text; undefined when it is not JSON. */
export function parseFlowText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
