import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/dynamodb';

export interface RunningRuntime {
  port: number;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  healthyAfterMs: number;
  stop(): Promise<void>;
}

/** Spawns `npm start` exactly as a user would (fresh data dir, given port) and waits for health. */
export async function startRuntime(): Promise<RunningRuntime> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'freguesia-bench-'));
  const root = resolve(import.meta.dirname, '../..');
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), FREGUESIA_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const healthyAfterMs = performance.now() - started;
  // Start-up finishes background work (web build) after the API is healthy; measure after it.
  while (!output.includes('Freguesia pronta')) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    healthyAfterMs,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
