import { useInfiniteQuery } from '@tanstack/react-query';
import { AuditPage } from '@freguesia/shared/schemas/audit';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/**
 * The audit log (functions/README.md, "Audit log"): a record's 'Histórico' and the tenant's log for
 * admins, newest first, loaded a page at a time ('Carregar mais').
 */

const AUDIT = 'audit';
const PAGE = 50;

export interface AuditFilters {
  entity?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const query = (extra: Record<string, string | undefined>, cursor: string | null) =>
  Object.fromEntries(
    Object.entries({ ...extra, limit: String(PAGE), cursor: cursor ?? undefined }).filter(
      (e): e is [string, string] => e[1] !== undefined && e[1] !== '',
    ),
  );

/** GET /web/audit/{entity}/{id}: the record's history. */
export const useRecordHistory = (entity: string, id: number | string | undefined) =>
  useInfiniteQuery({
    queryKey: tenantKey(AUDIT, entity, id ?? 'none'),
    enabled: id !== undefined,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      parseAnswer(
        AuditPage,
        await api.get(`/web/audit/${entity}/${id}`, { query: query({}, pageParam), signal }),
      ),
    getNextPageParam: (last) => last.cursor,
  });

/** GET /web/audit: the tenant's log (write Settings). */
export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: tenantKey(AUDIT, 'log', filters.entity ?? '', filters.from ?? '', filters.to ?? ''),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      parseAnswer(
        AuditPage,
        await api.get('/web/audit', {
          query: query({ entity: filters.entity, from: filters.from, to: filters.to }, pageParam),
          signal,
        }),
      ),
    getNextPageParam: (last) => last.cursor,
  });
