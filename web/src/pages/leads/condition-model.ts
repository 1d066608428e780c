import { fromDisplayDate, toDisplayDate } from '@freguesia/shared/domain/dates';
import { centsToDecimal, centsToNumber, numberToCents, parseMoney } from '@freguesia/shared/domain/money';
import {
  ANY_CAMPAIGN,
  CONDITIONS_BY_KEY,
  conditionProblems,
  isCompleteCondition,
  LOOKUP_ITEMS,
  operatorOf,
  type ConditionKey,
  type LeadConditionRow,
  type OperatorDefinition,
} from '@freguesia/shared/segmentation/conditions';

/**
 * The condition rows of the lead form as the user edits them, and their conversion to and from
 * the wire rows of a lead's `filter` (`{key, condition, option, value}`, spec part 1 §3). The
 * catalogue (`shared/src/segmentation/conditions.ts`) says which operators a key has and which
 * value each operator takes; completeness is the catalogue's own `isCompleteCondition`, the
 * rule the server applies, so the form and the API never disagree.
 */

/** 'Condições incorretas, verifique.' (spec part 2 §5; part 1 §5 writes it without accents). */
export const CONDITIONS_INCORRECT = 'Condições incorretas, verifique.';

/** One chosen item of a lookup value: what is stored (id or name) and what is shown. */
export interface LookupItem {
  value: string;
  label: string;
}

/**
 * A value as typed, by the operator's kind: none → null; integer and money → the typed text;
 * choice → a code; choices → codes; lookup → items; dates → two DD/MM/AAAA texts.
 */
export type DraftValue = null | string | string[] | LookupItem[] | [string, string];

export interface DraftCondition {
  /** Stable id of the row on screen (React key, test ids). */
  uid: string;
  key: ConditionKey;
  option: string;
  value: DraftValue;
}

let counter = 0;
const nextUid = () => `c${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The empty value an operator's input starts with. */
export function emptyValue(op: OperatorDefinition | undefined): DraftValue {
  switch (op?.value) {
    case undefined:
    case 'none':
      return null;
    case 'integer':
    case 'money':
    case 'choice':
      return '';
    case 'choices':
    case 'lookup':
      return [];
    case 'dates':
      return ['', ''];
  }
}

/** A new row of a condition type (a card chosen in 'Selecione uma condição'): its first operator, no value yet. */
export function newCondition(key: ConditionKey): DraftCondition {
  const op = CONDITIONS_BY_KEY[key].operators[0];
  return { uid: nextUid(), key, option: op?.code ?? '', value: emptyValue(op) };
}

const sameInput = (a: OperatorDefinition | undefined, b: OperatorDefinition | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.value === b.value &&
  a.source === b.source &&
  a.choices === b.choices &&
  a.min === b.min &&
  a.max === b.max;

/** The row with another operator: the value stays when the new operator takes the same input, else starts empty. */
export function withOperator(row: DraftCondition, option: string): DraftCondition {
  const before = operatorOf(row.key, row.option);
  const after = operatorOf(row.key, option);
  return { ...row, option, value: sameInput(before, after) ? row.value : emptyValue(after) };
}

const asText = (value: DraftValue): string => (typeof value === 'string' ? value : '');
const asList = (value: DraftValue): string[] =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : item.value)) : [];

/** A lookup item as the wire wants it: an id as a number where the source stores ids. */
function lookupWire(op: OperatorDefinition, item: string): number | string {
  const kind = op.source ? LOOKUP_ITEMS[op.source] : 'id-or-text';
  if (kind === 'text') return item;
  if (op.source === 'campaigns' && item === ANY_CAMPAIGN) return item;
  return /^\d{1,15}$/.test(item) ? Number(item) : item;
}

/** The typed value of a row as the wire value of its operator (text that cannot convert stays text, so the check fails). */
export function wireValue(row: DraftCondition): unknown {
  const op = operatorOf(row.key, row.option);
  if (!op) return row.value;
  const value = row.value;
  switch (op.value) {
    case 'none':
      return null;
    case 'integer': {
      const text = asText(value).trim();
      return /^\d{1,15}$/.test(text) ? Number(text) : text;
    }
    case 'money': {
      const text = asText(value).trim();
      const cents = text ? parseMoney(text) : undefined;
      return cents === undefined ? text : centsToNumber(cents);
    }
    case 'choice':
      return asText(value);
    case 'choices':
      return asList(value);
    case 'lookup':
      return asList(value).map((item) => lookupWire(op, item));
    case 'dates': {
      const [from = '', to = ''] = Array.isArray(value) ? (value as string[]) : [];
      return [fromDisplayDate(from) ?? from, fromDisplayDate(to) ?? to];
    }
  }
}

/** The row as sent in the lead's `filter`. */
export function toWireRow(row: DraftCondition): LeadConditionRow {
  return {
    key: row.key,
    condition: CONDITIONS_BY_KEY[row.key]?.label,
    option: row.option,
    value: wireValue(row),
  };
}

/** Whether the row has an operator of its type and a value that fits it (the server's rule). */
export const isDraftComplete = (row: DraftCondition): boolean => isCompleteCondition(toWireRow(row));

/**
 * Why each refused row is refused, naming the row ('Condição 2 (Faixa etária): 150 está fora do
 * limite; use de 1 a 120 anos.'): the server's own messages, all rows at once (issue 20).
 */
export const draftProblems = (rows: readonly DraftCondition[]): Map<string, string> => {
  const problems = conditionProblems(rows.map(toWireRow));
  return new Map(problems.map((p) => [rows[p.index]!.uid, p.message]));
};

/** Every row complete and at least one row: what the form may save and preview. */
export const allComplete = (rows: readonly DraftCondition[]): boolean =>
  rows.length > 0 && rows.every(isDraftComplete);

/**
 * A saved row back into the form. Lookup items show their id until their names are resolved
 * (`labels`: value → name, when known).
 */
export function fromWireRow(
  row: LeadConditionRow,
  labels: ReadonlyMap<string, string> = new Map(),
): DraftCondition {
  const op = operatorOf(row.key, row.option);
  const raw = row.value;
  const list = Array.isArray(raw) ? raw.map((item) => String(item)) : [];
  let value: DraftValue;
  switch (op?.value) {
    case undefined:
    case 'none':
      value = null;
      break;
    case 'integer':
    case 'choice':
      value = raw === null || raw === undefined ? '' : String(raw);
      break;
    case 'money': {
      const cents =
        typeof raw === 'number' ? numberToCents(raw) : typeof raw === 'string' ? parseMoney(raw) : undefined;
      value = cents === undefined ? '' : centsToDecimal(cents).replace('.', ',');
      break;
    }
    case 'choices':
      value = list;
      break;
    case 'lookup':
      value = list.map((item) => ({ value: item, label: labels.get(item) ?? lookupFallbackLabel(op, item) }));
      break;
    case 'dates':
      value = [toDisplayDate(list[0]) ?? '', toDisplayDate(list[1]) ?? ''];
      break;
  }
  return { uid: nextUid(), key: row.key, option: row.option, value };
}

/** What a lookup item shows before its name is known. */
export function lookupFallbackLabel(op: OperatorDefinition, item: string): string {
  if (op.source === 'campaigns' && item === ANY_CAMPAIGN) return ANY_CAMPAIGN_LABEL;
  return op.source && LOOKUP_ITEMS[op.source] === 'text' ? item : `Código ${item}`;
}

export const ANY_CAMPAIGN_LABEL = 'Qualquer campanha';

/** The hint under an integer or money input: its range and unit. */
export function valueHint(op: OperatorDefinition): string | undefined {
  const format = (n: number) => n.toLocaleString('pt-BR');
  if (op.value === 'integer') {
    const range =
      op.min !== undefined && op.max !== undefined ? `De ${format(op.min)} a ${format(op.max)}` : undefined;
    return [range, op.unit].filter(Boolean).join(' ') || undefined;
  }
  if (op.value === 'money') return 'Valor em reais, ex.: 150,00';
  return undefined;
}
