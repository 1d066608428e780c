export { ServerTable, type FieldOption, type ServerTableProps } from './server-table';
export {
  useServerList,
  useDebounced,
  type ServerListOptions,
  type ServerListParams,
  type ServerListState,
} from './use-server-list';
export { PagerWithTotal, PAGINATION_LABELS } from './pager';
