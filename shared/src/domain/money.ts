/**
 * Money and quantities on the wire and in the UI (spec part 1 §5 "Pricing", §9: "R$ with two
 * decimals and a comma; rounding at 2 places").
 *
 * Amounts are integer centavos internally; no binary-float arithmetic touches them. Inputs come
 * as numbers (`12.5`) or text (`'12,50'`, `'R$ 1.234,56'`, `'12.50'`) and must have at most two
 * decimals — extra decimals are refused, never silently rounded.
 */

const MAX_CENTS = Number.MAX_SAFE_INTEGER;

/**
 * Parses a money amount into integer centavos. Text with a comma uses the Brazilian format
 * (comma = decimal separator, dots = thousands: `'1.234,56'`); text without a comma uses a dot as
 * the decimal separator (`'12.50'`, as ERPs send). `R$`, spaces and a leading minus are allowed.
 * Returns undefined for anything else, including more than two decimals.
 */
export function parseMoney(input: string | number): number | undefined {
  if (typeof input === 'number') return numberToCents(input);
  let text = input.replace(/R\$/gi, '').replace(/[\s\u00a0]/g, '');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  let whole: string;
  let fraction: string;
  if (text.includes(',')) {
    // Brazilian: dots may only group thousands.
    const match = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{0,2})$/.exec(text);
    if (!match) return undefined;
    whole = match[1]!.replace(/\./g, '');
    fraction = match[2]!;
  } else {
    const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
    if (!match) return undefined;
    whole = match[1]!;
    fraction = match[2] ?? '';
  }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return undefined;
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * Converts a JS number with at most two decimals into centavos (`12.5` → 1250, `0.29` → 29).
 * Uses the shortest decimal representation of the number, so float noise like `0.1 + 0.2` is
 * refused rather than rounded.
 */
export function numberToCents(value: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(Math.abs(value));
  if (/e/i.test(text)) return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return value < 0 && cents !== 0 ? -cents : cents;
}

/** Centavos as a JSON number with at most two decimals: 1250 → 12.5 (the wire format). */
export function centsToNumber(cents: number): number {
  return Number(centsToDecimal(cents));
}

/** Centavos as a dot-decimal string with exactly two decimals: 1250 → '12.50'. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Formats centavos for people: 123456 → 'R$ 1.234,56' (dot thousands, comma decimals).
 * `{ symbol: false }` gives '1.234,56'.
 */
export function formatMoney(cents: number, options: { symbol?: boolean } = {}): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const body = `${whole},${String(abs % 100).padStart(2, '0')}`;
  return options.symbol === false ? `${sign}${body}` : `${sign}R$ ${body}`;
}

/** Splits a price for labels (spec part 2: "split into integer and decimal parts"): 1299 → ['12', '99']. */
export function splitMoney(cents: number): [string, string] {
  const [whole, decimals] = formatMoney(cents, { symbol: false }).split(',');
  return [whole ?? '0', decimals ?? '00'];
}

/**
 * The pricing screen's stock parser (spec part 1 §5): a comma becomes a dot. Accepts numbers and
 * text such as '12,5', '12.5', '-3'; returns undefined when the result is not a finite number or
 * has more than three decimals (kilograms to the gram).
 */
export function parseStock(input: string | number): number | undefined {
  const text = typeof input === 'number' ? String(input) : input.trim().replace(',', '.');
  if (!/^-?\d+(?:\.\d{1,3})?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Adds stock quantities without float drift (three decimals): 0.1 + 0.2 → 0.3. */
export function sumStock(values: readonly number[]): number {
  const thousandths = values.reduce((sum, v) => sum + Math.round(v * 1000), 0);
  return thousandths / 1000;
}
