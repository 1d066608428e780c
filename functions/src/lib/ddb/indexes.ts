import { tableDefinition } from './table-definition';

type IndexName = 'primary' | 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4';

const fields: Record<IndexName, { index?: string; pk: string; sk: string }> = {
  primary: { pk: tableDefinition.partitionKey, sk: tableDefinition.sortKey },
  ...Object.fromEntries(
    tableDefinition.globalIndexes.map((g) => [g.name, { index: g.name, pk: g.partitionKey, sk: g.sortKey }]),
  ),
} as Record<IndexName, { index?: string; pk: string; sk: string }>;

/**
 * Builds an ElectroDB index declaration on one of the table's key pairs, e.g.
 * `byEmail: key('gsi1', ['tenant', 'email'], [])`. Keys stay case-sensitive
 * (`casing: 'none'`); callers normalise search keys themselves. Every entity puts
 * `tenant` first in its partition key, so every key is tenant-scoped.
 */
export function key<
  I extends IndexName,
  const P extends readonly string[],
  const S extends readonly string[],
>(
  index: I,
  pk: P,
  sk: S,
): (I extends 'primary' ? unknown : { index: string }) & {
  pk: { field: string; casing: 'none'; composite: P };
  sk: { field: string; casing: 'none'; composite: S };
} {
  const f = fields[index];
  const keys = {
    pk: { field: f.pk, casing: 'none' as const, composite: pk },
    sk: { field: f.sk, casing: 'none' as const, composite: sk },
  };
  // The table index must carry no `index` property: ElectroDB tells it apart that way.
  return (f.index ? { index: f.index, ...keys } : keys) as never;
}
