import type { Context } from 'hono';
import { ProblemError } from '../http/problem.ts';

/**
 * Who is asking a route about their own records, or 401 (`message`). The answer is about that
 * person, so no cache may keep it: `no-store`, on the 401 as well.
 */
export async function requireSignedIn<T>(c: Context, whoAsks: (c: Context) => Promise<T | undefined>, message = 'Sign in first'): Promise<T> {
  c.header('cache-control', 'no-store');
  const found = await whoAsks(c);
  if (!found) throw new ProblemError(401, message);
  return found;
}
