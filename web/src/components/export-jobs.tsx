import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { dismiss, notify, updateNotice } from '../app/notifications/notify';
import { failureMessage } from '../api/client';
import { downloadFromLink, startExport, useExportJob } from '../api/exports';

/**
 * Exports from any screen (tags, leads, campaigns, …): `start` asks for the export, a notice shows
 * 'Gerando arquivo…' with the rows written so far, and when the job is done the file downloads by
 * itself; a failure shows the server's message. Render `watchers` once in the screen.
 */

interface Running {
  /** What the screen exports (the row's key), to disable its action meanwhile. */
  key: string;
  id: number;
  label: string;
  notice: string;
}

export interface ExportRequest {
  key: string;
  /** The export route: '/web/tag/export'. */
  path: string;
  query: Record<string, string | number>;
  /** What is exported, for the notices: 'Tag Vinhos'. */
  label: string;
}

const progress = (rows: number) => (rows > 0 ? `Gerando arquivo… ${rows.toLocaleString('pt-BR')} linhas` : 'Gerando arquivo…');

/** Polls one job and turns its states into notices; downloads the file once. */
function ExportJobWatcher({ job, onEnd }: { job: Running; onEnd: (key: string) => void }) {
  const { data, error } = useExportJob(job.id);
  const ended = useRef(false);
  useEffect(() => {
    if (ended.current) return;
    if (error) {
      ended.current = true;
      dismiss(job.notice);
      notify({ type: 'error', header: `Erro ao exportar: ${job.label}`, content: failureMessage(error, 'Tente novamente.') });
      onEnd(job.key);
      return;
    }
    if (!data) return;
    if (data.status === 'done' && data.url) {
      ended.current = true;
      dismiss(job.notice);
      downloadFromLink(data.url, data.file_name);
      notify({ type: 'success', header: `Arquivo pronto: ${job.label}`, content: `${data.file_name} (${data.rows.toLocaleString('pt-BR')} linhas)` });
      onEnd(job.key);
    } else if (data.status === 'failed' || data.status === 'done') {
      ended.current = true;
      dismiss(job.notice);
      notify({ type: 'error', header: `Erro ao exportar: ${job.label}`, content: data.message ?? 'Não foi possível gerar o arquivo. Tente novamente.' });
      onEnd(job.key);
    } else {
      updateNotice(job.notice, { content: progress(data.rows) });
    }
  }, [data, error, job, onEnd]);
  return null;
}

export function useExportJobs(): {
  start: (request: ExportRequest) => Promise<void>;
  /** Whether the export of this key is being asked for or written. */
  busy: (key: string) => boolean;
  watchers: ReactNode;
} {
  const [running, setRunning] = useState<Running[]>([]);
  const [asking, setAsking] = useState<string[]>([]);
  const onEnd = useCallback((key: string) => setRunning((list) => list.filter((r) => r.key !== key)), []);

  const start = useCallback(async (request: ExportRequest) => {
    setAsking((keys) => [...keys, request.key]);
    try {
      const accepted = await startExport(request.path, request.query);
      const notice = notify({ type: 'info', loading: true, header: request.label, content: progress(0), timeout: 0 });
      setRunning((list) => [...list, { key: request.key, id: accepted.id, label: request.label, notice }]);
    } catch (error) {
      notify({ type: 'error', header: `Erro ao exportar: ${request.label}`, content: failureMessage(error, 'Tente novamente.') });
    } finally {
      setAsking((keys) => keys.filter((k) => k !== request.key));
    }
  }, []);

  const busy = useCallback((key: string) => asking.includes(key) || running.some((r) => r.key === key), [asking, running]);

  const watchers = running.map((job) => <ExportJobWatcher key={job.id} job={job} onEnd={onEnd} />);
  return { start, busy, watchers };
}
