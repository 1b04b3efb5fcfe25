/**
 * Hrefs in responses (decisions §1): every href is an absolute URL under the base URL, and a
 * client must never follow, or render as a clickable link, one that is not. `isOwnHref` is that
 * check; `parseHref` also says what an own href points to.
 */

/** The notation kinds that have comments. */
export type CommentedNotation = 'update' | 'alert' | 'dataInsight';

/** Raw query parameters of a collection href (paging, filters and `expand` as on the wire). */
export type HrefQuery = Record<string, string>;

export type HrefTarget =
  | { kind: 'person'; identifier: string }
  | { kind: 'people'; query: HrefQuery }
  | { kind: 'successNetwork'; identifier: string }
  | { kind: 'caseload'; identifier: string; query: HrefQuery }
  | { kind: 'personEncouragements'; identifier: string; query: HrefQuery }
  | { kind: 'update'; id: number }
  | { kind: 'updates'; query: HrefQuery }
  | { kind: 'dataInsight'; id: number }
  | { kind: 'dataInsights'; query: HrefQuery }
  | { kind: 'alert'; id: number }
  | { kind: 'alerts'; query: HrefQuery }
  | { kind: 'encouragement'; id: number }
  | { kind: 'encouragements'; query: HrefQuery }
  | { kind: 'comments'; notation: CommentedNotation; notationId: number; query: HrefQuery }
  | { kind: 'comment'; notation: CommentedNotation; notationId: number; id: number }
  | { kind: 'notationCategories'; notation: 'update' | 'alert'; notationId: number }
  | { kind: 'category'; id: number }
  | { kind: 'categories'; query: HrefQuery }
  | { kind: 'encouragementType'; id: string }
  | { kind: 'encouragementTypes'; query: HrefQuery }
  | { kind: 'trigger'; id: number }
  | { kind: 'triggers'; query: HrefQuery }
  | { kind: 'administration'; id: number }
  | { kind: 'administrations'; query: HrefQuery }
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

function decodeSegments(path: string): string[] | null {
  const raw = path.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
  try {
    return raw.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

const NOTATION_SEGMENTS = {
  updates: 'update',
  dataInsights: 'dataInsight',
  alerts: 'alert',
  encouragements: 'encouragement',
} as const;

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
  const segments = decodeSegments(own.path);
  if (!segments || segments.some((s) => s === '')) return null;
  const query: HrefQuery = {};
  for (const [name, value] of own.url.searchParams) if (!Object.hasOwn(query, name)) query[name] = value;
  return matchSegments(segments, query);
}

function matchSegments(s: string[], query: HrefQuery): HrefTarget | null {
  const [root, a, b, c, d, e, f] = s;
  const n = s.length;
  if (root === 'people') {
    if (n === 1) return { kind: 'people', query };
    if (a === undefined) return null;
    if (n === 2) return { kind: 'person', identifier: a };
    if (n === 3 && b === 'successNetwork') return { kind: 'successNetwork', identifier: a };
    if (n === 3 && b === 'caseload') return { kind: 'caseload', identifier: a, query };
    if (n === 3 && b === 'encouragements') return { kind: 'personEncouragements', identifier: a, query };
    return null;
  }
  if (root === 'notations' && a !== undefined) {
    if (a === 'categories') {
      if (n === 2) return { kind: 'categories', query };
      const id = toId(b);
      return n === 3 && id !== null ? { kind: 'category', id } : null;
    }
    if (a === 'triggers') {
      if (n === 2) return { kind: 'triggers', query };
      const id = toId(b);
      return n === 3 && id !== null ? { kind: 'trigger', id } : null;
    }
    if (a === 'encouragements' && b === 'types') {
      if (n === 3) return { kind: 'encouragementTypes', query };
      return n === 4 && c !== undefined ? { kind: 'encouragementType', id: c } : null;
    }
    if (!Object.hasOwn(NOTATION_SEGMENTS, a)) return null;
    const notation = NOTATION_SEGMENTS[a as keyof typeof NOTATION_SEGMENTS];
    if (n === 2) {
      return { kind: `${notation}s`, query } as HrefTarget;
    }
    const id = toId(b);
    if (id === null) return null;
    if (n === 3) return { kind: notation, id } as HrefTarget;
    if (notation === 'encouragement') return null;
    if (c === 'comments') {
      if (n === 4) return { kind: 'comments', notation, notationId: id, query };
      const commentId = toId(d);
      return n === 5 && commentId !== null ? { kind: 'comment', notation, notationId: id, id: commentId } : null;
    }
    if (c === 'categories' && n === 4 && notation !== 'dataInsight') {
      return { kind: 'notationCategories', notation, notationId: id };
    }
    return null;
  }
  if (root === 'noncognitives') {
    if (a === 'administrations') {
      if (n === 2) return { kind: 'administrations', query };
      const id = toId(b);
      if (id === null) return null;
      if (n === 3) return { kind: 'administration', id };
      if (c !== 'results') return null;
      if (n === 4) return { kind: 'administrationResults', id, query };
      if (d === undefined || e !== 'factors') return null;
      if (n === 6) return { kind: 'factorScores', administrationId: id, personIdentifier: d, query };
      const factorId = toId(f);
      return n === 7 && factorId !== null
        ? { kind: 'factorScore', administrationId: id, personIdentifier: d, factorId }
        : null;
    }
    if (a === 'assessments' && c === 'factors' && n === 5 && b !== undefined && d !== undefined) {
      return { kind: 'factor', assessmentId: b, factorId: d };
    }
  }
  return null;
}

const NOTATION_PATH = { update: 'updates', dataInsight: 'dataInsights', alert: 'alerts' } as const;

function withQuery(path: string, query: HrefQuery): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The path (below the base URL) of a target: the inverse of `parseHref`. */
export function pathOf(target: HrefTarget): string {
  const e = encodeURIComponent;
  switch (target.kind) {
    case 'person':
      return `/people/${e(target.identifier)}`;
    case 'people':
      return withQuery('/people/', target.query);
    case 'successNetwork':
      return `/people/${e(target.identifier)}/successNetwork`;
    case 'caseload':
      return withQuery(`/people/${e(target.identifier)}/caseload`, target.query);
    case 'personEncouragements':
      return withQuery(`/people/${e(target.identifier)}/encouragements`, target.query);
    case 'update':
      return `/notations/updates/${target.id}`;
    case 'updates':
      return withQuery('/notations/updates/', target.query);
    case 'dataInsight':
      return `/notations/dataInsights/${target.id}`;
    case 'dataInsights':
      return withQuery('/notations/dataInsights/', target.query);
    case 'alert':
      return `/notations/alerts/${target.id}`;
    case 'alerts':
      return withQuery('/notations/alerts/', target.query);
    case 'encouragement':
      return `/notations/encouragements/${target.id}`;
    case 'encouragements':
      return withQuery('/notations/encouragements/', target.query);
    case 'comments':
      return withQuery(`/notations/${NOTATION_PATH[target.notation]}/${target.notationId}/comments`, target.query);
    case 'comment':
      return `/notations/${NOTATION_PATH[target.notation]}/${target.notationId}/comments/${target.id}`;
    case 'notationCategories':
      return `/notations/${NOTATION_PATH[target.notation]}/${target.notationId}/categories`;
    case 'category':
      return `/notations/categories/${target.id}`;
    case 'categories':
      return withQuery('/notations/categories/', target.query);
    case 'encouragementType':
      return `/notations/encouragements/types/${e(target.id)}`;
    case 'encouragementTypes':
      return withQuery('/notations/encouragements/types/', target.query);
    case 'trigger':
      return `/notations/triggers/${target.id}`;
    case 'triggers':
      return withQuery('/notations/triggers/', target.query);
    case 'administration':
      return `/noncognitives/administrations/${target.id}`;
    case 'administrations':
      return withQuery('/noncognitives/administrations/', target.query);
    case 'administrationResults':
      return withQuery(`/noncognitives/administrations/${target.id}/results`, target.query);
    case 'factorScores':
      return withQuery(
        `/noncognitives/administrations/${target.administrationId}/results/${e(target.personIdentifier)}/factors`,
        target.query,
      );
    case 'factorScore':
      return `/noncognitives/administrations/${target.administrationId}/results/${e(target.personIdentifier)}/factors/${target.factorId}`;
    case 'factor':
      return `/noncognitives/assessments/${e(target.assessmentId)}/factors/${e(target.factorId)}`;
  }
}
