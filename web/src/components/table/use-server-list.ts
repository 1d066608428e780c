import { useEffect, useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { usePagedQuery, type Paginated } from '../../api/query';

export interface ServerListParams<F> {
  /** The search text, debounced and trimmed ('' when empty). */
  q: string;
  page: number;
  per_page: number;
  filters: F;
}

export interface ServerListOptions<T, F> {
  /** The query key for these params (from the domain's api module: tenant first). */
  queryKey: (params: ServerListParams<F>) => QueryKey;
  /** Fetches one page. */
  fetchPage: (params: ServerListParams<F>, signal: AbortSignal) => Promise<Paginated<T>>;
  perPage: number;
  /** Other filters of the list (a field select, a store); a change goes back to page 1. */
  filters?: F;
  /** Milliseconds the search box must be still before searching (default 400). */
  debounceMs?: number;
  enabled?: boolean;
}

/** The state of a server-paged list, as the ServerTable shows it. */
export interface ServerListState<T> {
  items: T[];
  total: number;
  /** The server only knows a lower bound of the total. */
  estimated: boolean;
  page: number;
  pagesCount: number;
  setPage: (page: number) => void;
  /** First load (nothing to show yet). */
  loading: boolean;
  /** Any load, including the next page while the previous one stays on screen. */
  fetching: boolean;
  error?: string;
  searchText: string;
  setSearchText: (text: string) => void;
  /** The search being shown (debounced). */
  query: string;
  refetch: () => void;
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

/**
 * A server-paged list over TanStack Query: search text (debounced), page and filters make the
 * query key; a new search or filter goes back to page 1; the previous rows stay visible while
 * the next page loads.
 */
export function useServerList<T, F = Record<string, never>>(options: ServerListOptions<T, F>): ServerListState<T> {
  const { perPage, debounceMs = 400 } = options;
  const filters = (options.filters ?? {}) as F;
  const [searchText, setSearchText] = useState('');
  const q = useDebounced(searchText.trim(), debounceMs);
  const [page, setPage] = useState(1);
  // A new search or filter starts again at page 1 (adjusted during render, no extra fetch).
  const scope = JSON.stringify([q, filters]);
  const [lastScope, setLastScope] = useState(scope);
  let currentPage = page;
  if (scope !== lastScope) {
    setLastScope(scope);
    setPage(1);
    currentPage = 1;
  }
  const params: ServerListParams<F> = { q, page: currentPage, per_page: perPage, filters };
  const result = usePagedQuery(options.queryKey(params), (signal) => options.fetchPage(params, signal), options.enabled ?? true);
  const total = result.data?.pagination.total ?? 0;
  return {
    items: result.data?.data ?? [],
    total,
    estimated: result.data?.pagination.estimated ?? false,
    page: currentPage,
    pagesCount: Math.max(1, Math.ceil(total / perPage)),
    setPage,
    loading: result.isPending,
    fetching: result.isFetching,
    error: result.error ? (result.error.message || 'Erro ao carregar a lista.') : undefined,
    searchText,
    setSearchText,
    query: q,
    refetch: () => void result.refetch(),
  };
}
