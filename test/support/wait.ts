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
export async function drained(timeoutMs = ASYNC_TIMEOUT_MS): Promise<void> {
  // Imported here: the browser tests use this module without the in-process queues.
  const { idle } = await import('@freguesia/functions/lib/ports/local/queue-runtime');
  await idle(timeoutMs);
}

/**
 * Wraps a queue consumer to count its invocations. `caughtUp()` waits until every invocation
 * begun so far has ended: after a pause or a cancel, the batches that were in flight (the only ones
 * that can still act on the old state) are done — a positive marker before asserting that nothing
 * more happened.
 */
export function trackInvocations<E, R>(
  name: string,
  consumer: (event: E) => Promise<R>,
): { consumer: (event: E) => Promise<R>; caughtUp: () => Promise<void> } {
  let started = 0;
  const running = new Set<number>();
  return {
    async consumer(event) {
      const n = ++started;
      running.add(n);
      try {
        return await consumer(event);
      } finally {
        running.delete(n);
      }
    },
    async caughtUp() {
      const mark = started;
      await eventually(
        `${name}: the invocations begun before #${mark} ended`,
        () => [...running],
        (now) => now.every((n) => n > mark),
      );
    },
  };
}
