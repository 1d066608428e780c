import { useCallback, useEffect, useState } from 'react';

interface AsyncState<T> {
  key: string;
  data?: T;
  error?: unknown;
  done: boolean;
}

export interface AsyncResult<T> {
  /** The latest answer (kept while a new key loads, so tables do not flash empty). */
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` whenever `key` changes (or `reload()` is called) and aborts the previous run.
 * `key` must capture everything `load` depends on (e.g. `${page}|${q}`).
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, key: string): AsyncResult<T> {
  const [version, setVersion] = useState(0);
  const fullKey = `${key}#${version}`;
  const [state, setState] = useState<AsyncState<T>>({ key: '', done: false });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key: fullKey, data, done: true });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((prev) => ({ key: fullKey, data: prev.data, error, done: true }));
      },
    );
    return () => controller.abort();
    // `load` is re-created on every render; `fullKey` is what identifies a run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const current = state.key === fullKey;
  return { data: state.data, error: current ? state.error : undefined, loading: !current || !state.done, reload };
}
