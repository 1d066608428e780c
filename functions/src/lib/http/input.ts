import type { z } from 'zod';

/**
 * Guards of the request pipeline against input no schema should have to think about:
 * percent-encodings that do not decode, bodies of the wrong JSON shape, and numbers a
 * JavaScript number (and DynamoDB's document client) cannot hold exactly.
 */

export const MESSAGES = {
  path: 'Endereço inválido: o caminho contém uma codificação malformada.',
  query: 'Endereço inválido: os parâmetros da consulta contêm uma codificação malformada.',
  bodyObject: 'O corpo da requisição deve ser um objeto JSON.',
  bodyList: 'O corpo da requisição deve ser uma lista JSON.',
  body: 'Corpo da requisição inválido.',
  queryInvalid: 'Parâmetros da consulta inválidos.',
  paramsInvalid: 'Endereço da requisição inválido.',
  unsafeNumber: 'Número fora do intervalo permitido.',
} as const;

/** Whether every `%XX` escape of `text` decodes to UTF-8 (`/%E0%A4%A` does not). */
export function decodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether every name and value of a raw query string (`a=1&b=%C3%A9`) decodes. */
export function decodableQuery(raw: string | undefined): boolean {
  if (!raw) return true;
  return raw.split('&').every((pair) => decodable(pair.replace(/\+/g, ' ')));
}

interface SchemaDef {
  type: string;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  shape?: Record<string, unknown>;
  catchall?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
}

const defOf = (schema: unknown): SchemaDef | undefined =>
  (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;

/** Wrappers that validate their inner schema and change nothing of the value's shape. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The JSON shape a schema needs at its root: `object`, `list`, or undefined when it accepts other
 * shapes (an optional body, a preprocess that converts, `z.unknown()`). Lets the pipeline answer a
 * missing, `null` or scalar body with one clear message instead of running object rules on it.
 */
export function expectedShape(schema: z.ZodType | undefined): 'object' | 'list' | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case 'object':
      return 'object';
    case 'array':
      return 'list';
    case 'readonly':
    case 'nonoptional':
      return expectedShape(def.innerType as z.ZodType);
    case 'pipe':
      // A preprocess (`in` is a transform) may accept anything; `schema.transform()` needs its `in`.
      return defOf(def.in)?.type === 'transform' ? undefined : expectedShape(def.in as z.ZodType);
    case 'intersection': {
      const left = expectedShape(def.left as z.ZodType);
      return left && left === expectedShape(def.right as z.ZodType) ? left : undefined;
    }
    case 'union': {
      const shapes = new Set((def.options ?? []).map((option) => expectedShape(option as z.ZodType)));
      return shapes.size === 1 ? [...shapes][0] : undefined;
    }
    default:
      return undefined;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** Whether `value` has the JSON shape `shape`. */
export function hasShape(value: unknown, shape: 'object' | 'list'): boolean {
  return shape === 'list' ? Array.isArray(value) : isPlainObject(value);
}

const MAX_REPORTED = 20;

const unsafe = (n: number) => !Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER;

/** Every number anywhere under `value` that is not finite or beyond ±(2^53 − 1), by dotted path. */
function collectAll(value: unknown, path: string[], found: string[]): void {
  // An explicit stack: a 1 MiB body can nest hundreds of thousands of levels.
  const stack: { value: unknown; path: string[] }[] = [{ value, path }];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const item = stack.pop()!;
    if (typeof item.value === 'number') {
      if (unsafe(item.value)) found.push(item.path.join('.') || '_');
    } else if (Array.isArray(item.value)) {
      item.value.forEach((child, i) => stack.push({ value: child, path: [...item.path, String(i)] }));
    } else if (isPlainObject(item.value)) {
      for (const [key, child] of Object.entries(item.value))
        stack.push({ value: child, path: [...item.path, key] });
    }
  }
}

function collect(schema: unknown, value: unknown, path: string[], found: string[]): void {
  if (found.length >= MAX_REPORTED) return;
  const def = defOf(schema);
  if (!def) return collectAll(value, path, found);
  if (def.type === 'unknown' || def.type === 'any') return;
  if (WRAPPERS.has(def.type)) return collect(def.innerType, value, path, found);
  if (def.type === 'pipe') {
    // What a transform produced is not described by any schema: check all of it.
    return defOf(def.out)?.type === 'transform'
      ? collectAll(value, path, found)
      : collect(def.out, value, path, found);
  }
  if (def.type === 'object' && isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      const childSchema = def.shape?.[key] ?? def.catchall;
      if (childSchema) collect(childSchema, child, [...path, key], found);
      else collectAll(child, [...path, key], found);
    }
    return;
  }
  if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((child, i) => collect(def.element, child, [...path, String(i)], found));
    return;
  }
  collectAll(value, path, found);
}

/**
 * The paths of numbers in a validated input that are not finite or not safe integers in size
 * (|n| > 2^53 − 1): JSON lets a client send `1e308` or `-9007199254740993`, which a JavaScript
 * number cannot hold exactly and DynamoDB's document client refuses to write.
 *
 * Parts the route's schema leaves as `z.unknown()` are skipped: there the service validates
 * row by row (ERP and POS batches) and reports a bad row without failing the whole batch.
 */
export function unsafeNumberPaths(schema: z.ZodType | undefined, value: unknown): string[] {
  const found: string[] = [];
  // Without a schema the route hands the raw input to its service, which validates it itself.
  if (schema) collect(schema, value, [], found);
  return found;
}
