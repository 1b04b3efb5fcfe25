import type { Hono } from 'hono';
import { createApiClient, type ApiClient } from '../../api/client.ts';
import { matchRoute, type PageRoute } from '../../app/route-table.ts';
import { readAsVisitor } from './read-as-visitor.ts';

/**
 * A page whose h1 is data (a cohort's h1 is its administration's title): the server reads it
 * before it sends the page, so that the HTML shell (app-shell.ts) paints the page's own words in
 * the first frame, not "Cohort" until the app's code has loaded and asked (seconds on a slow
 * phone). Read through the gateway's own /api, as the visitor (their cookie: the same session and
 * permission checks as the app's request); anything else than an answer within BUDGET_MS — no
 * session, no permission, not found, a slow or failing service, an id that is not one — leaves
 * the route table's heading, and the page says what it says today once its code runs.
 */

/** How long a page's HTML may wait for its heading: a cohort's title comes in a few ms from the reference backend. */
export const BUDGET_MS = 250;

type Reader = (api: ApiClient, params: Record<string, string>) => Promise<string | undefined>;

const READERS: Record<NonNullable<PageRoute['headingFrom']>, Reader> = {
  administration: async (api, { administrationId = '' }) => {
    if (!/^[1-9]\d{0,15}$/.test(administrationId)) return undefined;
    return (await api.noncognitive.administrations.get(Number(administrationId))).title;
  },
};

/** The h1 of the page at `pathname`, read as the visitor of `request`; undefined for pages whose h1 is no data, or when it could not be read. */
export async function dataHeading(app: Hono, request: Request, pathname: string): Promise<string | undefined> {
  const match = matchRoute(pathname);
  const from = match?.route.headingFrom;
  if (!match || !from) return undefined;
  const heading = (
    await readAsVisitor(app, request, BUDGET_MS, (fetch) =>
      // In process, through the gateway's middleware: nothing leaves the server but the upstream call the app would have made.
      READERS[from](createApiClient({ baseUrl: `${new URL(request.url).origin}/api`, fetch, revalidate: false }), match.params),
    )
  )?.trim();
  return heading ? heading : undefined;
}
