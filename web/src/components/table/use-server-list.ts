import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePagedQuery, type ServerListParams, type ServerListSource } from '../../api/query';

export type { ServerListParams };

/** A list's source (query key and page fetch, from the domain's api module) and how the screen shows it. */
export interface ServerListOptions<T, F> extends ServerListSource<T, F> {
  perPage: number;
  /** Other filters of the list (a field select, a store); a change goes back to page 1. */
  filters?: F;
  /** Milliseconds the search box must be still before searching (default 400). */
  debounceMs?: number;
  enabled?: boolean;
  /**
   * Keeps the search and the page in the query string under these names (`{ q: 'q', page: 'page' }`
   * → `?q=maria&page=3`), read back on load: a link, a reload or coming back from a form shows the
   * same list. Without it both live in component state.
   */
  urlState?: { q: string; page: string };
  /** The message of a failed load (default: the error's own message). */
  errorMessage?: (error: Error) => string;
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

/** A page number from the query string: a positive integer, else 1 (`?page=abc`, `0`, `2.5`). */
export function pageFromParam(value: string | null): number {
  const page = Math.trunc(Number(value));
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/**
 * The page to show instead of `page` once the total is known: the last one when `page` is past
 * it (the last row of the last page was deleted, an old link), else `page` itself.
 */
export function pageWithin(page: number, total: number, perPage: number): number {
  const last = Math.max(1, Math.ceil(total / perPage));
  return page > last ? last : page;
}

/** The committed search and page of a list and their setters (component state or the URL). */
interface ListPosition {
  q: string;
  page: number;
  /** A new search (always back to page 1). */
  setQ: (q: string) => void;
  setPage: (page: number) => void;
}

/** Search and page kept in component state. */
function useStatePosition(): ListPosition {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  return {
    q,
    page,
    setQ: (next) => {
      setQ(next);
      setPage(1);
    },
    setPage,
  };
}

/** Search and page kept in the query string (`names`), so they survive navigation. */
function useUrlPosition(names: { q: string; page: string } | undefined): ListPosition {
  const [params, setParams] = useSearchParams();
  const q = names ? (params.get(names.q) ?? '') : '';
  const page = names ? pageFromParam(params.get(names.page)) : 1;
  const write = (next: { q?: string; page: number }, replace: boolean) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (!names) return search;
        if (next.q !== undefined) {
          if (next.q) search.set(names.q, next.q);
          else search.delete(names.q);
        }
        if (next.page > 1) search.set(names.page, String(next.page));
        else search.delete(names.page);
        return search;
      },
      // Each typed search would otherwise be a history entry; pages are.
      { replace },
    );
  return {
    q,
    page,
    setQ: (next) => write({ q: next, page: 1 }, true),
    setPage: (next) => write({ page: next }, false),
  };
}

/**
 * A server-paged list over TanStack Query: search text (debounced), page and filters make the
 * query key; a new search or filter goes back to page 1; the previous rows stay visible while
 * the next page loads. With `urlState` the search and the page live in the query string.
 */
export function useServerList<T, F = Record<string, never>>(
  options: ServerListOptions<T, F>,
): ServerListState<T> {
  const { perPage, debounceMs = 400, urlState } = options;
  const filters = (options.filters ?? {}) as F;
  // Both are always called (rules of hooks); one is used.
  const url = useUrlPosition(urlState);
  const local = useStatePosition();
  const position = urlState ? url : local;
  const { q, setQ } = position;

  const [searchText, setSearchText] = useState(q);
  const typed = useDebounced(searchText.trim(), debounceMs);
  // The debounced text is the new search.
  useEffect(() => {
    if (typed !== q) setQ(typed);
    // Only a change of the typed text is a search; `q` follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // A search that comes from elsewhere (a link, the back button) shows in the box.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== typed) setSearchText(q);
  }

  // A new filter starts again at page 1. In state, adjusted during render (no fetch of the old
  // page); in the URL, written once the render is committed (navigation is not allowed during it).
  const scope = JSON.stringify(filters);
  const [lastScope, setLastScope] = useState(scope);
  let page = position.page;
  if (scope !== lastScope) {
    setLastScope(scope);
    if (!urlState) local.setPage(1);
    page = 1;
  }
  const urlScope = useRef(scope);
  useEffect(() => {
    if (urlScope.current === scope) return;
    urlScope.current = scope;
    if (urlState && url.page !== 1) url.setPage(1);
  });

  const params: ServerListParams<F> = { q, page, per_page: perPage, filters };
  const result = usePagedQuery(
    options.queryKey(params),
    (signal) => options.fetchPage(params, signal),
    options.enabled ?? true,
  );
  const total = result.data?.pagination.total ?? 0;
  // Past the last page (a deletion emptied it, an old link): go to the last page that has rows.
  const settled = result.data !== undefined && !result.isPlaceholderData;
  const within = settled ? pageWithin(page, total, perPage) : page;
  useEffect(() => {
    if (within !== page) position.setPage(within);
  });
  const describe = options.errorMessage ?? ((error: Error) => error.message || 'Erro ao carregar a lista.');
  return {
    items: result.data?.data ?? [],
    total,
    estimated: result.data?.pagination.estimated ?? false,
    page,
    pagesCount: Math.max(1, Math.ceil(total / perPage)),
    setPage: position.setPage,
    loading: result.isPending,
    fetching: result.isFetching,
    error: result.error ? describe(result.error) : undefined,
    searchText,
    setSearchText,
    query: q,
    refetch: () => void result.refetch(),
  };
}
