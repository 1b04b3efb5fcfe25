import type { Context } from 'hono';
import type { ProblemError } from '../http/problem.ts';

/**
 * A route's calls to its store: a failure (the database away, a timeout) is reported to `onError`
 * and answered with `unavailable()`, a 503 that says to try again, never a 500 with the cause.
 */
export function storeGuard(onError: ((error: unknown, c: Context) => void) | undefined, unavailable: () => ProblemError) {
  return async <T>(c: Context, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      onError?.(error, c);
      throw unavailable();
    }
  };
}
