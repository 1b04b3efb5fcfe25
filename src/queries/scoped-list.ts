import type { AllValues, ListAllProgress } from '../api/paging.ts';
import { addHidden } from '../api/schemas/audiences.ts';
import { studentAccessClient, type Scope } from '../api/student-access.ts';

/**
 * A whole list of notations read for the students a person may open, not for everyone (#30): an
 * advisor with 300 students sees some 800 of a range's 13,000 alerts, and asking the service for
 * all of them so that the gateway can drop the rest cost seconds. With the person's scope known
 * (`GET /session/scope`: their caseload and grants), the list is asked for in runs of identifiers
 * and merged back into the service's order, newest first.
 */

/** Identifiers per request: a URL of about a kilobyte. */
export const IDENTIFIERS_PER_REQUEST = 100;

/** The scope, or `unknown` when it cannot be read (no gateway, an older one, a failure): the whole list is read then. */
export async function readScope(signal?: AbortSignal): Promise<Scope> {
  try {
    return await studentAccessClient.scope(signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { scope: 'unknown' };
  }
}

/** Newest first by `createdOn`, then `id` descending (decisions §4): the order of one whole list. */
function newestFirst(a: { createdOn: string; id: number }, b: { createdOn: string; id: number }): number {
  return a.createdOn < b.createdOn ? 1 : a.createdOn > b.createdOn ? -1 : b.id - a.id;
}

/**
 * `readAll` for each run of students (all runs at once: each is a page or two), merged. Progress
 * adds up what each run has loaded of what it has announced.
 */
export async function listForStudents<T extends { createdOn: string; id: number }>(
  students: readonly string[],
  readAll: (identifiers: readonly string[], onProgress: (progress: ListAllProgress) => void) => Promise<AllValues<T>>,
  onProgress?: (progress: ListAllProgress) => void,
): Promise<AllValues<T>> {
  const unique = [...new Set(students)];
  const runs: string[][] = [];
  for (let i = 0; i < unique.length; i += IDENTIFIERS_PER_REQUEST) runs.push(unique.slice(i, i + IDENTIFIERS_PER_REQUEST));
  const progress = runs.map(() => ({ loaded: 0, total: 0 }));
  const report = () => onProgress?.({ loaded: progress.reduce((n, p) => n + p.loaded, 0), total: progress.reduce((n, p) => n + p.total, 0) });
  const lists = await Promise.all(
    runs.map((run, i) =>
      readAll(run, (p) => {
        progress[i] = p;
        report();
      }),
    ),
  );
  const values = lists.flatMap((list) => list.values).sort(newestFirst);
  const invalidItems = lists.flatMap((list) => list.invalidItems);
  const hiddenByAudience = addHidden(lists.map((list) => list.hiddenByAudience));
  return {
    values,
    totalValues: lists.reduce((n, list) => n + list.totalValues, 0),
    invalidCount: invalidItems.length,
    invalidItems,
    pages: lists.reduce((n, list) => n + list.pages, 0),
    ...(hiddenByAudience ? { hiddenByAudience } : {}),
  };
}
