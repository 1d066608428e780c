/**
 * Incremental membership on the local runtime (`npm start` as a user runs it, demo seed): how
 * long after a point-of-sale purchase the customer shows as a member of a segmentation lead that
 * the purchase qualifies them for. Goal: p95 ≤ 10 s.
 *
 * One lead 'ticket médio ≥ R$ 5.000,00' (TM >= 5000) is created through the API and recomputed
 * (P → R → D). Then, one customer at a time, a purchase of R$ 90.000,00 is posted through
 * POST /api/integration/baskets with the customer's document; the clock runs from the POS
 * answer until GET /api/web/lead/details shows the population one higher (polled every 100 ms;
 * the candidates are customers the lead does not hold, one purchase at a time). The path
 * measured is the real one: the purchase's stream record → the `segmentation-profiles`
 * processor (profile, then the customer alone against the tenant's leads) → membership and
 * population.
 *
 * Run: npx tsx test/bench/segmentation-incremental.ts   (PURCHASES=20)
 */
import { loadavg } from 'node:os';
import { startRuntime } from './runtime';

const PURCHASES = Number(process.env.PURCHASES ?? 20);
const TIMEOUT_MS = 60_000;
const INTEGRATION_TOKEN = 'frg_local_demo_integration';

const runtime = await startRuntime();
const base = `http://127.0.0.1:${runtime.port}/api`;
const host = `demo.localhost:${runtime.port}`;

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-forwarded-host': host,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/** 'YYYY-MM-DD HH:mm:ss' in America/Sao_Paulo (UTC−3, no daylight saving since 2019), a minute ago. */
const posNow = () =>
  new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString().slice(0, 19).replace('T', ' ');

try {
  const { token } = await api<{ token: string }>('POST', '/web/login', {
    email: 'admin@freguesia.dev',
    password: 'freguesia',
  });
  const staff = { authorization: `Bearer ${token}` };
  const description = `Bench incremental ${Date.now()}`;
  const { id } = await api<{ id: number }>(
    'POST',
    '/web/lead/new',
    {
      description,
      origin: 'S',
      always_valid: 'Y',
      auto_refresh: 'N',
      filter: [{ key: 'TM', option: '>=', value: 5000 }],
    },
    staff,
  );
  const details = () =>
    api<{ status: string; population: number }>('GET', `/web/lead/details?id=${id}`, undefined, staff);
  const created = performance.now();
  for (;;) {
    const lead = await details();
    if (lead.status === 'D') {
      console.log(
        `lead ${id} pronto (P → R → D) em ${((performance.now() - created) / 1000).toFixed(1)} s, população inicial ${lead.population}`,
      );
      break;
    }
    if (performance.now() - created > 300_000) throw new Error('the lead did not reach D in 5 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }

  // The seeded tickets are far below R$ 5.000,00: nobody is in the lead before its purchase.
  let population = (await details()).population;
  if (population !== 0) throw new Error(`the lead starts with ${population} members`);
  const page = await api<{ data: { id: number; document: string }[] }>(
    'GET',
    `/web/customers?page=1&per_page=${PURCHASES}`,
    undefined,
    staff,
  );
  const candidates = page.data;

  const times: number[] = [];
  for (const [n, customer] of candidates.entries()) {
    const amount = '90000.00';
    await api(
      'POST',
      '/integration/baskets',
      {
        baskets: [
          {
            id_store: 1,
            checkout: '9',
            coupon: `BENCH-${Date.now()}-${n}`,
            date: posNow(),
            document: customer.document.replace(/\D/g, ''),
            amount,
            discount: 0,
            origin: 'PDV',
            items: [
              {
                code: '7891000100103',
                description: 'TV 85 POLEGADAS',
                quantity: 1,
                unit_value: amount,
                total_value: amount,
                discount: 0,
              },
            ],
            payments: [{ method: 'Dinheiro', value: amount, installments: 1 }],
          },
        ],
      },
      { 'x-api-key': INTEGRATION_TOKEN },
    );
    const sent = performance.now();
    for (;;) {
      const lead = await details();
      if (lead.population > population) {
        population = lead.population;
        break;
      }
      if (performance.now() - sent > TIMEOUT_MS)
        throw new Error(`customer ${customer.id} not in the lead after ${TIMEOUT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    times.push(performance.now() - sent);
  }
  const final = await details();
  console.log(
    `compra PDV → membro do lead (${PURCHASES} compras, uma por vez): p50 ${(percentile(times, 50) / 1000).toFixed(2)} s, ` +
      `p95 ${(percentile(times, 95) / 1000).toFixed(2)} s, máx ${(Math.max(...times) / 1000).toFixed(2)} s (meta p95 ≤ 10 s); ` +
      `população final ${final.population}`,
  );
  console.log(`  por compra, em ordem (s): ${times.map((t) => (t / 1000).toFixed(1)).join(' ')}`);
  console.log(
    `carga da máquina ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
} finally {
  await runtime.stop();
}
