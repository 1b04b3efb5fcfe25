import type { ApiClient } from '../api/client.ts';
import { ApiError, type ApiErrorKind } from '../api/errors.ts';
import type { Problem } from '../api/schemas/index.ts';
import {
  itemStream,
  LIST_JOBS,
  type JobEvents,
  type ListJobInput,
  type ListJobName,
  type ListJobOutput,
  type ListJobReply,
  type ListJobRequest,
  type SerializedError,
} from './list-jobs.ts';
import { SESSION_ENDED_EVENT } from './session-events.ts';

/**
 * Runs a list job (src/queries/list-jobs.ts) in the page's list worker, so that downloading and
 * parsing thousands of items does not block the page; in the page itself (with `api`) where
 * there are no workers, or when the worker cannot start. Aborting the signal aborts the job's
 * requests in the worker.
 */
type JobEventsOf<K extends ListJobName> = Parameters<(typeof LIST_JOBS)[K]>[2];

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  events: JobEvents<unknown>;
  /** The items of the result's values received ahead of it (ListJobReply). */
  items: unknown[];
  /** Runs the job in the page instead (the worker failed to start). */
  inPage(): void;
}

let worker: Worker | undefined;
let broken = typeof Worker === 'undefined' || typeof window === 'undefined';
let nextId = 1;
const pending = new Map<number, Pending>();

function listWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./list-worker.ts', import.meta.url), { type: 'module', name: 'list jobs' });
  started.addEventListener('message', (event: MessageEvent<ListJobReply>) => {
    const reply = event.data;
    if (reply.type === 'session-ended') {
      window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
      return;
    }
    const job = pending.get(reply.id);
    if (!job) return;
    if (reply.type === 'progress') job.events.onProgress?.(reply.progress);
    else if (reply.type === 'items') {
      job.items.push(...reply.items);
      job.events.onItems?.(reply.items);
    } else if (reply.type === 'partial') job.events.onPartial?.(withItems(reply.value, reply.streamed, job.items));
    else {
      pending.delete(reply.id);
      if (reply.type === 'done') job.resolve(withItems(reply.value, reply.streamed, job.items));
      else job.reject(deserialize(reply.error));
    }
  });
  // The worker's script did not load or crashed: every job under way runs again in the page.
  started.addEventListener('error', (event) => {
    event.preventDefault();
    broken = true;
    started.terminate();
    worker = undefined;
    const jobs = [...pending.values()];
    pending.clear();
    jobs.forEach((job) => job.inPage());
  });
  return (worker = started);
}

/** A result that crossed without its values (`streamed` of them went ahead), whole again. */
function withItems(value: unknown, streamed: number | undefined, items: unknown[]): unknown {
  if (streamed === undefined) return value;
  return { ...(value as object), values: streamed === items.length ? items : items.slice(0, streamed) };
}

/** Runs the job here, in the page, with `onItems` as the worker would call it. */
function runInPage<K extends ListJobName>(api: ApiClient, job: K, input: ListJobInput<K>, events: JobEventsOf<K>): Promise<ListJobOutput<K>> {
  const run = LIST_JOBS[job] as (api: ApiClient, input: ListJobInput<K>, events: JobEventsOf<K>) => Promise<ListJobOutput<K>>;
  const onItems = (events as JobEvents<unknown>).onItems;
  if (!onItems) return run(api, input, events);
  const stream = itemStream(onItems);
  const onPartial = (events as JobEvents<unknown>).onPartial;
  const withStream = {
    ...events,
    ...(onPartial
      ? {
          onPartial: (partial: unknown) => {
            stream.take(partial);
            onPartial(partial);
          },
        }
      : {}),
  } as JobEventsOf<K>;
  return run(api, input, withStream).then((result) => {
    stream.take(result);
    return result;
  });
}

/**
 * Starts the list worker now, if it will be used, for a job that is about to be run: its script
 * loads and evaluates (the contract's schemas) while the page waits on something else.
 */
export function warmListWorker(): void {
  if (!broken) listWorker();
}

export function runListJob<K extends ListJobName>(api: ApiClient, job: K, input: ListJobInput<K>, events: JobEventsOf<K> = {}): Promise<ListJobOutput<K>> {
  if (broken) return runInPage(api, job, input, events);
  const signal = events.signal;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const target = listWorker();
  const id = nextId++;
  return new Promise<ListJobOutput<K>>((resolve, reject) => {
    const onAbort = () => {
      pending.delete(id);
      target.postMessage({ type: 'abort', id } satisfies ListJobRequest);
      reject(signal!.reason);
    };
    const settle = () => signal?.removeEventListener('abort', onAbort);
    pending.set(id, {
      resolve: (value) => {
        settle();
        resolve(value as ListJobOutput<K>);
      },
      reject: (error) => {
        settle();
        reject(error);
      },
      events: events as JobEvents<unknown>,
      items: [],
      inPage: () => {
        settle();
        runInPage(api, job, input, events).then(resolve, reject);
      },
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    target.postMessage({ type: 'run', id, job, input, progress: Boolean(events.onProgress), partial: Boolean(events.onPartial) } satisfies ListJobRequest<K>);
  });
}

function deserialize(error: SerializedError): Error {
  const init = error.apiError;
  if (!init) return new Error(error.message);
  return new ApiError({
    kind: init.kind as ApiErrorKind,
    operation: init.operation,
    status: init.status,
    problem: init.problem as Problem | undefined,
    body: init.body,
    issues: init.issues as ApiError['issues'],
    method: init.method,
    url: init.url,
    message: error.message,
  });
}
