import { isDay } from '../domain/dates';
import { centsToNumber, parseMoney } from '../domain/money';
import * as z from '../domain/zod-pt';

/**
 * The lead condition catalogue (spec part 2 §2.7, §3 'Lead condition row keys', §5, §9; part 1
 * §3 'Lead', §5 'Lead'): every condition type a segmentation lead can use, its operators
 * ('option') and the kind of value each operator takes. ONE definition drives the condition
 * modal in the web app (cards, operator selects, value inputs) and the evaluator on the server
 * (`functions/src/segmentation/evaluate.model.ts`), so that the two can never disagree.
 *
 * A condition row on the wire (a lead's `filter`) is `{ key, condition, option, value }`:
 * `key` the type code (FE, EC, …), `condition` the label shown in the row, `option` the
 * operator code of the catalogue and `value` the operand. Rows combine with AND, except
 * LD 'join' (its lead's members are added: OR) and OP 'limit' (caps the population). A filter
 * made only of joins (and limits) is the union of the joined leads; one made only of a limit
 * is every customer, capped. The evaluator documents each operator's meaning.
 */

/** The 18 condition type codes, in the order of the 'Selecione uma condição' cards. */
export const CONDITION_KEYS = [
  'FE',
  'EC',
  'GE',
  'CD',
  'PD',
  'CA',
  'TA',
  'TM',
  'LP',
  'AN',
  'CN',
  'CP',
  'QA',
  'PC',
  'CM',
  'CAMP',
  'LD',
  'OP',
] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

/**
 * What an operator takes as its value, and so which input the modal shows:
 * - `none`: nothing (e.g. 'Nunca comprou'); the row is complete without a value;
 * - `integer`: a whole number within `min`..`max` (age, days, minutes, a count);
 * - `money`: an amount in reais with at most 2 decimals (12.5, '12,50', 'R$ 1.234,56'), stored as
 *   a number of reais; the evaluator compares it in integer centavos;
 * - `choice`: one code of `choices`;
 * - `choices`: one or more codes of `choices`;
 * - `lookup`: one or more ids or names found while typing (`source` says where, {@link LOOKUP_ITEMS}
 *   which of the two); several items mean "any of them" ('in') and "none of them" ('!in');
 * - `dates`: a period [from, to] as 'YYYY-MM-DD', both days included (shown DD/MM/YYYY).
 */
export type ValueKind = 'none' | 'integer' | 'money' | 'choice' | 'choices' | 'lookup' | 'dates';

/** Where a `lookup` value is searched while typing (spec part 1 §7, part 2 §7). */
export type LookupSource =
  | 'cities' // GET /web/cities/search?q → IBGE code + name
  | 'products' // GET /web/products/search?q → product id + description
  | 'categories' // GET /web/categories (tree) → category id + description
  | 'tags' // GET /web/tags/search?q → tag description
  | 'stores' // GET /web/stores → store id + name (user's store scope)
  | 'channels' // GET /web/customers/channels → registration channel name
  | 'segments' // GET /web/customers/segments → customer segment
  | 'origins' // GET /web/baskets/origins → purchase origin (channel of sale)
  | 'brands' // GET /web/brand/search?q → brand id + description
  | 'partners' // GET /web/partner/search?q → partner id + name
  | 'campaigns' // GET /web/campaigns/simple (campaign issue) → campaign id + description; '*' = any
  | 'leads'; // GET /web/leads/valid → lead id + description

export interface Choice {
  code: string;
  label: string;
}

export interface OperatorDefinition {
  /** The `option` code stored in the row. */
  code: string;
  /** pt-BR label of the operator select. */
  label: string;
  value: ValueKind;
  min?: number;
  max?: number;
  /** Unit shown after an integer input ('anos', 'dias', 'minutos'). */
  unit?: string;
  choices?: readonly Choice[];
  source?: LookupSource;
}

export interface ConditionDefinition {
  key: ConditionKey;
  /** Card title and the row's `condition` label. */
  label: string;
  /** One line under the card title. */
  description: string;
  operators: readonly OperatorDefinition[];
}

const COMPARE: readonly Omit<OperatorDefinition, 'value'>[] = [
  { code: '>', label: 'Maior que' },
  { code: '>=', label: 'Maior ou igual a' },
  { code: '<', label: 'Menor que' },
  { code: '<=', label: 'Menor ou igual a' },
  { code: '=', label: 'Igual a' },
];

export const MARITAL_CHOICES: readonly Choice[] = [
  { code: 'S', label: 'Solteiro(a)' },
  { code: 'C', label: 'Casado(a)' },
  { code: 'V', label: 'Viúvo(a)' },
  { code: 'D', label: 'Divorciado(a)' },
  { code: 'O', label: 'Outros' },
];

export const GENDER_CHOICES: readonly Choice[] = [
  { code: 'M', label: 'Masculino' },
  { code: 'F', label: 'Feminino' },
  { code: 'O', label: 'Outros' },
];

const MONTHS = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];
/** Birthday month: 0 the current month, 1–12 a month. */
export const BIRTHDAY_MONTH_CHOICES: readonly Choice[] = [
  { code: '0', label: 'Mês atual' },
  ...MONTHS.map((label, i) => ({ code: String(i + 1), label })),
];

/** App usage (the QA 'app' operator; spec part 2 §9 'App options'). */
export const APP_CHOICES: readonly Choice[] = [
  { code: 'used', label: 'Usou o app' },
  { code: 'used_30', label: 'Usou o app nos últimos 30 dias' },
  { code: 'used_60', label: 'Usou o app nos últimos 60 dias' },
  { code: 'used_90', label: 'Usou o app nos últimos 90 dias' },
  { code: 'idle_30', label: 'Não usa o app há 30 dias' },
  { code: 'idle_60', label: 'Não usa o app há 60 dias' },
  { code: 'idle_90', label: 'Não usa o app há 90 dias' },
  { code: 'not_downloaded', label: 'Não baixou o app' },
  { code: 'android', label: 'Possui Android' },
  { code: 'ios', label: 'Possui iOS' },
  { code: 'push', label: 'Possui push id' },
];

/** Campaign kinds a customer can take part in (CAMP operators; spec part 2 §9). */
export const CAMPAIGN_PARTICIPATION_CHOICES: readonly Choice[] = [
  { code: 'L', label: 'Número da sorte' },
  { code: 'T', label: 'Tickets' },
  { code: 'D', label: 'Desconto' },
  { code: 'DG', label: 'Desconto em grupo (combo)' },
  { code: 'DB', label: 'Desconto no ticket' },
  { code: 'DC', label: 'Desconto por categoria' },
];

export const CONDITIONS: readonly ConditionDefinition[] = [
  {
    key: 'FE',
    label: 'Faixa etária',
    description: 'Idade do cliente, a partir da data de nascimento',
    operators: [
      ...COMPARE.map((op) => ({ ...op, value: 'integer' as const, min: 1, max: 120, unit: 'anos' })),
      { code: '!=', label: 'Diferente de', value: 'integer', min: 1, max: 120, unit: 'anos' },
    ],
  },
  {
    key: 'EC',
    label: 'Estado civil',
    description: 'Estado civil informado no cadastro',
    operators: [
      { code: 'in', label: 'É', value: 'choices', choices: MARITAL_CHOICES },
      { code: '!in', label: 'Não é', value: 'choices', choices: MARITAL_CHOICES },
    ],
  },
  {
    key: 'GE',
    label: 'Gênero',
    description: 'Gênero informado no cadastro',
    operators: [
      { code: 'in', label: 'É', value: 'choices', choices: GENDER_CHOICES },
      { code: '!in', label: 'Não é', value: 'choices', choices: GENDER_CHOICES },
    ],
  },
  {
    key: 'CD',
    label: 'Cidade',
    description: 'Cidade do endereço do cliente',
    operators: [
      { code: 'in', label: 'Mora em', value: 'lookup', source: 'cities' },
      { code: '!in', label: 'Não mora em', value: 'lookup', source: 'cities' },
    ],
  },
  {
    key: 'PD',
    label: 'Produtos',
    description: 'Mercadorias que o cliente comprou',
    operators: [
      { code: 'in', label: 'Comprou', value: 'lookup', source: 'products' },
      { code: '!in', label: 'Não comprou', value: 'lookup', source: 'products' },
    ],
  },
  {
    key: 'CA',
    label: 'Categorias',
    description: 'Categorias das mercadorias compradas',
    operators: [
      { code: 'in', label: 'Comprou na categoria', value: 'lookup', source: 'categories' },
      { code: '!in', label: 'Não comprou na categoria', value: 'lookup', source: 'categories' },
    ],
  },
  {
    key: 'TA',
    label: 'Tags',
    description: 'Interesses marcados no cliente',
    operators: [
      { code: 'in', label: 'Possui a tag', value: 'lookup', source: 'tags' },
      { code: '!in', label: 'Não possui a tag', value: 'lookup', source: 'tags' },
      { code: '!', label: 'Não possui nenhuma tag', value: 'none' },
    ],
  },
  {
    key: 'TM',
    label: 'Ticket médio',
    description: 'Valor médio das compras do cliente',
    operators: COMPARE.map((op) => ({ ...op, value: 'money' as const, min: 0 })),
  },
  {
    key: 'LP',
    label: 'Loja preferida',
    description: 'Loja favorita do cliente',
    operators: [
      { code: 'in', label: 'É', value: 'lookup', source: 'stores' },
      { code: '!in', label: 'Não é', value: 'lookup', source: 'stores' },
    ],
  },
  {
    key: 'AN',
    label: 'Aniversário',
    description: 'Aniversariantes do mês, do dia ou da semana',
    operators: [
      { code: 'month', label: 'No mês', value: 'choice', choices: BIRTHDAY_MONTH_CHOICES },
      { code: 'day', label: 'No dia (0 = hoje)', value: 'integer', min: 0, max: 31 },
      { code: 'week', label: 'Na semana (0 = semana atual)', value: 'integer', min: 0, max: 52 },
    ],
  },
  {
    key: 'CN',
    label: 'Canal de cadastro',
    description: 'Por onde o cliente se cadastrou',
    operators: [
      { code: 'in', label: 'Cadastrado pelo canal', value: 'lookup', source: 'channels' },
      { code: '!in', label: 'Não cadastrado pelo canal', value: 'lookup', source: 'channels' },
    ],
  },
  {
    key: 'CP',
    label: 'Compras',
    description: 'Quando e por onde o cliente comprou',
    operators: [
      {
        code: 'last_minutes',
        label: 'Comprou nos últimos X minutos',
        value: 'integer',
        min: 1,
        max: 525_600,
        unit: 'minutos',
      },
      {
        code: 'last_days',
        label: 'Comprou nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'idle_days',
        label: 'Não compra há mais de X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      { code: 'between', label: 'Comprou entre as datas', value: 'dates' },
      { code: '!', label: 'Nunca comprou', value: 'none' },
      { code: 'channel', label: 'Comprou no canal', value: 'lookup', source: 'origins' },
      { code: '!channel', label: 'Nunca comprou no canal', value: 'lookup', source: 'origins' },
    ],
  },
  {
    key: 'QA',
    label: 'Qualidade do cadastro',
    description: 'Dados e consentimentos do cadastro',
    operators: [
      { code: 'email', label: 'Possui e-mail', value: 'none' },
      { code: 'cellphone', label: 'Possui celular', value: 'none' },
      { code: 'terms', label: 'Aceitou os termos', value: 'none' },
      { code: 'registered_between', label: 'Cadastrado entre as datas', value: 'dates' },
      {
        code: 'registered_days',
        label: 'Cadastrado nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'registered_minutes',
        label: 'Cadastrado nos últimos X minutos',
        value: 'integer',
        min: 1,
        max: 525_600,
        unit: 'minutos',
      },
      {
        code: 'purchases',
        label: 'Com pelo menos X compras',
        value: 'integer',
        min: 1,
        max: 1_000_000,
        unit: 'compras',
      },
      { code: 'app', label: 'Uso do app', value: 'choice', choices: APP_CHOICES },
      { code: 'segment', label: 'Segmento do cliente', value: 'lookup', source: 'segments' },
    ],
  },
  {
    key: 'PC',
    label: 'Fornecedores e marcas',
    description: 'Comprou mercadorias de um fornecedor ou de uma marca',
    operators: [
      { code: 'partner', label: 'Comprou do fornecedor', value: 'lookup', source: 'partners' },
      { code: 'brand', label: 'Comprou da marca', value: 'lookup', source: 'brands' },
    ],
  },
  {
    key: 'CM',
    label: 'Comunicações',
    description: 'Interações com e-mail, SMS, NPS e WhatsApp',
    operators: [
      {
        code: 'email_read',
        label: 'Leu e-mail nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'email_sent',
        label: 'Recebeu e-mail nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'email_clicked',
        label: 'Clicou em e-mail nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'sms_received',
        label: 'Recebeu SMS nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'sms_clicked',
        label: 'Clicou em SMS nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'nps_answered',
        label: 'Respondeu NPS nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'nps_detractor',
        label: 'Detrator no NPS nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'nps_passive',
        label: 'Neutro no NPS nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      {
        code: 'nps_promoter',
        label: 'Promotor no NPS nos últimos X dias',
        value: 'integer',
        min: 1,
        max: 3_650,
        unit: 'dias',
      },
      { code: 'whatsapp_optin', label: 'Aceita WhatsApp', value: 'none' },
      { code: 'whatsapp_optout', label: 'Recusou WhatsApp', value: 'none' },
      { code: '!whatsapp_optin', label: 'Não aceitou WhatsApp', value: 'none' },
      { code: '!whatsapp_optout', label: 'Não recusou WhatsApp', value: 'none' },
    ],
  },
  {
    key: 'CAMP',
    label: 'Participação em campanhas',
    description: 'Campanhas de que o cliente participou',
    operators: CAMPAIGN_PARTICIPATION_CHOICES.flatMap((kind) => [
      {
        code: kind.code,
        label: `Participou: ${kind.label}`,
        value: 'lookup' as const,
        source: 'campaigns' as const,
      },
      {
        code: `!${kind.code}`,
        label: `Não participou: ${kind.label}`,
        value: 'lookup' as const,
        source: 'campaigns' as const,
      },
    ]),
  },
  {
    key: 'LD',
    label: 'Leads',
    description: 'Presença do cliente em outros leads',
    operators: [
      { code: 'exists', label: 'Está no lead', value: 'lookup', source: 'leads' },
      { code: '!exists', label: 'Não está no lead', value: 'lookup', source: 'leads' },
      { code: 'join', label: 'Juntar com o lead', value: 'lookup', source: 'leads' },
    ],
  },
  {
    key: 'OP',
    label: 'Opções de filtro',
    description: 'Limita a quantidade de clientes do lead',
    operators: [
      {
        code: 'limit',
        label: 'Limitar a população a',
        value: 'integer',
        min: 1,
        max: 10_000_000,
        unit: 'clientes',
      },
    ],
  },
];

export const CONDITIONS_BY_KEY: Readonly<Record<ConditionKey, ConditionDefinition>> = Object.fromEntries(
  CONDITIONS.map((c) => [c.key, c]),
) as Record<ConditionKey, ConditionDefinition>;

export function operatorOf(key: ConditionKey, option: string): OperatorDefinition | undefined {
  return CONDITIONS_BY_KEY[key]?.operators.find((op) => op.code === option);
}

/** 'Condições incorretas, verifique.' (spec part 2 §5; part 1 §5 writes it without accents). */
export const CONDITIONS_INVALID = 'Condições incorretas, verifique.';

/** At most this many rows in a lead's filter. */
export const MAX_CONDITIONS = 50;
/** At most this many items in one lookup value (products, cities, …). */
export const MAX_LOOKUP_ITEMS = 1000;
/** Largest money value of a TM row, in reais. */
export const MAX_MONEY = 99_999_999.99;
/** The CAMP lookup item meaning "any campaign of the kind". */
export const ANY_CAMPAIGN = '*';

/**
 * What the items of a lookup value are, by source, and so what the evaluator compares:
 * `id` a positive integer id (digit strings are read as ids), `text` a name compared without
 * case or accents (tags, channels, segments and origins are stored as names), `id-or-text`
 * either (a city by IBGE code or by name).
 */
export const LOOKUP_ITEMS: Readonly<Record<LookupSource, 'id' | 'text' | 'id-or-text'>> = {
  cities: 'id-or-text',
  products: 'id',
  categories: 'id',
  tags: 'text',
  stores: 'id',
  channels: 'text',
  segments: 'text',
  origins: 'text',
  brands: 'id',
  partners: 'id',
  campaigns: 'id', // or ANY_CAMPAIGN
  leads: 'id',
};

const DIGITS = /^\d{1,15}$/;
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A whole number, as a number or its digits ('30'); never a boolean, an array or a blank string. */
const integerInput = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,15}$/)
    .transform(Number),
]);

/** Reais with at most two decimals: 12.5, '12,50', 'R$ 1.234,56', '12.50' → a number of reais. */
const moneyInput = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = parseMoney(value);
  if (cents === undefined) {
    ctx.addIssue({ code: 'custom', message: CONDITIONS_INVALID });
    return z.NEVER;
  }
  return centsToNumber(cents);
});

function lookupItemSchema(source: LookupSource | undefined): z.ZodType<number | string> {
  const text = z.string().trim().min(1).max(200);
  const id = z
    .union([z.number().int().positive(), z.string().trim().regex(DIGITS).transform(Number)])
    .pipe(z.number().int().positive());
  switch (source ? LOOKUP_ITEMS[source] : 'id-or-text') {
    case 'id':
      return source === 'campaigns' ? z.union([z.literal(ANY_CAMPAIGN), id]) : id;
    case 'text':
      return z.union([text, z.number().int().nonnegative().transform(String)]);
    default:
      return z.union([id, text]);
  }
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/**
 * The value an operator takes, by its kind and bounds, normalized: integers and money as
 * numbers (money in reais), a choice as its code, choices and lookups as distinct items (ids as
 * numbers), dates as ['YYYY-MM-DD', 'YYYY-MM-DD'] with from ≤ to.
 */
export function valueSchema(op: OperatorDefinition): z.ZodType {
  switch (op.value) {
    case 'none':
      return z.unknown().transform(() => null);
    case 'integer':
      return integerInput.pipe(
        z
          .number()
          .int()
          .min(op.min ?? 0)
          .max(op.max ?? Number.MAX_SAFE_INTEGER),
      );
    case 'money':
      return moneyInput.pipe(
        z
          .number()
          .min(op.min ?? 0)
          .max(op.max ?? MAX_MONEY),
      );
    case 'choice':
      return z
        .union([z.string(), z.number()])
        .transform(String)
        .refine((v) => (op.choices ?? []).some((c) => c.code === v));
    case 'choices':
      return z
        .array(z.union([z.string(), z.number()]).transform(String))
        .min(1)
        .refine((v) => v.every((code) => (op.choices ?? []).some((c) => c.code === code)))
        .transform(unique);
    case 'lookup':
      return z.array(lookupItemSchema(op.source)).min(1).max(MAX_LOOKUP_ITEMS).transform(unique);
    case 'dates':
      return z.tuple([z.string().refine(isDay), z.string().refine(isDay)]).refine(([from, to]) => from <= to);
  }
}

/** One row of a lead's `filter` as stored and sent. */
export const LeadConditionRow = z.object({
  key: z.enum(CONDITION_KEYS),
  condition: z.string().max(200).optional(),
  option: z.string().max(40),
  value: z.unknown().optional(),
});
export type LeadConditionRow = z.infer<typeof LeadConditionRow>;

/**
 * A row whose operator exists for its key and whose value fits the operator. An empty value
 * (missing, null, blank text, empty list) is incomplete unless the operator takes no value.
 */
export function isCompleteCondition(row: LeadConditionRow): boolean {
  const parsed = LeadConditionRow.safeParse(row);
  if (!parsed.success) return false;
  const op = operatorOf(parsed.data.key, parsed.data.option);
  if (!op) return false;
  if (op.value === 'none') return true;
  if (isBlank(parsed.data.value)) return false;
  return valueSchema(op).safeParse(parsed.data.value).success;
}

/** One refused row of a filter: its index (0-based) and what is wrong, naming the row ('Condição 2 (Faixa etária): …'). */
export interface ConditionProblem {
  index: number;
  message: string;
}

const formatNumber = (n: number) => n.toLocaleString('pt-BR');
/** A day as the person typed or stored it, shown DD/MM/AAAA when it looks like one. */
const shownDay = (value: unknown): string => {
  const text = typeof value === 'string' ? value.trim() : String(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : text;
};

/** Why a value does not fit its operator (Portuguese, without the row name), or undefined when it fits. */
export function valueProblem(op: OperatorDefinition, value: unknown): string | undefined {
  if (op.value === 'none') return undefined;
  const blank = isBlank(value) || (Array.isArray(value) && value.length === 0);
  switch (op.value) {
    case 'integer': {
      const range = `de ${formatNumber(op.min ?? 0)} a ${formatNumber(op.max ?? Number.MAX_SAFE_INTEGER)}${op.unit ? ` ${op.unit}` : ''}`;
      if (blank) return `informe um número inteiro ${range}.`;
      const parsed = integerInput.safeParse(value);
      if (!parsed.success || !Number.isInteger(parsed.data))
        return `${String(value)} não é um número inteiro; use ${range}.`;
      if (parsed.data < (op.min ?? 0) || parsed.data > (op.max ?? Number.MAX_SAFE_INTEGER))
        return `${formatNumber(parsed.data)} está fora do limite; use ${range}.`;
      return undefined;
    }
    case 'money': {
      if (blank) return 'informe um valor em reais, ex.: 150,00.';
      const cents = typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
      if (cents === undefined) return `${String(value)} não é um valor em reais; use, ex.: 150,00.`;
      if (cents < (op.min ?? 0) * 100) return 'o valor não pode ser negativo.';
      if (cents > MAX_MONEY * 100) return 'o valor máximo é R$ 99.999.999,99.';
      return undefined;
    }
    case 'choice':
      if (blank) return 'escolha uma opção.';
      return valueSchema(op).safeParse(value).success ? undefined : 'escolha uma das opções da lista.';
    case 'choices':
      if (blank) return 'escolha ao menos uma opção.';
      return valueSchema(op).safeParse(value).success ? undefined : 'escolha apenas opções da lista.';
    case 'lookup': {
      if (blank || !Array.isArray(value)) return 'escolha ao menos um item.';
      if (value.length > MAX_LOOKUP_ITEMS)
        return `escolha no máximo ${formatNumber(MAX_LOOKUP_ITEMS)} itens.`;
      const item = lookupItemSchema(op.source);
      const bad = value.find((v) => !item.safeParse(v).success);
      return bad === undefined ? undefined : `item inválido: ${String(bad).slice(0, 40) || '(vazio)'}.`;
    }
    case 'dates': {
      if (!Array.isArray(value) || value.length !== 2 || value.every(isBlank))
        return 'informe a data inicial e a data final.';
      const [from, to] = value as unknown[];
      if (isBlank(from)) return 'informe a data inicial.';
      if (isBlank(to)) return 'informe a data final.';
      const fromOk = typeof from === 'string' && isDay(from);
      const toOk = typeof to === 'string' && isDay(to);
      if (!fromOk) return `a data inicial ${shownDay(from)} não existe; use DD/MM/AAAA.`;
      if (!toOk) return `a data final ${shownDay(to)} não existe; use DD/MM/AAAA.`;
      if (from > to) return `a data inicial ${shownDay(from)} é posterior à data final ${shownDay(to)}.`;
      return undefined;
    }
  }
}

/**
 * Every refused row of a filter, each naming its row ('Condição 2 (Faixa etária): 150 está fora
 * do limite; use de 1 a 120 anos.'), so that the form and the API show all of them at once.
 */
export function conditionProblems(rows: readonly unknown[]): ConditionProblem[] {
  const problems: ConditionProblem[] = [];
  rows.forEach((input, index) => {
    const parsed = LeadConditionRow.safeParse(input);
    const at = `Condição ${index + 1}`;
    if (!parsed.success) {
      problems.push({ index, message: `${at}: escolha o tipo de condição.` });
      return;
    }
    const row = parsed.data;
    const name = `${at} (${CONDITIONS_BY_KEY[row.key].label})`;
    const op = operatorOf(row.key, row.option);
    if (!op) {
      problems.push({ index, message: `${name}: escolha o operador.` });
      return;
    }
    const reason = valueProblem(op, row.value);
    if (reason) problems.push({ index, message: `${name}: ${reason}` });
  });
  return problems;
}

/**
 * A lead's `filter`: one to {@link MAX_CONDITIONS} rows, every row complete (a known key, an
 * operator of that key, a value that fits it); otherwise the spec's message
 * 'Condições incorretas, verifique.' on the filter itself (not on a row's field), followed by one
 * issue per refused row (path [index]) naming the row and the reason (issue 20). The output
 * rows are normalized: the `condition` label comes from the catalogue, the value as
 * {@link valueSchema} gives it (`null` for operators without a value).
 */
export const LeadConditions = z
  .array(z.unknown(), { error: CONDITIONS_INVALID })
  .min(1, CONDITIONS_INVALID)
  .max(MAX_CONDITIONS, `Use no máximo ${MAX_CONDITIONS} condições.`)
  .superRefine((rows, ctx) => {
    if (rows.every((row) => isCompleteCondition(row as LeadConditionRow))) return;
    ctx.addIssue({ code: 'custom', message: CONDITIONS_INVALID });
    for (const problem of conditionProblems(rows))
      ctx.addIssue({ code: 'custom', path: [problem.index], message: problem.message });
  })
  .transform((rows) =>
    rows.map((input) => {
      const row = LeadConditionRow.parse(input);
      const op = operatorOf(row.key, row.option)!;
      const value: unknown = valueSchema(op).parse(op.value === 'none' ? null : row.value);
      return { key: row.key, condition: CONDITIONS_BY_KEY[row.key].label, option: row.option, value };
    }),
  );
export type LeadConditions = z.output<typeof LeadConditions>;
export type LeadCondition = LeadConditions[number];
