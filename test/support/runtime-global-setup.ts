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
      CEP_BASE_URL: standIns.cepBaseUrl,
      GEOCODE_BASE_URL: standIns.geocodeBaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  // Generous: the full demo seed takes ~40 s on an idle 2-core machine, much longer when it is busy.
  // E2E_RUNTIME_TIMEOUT_S lengthens the wait on a machine shared with other heavy jobs.
  const waitSeconds = Number(process.env.E2E_RUNTIME_TIMEOUT_S ?? 300);
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`runtime exited:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok && output.includes('Freguesia pronta')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`runtime not healthy in ${waitSeconds} s:\n${output}`);
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
