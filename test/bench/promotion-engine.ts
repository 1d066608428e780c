/**
 * The promotion engine at checkout size: 1,000 active discount campaigns (active 'Y'; most
 * running on the bench's day, some scheduled or over; 60 % in all 20 stores) of every type and
 * dynamic (D 40 %, DC 15 %, DB 15 %, DBRANDS 10 %, DG 10 %, DBP 10 %; 20 % cumulative), against
 * a 100-line basket (some weighed items, repeated EANs, items on offer), all generated
 * deterministically. Product rows, categories, brands and combo groups are drawn from a
 * 5,000-product catalogue whose first 1,000 products are the popular ones, and so are 85 % of
 * the basket's lines: each line meets several campaigns, a harder case than a real catalogue.
 * The campaigns go through the `Campaign` schema and are prepared once; then the basket is
 * evaluated ITERATIONS times (after a warm-up) and the latency per evaluation is printed, in
 * wall-clock time and in CPU time of the process. Goal: p99 ≤ 5 ms.
 *
 * Run: npx tsx test/bench/promotion-engine.ts   (ITERATIONS=2000, CAMPAIGNS=1000, LINES=100)
 */
import { loadavg } from 'node:os';
import {
  Campaign,
  DISCOUNT_TYPES,
  DYNAMICS_BY_TYPE,
  PERCENT_DYNAMICS,
  type DiscountType,
  type Dynamic,
} from '@freguesia/shared/schemas/campaign';
import { evaluate } from '@freguesia/shared/promotions/engine';
import { prepareCampaigns } from '@freguesia/shared/promotions/prepare';
import type { BasketLine, EvaluationInput } from '@freguesia/shared/promotions/types';

const ITERATIONS = Number(process.env.ITERATIONS ?? 2_000);
const CAMPAIGNS = Number(process.env.CAMPAIGNS ?? 1_000);
const LINES = Number(process.env.LINES ?? 100);
const PRODUCTS = 5_000;
const POPULAR = 1_000;
const STORES = 20;

/** mulberry32: a small seeded generator, so every run measures the same data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(20250615);
const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const chance = (p: number) => rnd() < p;

interface Product {
  code: string;
  category: [number, number];
  brand: number;
  group: string | null;
  price: number;
  weighed: boolean;
}
const products: Product[] = Array.from({ length: PRODUCTS }, (_, i) => {
  const department = 1 + (i % 12);
  return {
    code: `789${String(i + 1).padStart(10, '0')}`,
    category: [department, department * 100 + int(1, 9)],
    brand: int(1, 150),
    group: chance(0.2) ? `FAM${int(1, 300)}` : null,
    price: int(99, 15_000),
    weighed: chance(0.08),
  };
});
const popular = () => products[int(0, POPULAR - 1)]!;

/** The value of a campaign-level dynamic: a percentage, a final price ('everything at R$ X') or an amount off. */
const valueFor = (dynamic: Dynamic) =>
  PERCENT_DYNAMICS.has(dynamic)
    ? int(3, 20)
    : [1, 3, 7, 8].includes(dynamic)
      ? int(2_000, 15_000) / 100
      : int(50, 1_500) / 100;
/** A product row's value near its product's price: 70–95 % of it as a final price, 3–25 % off as an amount. */
function rowValue(dynamic: Dynamic, priceCents: number): number {
  if (PERCENT_DYNAMICS.has(dynamic)) return int(5, 40);
  const share = [1, 3, 7, 8].includes(dynamic) ? int(70, 95) : int(3, 25);
  return Math.max(1, Math.round((priceCents * share) / 100)) / 100;
}
const typeOf = (): DiscountType => {
  const r = rnd();
  return r < 0.4 ? 'D' : r < 0.55 ? 'DC' : r < 0.7 ? 'DB' : r < 0.8 ? 'DBRANDS' : r < 0.9 ? 'DG' : 'DBP';
};

function campaignPayload(id: number): Campaign {
  const type = typeOf();
  const dynamic = pick(DYNAMICS_BY_TYPE[type]);
  const take = int(2, 6);
  const free = int(1, take - 1);
  const row = (p: Product, trigger = false) =>
    trigger
      ? { code: p.code, trigger_discount: 'T' }
      : {
          code: p.code,
          trigger_discount: 'D',
          type: pick(DYNAMICS_BY_TYPE.D),
          price: 0 as number,
          take,
          pay: take - free,
          limit: chance(0.3) ? int(1, 10) : 0,
          budget: chance(0.2) ? int(100, 5_000) : 0,
          budget_limit: chance(0.2) ? int(10, 500) : 0,
        };
  const rows =
    type === 'D'
      ? Array.from(
          new Map(Array.from({ length: int(1, 30) }, () => popular()).map((p) => [p.code, p])).values(),
        ).map((p) => row(p))
      : [];
  for (const r of rows)
    if ('type' in r) r.price = rowValue(r.type as Dynamic, products.find((p) => p.code === r.code)!.price);
  if (type === 'D' && chance(0.1)) rows.push(row(popular(), true));
  const started = chance(0.9);
  return Campaign.parse({
    id,
    description: `Campanha ${id}`,
    type,
    active: 'Y',
    id_lead: chance(0.1) ? int(1, 20) : null,
    // Most run on the bench's day (2025-06-15); some are over, some not yet started.
    start_at: started ? '2025-01-01' : '2025-07-01',
    end_at: chance(0.5)
      ? '9999-12-31'
      : started
        ? pick(['2025-12-31', '2025-06-30', '2025-05-31'])
        : '2025-07-31',
    stores: chance(0.6)
      ? Array.from({ length: STORES }, (_, i) => ({ id_store: i + 1 }))
      : [{ id_store: int(1, STORES) }, { id_store: int(1, STORES) }],
    products: rows,
    brands: type === 'DBRANDS' ? Array.from({ length: int(1, 5) }, () => ({ id_brand: int(1, 150) })) : [],
    payments: type === 'DBP' ? [{ id_payment_method: int(1, 4), factor: pick([1, 1, 1.5, 2]) }] : [],
    groups:
      type === 'DG'
        ? [
            {
              type: 'T',
              requisite: pick(['all', 'any']),
              items: Array.from({ length: int(1, 3) }, () => ({ code: popular().code })),
            },
            {
              type: 'D',
              items: chance(0.3)
                ? [{ group_code: `FAM${int(1, 300)}` }]
                : Array.from({ length: int(1, 4) }, () => ({ code: popular().code })),
            },
          ]
        : [],
    info: {
      type: type === 'D' ? null : dynamic,
      value: valueFor(dynamic),
      trigger_quantity: take,
      discount_quantity: free,
      tiers:
        dynamic === 9 || dynamic === 10
          ? [
              { min_amount: 100, value: valueFor(dynamic) },
              { min_amount: 300, value: valueFor(dynamic) },
            ]
          : [],
      // Mostly subcategories (path of two), sometimes a whole department.
      categories:
        type === 'DC'
          ? Array.from({ length: int(1, 3) }, () =>
              pick(products)
                .category.slice(0, chance(0.8) ? 2 : 1)
                .join(','),
            ).join(';')
          : '',
      can_accumulate: chance(0.2) ? 'Y' : 'N',
      can_repeat_customer: chance(0.8) ? 'Y' : 'N',
      unique_discount: chance(0.3) ? 'Y' : 'N',
      need_terms: chance(0.2) ? 'Y' : 'N',
      voucher_code: chance(0.05) ? String(1718900000000 + id) : null,
      value_max_deduct: chance(0.2) ? int(5, 50) : 0,
      customer_limit: chance(0.1) ? int(1, 3) : 0,
      budget: chance(0.1) ? int(100, 10_000) : 0,
    },
  });
}

const payloads = Array.from({ length: CAMPAIGNS }, (_, i) => campaignPayload(i + 1));
const counts = DISCOUNT_TYPES.map((t) => `${t} ${payloads.filter((c) => c.type === t).length}`).join(', ');

const lines: BasketLine[] = Array.from({ length: LINES }, (_, i) => {
  const p = chance(0.85) ? popular() : pick(products);
  const quantity = p.weighed ? int(150, 2_500) : int(1, 6) * 1000;
  return {
    sequence: i + 1,
    code: p.code,
    quantity,
    unit_price_cents: p.price,
    total_cents: Math.round((quantity * p.price) / 1000),
    category_path: p.category,
    brand_id: p.brand,
    group_code: p.group,
    on_offer: chance(0.1),
  };
});
const input: EvaluationInput = {
  lines,
  store_id: 1,
  at: new Date('2025-06-15T15:00:00Z'),
  customer: { accepted_terms: true, in_lead: (lead) => lead % 2 === 0, usage: { 7: 1 } },
  vouchers: ['1718900000042'],
  payment_method: 2,
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

let t0 = performance.now();
const prepared = prepareCampaigns(payloads);
const prepareMs = performance.now() - t0;
console.log(
  `\n${CAMPAIGNS.toLocaleString('pt-BR')} campanhas (${counts}); preparação (índices) ${prepareMs.toFixed(1)} ms`,
);

const result = evaluate(prepared, input);
const applied = new Set(result.lines.flatMap((l) => l.applied.map((a) => a.campaign_id)));
console.log(
  `cesta de ${LINES} linhas: subtotal R$ ${(result.subtotal_cents / 100).toFixed(2)}, desconto R$ ${(result.total_discount_cents / 100).toFixed(2)}, ` +
    `${applied.size} campanhas aplicadas, ${result.lines.filter((l) => l.discount_cents > 0).length} linhas com desconto`,
);

for (let i = 0; i < 200; i++) evaluate(prepared, input); // warm-up (JIT)
const times: number[] = [];
// CPU time of the process as well: on a shared host the wall clock also counts the time the
// process waited for a core, which says more about the host than about the engine.
const cpuTimes: number[] = [];
for (let i = 0; i < ITERATIONS; i++) {
  const cpu0 = process.cpuUsage();
  t0 = performance.now();
  evaluate(prepared, input);
  times.push(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
}
const figures = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms, p99 ${percentile(values, 99).toFixed(2)} ms, ` +
  `máximo ${Math.max(...values).toFixed(2)} ms`;
console.log(
  `avaliação (${LINES} linhas × ${CAMPAIGNS.toLocaleString('pt-BR')} campanhas, ${ITERATIONS.toLocaleString('pt-BR')} vezes): ` +
    `${figures(times)} (meta p99 ≤ 5 ms)`,
);
console.log(`  tempo de CPU do processo por avaliação: ${figures(cpuTimes)}`);
console.log(`carga da máquina (1 min): ${loadavg()[0]!.toFixed(1)}`);
