import { describe, expect, it } from 'vitest';
import { validateFlow } from '@freguesia/shared/schemas/customer-service';
import {
  NEXT,
  autoLayout,
  checkGraph,
  connect,
  errorsByNode,
  flowFromGraph,
  flowText,
  graphFromText,
  keepValidEdges,
  newNode,
  outputsOf,
  placeNew,
  type EditorGraph,
} from './flow-graph';

/** A small valid flow as the builder would hold it: Start → buttons → (0) message, (other) transfer. */
function sample(): EditorGraph {
  const start = graphFromText('').nodes[0]!;
  const buttons = newNode('SendButtons', [start], { x: 300, y: 0 });
  buttons.data = { ...buttons.data, body: 'Como podemos ajudar?', options: 'Vendas;Suporte' };
  const message = newNode('SimpleMessage', [start, buttons], { x: 600, y: 0 });
  message.data = { ...message.data, text: 'Olá {{nome}}' };
  const transfer = newNode('Transfer', [start, buttons, message], { x: 600, y: 200 });
  transfer.data = { ...transfer.data, department: 7 };
  const nodes = [start, buttons, message, transfer];
  let edges = connect([], nodes, { source: start.id, target: buttons.id, sourceHandle: null });
  edges = connect(edges, nodes, { source: buttons.id, target: message.id, sourceHandle: '0' });
  edges = connect(edges, nodes, { source: buttons.id, target: transfer.id, sourceHandle: NEXT });
  return { nodes, edges };
}

describe('flow text ↔ editor graph', () => {
  it('saves exactly {nodes: [{id, type, data, position}], edges: [{id, source, target, sourceHandle?}]}', () => {
    const saved = JSON.parse(flowText(sample())) as {
      nodes: Array<Record<string, unknown>>;
      edges: Array<Record<string, unknown>>;
    };
    expect(Object.keys(saved).sort()).toEqual(['edges', 'nodes']);
    for (const n of saved.nodes) expect(Object.keys(n).sort()).toEqual(['data', 'id', 'position', 'type']);
    expect(saved.nodes.map((n) => n.type)).toEqual(['Start', 'SendButtons', 'SimpleMessage', 'Transfer']);
    // The plain output carries no handle; an option's output its position.
    expect(saved.edges).toEqual([
      { id: 'e-start-next-sendbuttons-1', source: 'start', target: 'sendbuttons-1' },
      {
        id: 'e-sendbuttons-1-0-simplemessage-1',
        source: 'sendbuttons-1',
        target: 'simplemessage-1',
        sourceHandle: '0',
      },
      { id: 'e-sendbuttons-1-next-transfer-1', source: 'sendbuttons-1', target: 'transfer-1' },
    ]);
    expect(saved.nodes[2]!.data).toMatchObject({
      text: 'Olá {{nome}}',
      step: '',
      wait: 0,
      savevariable: false,
    });
  });

  it('reads back what it saved (positions, data and handles unchanged)', () => {
    const graph = sample();
    const again = graphFromText(flowText(graph));
    expect(flowFromGraph(again)).toEqual(flowFromGraph(graph));
    expect(again.edges.find((e) => e.target === 'transfer-1')?.sourceHandle).toBe(NEXT);
  });

  it('passes the shared check the server runs', () => {
    expect(validateFlow(JSON.parse(flowText(sample())))).toEqual([]);
  });

  it('starts a channel without a flow with one Start node', () => {
    const graph = graphFromText('');
    expect(graph.nodes.map((n) => n.type)).toEqual(['Start']);
    expect(graph.edges).toEqual([]);
    expect(graph.problem).toBeUndefined();
  });

  it('starts afresh, saying so, when the saved text is not a flow', () => {
    const graph = graphFromText('{not json');
    expect(graph.nodes.map((n) => n.type)).toEqual(['Start']);
    expect(graph.problem).toMatch(/não pôde ser lido/);
  });

  it('lays out a flow written without positions in columns from Start', () => {
    const text = JSON.stringify({
      nodes: [
        { id: 'b', type: 'SimpleMessage', data: { text: 'b' } },
        { id: 'a', type: 'Start', data: {} },
        { id: 'c', type: 'SimpleMessage', data: { text: 'c' } },
      ],
      edges: [
        { id: '1', source: 'a', target: 'b' },
        { id: '2', source: 'b', target: 'c' },
      ],
    });
    const graph = graphFromText(text);
    const x = Object.fromEntries(graph.nodes.map((n) => [n.id, n.position.x]));
    expect(x.a).toBeLessThan(x.b!);
    expect(x.b).toBeLessThan(x.c!);
    expect(autoLayout([{ id: 'lonely', type: 'OptIn' }], []).get('lonely')).toEqual({ x: 0, y: 0 });
  });
});

describe('outputs and edges', () => {
  it('gives each kind its branches', () => {
    expect(outputsOf('Condition', {}).map((o) => o.handle)).toEqual(['true', 'false']);
    expect(outputsOf('SendButtons', { options: 'A; B ;;C' }).map((o) => o.label)).toEqual([
      'A',
      'B',
      'C',
      'Outra resposta',
    ]);
    expect(outputsOf('EndAttendance', {})).toEqual([]);
    expect(
      outputsOf('SimpleMessage', { savevariable: true, pattern: '^\\d+$' }).map((o) => o.handle),
    ).toEqual([NEXT, 'invalid']);
    // Request and Javascript keep their result without waiting for an answer: no 'invalid'.
    expect(outputsOf('Request', { savevariable: true, pattern: 'x' }).map((o) => o.handle)).toEqual([NEXT]);
  });

  it('lets an output lead to one place: a new link replaces the old one', () => {
    const graph = sample();
    const edges = connect(graph.edges, graph.nodes, {
      source: 'sendbuttons-1',
      target: 'transfer-1',
      sourceHandle: '0',
    });
    expect(
      edges.filter((e) => e.source === 'sendbuttons-1' && e.sourceHandle === '0').map((e) => e.target),
    ).toEqual(['transfer-1']);
  });

  it('never links into Start nor a node to itself', () => {
    const graph = sample();
    expect(connect(graph.edges, graph.nodes, { source: 'simplemessage-1', target: 'start' })).toEqual(
      graph.edges,
    );
    expect(connect(graph.edges, graph.nodes, { source: 'transfer-1', target: 'transfer-1' })).toEqual(
      graph.edges,
    );
  });

  it('drops the edge of an option that was removed', () => {
    const graph = sample();
    const nodes = graph.nodes.map((n) =>
      n.id === 'sendbuttons-1' ? { ...n, data: { ...n.data, options: '' } } : n,
    );
    expect(keepValidEdges(nodes, graph.edges).map((e) => e.sourceHandle)).toEqual([NEXT, NEXT]);
  });

  it('names new nodes uniquely by kind', () => {
    const start = graphFromText('').nodes;
    const first = newNode('Condition', start, { x: 0, y: 0 });
    const second = newNode('Condition', [...start, first], { x: 0, y: 0 });
    expect([first.id, second.id]).toEqual(['condition-1', 'condition-2']);
    expect([first.data.step, second.data.step]).toEqual(['', '']);
  });

  it('puts a new node to the right of the selected one, clear of the others', () => {
    const graph = sample();
    // sendbuttons-1 is at (300, 0); (600, 0) and (600, 200) are taken by its targets.
    const at = placeNew(graph.nodes, 'sendbuttons-1');
    expect(at.x).toBe(600);
    expect(
      graph.nodes.some((n) => Math.abs(n.position.x - at.x) < 240 && Math.abs(n.position.y - at.y) < 140),
    ).toBe(false);
    // Nothing selected: right of the rightmost node.
    expect(placeNew(graph.nodes, null).x).toBe(900);
  });
});

describe('the check before Salvar', () => {
  it('names the node of each problem', () => {
    const graph = sample();
    graph.nodes = graph.nodes.map((n) =>
      n.id === 'simplemessage-1' ? { ...n, data: { ...n.data, text: '' } } : n,
    );
    const orphan = newNode('Request', graph.nodes, { x: 0, y: 400 });
    graph.nodes.push(orphan);
    const errors = checkGraph(graph);
    const byNode = errorsByNode(errors);
    expect(byNode.get('simplemessage-1')?.join(' ')).toMatch(
      /"simplemessage-1" \(Mensagem simples\).*mensagem/,
    );
    expect(byNode.get(orphan.id)?.join(' ')).toMatch(/URL/);
    expect(byNode.get(orphan.id)?.join(' ')).toMatch(/não é alcançável/);
    expect(byNode.has('transfer-1')).toBe(false);
  });

  it('refuses a second Start', () => {
    const graph = sample();
    graph.nodes.push({ ...graph.nodes[0]!, id: 'start-2' });
    expect(
      checkGraph(graph)
        .map((e) => e.message)
        .join(' '),
    ).toMatch(/exatamente um nó Início/);
  });
});
