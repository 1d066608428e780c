/**
 * Whether `expression` is a 5-field cron expression (minute hour day month weekday): '0 0 * * *'
 * is daily at midnight. Each field is a comma list of `*`, values and `a-b` ranges, `*` and ranges
 * with an optional `/step`; months may be JAN–DEC and weekdays SUN–SAT (0 and 7 are Sunday).
 *
 * A small parser of its own rather than croner (≈ 33 KB, which the local scheduler runs): every
 * function that validates a lead or a communication would carry it for this check. The grammar is
 * the common subset of croner and EventBridge Scheduler (what `toEventBridgeCron` converts); the
 * test checks that croner accepts every expression accepted here. Croner's extensions (`L`, `W`,
 * `#`, `?`) are refused: EventBridge reads them differently or not at all.
 */
interface Field {
  readonly min: number;
  readonly max: number;
  /** Names of the values from `min` on (months, weekdays). */
  readonly names?: readonly string[];
}

const FIELDS: readonly Field[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  {
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  { min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

function valueOf(token: string, field: Field): number | undefined {
  if (/^\d{1,2}$/.test(token)) {
    const n = Number(token);
    return n >= field.min && n <= field.max ? n : undefined;
  }
  const named = field.names?.indexOf(token.toUpperCase()) ?? -1;
  return named >= 0 ? field.min + named : undefined;
}

function isField(text: string, field: Field): boolean {
  return text.split(',').every((part) => {
    const m = /^([^/]+)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) return false;
    const [, range, step] = m as unknown as [string, string, string | undefined];
    if (step !== undefined && (Number(step) < 1 || Number(step) > field.max)) return false;
    if (range === '*') return true;
    const bounds = range.split('-');
    if (bounds.length > 2) return false;
    const from = valueOf(bounds[0]!, field);
    if (from === undefined) return false;
    if (bounds.length === 1) return step === undefined; // croner refuses '5/15': a step needs `*` or a range
    const to = valueOf(bounds[1]!, field);
    return to !== undefined && from <= to;
  });
}

export function isCronExpression(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  return fields.length === FIELDS.length && fields.every((text, i) => isField(text, FIELDS[i]!));
}

/** The values a valid field allows (weekday 7 folded onto 0). */
function fieldValues(text: string, field: Field): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/') as [string, string | undefined];
    const step = stepText ? Number(stepText) : 1;
    let from = field.min;
    let to = field.max;
    if (range !== '*') {
      const bounds = range.split('-');
      from = valueOf(bounds[0]!, field)!;
      to = bounds.length > 1 ? valueOf(bounds[1]!, field)! : from;
    }
    for (let v = from; v <= to; v += step) values.add(field.max === 7 && v === 7 ? 0 : v);
  }
  return values;
}

/**
 * Whether a valid cron expression fires at some time of the calendar day `day` ('YYYY-MM-DD'),
 * with cron's rule for the two day fields: when both day of month and weekday are restricted (neither
 * is '*'), a day matching either fires (croner's legacy mode, what the local scheduler runs). False for an invalid expression.
 */
export function cronFiresOn(expression: string, day: string): boolean {
  if (!isCronExpression(expression)) return false;
  const [, , dom, month, dow] = expression.trim().split(/\s+/) as [string, string, string, string, string];
  const date = new Date(`${day}T12:00:00Z`);
  if (!fieldValues(month, FIELDS[3]!).has(date.getUTCMonth() + 1)) return false;
  const domMatch = fieldValues(dom, FIELDS[2]!).has(date.getUTCDate());
  const dowMatch = fieldValues(dow, FIELDS[4]!).has(date.getUTCDay());
  // As croner (the local scheduler): a day field of exactly '*' does not restrict; then both must match.
  if (dom === '*' || dow === '*') return domMatch && dowMatch;
  return domMatch || dowMatch;
}
