import { DescribeTableCommand, UpdateTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { tableName } from '@freguesia/functions/lib/ddb/client';
import { PROCESSOR as SCHEDULES_PROCESSOR } from '@freguesia/functions/communications/schedules.stream';
import { streamProcessors } from '@freguesia/functions/streams';
import { campaignsSeeder } from './campaigns';
import { catalogSeeder } from './catalog';
import { customersSeeder } from './customers';
import { identitySeeder, LOCAL_TENANTS } from './identity';
import { portalSeeder } from './portal';
import { dashboardSeeder, DASHBOARD_SEEDED_PROCESSORS } from './dashboard';
import { segmentationSeeder, SEGMENTATION_SEEDED_PROCESSORS } from './segmentation';
import { mobileSeeder } from './mobile';
import { createRng } from './random';
import type { Seeder } from './types';

/**
 * Seed steps in dependency order. A domain adds its own seeder here (stores and catalog
 * before customers, customers before purchases).
 */
const SEEDERS: Seeder[] = [
  identitySeeder,
  catalogSeeder,
  customersSeeder,
  dashboardSeeder,
  segmentationSeeder,
  // After the profiles: the app's events add their app facts to them.
  mobileSeeder,
  portalSeeder,
  campaignsSeeder,
];

/** Stream processors whose items the seeders write in bulk: they skip the seed's records. */
export const SEEDED_PROCESSORS = [
  ...DASHBOARD_SEEDED_PROCESSORS,
  ...SEGMENTATION_SEEDED_PROCESSORS,
  // Seeded purchases went through no checkout: there is no session for them to settle.
  'campaigns-settlement',
  // The seed has no lucky-number or points campaign: seeded purchases earn nothing.
  'loyalty-grants',
  // The seed has no ticket campaign: its purchases earn no tickets.
  'tickets-grants',
  // The seed has no e-mail, SMS or push campaign: nothing to schedule.
  SCHEDULES_PROCESSOR,
  // Seeded purchases are history: no NPS survey goes out for them; the seed writes no NPS answer.
  'nps-purchases',
  'nps-answers',
  // The seed uploads no CMS file: nothing to remove.
  'cms-files',
  // The seed writes no inbound WhatsApp message nor reply: no conversation to open, no status to mark.
  'customer-service-inbound',
  'customer-service-statuses',
];

/**
 * Whether the seed may write with the table's stream turned off: only when every stream
 * processor is one whose items the seed writes itself (`SEEDED_PROCESSORS`), so none misses a
 * record it needs. A processor registered without being listed there keeps the stream on during
 * the seed (and skips nothing). Off, DynamoDB Local spends about a fifth less CPU per write and
 * the runtime does not walk the seed's records after it.
 */
export const seedWithoutStream = (): boolean =>
  streamProcessors.every((p) => SEEDED_PROCESSORS.includes(p.name));

async function setStream(client: DynamoDBClient, enabled: boolean): Promise<void> {
  const TableName = tableName();
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  if (Boolean(Table?.StreamSpecification?.StreamEnabled) === enabled) return;
  await client.send(
    new UpdateTableCommand({
      TableName,
      StreamSpecification: enabled
        ? { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' }
        : { StreamEnabled: false },
    }),
  );
  for (let i = 0; i < 100; i++) {
    const { Table: now } = await client.send(new DescribeTableCommand({ TableName }));
    if (now?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Seeds every local tenant that does not exist yet. Deterministic for a given day. Answers
 * whether it wrote anything: then the stream processors whose items the seed writes in bulk
 * (`SEEDED_PROCESSORS`) skip what the stream holds so far.
 */
export async function seedLocalTenants(
  log: (line: string) => void,
  now = new Date(),
  /** The table's client: with it the seed writes with the stream off when it may (`seedWithoutStream`). */
  client?: DynamoDBClient,
): Promise<boolean> {
  const pending = [];
  for (const spec of LOCAL_TENANTS)
    if ((await countersFor(spec.tenant).total('seed-complete')) === 0) pending.push(spec);
  if (pending.length === 0) return false;
  // Turned on again whatever happens; a start interrupted before that turns it on (ensureTable).
  const quiet = client !== undefined && seedWithoutStream();
  if (quiet) await setStream(client, false);
  try {
    await seedTenants(pending, log, now);
  } finally {
    if (quiet) await setStream(client, true);
  }
  return true;
}

async function seedTenants(
  pending: typeof LOCAL_TENANTS,
  log: (line: string) => void,
  now: Date,
): Promise<void> {
  // The tenants are independent: seeded side by side (the small one no longer waits for the demo).
  await Promise.all(
    pending.map(async (spec) => {
      // Marked complete only at the end, so an interrupted seed is redone on the next start.
      const counters = countersFor(spec.tenant);
      const started = Date.now();
      const ctx = {
        tenant: spec.tenant,
        size: spec.size,
        rng: createRng(`freguesia:${spec.tenant}`),
        now,
        shared: new Map(),
      };
      for (const seeder of SEEDERS) {
        const step = Date.now();
        const done = await seeder.run(ctx);
        log(
          `  semente ${spec.tenant}/${seeder.name}: ${done} (${((Date.now() - step) / 1000).toFixed(1)} s)`,
        );
      }
      await counters.add('seed-complete', 1);
      log(`  ambiente ${spec.tenant} pronto em ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
}
