import type { SavedViewPage } from '../../api/saved-views.ts';

/**
 * Parameters that are not filters: which page of a log (`before`), which alert's drawer is open
 * (`alert`). A view keeps what is shown, not where the person was in it.
 */
const TRANSIENT = ['before', 'alert'];

/** The query string a view of this page keeps, from the address bar's search (`?…` or empty). */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search);
  if (!TRANSIENT.some((name) => params.has(name))) return search === '?' ? '' : search;
  for (const name of TRANSIENT) params.delete(name);
  return params.size ? `?${params}` : '';
}

/** How the menu names the page ("Saved views of the triage"). */
export function pageLabel(page: SavedViewPage): string {
  if (page === 'alerts') return 'the triage';
  if (page === 'journal') return 'the change journal';
  if (page === 'access-log') return 'the access log';
  return 'this cohort';
}
