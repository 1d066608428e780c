import { useQuery } from '@tanstack/react-query';
import { ExportAccepted, ExportJob } from '@freguesia/shared/schemas/exports';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/**
 * Export jobs (functions/README.md, "Exports"): an export route (`/web/tag/export`,
 * `/web/leads/export`, `/web/campaign/export`) answers 202 with a job; the job is polled until it
 * is done, then its short-lived link downloads the file.
 */

const EXPORTS = 'exports';
/** How often a running job is asked for. */
export const EXPORT_POLL_MS = 1_000;

/** Asks for an export: the job queued (`{id, status}`). The record's 404/403 arrive as ApiError. */
export async function startExport(
  path: string,
  query: Record<string, string | number>,
): Promise<ExportAccepted> {
  return parseAnswer(ExportAccepted, await api.get(path, { query }));
}

/** GET /web/exports/{id}: status, rows so far and, once done, `url`. */
export async function fetchExportJob(id: number, signal?: AbortSignal): Promise<ExportJob> {
  return parseAnswer(ExportJob, await api.get(`/web/exports/${id}`, { signal }));
}

export const isFinished = (job: Pick<ExportJob, 'status'> | undefined) =>
  job?.status === 'done' || job?.status === 'failed';

/** One job, polled every second until it ends (done or failed). */
export const useExportJob = (id: number) =>
  useQuery({
    queryKey: tenantKey(EXPORTS, id),
    queryFn: ({ signal }) => fetchExportJob(id, signal),
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : EXPORT_POLL_MS),
  });

/**
 * Downloads a finished export from its link: the server names the file (S3's presigned GET and
 * the local server both send `content-disposition: attachment`); `download` names it too where
 * the link is on this origin.
 */
export function downloadFromLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
