import { describe, expect, it } from 'vitest';
import { validateFlow } from './bot-flow';

const start = { id: 's', type: 'Start', data: { step: 'Início' } };
const msg = (id: string, text = 'Olá') => ({ id, type: 'SimpleMessage', data: { step: id, text } });
const edge = (source: string, target: string, sourceHandle?: string) => ({
  id: `${source}-${target}`,
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});

describe('validateFlow', () => {
  it('accepts a valid flow', () => {
    expect(validateFlow({ nodes: [start, msg('m1')], edges: [edge('s', 'm1')] })).toEqual([]);
  });

  it('requires exactly one Start', () => {
    expect(validateFlow({ nodes: [msg('m1')], edges: [] })[0]!.message).toMatch(/Início/);
    const two = validateFlow({ nodes: [start, { ...start, id: 's2' }], edges: [] });
    expect(two.some((e) => /exatamente um/.test(e.message))).toBe(true);
  });

  it('names the node of every problem', () => {
    const errors = validateFlow({
      nodes: [
        start,
        msg('Boas-vindas', ''),
        { id: 'x', type: 'Transfer', data: { step: 'Para vendas' } },
        { id: 'j', type: 'Javascript', data: { step: 'Script', code: '1', savevariable: true } },
        { id: 'c', type: 'Condition', data: { step: 'Teste', pattern: '([' } },
        msg('solto'),
      ],
      edges: [
        edge('s', 'Boas-vindas'),
        edge('Boas-vindas', 'x'),
        edge('x', 'j'),
        edge('j', 'c'),
        edge('c', 'nada'),
      ],
    });
    const text = errors.map((e) => e.message).join('\n');
    expect(text).toContain('"Boas-vindas" (Mensagem simples) precisa do campo mensagem');
    expect(text).toContain('"Para vendas" (Transferir para setor) precisa do campo setor');
    expect(text).toContain('"Script" (Javascript) guarda a resposta');
    expect(text).toContain('"Teste" (Condição): o padrão');
    expect(text).toContain('chega a um nó que não existe ("nada")');
    expect(text).toContain('"solto" (Mensagem simples) não é alcançável');
    expect(errors.find((e) => e.message.includes('solto'))!.node).toBe('solto');
  });

  it('rejects unknown kinds and non-graphs', () => {
    expect(
      validateFlow({ nodes: [start, { id: 'u', type: 'Foo', data: {} }], edges: [edge('s', 'u')] })[0]!
        .message,
    ).toContain('tipo desconhecido');
    expect(validateFlow('x').length).toBeGreaterThan(0);
  });
});
