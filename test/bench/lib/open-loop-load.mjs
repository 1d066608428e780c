/**
 * An open-loop HTTP load generator on its own thread (a worker), so the requests it sends and the
 * answers it parses do not share the event loop of the server being measured — as wrk or a real
 * visitor would not. Each request leaves at its due time whatever the earlier answers.
 *   workerData: { port, rate, requests: [{ method, path, headers }] }
 *   posts back: [{ status, ms }] in the order of `requests`
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

const { port, rate, requests } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: 128 });

function send({ method, path, headers }) {
  const start = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - start) / 1e6 }),
      );
    });
    req.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
    req.end();
  });
}

const results = [];
const started = performance.now();
for (let i = 0; i < requests.length; i++) {
  const wait = started + (i * 1000) / rate - performance.now();
  if (wait > 1) await sleep(wait);
  results.push(send(requests[i]));
}
const done = await Promise.all(results);
agent.destroy();
parentPort.postMessage({ done, seconds: (performance.now() - started) / 1000 });
