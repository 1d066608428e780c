import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Paginated } from '../../api/catalog';

/**
 * A server-side paged list: fetches `fetcher(query + page)` whenever the query, the page or the
 * reload counter changes, aborting the previous request; a change of the query goes back to page 1. `loading` is derived (the answer on
 * screen is for another key), so the previous rows stay visible while the next page loads.
 */
export function usePagedList<T, Q extends object>(
  fetcher: (query: Q & { page: number; per_page: number }, signal: AbortSignal) => Promise<Paginated<T>>,
  query: Q,
  perPage: number,
) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  // A new search starts again at page 1 (state adjusted during render, no extra fetch).
  const queryKey = JSON.stringify(query);
  const [lastQueryKey, setLastQueryKey] = useState(queryKey);
  let currentPage = page;
  if (queryKey !== lastQueryKey) {
    setLastQueryKey(queryKey);
    setPage(1);
    currentPage = 1;
  }
  const key = JSON.stringify({ query, page: currentPage, perPage, version });
  const [result, setResult] = useState<{ key: string; items: T[]; total: number; error?: string }>({
    key: '',
    items: [],
    total: 0,
  });
  const fetcherRef = useRef(fetcher);
  useLayoutEffect(() => {
    fetcherRef.current = fetcher;
  });

  useEffect(() => {
    const controller = new AbortController();
    const { query: q, page: p, perPage: pp } = JSON.parse(key) as { query: Q; page: number; perPage: number };
    fetcherRef.current({ ...q, page: p, per_page: pp }, controller.signal).then(
      (answer) => setResult({ key, items: answer.data, total: answer.pagination.total }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult((previous) => ({
          key,
          items: previous.items,
          total: previous.total,
          error: error instanceof Error ? error.message : 'Erro ao carregar a lista.',
        }));
      },
    );
    return () => controller.abort();
  }, [key]);

  const pagesCount = Math.max(1, Math.ceil(result.total / perPage));
  return {
    items: result.items,
    total: result.total,
    error: result.error,
    loading: result.key !== key,
    page: currentPage,
    pagesCount,
    setPage,
    reload: () => setVersion((v) => v + 1),
  };
}

/** `value` after it stopped changing for `delay` ms (search boxes). */
export function useDebounced<T>(value: T, delay = 400): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
