/**
 * The single DynamoDB table, described once. The CDK data stack, the local runtime
 * (`npm start`) and the integration tests all create the table from this object, so the
 * three can never drift apart. Pure data: no AWS SDK imports here.
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
}

export const tableDefinition = {
  /** Logical name; the deployed table name is injected through the TABLE_NAME variable. */
  name: 'freguesia',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Generic overloaded indexes, all with ALL projection. */
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ] satisfies IndexDefinition[],
  /** Attribute that DynamoDB's TTL deletes items by (epoch seconds). */
  ttlAttribute: 'expiresAt',
} as const;

/** Every key attribute, for AttributeDefinitions (all strings). */
export function keyAttributes(): string[] {
  return [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
}
