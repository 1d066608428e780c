import type { AuditChange } from '@freguesia/shared/schemas/audit';

/**
 * The changed fields of a record, pure (unit-tested): objects are compared one level deep, with
 * nested plain objects flattened ('info.layout_title'); values become short display text. Secrets
 * are never written, and large texts (an e-mail body) are logged as changed with their sizes only.
 */

/** Fields that are bookkeeping, not content. */
const IGNORED = new Set(['updated_at', 'updatedAt', 'created_at', 'createdAt', 'version', 'tenant']);
/** Fields whose values must never reach the log. */
const SECRET = /pass(word)?|secret|token|credential|api_?key|hash/i;
/** Longer values are shown by size only. */
const MAX_TEXT = 200;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

function flatten(value: unknown, prefix = '', out: Map<string, unknown> = new Map()): Map<string, unknown> {
  if (!isPlain(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    if (IGNORED.has(k)) continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if (isPlain(v) && !prefix) flatten(v, path, out);
    else out.set(path, v);
  }
  return out;
}

/** Absent, null, '' and an empty list or object are all "empty": no change between them. */
const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isPlain(v) && Object.keys(v).length === 0);
const canonical = (v: unknown): string => (isEmpty(v) ? '' : JSON.stringify(v));

/** A value as the log shows it. */
export function displayValue(field: string, v: unknown): string {
  if (isEmpty(v)) return '';
  if (SECRET.test(field.split('.').pop() ?? field)) return '••••';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  if (text.length > MAX_TEXT) return `(${text.length.toLocaleString('pt-BR')} caracteres)`;
  return text;
}

/** The fields that differ between `before` and `after` (either may be absent: a create or a delete). */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = flatten(before);
  const b = flatten(after);
  const fields = [...new Set([...a.keys(), ...b.keys()])].sort();
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const x = a.get(field);
    const y = b.get(field);
    if (canonical(x) === canonical(y)) continue;
    let shownBefore = displayValue(field, x);
    let shownAfter = displayValue(field, y);
    // Two long texts of the same size still changed: say so rather than show two equal sizes.
    if (shownBefore === shownAfter) {
      shownBefore = `${shownBefore} (anterior)`;
      shownAfter = `${shownAfter} (novo)`;
    }
    changes.push({ field, before: shownBefore, after: shownAfter });
  }
  return changes;
}
