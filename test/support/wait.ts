import { idle } from '@freguesia/functions/lib/ports/local/queue-runtime';

/**
 * Waits on asynchronous work (queues, streams, recomputes, a browser's screen), for every test.
 *
 * CI runs the whole suite on a 2-core host that may be loaded (load 6–9 or more): work that takes
 * a second on an idle machine may take ten there. So a test never sleeps a fixed time to let
 * something happen; it polls the outcome a user would see until it holds, with a deadline far
 * beyond the work's usual time. A wait returns as soon as its outcome holds, so the margin costs
 * nothing when all is well; it only decides how long a broken run takes to say so.
 *
 * To show that something did NOT happen, wait first for a positive marker that the thing would
 * have happened by then (a later message handled, the queues drained), then assert the absence.
 */

/** Deadline of a wait on pipeline work (a send, a recompute, a report counted). */
export const ASYNC_TIMEOUT_MS = 90_000;

/** A per-test timeout for a test with one or two pipeline waits in it (above the waits' deadline). */
export const ASYNC_TEST_TIMEOUT_MS = 2 * ASYNC_TIMEOUT_MS;

/**
 * Polls `read` until `ok` holds of its value, and answers that value. Past the deadline it throws
 * with `what` and the last value read, so a failure says what was still missing.
 */
export async function eventually<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  { timeoutMs = ASYNC_TIMEOUT_MS, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  // performance.now(): a test may fake or move the Date clock.
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (performance.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits until the in-process queues hold no message and no batch is in flight. */
export function drained(timeoutMs = ASYNC_TIMEOUT_MS): Promise<void> {
  return idle(timeoutMs);
}
