import { startLocalTable } from './local-table';

/**
 * Starts one in-memory DynamoDB Local for the integration project and creates the table
 * from the shared definition. Test files isolate themselves with a fresh random tenant
 * (see `test/support/tenant.ts`), so they can share the table safely.
 */
let dynamo: { stop(): Promise<void> } | undefined;

export async function setup(): Promise<void> {
  // Java starts slowly on a loaded host: 30 s (infra/local/dynamodb.ts's default) is not enough there.
  process.env.FREGUESIA_DYNAMO_START_MS ??= '180000';
  dynamo = await startLocalTable('freguesia-test');
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}
