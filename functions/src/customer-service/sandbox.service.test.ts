import { describe, expect, it } from 'vitest';
import { SANDBOX_LIMITS, SandboxError, runScript } from './sandbox.service';

/** Javascript nodes in QuickJS (issue 24 item 6): escape attempts are contained, limits hold. */

describe('bot sandbox', () => {
  it('runs a script with the variables in and out (strings), and its result', async () => {
    const r = await runScript(
      'variables.total = Number(variables.a) * 2; variables.ok = true; return variables.total + 1;',
      {
        a: '21',
      },
    );
    expect(r).toEqual({ variables: { a: '21', total: '42', ok: 'true' }, result: '43' });
  });

  it('keeps only string / number / boolean values under valid names', async () => {
    const r = await runScript(
      'variables.obj = {a: 1}; variables["bad name"] = "x"; variables.__proto__ = "p"; variables.n = 1.5;',
      {},
    );
    expect(r.variables).toEqual({ n: '1.5' });
  });

  it('stops an infinite loop within its time limit', async () => {
    const started = Date.now();
    await expect(runScript('while (true) {}', {}, { timeMs: 200 })).rejects.toThrow(/limite de 200 ms/);
    // Stopped by that limit (the message), not run on; the margin is a loaded host's start-up.
    expect(Date.now() - started).toBeLessThan(5_000);
    // The sandbox works again after it.
    expect((await runScript('return 1 + 1', {})).result).toBe('2');
  });

  it('stops a memory bomb at its memory limit', { timeout: 20_000 }, async () => {
    const started = Date.now();
    await expect(
      runScript('const a = []; while (true) { a.push("x".repeat(1 << 20)); }', {}, { timeMs: 5_000 }),
    ).rejects.toThrow('Script interrompido: passou do limite de memória.');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await runScript('return "ok"', {})).result).toBe('ok');
    expect(SANDBOX_LIMITS.memoryBytes).toBeLessThanOrEqual(32 * 1024 * 1024);
  });

  it('stops runaway recursion', async () => {
    await expect(runScript('const f = () => f(); f();', {})).rejects.toThrow(SandboxError);
  });

  it('has no require, process, fetch, file system or Node globals', async () => {
    const r = await runScript(
      'return [typeof require, typeof process, typeof fetch, typeof XMLHttpRequest, typeof std, typeof os, typeof Buffer, typeof setTimeout].join(",")',
      {},
    );
    expect(r.result).toBe('undefined,undefined,undefined,undefined,undefined,undefined,undefined,undefined');
    const viaConstructor = await runScript(
      'return [].constructor.constructor("return typeof process")()',
      {},
    );
    expect(viaConstructor.result).toBe('undefined');
    await expect(runScript('require("fs").readFileSync("/etc/passwd")', {})).rejects.toThrow(
      /Erro no script/,
    );
  });

  it('cannot pollute the host nor leave anything for the next script', async () => {
    await expect(runScript('Object.prototype.polluted = "yes"', {})).rejects.toThrow(SandboxError);
    await expect(runScript('globalThis.leak = 1', {})).rejects.toThrow(SandboxError);
    await expect(runScript('Array.prototype.push = function () {}', {})).rejects.toThrow(SandboxError);
    await expect(runScript('variables.__proto__.polluted = 1', {})).rejects.toThrow(SandboxError);
    await runScript('try { Object.getPrototypeOf(variables).polluted = 1 } catch (e) {}', {});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const next = await runScript(
      'return typeof Object.prototype.polluted + "," + typeof globalThis.leak',
      {},
    );
    expect(next.result).toBe('undefined,undefined');
  });

  it("a second conversation never sees the first one's variables", async () => {
    await runScript('variables.segredo = "123"', { cpf: '111' });
    const r = await runScript('return JSON.stringify(variables)', { outro: '1' });
    expect(r.result).toBe('{"outro":"1"}');
  });

  it('refuses a script over the size limit and reports script errors in Portuguese', async () => {
    await expect(runScript('x'.repeat(SANDBOX_LIMITS.codeChars + 1), {})).rejects.toThrow(
      'Script grande demais.',
    );
    await expect(runScript('throw new Error("falhou")', {})).rejects.toThrow('Erro no script: falhou');
  });
});
