import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { failureMessage } from '../api/client';
import { downloadFromLink, startExport, useExportJob } from '../api/exports';
import { dismiss, notify, updateNotice } from '../app/notifications/notify';

/**
 * Exports from any screen (tags, leads, campaigns, …): `useExportJobs().start` asks for the export,
 * a notice shows 'Gerando arquivo…' with the rows written so far, and when the job is done the file
 * downloads by itself; a failure shows the server's message. The jobs are kept outside React and
 * watched by `<ExportJobWatchers/>` in the staff shell, so leaving the screen does not lose them.
 */

interface Running {
  /** What the screen exports (the row's key), to disable its action meanwhile. */
  key: string;
  /** The job; undefined while it is being asked for. */
  id?: number;
  label: string;
  notice?: string;
}

export interface ExportRequest {
  key: string;
  /** The export route: '/web/tag/export'. */
  path: string;
  query: Record<string, string | number>;
  /** What is exported, for the notices: 'Tag Vinhos'. */
  label: string;
}

let running: readonly Running[] = [];
const listeners = new Set<() => void>();
const emit = (next: readonly Running[]) => {
  running = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => running;
const end = (key: string) => emit(running.filter((r) => r.key !== key));

const progress = (rows: number) =>
  rows > 0 ? `Gerando arquivo… ${rows.toLocaleString('pt-BR')} linhas` : 'Gerando arquivo…';
const failed = (label: string, content: string) =>
  notify({ type: 'error', header: `Erro ao exportar: ${label}`, content });

/** Asks for an export and keeps its job until it ends. A second click on the same row is ignored. */
export async function startExportJob(request: ExportRequest): Promise<void> {
  if (running.some((r) => r.key === request.key)) return;
  emit([...running, { key: request.key, label: request.label }]);
  try {
    const accepted = await startExport(request.path, request.query);
    const notice = notify({
      type: 'info',
      loading: true,
      header: request.label,
      content: progress(0),
      timeout: 0,
    });
    emit(running.map((r) => (r.key === request.key ? { ...r, id: accepted.id, notice } : r)));
  } catch (error) {
    end(request.key);
    failed(request.label, failureMessage(error, 'Tente novamente.'));
  }
}

/** Polls one job and turns its states into notices; downloads the file once. */
function ExportJobWatcher({ job }: { job: Required<Running> }) {
  const { data, error } = useExportJob(job.id);
  const ended = useRef(false);
  useEffect(() => {
    if (ended.current || (!data && !error)) return;
    const finish = () => {
      ended.current = true;
      dismiss(job.notice);
      end(job.key);
    };
    if (error) {
      finish();
      failed(job.label, failureMessage(error, 'Tente novamente.'));
    } else if (data?.status === 'done' && data.url) {
      finish();
      downloadFromLink(data.url, data.file_name);
      notify({
        type: 'success',
        header: `Arquivo pronto: ${job.label}`,
        content: `${data.file_name} (${data.rows.toLocaleString('pt-BR')} linhas)`,
      });
    } else if (data?.status === 'done' || data?.status === 'failed') {
      finish();
      failed(job.label, data.message ?? 'Não foi possível gerar o arquivo. Tente novamente.');
    } else if (data) {
      updateNotice(job.notice, { content: progress(data.rows) });
    }
  }, [data, error, job]);
  return null;
}

/** The watchers of the running exports: rendered once, in the staff shell (app/shell/app-shell.tsx). */
export function ExportJobWatchers() {
  const jobs = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <>
      {jobs
        .filter((j): j is Required<Running> => j.id !== undefined && j.notice !== undefined)
        .map((job) => (
          <ExportJobWatcher key={job.id} job={job} />
        ))}
    </>
  );
}

/** For a screen: start an export, and whether one of its rows is being exported. */
export function useExportJobs(): {
  start: (request: ExportRequest) => Promise<void>;
  busy: (key: string) => boolean;
} {
  const jobs = useSyncExternalStore(subscribe, snapshot, snapshot);
  const busy = useCallback((key: string) => jobs.some((j) => j.key === key), [jobs]);
  return { start: startExportJob, busy };
}
