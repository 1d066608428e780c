/**
 * The bot's Javascript node (issue 24's target): 1,000 evaluations of a small script ≤ 2 s in all
 * (the sandbox is reused: one QuickJS runtime and hardened context, the compiled script cached),
 * and an infinite loop stopped within its time limit.
 *
 * Run: npx tsx test/bench/bot-sandbox.ts
 */
import { loadavg } from 'node:os';
import {
  SANDBOX_LIMITS,
  runScript,
  warmSandbox,
} from '@freguesia/functions/customer-service/sandbox.service';

const RUNS = Number(process.env.RUNS ?? 1_000);
const script =
  'variables.total = String(Number(variables.preco) * Number(variables.qtd)); return variables.total;';

let t0 = performance.now();
await warmSandbox();
console.log(`Carga do QuickJS (WebAssembly): ${(performance.now() - t0).toFixed(0)} ms`);

t0 = performance.now();
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const s = performance.now();
  const r = await runScript(script, { preco: '2.5', qtd: String(i) });
  times.push(performance.now() - s);
  if (r.result !== String(2.5 * i)) throw new Error(`resultado errado: ${r.result}`);
}
const total = performance.now() - t0;
times.sort((a, b) => a - b);
console.log(
  `${RUNS} avaliações: ${total.toFixed(0)} ms no total (meta ≤ 2000 ms); p50 ${times[Math.floor(RUNS / 2)]!.toFixed(2)} ms, p95 ${times[Math.floor(RUNS * 0.95)]!.toFixed(2)} ms`,
);

t0 = performance.now();
try {
  await runScript('while (true) {}', {});
  console.log('laço infinito NÃO foi interrompido');
} catch (error) {
  console.log(
    `Laço infinito interrompido em ${(performance.now() - t0).toFixed(0)} ms (limite ${SANDBOX_LIMITS.timeMs} ms): ${(error as Error).message}`,
  );
}
t0 = performance.now();
try {
  await runScript('const a = []; while (true) a.push("x".repeat(1 << 20));', {}, { timeMs: 10_000 });
} catch (error) {
  console.log(
    `Bomba de memória contida em ${(performance.now() - t0).toFixed(0)} ms: ${(error as Error).message}`,
  );
}
console.log(`carga da máquina (1 min): ${loadavg()[0]!.toFixed(1)}`);
