/**
 * Runtime configuration read from the environment once per cold start.
 * Locally `infra/local/start.ts` sets these; in AWS the CDK construct does.
 */
export const config = {
  tableName: process.env.TABLE_NAME ?? 'freguesia',
  /** DynamoDB endpoint override (DynamoDB Local); unset in AWS. */
  dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
  region: process.env.AWS_REGION ?? 'sa-east-1',
  /** Tenant served on bare `localhost` and IP hosts. */
  defaultTenant: process.env.DEFAULT_TENANT ?? 'demo',
  version: process.env.APP_VERSION ?? '0.1.0',
  /** `local` wires the on-disk/in-process port implementations. */
  runtime: (process.env.FREGUESIA_RUNTIME ?? 'aws') as 'aws' | 'local',
  dataDir: process.env.FREGUESIA_DATA_DIR ?? '.data',
};
