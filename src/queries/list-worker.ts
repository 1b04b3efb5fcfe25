// zod reads its configuration when it loads: jitless before anything imports it (the worker's
// script runs under the same Content-Security-Policy as the page: no `new Function`).
import './zod-jitless.ts';
import { browserFetch } from '../api/browser-fetch.ts';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { itemStream, LIST_JOBS, type JobEvents, type ListJobName, type ListJobReply, type ListJobRequest, type SerializedError } from './list-jobs.ts';

/**
 * The page's list worker: runs list jobs (src/queries/list-jobs.ts) off the main thread. One
 * client for the worker's life, so its ETags stay: a refetch after a write revalidates (304s)
 * instead of downloading the range again, as the page's own client would.
 */
const post = (reply: ListJobReply) => (self as unknown as { postMessage(message: ListJobReply): void }).postMessage(reply);

const api = createApiClient({
  baseUrl: `${self.location.origin}/api`,
  fetch: browserFetch(() => post({ type: 'session-ended' })),
});

function serialize(error: unknown): SerializedError {
  if (error instanceof ApiError) {
    const { kind, operation, status, problem, body, issues, method, url } = error;
    return { apiError: { kind, operation, status, problem, body, issues, method, url }, message: error.message };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

const running = new Map<number, AbortController>();

self.addEventListener('message', (event: MessageEvent<ListJobRequest>) => {
  const request = event.data;
  if (request.type === 'abort') {
    running.get(request.id)?.abort();
    running.delete(request.id);
    return;
  }
  const { id, job, input } = request;
  const controller = new AbortController();
  running.set(id, controller);
  // The values' items go ahead in small messages, each once (ListJobReply): the result follows without them.
  const stream = itemStream((items) => post({ type: 'items', id, items }));
  const answer = (type: 'partial' | 'done', value: unknown) => {
    const streamed = stream.take(value);
    post(streamed === undefined ? { type, id, value } : { type, id, value: { ...(value as object), values: [] }, streamed });
  };
  const events: JobEvents<unknown> = {
    signal: controller.signal,
    ...(request.progress ? { onProgress: (progress) => post({ type: 'progress', id, progress }) } : {}),
    ...(request.partial ? { onPartial: (value) => answer('partial', value) } : {}),
  };
  const run = LIST_JOBS[job as ListJobName] as (api: ApiClient, input: unknown, events: JobEvents<unknown>) => Promise<unknown>;
  run(api, input, events).then(
    (value) => {
      if (!running.delete(id)) return;
      try {
        answer('done', value);
      } catch (error) {
        // A value that cannot be cloned is a fault of the job, not a hang of the page.
        post({ type: 'failed', id, error: serialize(error) });
      }
    },
    (error: unknown) => {
      if (running.delete(id)) post({ type: 'failed', id, error: serialize(error) });
    },
  );
});
