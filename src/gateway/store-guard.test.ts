import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { directSignIn, useSeededGateway } from '../testing/gateway.ts';
import type { BatchStore } from './batch-store.ts';
import { createLogger } from './logging.ts';
import type { SavedViewStore } from './saved-view-store.ts';

/** When the gateway's own records cannot be reached, the routes that keep them say so with a 503 to retry, and the cause goes to the log only. */

const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
/** A store whose every call fails as a database that went away would. */
const away = <T extends object>() => new Proxy({}, { get: () => () => Promise.reject(new Error('connection refused: the database went away')) }) as T;
const logged: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const gateway = useSeededGateway(() => ({
  auth: signin.auth,
  logger: createLogger({ destination: sink }),
  batches: away<BatchStore>(),
  savedViews: away<SavedViewStore>(),
}));

const send = async (method: string, path: string, body?: unknown) =>
  gateway.request(`${ORIGIN}${path}`, {
    method,
    headers: {
      cookie: await signin.cookieFor('E0020', ['success-staff', 'success-network-editors']),
      origin: ORIGIN,
      'content-type': 'application/json',
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

describe('routes whose store cannot be reached', () => {
  it.each([
    ['GET', '/session/views?page=alerts', undefined, 'saved-views-unavailable', 'Saved views cannot be read or kept just now'],
    ['POST', '/session/views', { page: 'alerts', name: 'Mine', query: '' }, 'saved-views-unavailable', 'Saved views cannot be read or kept just now'],
    ['GET', '/session/batches', undefined, 'batches-unavailable', 'Bulk reassignments cannot be read or kept just now'],
    ['POST', '/session/batches', { description: 'Replace E0100 with E0200' }, 'batches-unavailable', 'Bulk reassignments cannot be read or kept just now'],
  ])('%s %s answers 503 %s, to retry in 5 s, without the cause', async (method, path, body, type, detail) => {
    const before = logged.length;
    const response = await send(method, path, body);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.headers.get('retry-after')).toBe('5');
    const problem = (await response.json()) as { type: string; detail: string };
    expect(problem.type).toContain(type);
    expect(problem.detail).toContain(detail);
    expect(JSON.stringify(problem)).not.toContain('connection refused');
    // The operator sees why, in the log.
    expect(JSON.stringify(logged.slice(before))).toContain('connection refused: the database went away');
  });
});
