/**
 * Hrefs in responses (decisions §1): every href is an absolute URL under the base URL, and a
 * client must never follow, or render as a clickable link, one that is not. `isOwnHref` is that
 * check; `parseHref` also says what an own href points to.
 */

import { compiledOperations, pathFor, type HrefSpec, type OperationName, type OperationSpec, type PathValues } from './operations.ts';

/** The notation kinds that have comments. */
export type CommentedNotation = 'update' | 'alert' | 'dataInsight';

/** Raw query parameters of a collection href (paging, filters and `expand` as on the wire). */
export type HrefQuery = Record<string, string>;

/** A resource addressed by its id, and its collection, which keeps the query it was asked with. */
type ItemAndList<Item extends string, List extends string, Id = number> = { kind: Item; id: Id } | { kind: List; query: HrefQuery };

export type HrefTarget =
  | { kind: 'person'; identifier: string }
  | { kind: 'people'; query: HrefQuery }
  | { kind: 'successNetwork'; identifier: string }
  | { kind: 'caseload'; identifier: string; query: HrefQuery }
  | { kind: 'personEncouragements'; identifier: string; query: HrefQuery }
  | ItemAndList<'update', 'updates'>
  | ItemAndList<'dataInsight', 'dataInsights'>
  | ItemAndList<'alert', 'alerts'>
  | ItemAndList<'encouragement', 'encouragements'>
  | { kind: 'comments'; notation: CommentedNotation; notationId: number; query: HrefQuery }
  | { kind: 'comment'; notation: CommentedNotation; notationId: number; id: number }
  | { kind: 'notationCategories'; notation: 'update' | 'alert'; notationId: number }
  | ItemAndList<'category', 'categories'>
  | ItemAndList<'encouragementType', 'encouragementTypes', string>
  | ItemAndList<'trigger', 'triggers'>
  | ItemAndList<'administration', 'administrations'>
  | { kind: 'administrationResults'; id: number; query: HrefQuery }
  | { kind: 'factorScores'; administrationId: number; personIdentifier: string; query: HrefQuery }
  | { kind: 'factorScore'; administrationId: number; personIdentifier: string; factorId: number }
  | { kind: 'factor'; assessmentId: string; factorId: string };

export type HrefKind = HrefTarget['kind'];

/** The last base resolved: pages parse thousands of hrefs against one base URL. */
let lastBase: { baseUrl: string; location: string | undefined; base: URL | null } | undefined;

/** The base URL as an absolute URL (a relative one, like `/api`, is taken against the page). */
function absoluteBase(baseUrl: string): URL | null {
  const location = (globalThis as { location?: { href?: string } }).location?.href;
  if (lastBase?.baseUrl === baseUrl && lastBase.location === location) return lastBase.base;
  let base: URL | null;
  try {
    base = new URL(baseUrl, location ?? 'http://invalid.localhost/');
  } catch {
    base = null;
  }
  lastBase = { baseUrl, location, base };
  return base;
}

function basePath(base: URL): string {
  return base.pathname.replace(/\/+$/, '');
}

/**
 * The path of `href` below the base path (`/notations/alerts/12`), or null when `href` is not an
 * http(s) URL of the same origin under the base path: `javascript:`, `data:`, foreign origins,
 * credentials in the URL and `..` escapes (normalised by the URL parser first) are all refused.
 */
function ownPath(href: string, baseUrl: string): { path: string; url: URL } | null {
  if (typeof href !== 'string' || href.trim() === '') return null;
  const base = absoluteBase(baseUrl);
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(href, `${base.origin}${basePath(base)}/`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return null;
  const prefix = basePath(base);
  if (prefix === '') return { path: url.pathname, url };
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
  return { path: url.pathname.slice(prefix.length) || '/', url };
}

/** True when `href` is under the configured base URL: only such hrefs are followed or linked. */
export function isOwnHref(href: string, baseUrl: string): boolean {
  return ownPath(href, baseUrl) !== null;
}

const POSITIVE_INT = /^[1-9]\d{0,15}$/;

function toId(segment: string | undefined): number | null {
  return segment !== undefined && POSITIVE_INT.test(segment) ? Number(segment) : null;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The GET operations an href can point to, in table order, with their href spec. */
const READABLE = compiledOperations().filter(
  (op): op is typeof op & { spec: OperationSpec & { href: HrefSpec } } => op.spec.method === 'get' && op.spec.href !== undefined,
);

/**
 * What an own href points to, or null for an href outside the base URL or a path the API does
 * not serve. Ids that the contract types as numbers come back as numbers.
 */
export function parseHref(href: string, baseUrl: string): HrefTarget | null {
  // The same hrefs (a student, a writer, a category) recur across thousands of items.
  const key = `${absoluteBase(baseUrl)?.href ?? ''}\u0000${href}`;
  const cached = parsed.get(key);
  if (cached !== undefined) return cached;
  const target = parseUncached(href, baseUrl);
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  parsed.set(key, target === null ? null : Object.freeze(target));
  return target;
}

const PARSED_LIMIT = 20_000;
const parsed = new Map<string, HrefTarget | null>();

function parseUncached(href: string, baseUrl: string): HrefTarget | null {
  const own = ownPath(href, baseUrl);
  if (!own) return null;
  const query: HrefQuery = {};
  for (const [name, value] of own.url.searchParams) if (!Object.hasOwn(query, name)) query[name] = value;
  return matchPath(own.path, query);
}

/** The target of a path below the base URL, read by the operation table's GET paths. */
function matchPath(path: string, query: HrefQuery): HrefTarget | null {
  for (const { spec, pattern, names } of READABLE) {
    const m = pattern.exec(path);
    if (!m) continue;
    const target: Record<string, unknown> = { kind: spec.href.kind, ...spec.href.fixed };
    const matched = names.every((name, i) => {
      const value = decode(m[i + 1]!);
      if (value === null || value === '') return false;
      const kind = spec.pathParams?.[name] ?? 'string';
      const field = spec.href.rename?.[name] ?? name;
      // Ids the contract types as numbers (and the digits-only string ids) come back as numbers.
      target[field] = kind === 'string' ? value : toId(value);
      return target[field] !== null;
    });
    // Another operation may still match (`types` is no encouragement id).
    if (!matched) continue;
    if (spec.href.query) target.query = query;
    return target as HrefTarget;
  }
  return null;
}

/** The operation an href target stands for: its name in the table and its spec. */
export function hrefOperation(target: HrefTarget): { name: OperationName; spec: OperationSpec & { href: HrefSpec } } {
  const fields = target as unknown as Record<string, unknown>;
  const found = READABLE.find(({ spec }) => spec.href.kind === target.kind && Object.entries(spec.href.fixed ?? {}).every(([k, v]) => fields[k] === v));
  if (!found) throw new RangeError(`no operation reads an href of kind ${target.kind}`);
  return { name: found.name, spec: found.spec };
}

function withQuery(path: string, query: HrefQuery): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The path (below the base URL) of a target: the inverse of `parseHref`. */
export function pathOf(target: HrefTarget): string {
  const { name, spec } = hrefOperation(target);
  const fields = target as unknown as Record<string, unknown>;
  const params: PathValues = {};
  for (const param of Object.keys(spec.pathParams ?? {})) {
    params[param] = fields[spec.href.rename?.[param] ?? param] as string | number;
  }
  const path = pathFor(name, params);
  return spec.href.query && 'query' in target ? withQuery(path, target.query) : path;
}
