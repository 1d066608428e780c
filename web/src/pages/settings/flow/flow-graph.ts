import {
  EMPTY_FLOW,
  FlowGraph,
  NODE_DATA,
  NODE_KINDS,
  buttonOptions,
  nodeName,
  parseFlowText,
  validateFlow,
  type FlowError,
  type NodeKind,
} from '@freguesia/shared/schemas/customer-service';

/**
 * The bot-flow builder's plain logic (issue 24 item 4, spec part 3 §3 'Bot flow nodes'): the flow
 * text ↔ the editor's graph, new nodes, each kind's outputs (edge handles), and the check shown
 * before Salvar. The saved text is exactly `{nodes: [{id, type, data, position}], edges: [{id,
 * source, target, sourceHandle?}]}` — `position` is the editor's extra key the shared schema keeps.
 */

export interface XY {
  x: number;
  y: number;
}

/** A node as the editor holds it (the xyflow node's relevant part). */
export interface EditorNode {
  id: string;
  type: string;
  position: XY;
  data: Record<string, unknown>;
}

/**
 * A node's plain output in the editor. xyflow draws an edge without a handle from the node's
 * first output, so the editor names it; the saved text leaves it out (the shared schema reads a
 * missing handle and `next` alike).
 */
export const NEXT = 'next';

/** An edge as the editor holds it (`sourceHandle` always set: NEXT for the plain output). */
export interface EditorEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle: string;
}

export interface EditorGraph {
  nodes: EditorNode[];
  edges: EditorEdge[];
}

/** Spec §8. */
export const FLOW_SAVED = 'Fluxo alterado com sucesso';

export const isNodeKind = (type: string): type is NodeKind =>
  (NODE_KINDS as readonly string[]).includes(type);

/** A kind's fields with their defaults (what a new node starts with). */
export function defaultData(kind: NodeKind): Record<string, unknown> {
  return NODE_DATA[kind].parse({}) as Record<string, unknown>;
}

const COLUMN = 300;
const ROW = 160;

/**
 * Positions for nodes saved without one (a flow written by another tool): columns by distance
 * from Start (breadth first), unreachable nodes in a last column.
 */
export function autoLayout(
  nodes: readonly { id: string; type: string }[],
  edges: readonly EditorEdge[],
): Map<string, XY> {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const depth = new Map<string, number>();
  const start = nodes.find((n) => n.type === 'Start');
  if (start) {
    depth.set(start.id, 0);
    const queue = [start.id];
    while (queue.length > 0) {
      const id = queue.shift() as string;
      for (const target of next.get(id) ?? [])
        if (!depth.has(target)) {
          depth.set(target, (depth.get(id) ?? 0) + 1);
          queue.push(target);
        }
    }
  }
  const last = Math.max(-1, ...depth.values()) + 1;
  const rows = new Map<number, number>();
  const positions = new Map<string, XY>();
  for (const n of nodes) {
    const column = depth.get(n.id) ?? last;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    positions.set(n.id, { x: column * COLUMN, y: row * ROW });
  }
  return positions;
}

/**
 * The editor's graph from a saved flow text. An empty text is a new flow (one Start); a text that
 * is not a flow graph also starts empty, with `problem` saying so (the next Salvar replaces it).
 */
export function graphFromText(text: string | null | undefined): EditorGraph & { problem?: string } {
  const raw = text?.trim() ? parseFlowText(text) : EMPTY_FLOW;
  const parsed = FlowGraph.safeParse(raw);
  if (!parsed.success) {
    return {
      ...graphFromText(''),
      problem: 'O fluxo salvo não pôde ser lido; o editor começou um fluxo novo.',
    };
  }
  const { nodes, edges } = parsed.data;
  const editorEdges: EditorEdge[] = edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle || NEXT,
  }));
  const layout = nodes.some((n) => !n.position) ? autoLayout(nodes, editorEdges) : undefined;
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      type: n.type,
      position: n.position ?? layout?.get(n.id) ?? { x: 0, y: 0 },
      data: { ...(isNodeKind(n.type) ? defaultData(n.type) : {}), ...n.data },
    })),
    edges: editorEdges,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The flow as saved: `{nodes: [{id, type, data, position}], edges: [{id, source, target, sourceHandle?}]}`. */
export function flowFromGraph(graph: EditorGraph): FlowGraph {
  return {
    nodes: graph.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      data: { ...n.data },
      position: { x: round(n.position.x), y: round(n.position.y) },
    })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      ...(e.sourceHandle && e.sourceHandle !== NEXT ? { sourceHandle: e.sourceHandle } : {}),
    })),
  };
}

/** The JSON text PUT /web/customer-service/channel/flow sends as `flow`. */
export const flowText = (graph: EditorGraph): string => JSON.stringify(flowFromGraph(graph));

/**
 * A new node of `kind`: an unused id ('simplemessage-2') and the kind's defaults. The step name
 * starts empty, so the node is called by its id (unique) until the user names it.
 */
export function newNode(kind: NodeKind, existing: readonly EditorNode[], position: XY): EditorNode {
  const ids = new Set(existing.map((n) => n.id));
  const base = kind.toLowerCase();
  let n = existing.filter((e) => e.type === kind).length + 1;
  while (ids.has(`${base}-${n}`)) n += 1;
  return { id: `${base}-${n}`, type: kind, position, data: defaultData(kind) };
}

/** Card size used to keep new nodes apart (the cards are 220 px wide). */
const CARD = { width: 240, height: 140 };

/**
 * Where a new node goes: to the right of the selected node (else of the rightmost one), moved
 * down until it overlaps no other card.
 */
export function placeNew(existing: readonly EditorNode[], selectedId: string | null): XY {
  if (existing.length === 0) return { x: 0, y: 0 };
  const anchor =
    existing.find((n) => n.id === selectedId) ??
    existing.reduce((right, n) => (n.position.x > right.position.x ? n : right));
  const at = { x: anchor.position.x + COLUMN, y: anchor.position.y };
  const overlaps = (p: XY) =>
    existing.some(
      (n) => Math.abs(n.position.x - p.x) < CARD.width && Math.abs(n.position.y - p.y) < CARD.height,
    );
  while (overlaps(at)) at.y += CARD.height + 20;
  return at;
}

/** One output of a node: the edge's `sourceHandle` (NEXT: the plain output) and its label. */
export interface Output {
  handle: string;
  label: string;
}

/**
 * A node's outputs (the shared schema's branching): Condition 'true'/'false'; SendButtons each
 * option's position plus the plain output (an answer matching no option); a node waiting for an
 * answer with a pattern also has 'invalid'; EndAttendance ends the conversation (no output).
 */
export function outputsOf(type: string, data: Record<string, unknown>): Output[] {
  if (type === 'EndAttendance') return [];
  if (type === 'Condition')
    return [
      { handle: 'true', label: 'Verdadeiro' },
      { handle: 'false', label: 'Falso' },
    ];
  const outputs: Output[] = [];
  if (type === 'SendButtons') {
    buttonOptions(typeof data.options === 'string' ? data.options : '').forEach((option, index) =>
      outputs.push({ handle: String(index), label: option }),
    );
    outputs.push({ handle: NEXT, label: 'Outra resposta' });
  } else {
    outputs.push({ handle: NEXT, label: 'Próximo' });
  }
  const waits = data.savevariable === true && type !== 'Request' && type !== 'Javascript';
  const pattern = typeof data.pattern === 'string' && data.pattern.trim() !== '';
  if (waits && pattern) outputs.push({ handle: 'invalid', label: 'Resposta inválida' });
  return outputs;
}

/** Whether a node can receive edges (Start cannot). */
export const hasInput = (type: string): boolean => type !== 'Start';

const handleKey = (h: string | null | undefined) => h || NEXT;

/** The edges whose output still exists (an option removed or a pattern cleared drops its edges). */
export function keepValidEdges(nodes: readonly EditorNode[], edges: readonly EditorEdge[]): EditorEdge[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return edges.filter((e) => {
    const source = byId.get(e.source);
    const target = byId.get(e.target);
    if (!source || !target || !hasInput(target.type)) return false;
    return outputsOf(source.type, source.data).some((o) => o.handle === handleKey(e.sourceHandle));
  });
}

/**
 * Connects an output to a node: each output leads to one place, so a new edge from the same
 * output replaces the old one. Loops back to earlier nodes are allowed (menus); Start receives none.
 */
export function connect(
  edges: readonly EditorEdge[],
  nodes: readonly EditorNode[],
  link: { source: string; target: string; sourceHandle?: string | null },
): EditorEdge[] {
  const target = nodes.find((n) => n.id === link.target);
  if (!target || !hasInput(target.type) || link.source === link.target) return [...edges];
  const handle = handleKey(link.sourceHandle);
  const kept = edges.filter((e) => !(e.source === link.source && handleKey(e.sourceHandle) === handle));
  return [
    ...kept,
    {
      id: `e-${link.source}-${handle}-${link.target}`,
      source: link.source,
      target: link.target,
      sourceHandle: handle,
    },
  ];
}

/** The problems of the graph as it would be saved (the shared check the server runs too). */
export const checkGraph = (graph: EditorGraph): FlowError[] => validateFlow(flowFromGraph(graph));

/** The problems by node id (a node's card shows it has some). */
export function errorsByNode(errors: readonly FlowError[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const e of errors) if (e.node) map.set(e.node, [...(map.get(e.node) ?? []), e.message]);
  return map;
}

/** How a node is named in the editor (the same wording the errors use). */
export const displayName = (node: EditorNode): string => nodeName(node);

/** A node's one-line summary on its card (its main text). */
export function summaryOf(type: string, data: Record<string, unknown>): string {
  const s = (key: string) => (typeof data[key] === 'string' ? (data[key] as string).trim() : '');
  switch (type) {
    case 'Start':
      return s('restart') ? `Reinicia com "${s('restart')}"` : '';
    case 'SendMedia':
      return s('caption') || s('url');
    case 'Condition':
      return s('pattern') ? `/${s('pattern')}/ em ${s('variablename') || 'última mensagem'}` : '';
    case 'Contact':
      return [s('name'), s('number')].filter(Boolean).join(' · ');
    case 'Request':
      return s('url') ? `${s('method') || 'GET'} ${s('url')}` : '';
    case 'Javascript':
      return s('code').split('\n')[0] ?? '';
    case 'SendButtons':
      return s('body');
    default:
      return s('text');
  }
}
