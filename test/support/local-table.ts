import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import {
  createTableInput,
  ensureTable,
  startDynamoLocal,
  type DynamoLocal,
} from '../../infra/local/dynamodb';

/**
 * Starts an in-memory DynamoDB Local, creates the table from the shared definition and points
 * the functions' environment at it (the modules read it at load time, so import them after
 * this). Used by the integration tests' global setup and by the benchmarks.
 */
export async function startLocalTable(
  tableName: string,
  runningEndpoint?: string,
  options: { stream?: boolean } = {},
): Promise<Pick<DynamoLocal, 'endpoint' | 'client' | 'stop'> & { pid?: number }> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // A DynamoDB Local that is already running (large benches) is used as it is and left running.
  const dynamo = runningEndpoint
    ? {
        endpoint: runningEndpoint,
        client: new DynamoDBClient({
          endpoint: runningEndpoint,
          region: 'sa-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
        stop: async () => {},
      }
    : await startDynamoLocal();
  // Large benches create the table without its stream: DynamoDB Local's stream bookkeeping makes
  // every write slower as records pile up (100,000 customers would not seed within an hour), and
  // the stream changes nothing that is stored or read. ensureTable would turn it back on.
  const { TableNames = [] } = await dynamo.client.send(new ListTablesCommand({}));
  if (options.stream === false && !TableNames.includes(tableName)) {
    const { StreamSpecification: _stream, ...input } = createTableInput(tableName);
    await dynamo.client.send(new CreateTableCommand(input));
  } else {
    await ensureTable(dynamo.client, tableName);
  }
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: 'sa-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // The fixed test data key: integration tokens are sealed with it (lib/ports/secrets-key.ts).
    FREGUESIA_SECRETS_KEY: 'test-only-secrets-key-0123456789abcdefghijklmnopqrstuv',
    FREGUESIA_RUNTIME: 'local',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
  });
  return { ...dynamo, pid: 'process' in dynamo ? dynamo.process.pid : undefined };
}

/** Counts every DynamoDB request sent through the shared DocumentClient (benchmarks). */
export async function countDynamoRequests(): Promise<{ readonly count: number; reset(): void }> {
  const { documentClient } = await import('@freguesia/functions/lib/ddb/client');
  const counter = { count: 0, reset: () => (counter.count = 0) };
  documentClient.middlewareStack.add(
    (next) => async (args) => {
      counter.count++;
      return next(args);
    },
    { step: 'initialize', name: 'benchRequestCounter' },
  );
  return counter;
}

export interface SearchFigures {
  /** DynamoDB requests per call. */
  requests: number;
  p50: number;
  p95: number;
  /** Results per call (what `run` returned). */
  results: number;
}

/**
 * Runs `run` `iterations` times after `warmup` calls and reports DynamoDB requests per call,
 * latency p50/p95 in ms and the mean of what `run` returns (e.g. result count).
 */
export async function measureSearches(
  counter: { readonly count: number; reset(): void },
  run: (i: number) => Promise<number>,
  iterations: number,
  warmup: number,
): Promise<SearchFigures> {
  for (let i = 0; i < warmup; i++) await run(i);
  const times: number[] = [];
  let totalRequests = 0;
  let results = 0;
  for (let i = 0; i < iterations; i++) {
    counter.reset();
    const t0 = performance.now();
    results += await run(i);
    times.push(performance.now() - t0);
    totalRequests += counter.count;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { requests: totalRequests / iterations, p50: at(0.5), p95: at(0.95), results: results / iterations };
}
