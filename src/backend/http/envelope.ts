import { pageEnvelope, type Envelope, type Link } from '../../api/schemas/index.ts';
import { DEFAULT_PAGE_SIZE } from './query.ts';

/**
 * The collection envelope (decisions §4). Links keep the request's recognised parameters (its
 * filters and expand) and carry page and pageSize explicitly.
 */
export function pagedEnvelope<T>(url: URL, accepted: readonly string[], page: number, pageSize: number, totalValues: number, values: T[]): Envelope<T> {
  const kept = keptParams(url, accepted);
  const at = (p: number): Link => {
    const params = new URLSearchParams(kept);
    params.set('page', String(p));
    params.set('pageSize', String(pageSize));
    return { href: `${url.origin}${url.pathname}?${params.toString()}` };
  };
  return pageEnvelope(at, page, pageSize, totalValues, values);
}

/** A collection the contract does not page (comments, categories of one notation, a network). */
export function wholeEnvelope<T>(url: URL, accepted: readonly string[], values: T[]): Envelope<T> {
  const params = keptParams(url, accepted).toString();
  const self = { href: `${url.origin}${url.pathname}${params ? `?${params}` : ''}` };
  return {
    page: 1,
    pageSize: Math.max(DEFAULT_PAGE_SIZE, values.length),
    totalValues: values.length,
    self,
    links: { first: self, last: self },
    values,
  };
}

function keptParams(url: URL, accepted: readonly string[]): URLSearchParams {
  const kept = new URLSearchParams();
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    // The first of a repeated parameter is the one that was used.
    if (accepted.includes(name) && name !== 'page' && name !== 'pageSize' && !seen.has(name)) {
      kept.append(name, value);
      seen.add(name);
    }
  }
  return kept;
}
