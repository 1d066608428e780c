import { startLocalTable } from './local-table';

/**
 * Starts one in-memory DynamoDB Local for the integration project and creates the table
 * from the shared definition. Test files isolate themselves with a fresh random tenant
 * (see `test/support/tenant.ts`), so they can share the table safely.
 */
let dynamo: { stop(): Promise<void> } | undefined;

export async function setup(): Promise<void> {
  dynamo = await startLocalTable('freguesia-test');
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}
