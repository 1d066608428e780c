import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTable, startDynamoLocal } from './dynamodb';
const dir = '/tmp/cust-tp-db';
rmSync(dir, { recursive: true, force: true });
const mem = process.argv[2] === 'mem';
const dynamo = await startDynamoLocal(mem ? {} : { dbPath: join(dir, 'dynamodb') });
await ensureTable(dynamo.client, 'tpx');
const doc = DynamoDBDocumentClient.from(dynamo.client);
async function run(label: string, n: number, conc: number, make: (i: number) => Record<string, unknown>) {
  const items = Array.from({ length: n }, (_, i) => make(i));
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  const t = Date.now();
  let next = 0;
  await Promise.all(Array.from({ length: conc }, async () => {
    while (next < chunks.length) {
      const c = chunks[next++]!;
      let req: Record<string, unknown>[] = c.map((Item) => ({ PutRequest: { Item } }));
      while (req.length) {
        const r = await doc.send(new BatchWriteCommand({ RequestItems: { tpx: req as never } }));
        req = (r.UnprocessedItems?.tpx ?? []) as never;
      }
    }
  }));
  const s = (Date.now() - t) / 1000;
  console.log(label, n, 'conc', conc, s.toFixed(1), 's', Math.round(n / s), 'items/s');
}
const pad = 'x'.repeat(150);
let k = 0;
await run('small-nogsi', 3000, 4, (i) => ({ pk: `a${k}`, sk: `s${i}`, v: pad }));
k++;
await run('small-nogsi', 3000, 16, (i) => ({ pk: `a${k}`, sk: `s${i}`, v: pad }));
k++;
await run('small-nogsi', 3000, 1, (i) => ({ pk: `a${k}`, sk: `s${i}`, v: pad }));
k++;
await run('small-3gsi', 3000, 4, (i) => ({ pk: `b${k}`, sk: `s${i}`, gsi1pk: 'g', gsi1sk: `x${i}`, gsi2pk: 'g', gsi2sk: `y${i}`, gsi3pk: 'g', gsi3sk: `z${i}`, v: pad }));
k++;
await run('big-2kb', 3000, 4, (i) => ({ pk: `c${k}#${i}`, sk: 's', v: 'y'.repeat(2000) }));
await dynamo.stop();
