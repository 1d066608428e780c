import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  RELEASE_SYNC,
  newQuickJSWASMModuleFromVariant,
  newVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import { isVariableName } from '@freguesia/shared/domain/bot-flow';

/**
 * The bot's Javascript nodes (issue 24 item 5) in QuickJS compiled to WebAssembly
 * (quickjs-emscripten, release-sync variant): a separate interpreter with its own heap, so a
 * script sees no Node.js — no `require`, `process`, `fetch`, file system or network; its
 * `Object.prototype` is not ours — and only the conversation's variables go in (a JSON copy)
 * and come out (strings, numbers and booleans under valid names, as strings).
 *
 * Limits per run: `timeMs` of CPU (an interrupt handler checked by the interpreter: an infinite
 * loop stops there), `memoryBytes` of heap for the whole runtime (a memory bomb fails with an
 * out-of-memory error), a stack limit, a script and output size. The WebAssembly module is loaded
 * once per process and the runtime is reused (each run gets a fresh context: nothing leaks
 * from one conversation to the next); a run that hit a limit discards the runtime.
 *
 * The .wasm (≈ 490 KB) is not in the JavaScript bundle: it is read from `quickjs.wasm` beside
 * the bundle (the deployment copies it there, infra/lib/constructs/domain-function.ts) or, from
 * source, from the package itself.
 */

export const SANDBOX_LIMITS = {
  timeMs: 250,
  memoryBytes: 16 * 1024 * 1024,
  /** The WebAssembly memory's maximum (64 KiB pages): 64 MB for the interpreter and its heaps. */
  wasmPages: 1024,
  stackBytes: 512 * 1024,
  codeChars: 10_000,
  outputChars: 64_000,
  variables: 100,
  valueChars: 4_000,
};

export class SandboxError extends Error {
  override name = 'SandboxError';
}

let modulePromise: Promise<QuickJSWASMModule> | undefined;

/** The reused sandbox: a runtime, one hardened context, the compiled scripts by their code. */
interface Sandbox {
  rt: QuickJSRuntime;
  vm: QuickJSContext;
  harness: QuickJSHandle;
  compiled: Map<string, QuickJSHandle>;
}
let sandbox: Sandbox | undefined;
/** Compiled scripts kept per sandbox (a tenant's flows have a few). */
const COMPILED_CACHE = 200;

function wasmBytes(): ArrayBuffer {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [process.env.QUICKJS_WASM_PATH, join(here, 'quickjs.wasm')].filter(
    (p): p is string => !!p,
  );
  let path = candidates.find((p) => existsSync(p));
  if (!path) path = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
  const buffer = readFileSync(path);
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

type WasmMemory = Parameters<typeof newVariant>[1]['wasmMemory'] & object;
/** Node's WebAssembly global (the functions' TypeScript lib declares only its types). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => WasmMemory };
  }
).WebAssembly;

async function quickjs(): Promise<QuickJSWASMModule> {
  // A bounded WebAssembly memory: past it the allocator fails at once (out of memory), where an
  // unbounded one would grow towards 2 GB, page by page, before the runtime's own limit answers.
  modulePromise ??= newQuickJSWASMModuleFromVariant(
    newVariant(RELEASE_SYNC, {
      wasmBinary: wasmBytes(),
      wasmMemory: new wasm.Memory({ initial: 256, maximum: SANDBOX_LIMITS.wasmPages }),
    }),
  );
  return modulePromise;
}

/**
 * The harness, defined before everything is frozen: it parses the variables (a JSON copy), calls
 * the compiled script with them and answers JSON of what it left and returned. After it, every
 * intrinsic prototype and the global object are frozen, so a script cannot leave anything behind
 * for the next one (the context is shared by every run of the process).
 */
const HARNESS = `(() => {
  const parse = JSON.parse, stringify = JSON.stringify;
  const harness = (fn, input) => {
    const variables = parse(input);
    const r = fn(variables);
    return stringify({ v: variables, r: r === undefined ? '' : typeof r === 'object' ? stringify(r) : String(r) });
  };
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    const value = globalThis[name];
    if (value && (typeof value === 'object' || typeof value === 'function')) {
      if (value.prototype) Object.freeze(value.prototype);
      Object.freeze(value);
    }
  }
  Object.freeze(Object.getPrototypeOf(function () {}));
  Object.freeze(Object.getPrototypeOf(function* () {}));
  Object.freeze(Object.getPrototypeOf([][Symbol.iterator]()));
  Object.freeze(globalThis);
  return harness;
})()`;

function newSandbox(module: QuickJSWASMModule): Sandbox {
  const rt = module.newRuntime();
  rt.setMemoryLimit(SANDBOX_LIMITS.memoryBytes);
  rt.setMaxStackSize(SANDBOX_LIMITS.stackBytes);
  const vm = rt.newContext();
  const harness = vm.unwrapResult(vm.evalCode(HARNESS, 'harness.js'));
  return { rt, vm, harness, compiled: new Map() };
}

/**
 * Drops a sandbox whose run hit a limit: the whole WebAssembly instance with it (disposing a
 * runtime interrupted mid-allocation trips QuickJS's own assertions), left to the garbage collector;
 * the next run loads a fresh one (≈ 0.2 s, only after a limit).
 */
function discard(box: Sandbox): void {
  if (sandbox === box) {
    sandbox = undefined;
    modulePromise = undefined;
  }
}

/** Loads the interpreter ahead of the first run (a cold start pays it once). */
export async function warmSandbox(): Promise<void> {
  sandbox ??= newSandbox(await quickjs());
}

function cleanVariables(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  let count = 0;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!isVariableName(k)) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') continue;
    if (++count > SANDBOX_LIMITS.variables) break;
    out[k] = String(v).slice(0, SANDBOX_LIMITS.valueChars);
  }
  return out;
}

/**
 * Runs a Javascript node's `code` with `variables` in scope (as `variables`); answers the
 * variables it left and its return value (as text; '' for undefined). Throws {@link SandboxError}
 * with a Portuguese message for an error of the script or a limit.
 */
export async function runScript(
  code: string,
  variables: Record<string, string>,
  limits: { timeMs?: number } = {},
): Promise<{ variables: Record<string, string>; result: string }> {
  if (code.length > SANDBOX_LIMITS.codeChars) throw new SandboxError('Script grande demais.');
  const module = await quickjs();
  const box = (sandbox ??= newSandbox(module));
  const { rt, vm } = box;
  const timeMs = limits.timeMs ?? SANDBOX_LIMITS.timeMs;
  rt.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeMs));
  let limitHit = false;
  const fail = (handle: QuickJSHandle): never => {
    const error: unknown = vm.dump(handle);
    handle.dispose();
    const text =
      error && typeof error === 'object' && 'message' in error
        ? String((error as { message: unknown }).message)
        : String(error);
    if (/interrupted/i.test(text)) {
      limitHit = true;
      throw new SandboxError(`Script interrompido: passou do limite de ${timeMs} ms.`);
    }
    if (/out of memory|stack overflow|InternalError/i.test(text)) {
      limitHit = true;
      throw new SandboxError('Script interrompido: passou do limite de memória.');
    }
    throw new SandboxError(`Erro no script: ${text.slice(0, 300)}`);
  };
  try {
    let fn = box.compiled.get(code);
    if (!fn) {
      const compiled = vm.evalCode(`(function (variables) {\n"use strict";\n${code}\n})`, 'bot-node.js');
      if (compiled.error) fail(compiled.error);
      fn = (compiled as { value: QuickJSHandle }).value;
      if (box.compiled.size >= COMPILED_CACHE) {
        const [oldest, handle] = box.compiled.entries().next().value as [string, QuickJSHandle];
        handle.dispose();
        box.compiled.delete(oldest);
      }
      box.compiled.set(code, fn);
    }
    const input = vm.newString(JSON.stringify(cleanVariables(variables)));
    const outcome = vm.callFunction(box.harness, vm.undefined, fn, input);
    input.dispose();
    if (outcome.error) fail(outcome.error);
    const value = (outcome as { value: QuickJSHandle }).value;
    const raw: unknown = vm.dump(value);
    value.dispose();
    if (typeof raw !== 'string' || raw.length > SANDBOX_LIMITS.outputChars)
      throw new SandboxError('Resultado do script grande demais.');
    const parsed = JSON.parse(raw) as { v: unknown; r: unknown };
    return {
      variables: cleanVariables(parsed.v),
      result: String(parsed.r ?? '').slice(0, SANDBOX_LIMITS.valueChars),
    };
  } catch (error) {
    if (error instanceof SandboxError) throw error;
    limitHit = true;
    throw new SandboxError('Script interrompido: passou do limite de memória.');
  } finally {
    if (limitHit) discard(box);
  }
}
