/**
 * Preview count and polygon count at 100,000 customers on DynamoDB Local (profiles and map
 * points seeded with batch writes):
 * - `previewCount` of a filter with five conditions, as the lead form asks it (above 15,000
 *   customers an estimate from a ~10,000-profile sample): latency p50/p95, DynamoDB requests
 *   and the estimate's error against the exact count (goal ≤ 2 s); then the exact count (every
 *   profile evaluated) for comparison;
 * - `countInPolygon` for a neighbourhood-sized and a city-sized polygon: DynamoDB requests,
 *   latency and the count, checked against a brute-force count of the seeded points.
 *
 * Run: npx tsx test/bench/segmentation-preview.ts   (CUSTOMERS=100000, ITERATIONS=10;
 * BENCH_DYNAMODB_ENDPOINT reuses a running DynamoDB Local)
 */
import { loadavg } from 'node:os';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { countDynamoRequests, startLocalTable } from '../support/local-table';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 100_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 10);
const dynamo = await startLocalTable(
  'freguesia-bench-segmentation-preview',
  process.env.BENCH_DYNAMODB_ENDPOINT,
  { stream: false },
);

const { createTestTenant, staffContext } = await import('../support/tenant');
const { countInPolygon, previewCount } = await import('@freguesia/functions/segmentation/population.service');
const { pointInPolygon } = await import('@freguesia/functions/segmentation/geo.model');
const { seedProfiles, FIVE_CONDITIONS } = await import('./segmentation-seed');

const t = await createTestTenant('benchprev');
const ctx = staffContext(t);
const seeded = await seedProfiles(t.tenant, CUSTOMERS);
console.log(
  `\n${CUSTOMERS.toLocaleString('pt-BR')} perfis gravados (batch write) em ${seeded.seconds.toFixed(1)} s; ${seeded.points.length.toLocaleString('pt-BR')} com ponto no mapa`,
);
const requests = await countDynamoRequests();

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

async function measure(label: string, run: () => Promise<number>, iterations: number): Promise<void> {
  await run(); // warm-up
  const times: number[] = [];
  let answer = 0;
  requests.reset();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    answer = await run();
    times.push(performance.now() - t0);
  }
  console.log(
    `${label}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, ` +
      `${Math.round(requests.count / iterations)} requisições DynamoDB por chamada, resultado ${answer.toLocaleString('pt-BR')}`,
  );
}

// The exact count (every profile) first: the reference for the estimate's error.
const exact = (await previewCount(ctx, FIVE_CONDITIONS as LeadCondition[], { exactUpTo: Infinity }))
  .population;
const errors: number[] = [];
await measure(
  'prévia, cinco condições (amostra)',
  async () => {
    const answer = await previewCount(ctx, FIVE_CONDITIONS as LeadCondition[]);
    errors.push(Math.abs(answer.population - exact) / Math.max(1, exact));
    return answer.population;
  },
  ITERATIONS,
);
console.log(
  `  contagem exata ${exact.toLocaleString('pt-BR')}; erro da estimativa: mediana ${(percentile(errors, 50) * 100).toFixed(1)} %, ` +
    `máximo ${(Math.max(...errors) * 100).toFixed(1)} % em ${errors.length} prévias`,
);
await measure(
  'prévia, cinco condições (exata, todos os perfis)',
  async () =>
    (await previewCount(ctx, FIVE_CONDITIONS as LeadCondition[], { exactUpTo: Infinity })).population,
  Math.min(3, ITERATIONS),
);

const polygons: Record<string, [number, number][]> = {
  // Around Avenida Paulista (≈ 2 × 2 km).
  bairro: [
    [-23.552, -46.665],
    [-23.552, -46.645],
    [-23.57, -46.64],
    [-23.572, -46.662],
  ],
  // Most of the city's centre (≈ 20 × 20 km), an irregular pentagon.
  cidade: [
    [-23.45, -46.7],
    [-23.47, -46.55],
    [-23.6, -46.5],
    [-23.65, -46.62],
    [-23.58, -46.75],
  ],
};
for (const [name, polygon] of Object.entries(polygons)) {
  const expected = seeded.points.filter((p) => pointInPolygon(p.latitude, p.longitude, polygon)).length;
  await measure(
    `polígono ${name} (esperado ${expected.toLocaleString('pt-BR')})`,
    async () => (await countInPolygon(ctx, polygon)).population,
    ITERATIONS,
  );
}
console.log(`carga da máquina (1 min): ${loadavg()[0]!.toFixed(1)}`);
await dynamo.stop();
