import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { BATCH_DESCRIPTION_MAX, BATCH_HEADER, UNDO_HEADER } from '../api/reassignment-batches.ts';
import { ProblemError, bodyErrors } from '../http/problem.ts';
import type { ApiCall } from './api-operation.ts';
import type { BatchStore } from './batch-store.ts';
import type { Permissions } from './permissions.ts';
import { storeGuard } from './store-guard.ts';
import { requireSignedIn } from './require-signed-in.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** Merged into the journal entry's summary of this write (journal.ts). */
    journalTags: Record<string, unknown>;
    /** The journal entry's summary once the write is done: its before and after (journal.ts). */
    journalSummary: Record<string, unknown>;
  }
}

/** How far back the caseloads page looks for batches to undo, unless it asks otherwise. */
export const DEFAULT_BATCH_DAYS = 7;
const MAX_BATCH_DAYS = 90;
const MAX_BATCHES = 50;

const CreateSchema = z.object({ description: z.string().trim().min(1).max(BATCH_DESCRIPTION_MAX) });
const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export interface BatchRoutesOptions {
  store: BatchStore;
  actorOf: (c: Context) => Promise<{ identifier: string; permissions: Permissions } | undefined>;
  callOf: (c: Context) => ApiCall | undefined;
  onError?: (error: unknown, c: Context) => void;
}

const unavailable = (detail: string) => new ProblemError(503, detail, { type: 'batches-unavailable', headers: { 'retry-after': '5' } });

/** Signed in and allowed to change networks: the batches name students whose networks changed, for people who may undo them. */
async function networkEditor(c: Context, options: BatchRoutesOptions) {
  const actor = await requireSignedIn(c, options.actorOf, 'Sign in to see bulk reassignments');
  if (!actor.permissions.editNetworks) throw new ProblemError(403, 'Only people who may change success networks may see or run bulk reassignments');
  return actor;
}

/** The batch named by a path or header: a positive integer, or 400. */
function batchId(value: string | undefined, where: 'path' | 'header', name: string): number {
  const parsed = IdSchema.safeParse(value);
  if (!parsed.success) throw new ProblemError(400, `${name} must name a batch by its number`, { errors: [{ in: where, name, message: 'a positive integer' }] });
  return parsed.data;
}

/**
 * For people who may change networks: `POST /session/batches` `{ description }` → 201 a new batch;
 * `GET /session/batches?days=7` → `{ values, days }` newest first; `GET /session/batches/:id`.
 */
export function batchRoutes(options: BatchRoutesOptions): Hono {
  const app = new Hono();
  const guarded = storeGuard(options.onError, () => unavailable('Bulk reassignments cannot be read or kept just now; try again in a moment.'));

  app.post('/session/batches', async (c) => {
    const actor = await networkEditor(c, options);
    const parsed = CreateSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProblemError(400, 'Describe the batch: { "description": "…" }', {
        errors: bodyErrors(parsed.error.issues),
      });
    }
    const batch = await guarded(c, () => options.store.create(actor.identifier, parsed.data.description));
    return c.json(batch, 201);
  });

  app.get('/session/batches', async (c) => {
    await networkEditor(c, options);
    const days = z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_BATCH_DAYS)
      .safeParse(c.req.query('days') ?? DEFAULT_BATCH_DAYS);
    if (!days.success)
      throw new ProblemError(400, `days must be a whole number from 1 to ${MAX_BATCH_DAYS}`, {
        errors: [{ in: 'query', name: 'days', message: 'from 1 to 90' }],
      });
    const since = new Date(Date.now() - days.data * 86_400_000).toISOString();
    const values = await guarded(c, () => options.store.list(since, MAX_BATCHES));
    return c.json({ values, days: days.data });
  });

  app.get('/session/batches/:id', async (c) => {
    await networkEditor(c, options);
    const id = batchId(c.req.param('id'), 'path', 'id');
    const batch = await guarded(c, () => options.store.get(id));
    if (!batch) throw new ProblemError(404, `There is no bulk reassignment number ${id}`);
    return c.json(batch);
  });
  return app;
}

const list = (value: unknown): string[] | null => (Array.isArray(value) ? value.map(String) : null);

/**
 * Middleware for `/api/*`, before the journal: an E16 that names its batch in a header is
 * checked (the batch exists; a run's writes are its creator's; an undo's network is one the
 * batch wrote), tagged in the journal, and once written recorded in the batch (its before and
 * after, as the journal read them) or marked as put back.
 */
export function batchWrites(options: BatchRoutesOptions): MiddlewareHandler {
  return async (c, next) => {
    const runHeader = c.req.header(BATCH_HEADER);
    const undoHeader = c.req.header(UNDO_HEADER);
    if (runHeader === undefined && undoHeader === undefined) return next();
    if (runHeader !== undefined && undoHeader !== undefined)
      throw new ProblemError(400, `A write belongs to a batch (${BATCH_HEADER}) or undoes one (${UNDO_HEADER}), not both`);
    if (options.callOf(c)?.name !== 'people.successNetwork.replace')
      throw new ProblemError(
        400,
        `${runHeader !== undefined ? BATCH_HEADER : UNDO_HEADER} is only for writing a success network (PUT /people/{id}/successNetwork)`,
      );
    const actor = await options.actorOf(c);
    if (!actor) return next();
    const undo = undoHeader !== undefined;
    const id = batchId(undo ? undoHeader : runHeader, 'header', undo ? UNDO_HEADER : BATCH_HEADER);
    const student = options.callOf(c)!.params.id ?? '';
    let batch;
    try {
      batch = await options.store.get(id);
    } catch (error) {
      options.onError?.(error, c);
      throw unavailable('The bulk reassignment cannot be checked just now, so this change was not sent. Nothing was changed; try again in a moment.');
    }
    if (!batch) throw new ProblemError(404, `There is no bulk reassignment number ${id}`);
    if (!undo && batch.actor !== actor.identifier) throw new ProblemError(403, `Bulk reassignment ${id} is ${batch.actor}'s: only they add writes to it`);
    if (undo && !batch.networks.some((n) => n.student === student))
      throw new ProblemError(409, `Bulk reassignment ${id} did not write ${student}'s network, so there is nothing of it to undo`);
    c.set('journalTags', undo ? { undoOfBatch: id } : { batch: id });

    await next();

    if (c.res.status < 200 || c.res.status >= 300) return;
    const summary = c.get('journalSummary') ?? {};
    try {
      if (undo) await options.store.markUndone(id, student, actor.identifier);
      else await options.store.recordWrite(id, student, list(summary.before), list(summary.after) ?? list(summary.asked));
    } catch (error) {
      // The write is done and journalled (with its batch); only the batch's own record lags.
      options.onError?.(error, c);
    }
  };
}
