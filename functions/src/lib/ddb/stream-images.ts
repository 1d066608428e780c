import type { AttributeValue } from 'aws-lambda';

/**
 * Turns a stream image (DynamoDB JSON: `{ name: { S: '…' } }`, as Lambda and GetRecords
 * deliver it) into a plain item, as the DocumentClient would read it. Numbers become JS
 * numbers (aggregators tolerate the rounding of values past 2^53 rather than failing).
 */
export function plainImage(image: Record<string, AttributeValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, plainValue(value)]));
}

function plainValue(value: AttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL) return null;
  if (value.M) return plainImage(value.M);
  if (value.L) return value.L.map(plainValue);
  if (value.SS) return new Set(value.SS);
  if (value.NS) return new Set(value.NS.map(Number));
  if (value.B !== undefined) return value.B;
  if (value.BS) return new Set(value.BS);
  return undefined;
}
