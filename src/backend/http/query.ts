import { DEFAULT_PAGE_SIZE } from '../../api/query-params.ts';

/** The query parameter schemas live with the operation table (src/api/query-params.ts). */
export * from '../../api/query-params.ts';

/** The page asked for, with the contract's defaults (page 1, 100 items). */
export function pageOf(query: { page?: unknown; pageSize?: unknown }): { page: number; pageSize: number } {
  return {
    page: typeof query.page === 'number' ? query.page : 1,
    pageSize: typeof query.pageSize === 'number' ? query.pageSize : DEFAULT_PAGE_SIZE,
  };
}
