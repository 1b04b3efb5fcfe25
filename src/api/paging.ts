import { ApiError, abortKind } from './errors.ts';
import type { InvalidItem, Page, RequestOptions } from './http.ts';
import type { PageParams } from './params.ts';
import { mapPool } from '../lib/pool.ts';
import { addHidden, type HiddenByAudience } from './schemas/audiences.ts';

export interface ListAllProgress {
  /** Items received so far (shown or not). */
  loaded: number;
  /** `totalValues` of the first page. */
  total: number;
}

export interface ListAllOptions<T = unknown> {
  signal?: AbortSignal;
  onProgress?: (progress: ListAllProgress) => void;
  /**
   * The list's first items, in order, each time more of its beginning is in (never the whole
   * list: that is what the promise resolves to). Lets a page show the newest items of a long
   * list while the rest loads.
   */
  onPartial?: (partial: PartialValues<T>) => void;
  /**
   * With `onPartial`: also ask for the first `headSize` items alone, in a small request sent
   * ahead of page 1, so that the beginning shows before the first full page has arrived.
   */
  headSize?: number;
  /**
   * With a head shown: awaited before each later page is parsed (`RequestOptions.beforeParse`),
   * so that the page renders the head first, without the parsing of thousands of items in between.
   * Page 1 is still asked for at once (the pages after it once it has been read).
   */
  beforeRestParse?: () => Promise<void>;
  /**
   * With a head shown: awaited before page 1 is asked for, so that on a slow network the head's
   * page renders without the rest of the list taking bandwidth from its code and data.
   */
  beforeRestRequest?: () => Promise<void>;
  /** Pages in flight at once after the first; default 4. */
  concurrency?: number;
  /** Default 1000, the service's maximum. */
  pageSize?: number;
}

export interface AllValues<T> {
  /** Every item of every page, in the service's order. */
  values: T[];
  totalValues: number;
  /** Items left out because they did not match the contract, summed over the pages. */
  invalidCount: number;
  invalidItems: (InvalidItem & { page: number })[];
  pages: number;
  /** Notes the gateway left out of these pages because of their audiences, summed (absent: none). */
  hiddenByAudience?: HiddenByAudience;
}

/** The beginning of a list that is still loading (`onPartial`). */
export interface PartialValues<T> extends AllValues<T> {
  partial: true;
}

/** True for the beginning of a list still loading, false for a whole list. */
export function isPartial<T>(values: AllValues<T>): values is PartialValues<T> {
  return (values as { partial?: unknown }).partial === true;
}

function assemble<T>(pages: readonly Page<T>[], total: number, lastPage: number): AllValues<T> {
  const values: T[] = [];
  const invalidItems: AllValues<T>['invalidItems'] = [];
  pages.forEach((page, i) => {
    values.push(...page.values);
    for (const item of page.invalidItems) invalidItems.push({ ...item, page: i + 1 });
  });
  const hiddenByAudience = addHidden(pages.map((page) => page.hiddenByAudience));
  return { values, totalValues: total, invalidCount: invalidItems.length, invalidItems, pages: lastPage, ...(hiddenByAudience ? { hiddenByAudience } : {}) };
}

/** A client list method, e.g. `api.alerts.list`, or a lambda that calls one. */
export type FetchPage<P extends PageParams, T> = (params: P, options: RequestOptions) => Promise<Page<T>>;

function abortError(signal: AbortSignal): ApiError {
  return new ApiError({ kind: abortKind(signal.reason), operation: 'listAll', cause: signal.reason });
}

/**
 * Every page of a list: page 1 first (it tells how many there are), then the rest with at most
 * `concurrency` requests in flight, assembled in order. Aborting `signal` stops issuing requests,
 * aborts those in flight and rejects with an aborted ApiError. The first failing page rejects the
 * whole and aborts the others.
 *
 *     const { values } = await listAll(api.alerts.list, { identifiers: ['S000123'] }, { signal });
 *     await listAll((p, o) => api.alerts.list({ ...p, expand: ['student'] }, o), {});
 */
export async function listAll<P extends PageParams, T>(
  fetchPage: FetchPage<P, T>,
  params: Omit<P, 'page' | 'pageSize'>,
  options: ListAllOptions<T> = {},
): Promise<AllValues<T>> {
  const { signal, onProgress, onPartial } = options;
  const concurrency = Math.floor(options.concurrency ?? 4);
  const requestedSize = Math.floor(options.pageSize ?? 1000);
  if (!(concurrency >= 1)) throw new RangeError('concurrency must be at least 1');
  if (!(requestedSize >= 1)) throw new RangeError('pageSize must be at least 1');
  if (signal?.aborted) throw abortError(signal);

  // One controller for everything in flight: the caller's abort and our own (a failed page).
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  let beforeParse: (() => Promise<void>) | undefined;
  const call = (page: number, pageSize: number) =>
    fetchPage({ ...params, page, pageSize } as P, { signal: controller.signal, ...(beforeParse && { beforeParse }) });

  // How many leading items `onPartial` has shown; it only ever grows. Every call happens before
  // the promise settles (the head is awaited, the workers too), so nothing is shown after the whole.
  let shown = 0;
  const showPartial = (head: AllValues<T>) => {
    const count = head.values.length + head.invalidCount;
    if (controller.signal.aborted || count <= shown || count >= head.totalValues) return;
    shown = count;
    onPartial?.({ ...head, partial: true });
  };
  const headSize = Math.floor(options.headSize ?? 0);
  const withHead = onPartial !== undefined && headSize >= 1 && headSize < requestedSize;

  try {
    // The head goes first, alone; page 1 follows once it has answered, so that a page's first
    // rows are not rendered behind the parsing of a thousand items. A failed head is not shown.
    const head = withHead ? await call(1, headSize).catch(() => undefined) : undefined;
    if (signal?.aborted) throw abortError(signal);
    if (head && head.values.length + head.invalidCount >= head.totalValues) {
      return assemble([head], head.totalValues, 1);
    }
    if (head) showPartial(assemble([head], head.totalValues, 1));
    if (head && shown > 0) {
      beforeParse = options.beforeRestParse;
      await options.beforeRestRequest?.();
      if (signal?.aborted) throw abortError(signal);
    }
    const first = await call(1, requestedSize);
    if (signal?.aborted) throw abortError(signal);
    // The service's page size is the one the page count follows.
    const pageSize = first.pageSize >= 1 ? first.pageSize : requestedSize;
    const lastPage = Math.max(1, Math.ceil(first.totalValues / pageSize));
    const total = first.totalValues;
    const pages: Page<T>[] = [first];
    let loaded = first.values.length + first.invalidCount;
    onProgress?.({ loaded, total });
    // Pages 1..reportedPages have been shown through `onPartial`; pages may arrive out of order.
    let reportedPages = 0;
    const showContiguous = () => {
      if (!onPartial) return;
      let n = reportedPages;
      while (n < lastPage && pages[n] !== undefined) n += 1;
      if (n <= reportedPages || n >= lastPage) return;
      reportedPages = n;
      showPartial(assemble(pages.slice(0, n), total, lastPage));
    };
    showContiguous();

    let firstError: { error: unknown } | undefined;
    const rest = Array.from({ length: lastPage - 1 }, (_, i) => i + 2);
    // A failure aborts the controller: no page is asked for after it.
    await mapPool(
      rest,
      concurrency,
      async (n) => {
        try {
          const page = await call(n, pageSize);
          pages[n - 1] = page;
          loaded += page.values.length + page.invalidCount;
          if (!controller.signal.aborted) onProgress?.({ loaded, total });
          showContiguous();
        } catch (error) {
          // The first failure is the cause; the siblings it aborts fail after it.
          firstError ??= { error };
          controller.abort(error);
        }
      },
      { stop: () => controller.signal.aborted },
    );
    if (signal?.aborted) throw abortError(signal);
    if (firstError) throw firstError.error;
    return assemble(pages, total, lastPage);
  } catch (error) {
    if (signal?.aborted && !(error instanceof ApiError && (error.kind === 'aborted' || error.kind === 'timeout'))) {
      throw abortError(signal);
    }
    throw error;
  } finally {
    signal?.removeEventListener('abort', forward);
  }
}
