import type { Id } from '../api/client.ts';

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
  const base = resourceKeys(root);
  const { all } = base;
  return {
    ...base,
    listAll: (params: object = {}) => [...all, 'list', keyParams(params), 'all'] as const,
    comments: (id: string | number) => [...all, 'comments', String(id)] as const,
    comment: (id: string | number, commentId: string | number) => [...all, 'comment', String(id), String(commentId)] as const,
  };
}

/**
 * The keys of a resource read by id and listed page by page (categories, triggers, people):
 * `[root]`, `[root, 'list', params]`, `[root, 'detail', id]`.
 */
export function resourceKeys<const Root extends string>(root: Root) {
  const all = [root] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: object = {}) => [...all, 'list', keyParams(params)] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string | number) => [...all, 'detail', String(id)] as const,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading keys back: which cached entries a write touches.

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The filter object of a list key, or the `{ expand }` of a detail key. */
export const paramsOf = (key: readonly unknown[]): Record<string, unknown> => key.find(isPlainObject) ?? {};

/** A list-valued parameter of a key (`identifiers`, `expand`), empty when absent. */
export const listParamOf = (key: readonly unknown[], name: string): unknown[] => {
  const value = paramsOf(key)[name];
  return Array.isArray(value) ? (value as unknown[]) : [];
};

export const isListKey = (key: readonly unknown[], root: string): boolean => key[0] === root && key[1] === 'list';

/** A list of `root` that can show a new notation of one of `students`: unfiltered, or filtered to one of them. */
export function listCovers(key: readonly unknown[], root: string, students: readonly string[]): boolean {
  if (!isListKey(key, root)) return false;
  const identifiers = listParamOf(key, 'identifiers');
  return identifiers.length === 0 || identifiers.some((identifier) => students.includes(String(identifier)));
}

/** The notation kinds whose lists make up a student's timeline. */
const TIMELINE_ROOTS: readonly unknown[] = ['updates', 'dataInsights', 'alerts'];

/** The student's timeline: every notation list (updates, data insights, alerts) filtered to that student. */
export function onTimelineOf(key: readonly unknown[], student: string): boolean {
  return TIMELINE_ROOTS.includes(key[0]) && key[1] === 'list' && listParamOf(key, 'identifiers').includes(student);
}

/** A list whose items change when one gets a comment: it expands comments or filters on the last-modified time. */
export function showsComments(key: readonly unknown[]): boolean {
  const params = paramsOf(key);
  return listParamOf(key, 'expand').includes('comments') || params.modifiedOnStart !== undefined || params.modifiedOnEnd !== undefined;
}

/** What a write of one resource takes: its id and the body (E13, E14). */
export interface WriteVariables<B> {
  id: Id;
  body: B;
}
