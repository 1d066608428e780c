/**
 * A stand-in for `npm start` that gets killed (issue 20 item 23, test/integration/kill-restart.int.test.ts):
 * the same durable in-process queue and the real consumers, one piece of work started through the
 * real handlers or services, and a SIGKILL of this very process when the work is half-way. Run by
 * the test with tsx and the test's environment (DynamoDB Local, table, JWT secret); argv: the
 * scenario and its JSON arguments. Never a pass/fail of its own: the parent looks at what is left.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SQSEvent } from 'aws-lambda';

const [scenario, raw] = process.argv.slice(2);
const args = JSON.parse(raw ?? '{}') as Record<string, unknown>;
const dataDir = process.env.FREGUESIA_DATA_DIR!;
const die = () => process.kill(process.pid, 'SIGKILL');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A slow host: each batch waits a little, so the kill lands in the middle. */
const slowly =
  <T>(handler: (event: SQSEvent) => Promise<T>, ms: number) =>
  async (event: SQSEvent) => {
    await sleep(ms);
    return handler(event);
  };
const killWhen = (check: () => Promise<boolean> | boolean) => {
  const tick = async () => {
    if (await check()) die();
    setTimeout(() => void tick(), 1);
  };
  void tick();
};
// Never left running if the kill never comes (its start alone may take half a minute on a loaded host).
setTimeout(() => process.exit(3), 150_000);

const { useDurableQueues, registerConsumer } =
  await import('@freguesia/functions/lib/ports/local/queue-runtime');
useDurableQueues(join(dataDir, 'queue'));
const { call } = await import('./api');
const tenant = String(args.tenant);
const token = String(args.token);

if (scenario === 'send') {
  const { handler: planner } = await import('@freguesia/functions/communications/planner.consumer');
  const { handler: sender } = await import('@freguesia/functions/communications/send.consumer');
  const { handler: communications } = await import('@freguesia/functions/communications/handler');
  registerConsumer('communications', planner, 5);
  registerConsumer('email', slowly(sender, 150), 5);
  const outbox = join(dataDir, 'outbox');
  killWhen(() => {
    try {
      return readdirSync(outbox).filter((n) => n.endsWith('.json')).length >= Number(args.killAt);
    } catch {
      return false;
    }
  });
  await call(communications, {
    method: 'POST',
    path: `/api/web/communications/${String(args.campaign)}/send`,
    tenant,
    token,
  });
} else if (scenario === 'lead') {
  const { handler: recompute } = await import('@freguesia/functions/segmentation/recompute.consumer');
  const { requestRecompute } = await import('@freguesia/functions/segmentation/population.service');
  const { populationRepository } = await import('@freguesia/functions/segmentation/population.repository');
  const { systemContext } = await import('@freguesia/functions/lib/context');
  registerConsumer('segmentation', slowly(recompute, 150), 5);
  const lead = Number(args.lead);
  killWhen(async () => {
    const run = await populationRepository(tenant).getRun(lead);
    return run?.status === 'R' && run.done.length >= 2;
  });
  await requestRecompute(systemContext(tenant, 'crash-child'), lead);
} else if (scenario === 'update') {
  const { documentClient } = await import('@freguesia/functions/lib/ddb/client');
  const { handler: campaigns } = await import('@freguesia/functions/campaigns/handler');
  let transactions = 0;
  // The kill lands after the second transaction of the update (of its four): new rows written, no flip.
  const send = documentClient.send.bind(documentClient) as (command: object) => Promise<unknown>;
  (documentClient as unknown as { send: typeof send }).send = async (command: object) => {
    const result = await send(command);
    if (/TransactWrite/.test(command.constructor.name) && ++transactions >= 2) die();
    return result;
  };
  await call(campaigns, { method: 'PUT', path: '/api/web/campaign/update', tenant, token, body: args.body });
}
// Waits for the kill (the timer above ends a run the kill missed).
await new Promise(() => undefined);
