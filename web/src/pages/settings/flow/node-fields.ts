import { MEDIA_TYPES, REQUEST_METHODS, type NodeKind } from '@freguesia/shared/schemas/customer-service';

/**
 * The side panel's form of each node kind (spec part 3 §3 'Bot flow nodes'): the kind's own
 * fields, then the fields every node has (step, wait, savevariable, variablename, pattern).
 * Field names are the shared schema's `data` keys.
 */

export type FieldInput =
  | { kind: 'text'; placeholder?: string }
  | { kind: 'textarea'; rows: number; code?: boolean }
  | { kind: 'number'; min: number }
  | { kind: 'toggle' }
  | { kind: 'select'; options: readonly { value: string; label: string }[] }
  | { kind: 'department' };

export interface FieldSpec {
  name: string;
  label: string;
  description?: string;
  input: FieldInput;
}

const VARIABLES_HINT = 'Use {{variavel}} para inserir variáveis; {{nome}} e {{telefone}} são do cliente.';

const messageText = (label = 'Mensagem'): FieldSpec => ({
  name: 'text',
  label,
  description: VARIABLES_HINT,
  input: { kind: 'textarea', rows: 4 },
});

/** The kind's own fields. */
export const KIND_FIELDS: Record<NodeKind, FieldSpec[]> = {
  Start: [
    {
      name: 'restart',
      label: 'Texto para reiniciar',
      description: 'Palavra que, escrita pelo cliente a qualquer momento, reinicia o fluxo (ex.: menu).',
      input: { kind: 'text', placeholder: 'menu' },
    },
  ],
  SimpleMessage: [messageText()],
  SendMedia: [
    { name: 'url', label: 'URL da mídia', input: { kind: 'text', placeholder: 'https://' } },
    {
      name: 'type',
      label: 'Tipo',
      input: {
        kind: 'select',
        options: MEDIA_TYPES.map((t) => ({ value: t, label: t === 'image' ? 'Imagem' : 'Documento' })),
      },
    },
    { name: 'caption', label: 'Legenda', description: VARIABLES_HINT, input: { kind: 'textarea', rows: 2 } },
  ],
  Condition: [],
  Transfer: [
    { name: 'department', label: 'Setor', input: { kind: 'department' } },
    messageText('Mensagem ao transferir'),
  ],
  Contact: [
    { name: 'name', label: 'Nome do contato', input: { kind: 'text' } },
    { name: 'number', label: 'Número do contato', input: { kind: 'text', placeholder: '5521999999999' } },
  ],
  Request: [
    {
      name: 'method',
      label: 'Método',
      input: { kind: 'select', options: REQUEST_METHODS.map((m) => ({ value: m, label: m })) },
    },
    {
      name: 'url',
      label: 'URL',
      description: VARIABLES_HINT,
      input: { kind: 'text', placeholder: 'https://' },
    },
    {
      name: 'authorization',
      label: 'Authorization',
      description: 'Valor do cabeçalho Authorization (ex.: Bearer …).',
      input: { kind: 'text' },
    },
    {
      name: 'variables',
      label: 'Variáveis',
      description:
        'Valores da resposta JSON guardados em variáveis: variavel=caminho separados por ; (ex.: cidade=address.city).',
      input: { kind: 'text' },
    },
    {
      name: 'body',
      label: 'Corpo (body)',
      description: VARIABLES_HINT,
      input: { kind: 'textarea', rows: 5, code: true },
    },
  ],
  Javascript: [
    {
      name: 'code',
      label: 'Código',
      description:
        'Roda isolado, com tempo e memória limitados, sem rede. Lê e altera o objeto variables; o valor de return vai para a variável quando "Guardar em variável" está ligado.',
      input: { kind: 'textarea', rows: 10, code: true },
    },
  ],
  EndAttendance: [messageText('Mensagem de encerramento')],
  OptIn: [messageText('Mensagem de confirmação')],
  OptOut: [messageText('Mensagem de confirmação')],
  SendButtons: [
    { name: 'header', label: 'Cabeçalho (header)', input: { kind: 'text' } },
    {
      name: 'body',
      label: 'Texto (body)',
      description: VARIABLES_HINT,
      input: { kind: 'textarea', rows: 3 },
    },
    { name: 'footer', label: 'Rodapé (footer)', input: { kind: 'text' } },
    {
      name: 'options',
      label: 'Opções',
      description: 'Separadas por ; (até 10). Cada opção tem sua saída no componente.',
      input: { kind: 'text', placeholder: 'Vendas;Suporte;Financeiro' },
    },
  ],
};

/** The fields every node has (§3). */
export const COMMON_FIELDS: FieldSpec[] = [
  {
    name: 'step',
    label: 'Nome do passo (step)',
    description: 'Nomeia o componente no editor e nos erros.',
    input: { kind: 'text' },
  },
  {
    name: 'wait',
    label: 'Espera (wait, segundos)',
    description: 'Tempo antes de executar o componente (0 = imediatamente; até 7 dias).',
    input: { kind: 'number', min: 0 },
  },
  {
    name: 'savevariable',
    label: 'Guardar em variável (savevariable)',
    description:
      'Espera a resposta do cliente e a guarda na variável. Em Requisição e Javascript guarda o resultado, sem esperar.',
    input: { kind: 'toggle' },
  },
  {
    name: 'variablename',
    label: 'Nome da variável (variablename)',
    description: 'Letras, números e _. Na Condição: a variável testada (vazio = última mensagem).',
    input: { kind: 'text' },
  },
  {
    name: 'pattern',
    label: 'Padrão (pattern)',
    description:
      'Expressão regular (sem diferenciar maiúsculas) que a resposta deve seguir; na Condição é o teste.',
    input: { kind: 'text', placeholder: '^(sim|s)$' },
  },
];

/** Every field of a kind, in the panel's order. */
export const fieldsOf = (kind: NodeKind): FieldSpec[] => [...KIND_FIELDS[kind], ...COMMON_FIELDS];

/** The value a field's input writes into `data` (numbers as numbers, the toggle as a boolean). */
export function fieldValue(spec: FieldSpec, raw: string | boolean): unknown {
  if (spec.input.kind === 'toggle') return raw === true;
  if (spec.input.kind === 'number' || spec.input.kind === 'department') {
    const text = String(raw).trim();
    if (text === '') return 0;
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  return raw;
}
