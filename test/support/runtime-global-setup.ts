import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/dynamodb';
import { startStandIns, type StandIns } from './stand-ins';

/**
 * Starts the real local runtime (`npm start`'s entry) on a free port with a throw-away data
 * directory, waits for /api/health and hands the base port to the e2e tests.
 */
let child: ChildProcess | undefined;
let dataDir: string | undefined;
let standIns: StandIns | undefined;

export async function setup(project: TestProject): Promise<void> {
  // A runtime already up and seeded (`PORT=… npm start -- --in-memory`): a loaded machine may need
  // longer than the deadline below to seed one.
  const running = Number(process.env.FREGUESIA_E2E_RUNTIME_PORT);
  if (running > 0) {
    project.provide('runtimePort', running);
    return;
  }
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'freguesia-e2e-'));
  const root = resolve(import.meta.dirname, '../..');
  let output = '';
  // Postal-code and geocoding lookups answer from a local stand-in: no internet in tests.
  standIns = await startStandIns();
  // In memory: the data directory is thrown away anyway, and the demo seed is faster without the disk.
  child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--in-memory'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      FREGUESIA_DATA_DIR: dataDir,
      // Java starts slowly on a loaded host: the runtime's 30 s wait for DynamoDB Local failed there.
      FREGUESIA_DYNAMO_START_MS: process.env.FREGUESIA_DYNAMO_START_MS ?? '180000',
      CEP_BASE_URL: standIns.cepBaseUrl,
      GEOCODE_BASE_URL: standIns.geocodeBaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  // Generous: the full demo seed takes ~40 s on an idle 2-core machine, much longer when it is busy.
  // FREGUESIA_E2E_START_MS: a longer wait on a loaded host (the seed alone can take minutes).
  const startMs = Number(process.env.FREGUESIA_E2E_START_MS) || 300_000;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`runtime exited:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok && output.includes('Freguesia pronta')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`runtime not healthy in ${Math.round(startMs / 1000)} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('runtimePort', port);
}

export async function teardown(): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await standIns?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    runtimePort: number;
  }
}
