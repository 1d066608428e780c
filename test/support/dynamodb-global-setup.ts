import { randomBytes } from 'node:crypto';
import { ensureTable, startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamodb';

/**
 * Starts one in-memory DynamoDB Local for the integration project and creates the table
 * from the shared definition. Test files isolate themselves with a fresh random tenant
 * (see `test/support/tenant.ts`), so they can share the table safely.
 */
let dynamo: DynamoLocal | undefined;

export async function setup(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  dynamo = await startDynamoLocal();
  const tableName = 'freguesia-test';
  await ensureTable(dynamo.client, tableName);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: 'sa-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    JWT_SECRET: randomBytes(32).toString('hex'),
    FREGUESIA_RUNTIME: 'local',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
  });
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}
