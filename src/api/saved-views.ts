import { z } from 'zod';
import { getGatewayJson, sendGatewayJson, sendGatewayParsed } from './gateway-json.ts';

/**
 * Saved views kept by the gateway (#32 item 4; not part of the service): a person's named filters
 * of the triage, a cohort, the journal or the access log. A view is only a page and its query
 * string: opened, by its owner or by a colleague given its link, the page applies the filters
 * under the reader's own rights, so a link never shows more than its reader may see.
 */

/** The pages a view can be saved on: `cohort/<administration>` names one cohort. */
export const SAVED_VIEW_PAGE = /^(alerts|journal|access-log|cohort\/[1-9][0-9]{0,11})$/;
export type SavedViewPage = 'alerts' | 'journal' | 'access-log' | `cohort/${number}`;

export const VIEW_NAME_MAX = 80;
export const VIEW_QUERY_MAX = 2000;

/**
 * A query string as a relative URL's query: empty, or `?` and only the characters RFC 3986 allows
 * in a query, with valid percent-escapes. No `#`, no backslash, no space or control character:
 * appended to the page's fixed path it can only ever name that page.
 */
export function isRelativeQuery(query: string): boolean {
  if (query === '') return true;
  if (query.length > VIEW_QUERY_MAX || !/^\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/.test(query)) return false;
  if (/%(?![0-9A-Fa-f]{2})/.test(query)) return false;
  try {
    decodeURIComponent(query);
    return true;
  } catch {
    return false;
  }
}

/** The page's own path: the only place a view's link can lead. */
export function pathOfView(page: SavedViewPage | string): string {
  if (page === 'alerts') return '/alerts';
  if (page === 'journal') return '/admin/journal';
  if (page === 'access-log') return '/admin/access-log';
  const cohort = /^cohort\/([1-9][0-9]*)$/.exec(page);
  if (cohort) return `/scores/${cohort[1]}`;
  throw new Error(`Not a page views are saved on: ${page}`);
}

/** The view's link, relative to the dashboard: the page with its filters. */
export const hrefOfView = (view: { page: string; query: string }) => `${pathOfView(view.page)}${view.query}`;

export const SavedViewSchema = z.looseObject({
  id: z.number().int(),
  owner: z.string(),
  page: z.string().regex(SAVED_VIEW_PAGE),
  name: z.string(),
  query: z.string().refine(isRelativeQuery, 'a relative query string'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const SavedViewListSchema = z.looseObject({ values: z.array(SavedViewSchema) });

/** A view's name as the person types it: trimmed, 1 to 80 characters. */
export const ViewNameSchema = z.string().trim().min(1, 'Give the view a name').max(VIEW_NAME_MAX, `At most ${VIEW_NAME_MAX} characters`);

export const savedViewsClient = {
  /** The signed-in person's views of one page, by name. */
  list: (page: SavedViewPage, signal?: AbortSignal) =>
    getGatewayJson('views.list', `/session/views?page=${encodeURIComponent(page)}`, SavedViewListSchema, signal),
  /** 201 with the new view; 409 when the person already has a view of that name on that page. */
  create: (view: { page: SavedViewPage; name: string; query: string }, signal?: AbortSignal): Promise<SavedView> =>
    sendGatewayParsed('views.create', 'POST', '/session/views', view, SavedViewSchema, signal),
  /** The owner only (403 otherwise). */
  rename: (id: number, name: string, signal?: AbortSignal): Promise<SavedView> =>
    sendGatewayParsed('views.rename', 'PATCH', `/session/views/${id}`, { name }, SavedViewSchema, signal),
  remove: async (id: number, signal?: AbortSignal): Promise<void> => {
    await sendGatewayJson('views.delete', 'DELETE', `/session/views/${id}`, undefined, signal);
  },
};
