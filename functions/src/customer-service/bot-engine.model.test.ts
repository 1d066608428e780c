import { describe, expect, it } from 'vitest';
import type { FlowGraph } from '@freguesia/shared/domain/bot-flow';
import {
  BotEngine,
  MAX_TRIES,
  type BotAction,
  type BotPorts,
  type BotState,
  type RequestCall,
} from './bot-engine.model';

/** The flow interpreter (issue 24 item 6): each node kind, patterns, waits on a fake clock, variables. */

type N = { id: string; type: string; data?: Record<string, unknown> };
const flow = (nodes: N[], edges: Array<[string, string, string?]>): FlowGraph => ({
  nodes: nodes.map((n) => ({ data: {}, ...n })),
  edges: edges.map(([source, target, sourceHandle]) => ({
    id: `${source}-${target}-${sourceHandle ?? ''}`,
    source,
    target,
    ...(sourceHandle ? { sourceHandle } : {}),
  })),
});

function harness(f: FlowGraph, ports: Partial<BotPorts> = {}) {
  let clock = Date.parse('2026-11-20T12:00:00Z');
  let tokens = 0;
  const engine = new BotEngine(f);
  const calls: RequestCall[] = [];
  const p: BotPorts = {
    now: () => clock,
    token: () => `t${++tokens}`,
    request: async (call) => {
      calls.push(call);
      return { status: 200, body: '{}' };
    },
    javascript: async (_code, variables) => ({ variables, result: '' }),
    ...ports,
  };
  let state: BotState = {};
  let variables: Record<string, string> = {};
  const texts = (actions: BotAction[]) =>
    actions.filter((a): a is Extract<BotAction, { kind: 'text' }> => a.kind === 'text').map((a) => a.text);
  return {
    calls,
    get state() {
      return state;
    },
    get variables() {
      return variables;
    },
    advance: (ms: number) => (clock += ms),
    now: () => clock,
    async say(text: string) {
      const r = await engine.handle(state, variables, { kind: 'message', text }, p);
      state = r.state;
      variables = r.variables;
      return { actions: r.actions, texts: texts(r.actions) };
    },
    async fire(token = state.token ?? '') {
      const r = await engine.handle(state, variables, { kind: 'timer', token }, p);
      state = r.state;
      variables = r.variables;
      return { actions: r.actions, texts: texts(r.actions) };
    },
  };
}

const start = (data: Record<string, unknown> = {}): N => ({ id: 's', type: 'Start', data });
const msg = (id: string, text: string, extra: Record<string, unknown> = {}): N => ({
  id,
  type: 'SimpleMessage',
  data: { text, ...extra },
});

describe('bot engine', () => {
  it('Start → SimpleMessage answers the first message at once and ends its part', async () => {
    const h = harness(flow([start(), msg('m', 'Olá {{nome}}!')], [['s', 'm']]));
    const first = await h.say('oi');
    expect(first.texts).toEqual(['Olá !']);
    expect(h.state.phase).toBe('done');
    expect((await h.say('de novo')).texts).toEqual([]);
  });

  it('renders variables, keeps the answer of a savevariable node and uses it later', async () => {
    const h = harness(
      flow(
        [
          start(),
          msg('ask', 'Qual o seu nome?', { savevariable: true, variablename: 'cliente' }),
          msg('hi', 'Prazer, {{cliente}}.'),
        ],
        [
          ['s', 'ask'],
          ['ask', 'hi'],
        ],
      ),
    );
    expect((await h.say('oi')).texts).toEqual(['Qual o seu nome?']);
    expect(h.state).toMatchObject({ phase: 'await', at: 'ask' });
    expect((await h.say('Maria')).texts).toEqual(['Prazer, Maria.']);
    expect(h.variables.cliente).toBe('Maria');
    expect(h.variables.ultima_mensagem).toBe('Maria');
  });

  it('a pattern refuses an answer: asks again up to the limit, or follows the invalid handle', async () => {
    const cpf = msg('cpf', 'Seu CPF?', { savevariable: true, variablename: 'cpf', pattern: '^\\d{11}$' });
    const h = harness(
      flow(
        [start(), cpf, msg('ok', 'Obrigado')],
        [
          ['s', 'cpf'],
          ['cpf', 'ok'],
        ],
      ),
    );
    await h.say('oi');
    expect((await h.say('abc')).texts).toEqual(['Seu CPF?']);
    expect(h.variables.cpf).toBeUndefined();
    expect((await h.say('12345678901')).texts).toEqual(['Obrigado']);
    expect(h.variables.cpf).toBe('12345678901');

    const stubborn = harness(
      flow(
        [start(), cpf, msg('ok', 'Obrigado')],
        [
          ['s', 'cpf'],
          ['cpf', 'ok'],
        ],
      ),
    );
    await stubborn.say('oi');
    for (let i = 0; i < MAX_TRIES; i++) expect((await stubborn.say('x')).texts).toEqual(['Seu CPF?']);
    expect((await stubborn.say('x')).texts).toEqual([]);
    expect(stubborn.state.phase).toBe('done');

    const routed = harness(
      flow(
        [start(), cpf, msg('ok', 'Obrigado'), msg('bad', 'CPF inválido, vou chamar um atendente')],
        [
          ['s', 'cpf'],
          ['cpf', 'ok'],
          ['cpf', 'bad', 'invalid'],
        ],
      ),
    );
    await routed.say('oi');
    expect((await routed.say('nope')).texts).toEqual(['CPF inválido, vou chamar um atendente']);
  });

  it('Condition tests a variable or the last message (case-insensitive) and takes true / false', async () => {
    const f = flow(
      [
        start(),
        { id: 'c', type: 'Condition', data: { pattern: 'pedido|compra' } },
        msg('y', 'Pedidos'),
        msg('n', 'Outros'),
      ],
      [
        ['s', 'c'],
        ['c', 'y', 'true'],
        ['c', 'n', 'false'],
      ],
    );
    expect((await harness(f).say('Meu PEDIDO atrasou')).texts).toEqual(['Pedidos']);
    expect((await harness(f).say('bom dia')).texts).toEqual(['Outros']);
  });

  it('SendButtons lists numbered options and branches by number or text; other answers ask again', async () => {
    const h = harness(
      flow(
        [
          start(),
          {
            id: 'b',
            type: 'SendButtons',
            data: { header: 'Menu', body: 'Escolha', footer: 'Loja', options: 'Vendas; Suporte' },
          },
          msg('v', 'Vendas!'),
          msg('su', 'Suporte!'),
        ],
        [
          ['s', 'b'],
          ['b', 'v', '0'],
          ['b', 'su', '1'],
        ],
      ),
    );
    expect((await h.say('oi')).texts).toEqual(['Menu\nEscolha\n1 - Vendas\n2 - Suporte\nLoja']);
    expect((await h.say('talvez')).texts[0]).toContain('1 - Vendas');
    expect((await h.say('suporte')).texts).toEqual(['Suporte!']);
    const byNumber = harness(
      flow(
        [
          start(),
          { id: 'b', type: 'SendButtons', data: { body: 'Escolha', options: 'A;B' } },
          msg('a', 'A!'),
        ],
        [
          ['s', 'b'],
          ['b', 'a', '0'],
        ],
      ),
    );
    await byNumber.say('oi');
    expect((await byNumber.say('1')).texts).toEqual(['A!']);
  });

  it('a wait pauses on the fake clock until its timer fires; stale timers and messages meanwhile change nothing', async () => {
    const h = harness(
      flow(
        [start(), msg('a', 'Um momento'), msg('b', 'Pronto!', { wait: 60 })],
        [
          ['s', 'a'],
          ['a', 'b'],
        ],
      ),
    );
    const first = await h.say('oi');
    expect(first.texts).toEqual(['Um momento']);
    const timer = first.actions.find((a) => a.kind === 'timer') as Extract<BotAction, { kind: 'timer' }>;
    expect(timer.at).toBe(h.now() + 60_000);
    expect(h.state).toMatchObject({ phase: 'timer', at: 'b', due: timer.at });
    expect((await h.say('e aí?')).texts).toEqual([]);
    expect((await h.fire('other-token')).texts).toEqual([]);
    h.advance(60_000);
    expect((await h.fire(timer.token)).texts).toEqual(['Pronto!']);
    expect((await h.fire(timer.token)).texts).toEqual([]);
  });

  it('the Start restart word starts the flow again from anywhere', async () => {
    const h = harness(
      flow(
        [
          start({ restart: 'menu' }),
          msg('a', 'Bem-vindo', { savevariable: true, variablename: 'x' }),
          msg('b', 'Fim'),
        ],
        [
          ['s', 'a'],
          ['a', 'b'],
        ],
      ),
    );
    await h.say('oi');
    expect((await h.say('MENU')).texts).toEqual(['Bem-vindo']);
  });

  it('Transfer hands over to a department, EndAttendance ends, OptIn / OptOut set consent', async () => {
    const t = await harness(
      flow(
        [start(), { id: 't', type: 'Transfer', data: { department: 7, text: 'Transferindo' } }],
        [['s', 't']],
      ),
    ).say('oi');
    expect(t.actions).toEqual([
      { kind: 'text', text: 'Transferindo' },
      { kind: 'transfer', department: 7 },
    ]);

    const e = await harness(
      flow([start(), { id: 'e', type: 'EndAttendance', data: { text: 'Tchau' } }], [['s', 'e']]),
    ).say('oi');
    expect(e.actions).toEqual([{ kind: 'text', text: 'Tchau' }, { kind: 'end' }]);

    const out = await harness(
      flow(
        [
          start(),
          { id: 'o', type: 'OptOut', data: { text: 'Você não receberá mais mensagens' } },
          { id: 'i', type: 'OptIn' },
        ],
        [
          ['s', 'o'],
          ['o', 'i'],
        ],
      ),
    ).say('SAIR');
    expect(out.actions).toEqual([
      { kind: 'consent', optout: true },
      { kind: 'text', text: 'Você não receberá mais mensagens' },
      { kind: 'consent', optout: false },
    ]);
  });

  it('SendMedia and Contact produce their items', async () => {
    const r = await harness(
      flow(
        [
          start(),
          {
            id: 'm',
            type: 'SendMedia',
            data: { url: 'https://cdn.exemplo.com/{{nome}}.pdf', type: 'document', caption: 'Catálogo' },
          },
          { id: 'c', type: 'Contact', data: { name: 'Loja', number: '5511999990000' } },
        ],
        [
          ['s', 'm'],
          ['m', 'c'],
        ],
      ),
    ).say('oi');
    expect(r.actions).toEqual([
      { kind: 'media', url: 'https://cdn.exemplo.com/.pdf', media: 'document', caption: 'Catálogo' },
      { kind: 'contact', name: 'Loja', number: '5511999990000' },
    ]);
  });

  it('Request renders its call, keeps values of the JSON answer in variables, and routes errors', async () => {
    const h = harness(
      flow(
        [
          start(),
          msg('ask', 'CEP?', { savevariable: true, variablename: 'cep' }),
          {
            id: 'r',
            type: 'Request',
            data: {
              method: 'post',
              url: 'https://api.exemplo.com/cep/{{cep}}',
              authorization: 'Bearer abc',
              body: '{"cep":"{{cep}}"}',
              variables: 'cidade=address.city;primeiro=items.0.name',
              savevariable: true,
              variablename: 'resposta',
            },
          },
          msg('ok', 'Cidade: {{cidade}}, item {{primeiro}}'),
        ],
        [
          ['s', 'ask'],
          ['ask', 'r'],
          ['r', 'ok'],
        ],
      ),
      {
        request: async () => ({
          status: 200,
          body: '{"address":{"city":"Campinas"},"items":[{"name":"Arroz"}]}',
        }),
      },
    );
    await h.say('oi');
    expect((await h.say('13000000')).texts).toEqual(['Cidade: Campinas, item Arroz']);
    expect(h.variables.request_status).toBe('200');
    expect(JSON.parse(h.variables.resposta!)).toMatchObject({ address: { city: 'Campinas' } });

    const failing = harness(
      flow(
        [
          start(),
          { id: 'r', type: 'Request', data: { url: 'http://10.0.0.1/x' } },
          msg('ok', 'ok'),
          msg('err', 'falhou: {{request_erro}}'),
        ],
        [
          ['s', 'r'],
          ['r', 'ok'],
          ['r', 'err', 'error'],
        ],
      ),
      {
        request: async () => {
          throw new Error('Endereço não permitido.');
        },
      },
    );
    expect((await failing.say('oi')).texts).toEqual(['falhou: Endereço não permitido.']);
  });

  it('Javascript gets the variables and returns what it leaves (and its result into variablename)', async () => {
    const h = harness(
      flow(
        [
          start(),
          { id: 'j', type: 'Javascript', data: { code: '...', savevariable: true, variablename: 'total' } },
          msg('m', '{{dobro}} / {{total}}'),
        ],
        [
          ['s', 'j'],
          ['j', 'm'],
        ],
      ),
      {
        javascript: async (_code, variables) => ({ variables: { ...variables, dobro: '4' }, result: '42' }),
      },
    );
    expect((await h.say('2')).texts).toEqual(['4 / 42']);
  });

  it('a loop without waits stops after the step limit', async () => {
    const h = harness(
      flow(
        [start(), { id: 'c', type: 'Condition', data: { pattern: '.*' } }],
        [
          ['s', 'c'],
          ['c', 'c', 'true'],
        ],
      ),
    );
    const r = await h.say('oi');
    expect(r.actions).toEqual([]);
    expect(h.state.phase).toBe('done');
  });
});
