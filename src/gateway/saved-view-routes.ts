import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SAVED_VIEW_PAGE, VIEW_NAME_MAX, VIEW_QUERY_MAX, isRelativeQuery } from '../api/saved-views.ts';
import { ProblemError, bodyErrors } from '../http/problem.ts';
import { DUPLICATE, type SavedViewStore } from './saved-view-store.ts';
import { storeGuard } from './store-guard.ts';
import { requireSignedIn } from './require-signed-in.ts';

/** More than anyone keeps by hand; a bound on what one person can make the database hold. */
export const MAX_VIEWS_PER_PAGE = 100;

const PageSchema = z.string().regex(SAVED_VIEW_PAGE, 'alerts, journal, access-log or cohort/<administration id>');
const NameSchema = z.string().trim().min(1, 'a name of 1 to 80 characters').max(VIEW_NAME_MAX, 'a name of 1 to 80 characters');
const QuerySchema = z
  .string()
  .max(VIEW_QUERY_MAX, `at most ${VIEW_QUERY_MAX} characters`)
  .refine(isRelativeQuery, 'empty, or a query string starting with "?" (no "#", spaces or backslashes)');
const CreateSchema = z.object({ page: PageSchema, name: NameSchema, query: QuerySchema });
const RenameSchema = z.object({ name: NameSchema });
const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The logs are administrators' pages: nobody else can open them, so nobody else keeps views of them. */
const ADMIN_PAGES = new Set(['journal', 'access-log']);

export interface SavedViewRoutesOptions {
  store: SavedViewStore;
  actorOf: (c: Context) => Promise<{ identifier: string; isAdmin?: boolean } | undefined>;
  onError?: (error: unknown, c: Context) => void;
}

const duplicate = (name: string) =>
  new ProblemError(409, `You already have a view called "${name}" on this page; choose another name.`, {
    type: 'saved-view-name-taken',
    errors: [{ in: 'body', name: 'name', message: 'already used for another of your views of this page' }],
  });

/**
 * Any signed-in person's own views (#32 item 4):
 * `GET /session/views?page=alerts` → `{ values }` by name; `POST /session/views` `{ page, name, query }` → 201;
 * `PATCH /session/views/:id` `{ name }`; `DELETE /session/views/:id` → 204 (the owner only, 403 otherwise).
 * Sharing needs no route: a view's link is its page's URL with its query, which applies the
 * filters under the reader's own rights.
 */
export function savedViewRoutes(options: SavedViewRoutesOptions): Hono {
  const app = new Hono();
  const guarded = storeGuard(
    options.onError,
    () =>
      new ProblemError(503, 'Saved views cannot be read or kept just now; try again in a moment.', {
        type: 'saved-views-unavailable',
        headers: { 'retry-after': '5' },
      }),
  );
  const signedIn = (c: Context) => requireSignedIn(c, options.actorOf, 'Sign in to use saved views');
  const body = async (c: Context) => c.req.json().catch(() => undefined) as Promise<unknown>;
  /** The view named by the path, which must be the actor's. */
  const ownView = async (c: Context, identifier: string) => {
    const id = IdSchema.safeParse(c.req.param('id'));
    if (!id.success)
      throw new ProblemError(400, 'A saved view is named by its number', { errors: [{ in: 'path', name: 'id', message: 'a positive integer' }] });
    const view = await guarded(c, () => options.store.get(id.data));
    if (!view) throw new ProblemError(404, `There is no saved view number ${id.data}`);
    if (view.owner !== identifier) throw new ProblemError(403, 'Only the person who saved a view may rename or delete it');
    return view;
  };

  app.get('/session/views', async (c) => {
    const actor = await signedIn(c);
    const page = PageSchema.safeParse(c.req.query('page'));
    if (!page.success)
      throw new ProblemError(400, 'Name the page: ?page=alerts, journal, access-log or cohort/<administration id>', {
        errors: [{ in: 'query', name: 'page', message: page.error.issues[0]?.message ?? 'invalid' }],
      });
    const values = await guarded(c, () => options.store.list(actor.identifier, page.data));
    return c.json({ values });
  });

  app.post('/session/views', async (c) => {
    const actor = await signedIn(c);
    const parsed = CreateSchema.safeParse(await body(c));
    if (!parsed.success) throw new ProblemError(400, 'A view is { "page", "name", "query" }', { errors: bodyErrors(parsed.error.issues) });
    const { page, name, query } = parsed.data;
    if (ADMIN_PAGES.has(page) && !actor.isAdmin) throw new ProblemError(403, 'Only administrators may open the logs, so only they keep views of them');
    if ((await guarded(c, () => options.store.count(actor.identifier, page))) >= MAX_VIEWS_PER_PAGE)
      throw new ProblemError(409, `You already keep ${MAX_VIEWS_PER_PAGE} views of this page; delete one first.`, { type: 'saved-views-full' });
    const view = await guarded(c, () => options.store.create({ owner: actor.identifier, page, name, query }));
    if (view === DUPLICATE) throw duplicate(name);
    return c.json(view, 201);
  });

  app.patch('/session/views/:id', async (c) => {
    const actor = await signedIn(c);
    const view = await ownView(c, actor.identifier);
    const parsed = RenameSchema.safeParse(await body(c));
    if (!parsed.success) throw new ProblemError(400, 'A rename is { "name" }', { errors: bodyErrors(parsed.error.issues) });
    const renamed = await guarded(c, () => options.store.rename(view.id, parsed.data.name));
    if (renamed === DUPLICATE) throw duplicate(parsed.data.name);
    if (!renamed) throw new ProblemError(404, `There is no saved view number ${view.id}`);
    return c.json(renamed);
  });

  app.delete('/session/views/:id', async (c) => {
    const actor = await signedIn(c);
    const view = await ownView(c, actor.identifier);
    await guarded(c, () => options.store.remove(view.id));
    return c.body(null, 204);
  });
  return app;
}
