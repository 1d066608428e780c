import type { ListQuery } from '../../api/identity';
import type { Paginated } from '../../api/query';
import type { ServerListParams } from '../../components/table';
import { notify } from '../../app/notifications/notify';
import { failureMessage } from '../../api/client';

/** Page size of the Ajustes lists. */
export const SETTINGS_PAGE_SIZE = 20;

/** The identity API's list query of a ServerTable's params. */
export const listQueryOf = (params: ServerListParams<unknown>): ListQuery => ({
  q: params.q,
  page: params.page,
  per_page: params.per_page,
});

/** Options of `useServerList` over one of the identity lists. */
export function identityList<T>(
  key: (query: ListQuery) => readonly unknown[],
  load: (query: ListQuery, signal: AbortSignal) => Promise<Paginated<T>>,
) {
  return {
    perPage: SETTINGS_PAGE_SIZE,
    queryKey: (params: ServerListParams<unknown>) => key(listQueryOf(params)),
    fetchPage: (params: ServerListParams<unknown>, signal: AbortSignal) => load(listQueryOf(params), signal),
  };
}

/**
 * Removes a row: 'removed' notice, or 'failed' with the server's message. When the last row of
 * a page goes, the list steps back one page.
 */
export async function removeWithNotices(
  remove: () => Promise<unknown>,
  notices: { removed: string; failed: string },
  list: { items: readonly unknown[]; page: number; setPage: (page: number) => void },
) {
  try {
    await remove();
    notify({ type: 'success', header: notices.removed });
    if (list.items.length === 1 && list.page > 1) list.setPage(list.page - 1);
  } catch (error) {
    notify({ type: 'error', header: notices.failed, content: failureMessage(error) });
  }
}
