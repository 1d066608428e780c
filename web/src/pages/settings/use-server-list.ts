import { useCallback, useEffect, useState } from 'react';
import type { ListQuery, Page } from '../../api/identity';
import { failureMessage } from './field-errors';

type Loader<T> = (query: ListQuery, signal: AbortSignal) => Promise<Page<T>>;

interface Result<T> {
  key: string;
  page?: Page<T>;
  error?: string;
}

/** Milliseconds between the last key stroke in the search box and the request. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A server-side paginated list with a debounced text search (`q`, `page`, `per_page`).
 * `load` must be stable (a module-level function). The previous page stays on screen while
 * the next one loads.
 */
export function useServerList<T>(load: Loader<T>, perPage: number) {
  const [filterText, setFilterText] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<Result<T>>({ key: '' });
  const key = JSON.stringify([query.q, query.page, version]);

  // The search box is debounced; a new search starts at page 1.
  useEffect(() => {
    const q = filterText.trim();
    if (q === query.q) return;
    const timer = setTimeout(() => setQuery({ q, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filterText, query.q]);

  useEffect(() => {
    const controller = new AbortController();
    load({ q: query.q, page: query.page, per_page: perPage }, controller.signal).then(
      (page) => {
        // A removal can empty the last page: go back to the new last one.
        if (page.data.length === 0 && query.page > page.pagination.last_page) {
          setQuery((current) => ({ ...current, page: page.pagination.last_page }));
          return;
        }
        setResult({ key, page });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult((current) => ({ key, page: current.page, error: failureMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [key, load, perPage, query.q, query.page]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setPage = useCallback((page: number) => setQuery((current) => ({ ...current, page })), []);

  const page = result.page;
  return {
    items: page?.data ?? [],
    total: page?.pagination.total ?? 0,
    pagesCount: page?.pagination.last_page ?? 1,
    currentPage: query.page,
    setPage,
    filterText,
    setFilterText,
    /** The search the shown items answer (empty: the whole list). */
    searched: query.q,
    loading: result.key !== key,
    error: result.key === key ? result.error : undefined,
    reload,
  };
}
