import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { handler as exportsHandler } from '@freguesia/functions/exports/handler';
import { handler as exportsConsumer } from '@freguesia/functions/exports/exports.consumer';
import { openLocalBlobLink } from '@freguesia/functions/lib/ports/local/disk-blob';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { call, type ApiRequest, type ApiResponse } from './api';
import { ASYNC_TIMEOUT_MS } from './wait';

/**
 * The export flow as the screen lives it: the export route answers 202 with a job, the `exports`
 * consumer (the real one, on the in-process queue) writes the file, the job is polled until it
 * ends, and its link is followed (the local twin of an S3 presigned GET).
 */

export function startExportsConsumer(): void {
  registerConsumer('exports', exportsConsumer, 3);
}

/** Calls the exports domain's real Lambda handler. */
export const callExports = (request: ApiRequest): Promise<ApiResponse> => call(exportsHandler, request);

/** Follows a download link of the local blob store: the file's bytes, or the refusal. */
export async function followLink(
  url: string,
  now = Date.now(),
): Promise<{ status: number; body: Buffer; fileName?: string }> {
  const link = openLocalBlobLink(new URL(url, 'http://local'), undefined, now);
  if (link === 'invalid' || link === 'expired') return { status: 403, body: Buffer.alloc(0) };
  try {
    return { status: 200, body: await readFile(link.path), fileName: link.fileName };
  } catch {
    return { status: 404, body: Buffer.alloc(0) };
  }
}

/** Polls a job until it ends (done or failed); answers its last state. */
export async function waitForJob(
  auth: { tenant: string; token: string },
  id: number,
  timeoutMs = ASYNC_TIMEOUT_MS,
): Promise<ApiResponse> {
  let last: ApiResponse | undefined;
  await expect
    .poll(
      async () => {
        last = await callExports({ ...auth, path: `/api/web/exports/${id}` });
        return last.body?.status;
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .toMatch(/^(done|failed)$/);
  return last!;
}

/**
 * Asks for an export and waits for its file: the route's answer, the job once ended and the file's
 * bytes (empty when the job failed).
 */
export async function exportFile(
  auth: { tenant: string; token: string },
  path: string,
  query: Record<string, string | number>,
): Promise<{ accepted: ApiResponse; job: ApiResponse; file: Buffer }> {
  const accepted = await callExports({ ...auth, path, query });
  if (accepted.status !== 202) return { accepted, job: accepted, file: Buffer.alloc(0) };
  const job = await waitForJob(auth, accepted.body.id as number);
  if (job.body.status !== 'done') return { accepted, job, file: Buffer.alloc(0) };
  const download = await followLink(job.body.url as string);
  expect(download.status).toBe(200);
  return { accepted, job, file: download.body };
}

/** The rows of an xlsx file's first sheet (or the named one), header included. */
export async function xlsxRows(file: Buffer, sheet?: string): Promise<unknown[][]> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(file, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet ?? book.SheetNames[0]!]!, { header: 1 });
}
