/** What a query key holds of a request's parameters. */
export type KeyParams = Readonly<Record<string, unknown>>;

/**
 * Filters as they go in a query key: unset values and empty lists dropped (the service reads them
 * as "no filter"), lists sorted and deduplicated (they are sets), dates as ISO strings, so that
 * two spellings of one request share one cache entry.
 */
export function keyParams(params: object): KeyParams {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[name] = [...new Set(value)].sort();
    } else if (value instanceof Date) {
      out[name] = Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** An `expand` list as it goes in a key. */
export const expandKey = (expand: readonly string[] | undefined): KeyParams => keyParams({ expand });

/**
 * The keys of one notation kind (`root`: 'updates', 'dataInsights', 'alerts'), one shape for all,
 * so that "every notation list filtered to a student" can be matched across kinds.
 */
export function notationKeys<const Root extends string>(root: Root) {
  const all = [root] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: object = {}) => [...all, 'list', keyParams(params)] as const,
    listAll: (params: object = {}) => [...all, 'list', keyParams(params), 'all'] as const,
    details: () => [...all, 'detail'] as const,
    /** Every variant (`expand`) of one notation. */
    detail: (id: string | number) => [...all, 'detail', String(id)] as const,
    comments: (id: string | number) => [...all, 'comments', String(id)] as const,
    comment: (id: string | number, commentId: string | number) => [...all, 'comment', String(id), String(commentId)] as const,
  };
}
