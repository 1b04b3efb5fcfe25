import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp, operations } from './app.ts';
import { openDatabase } from './db/open.ts';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { LIST_QUERY_NAMES } from './contract/helpers.ts';

/**
 * Bad input never yields 500 (decisions §5): random query strings, path ids and bodies on every
 * operation answer with a 2xx or a 4xx problem+json, never a fault.
 */
let app: Hono;
let headers: Record<string, string>;
let close: () => void;
const faults: unknown[] = [];

beforeAll(async () => {
  const { db } = openDatabase({ path: ':memory:', seed: 3, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') });
  close = () => db.close();
  app = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: (_id, error) => faults.push(error) });
  const res = await app.request('/api/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret',
  });
  const { access_token } = (await res.json()) as { access_token: string };
  headers = { 'Ocp-Apim-Subscription-Key': DEMO_CLIENT.subscriptionKey, Authorization: `Bearer ${access_token}` };
});
afterAll(() => close());

const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '0',
    '-1',
    '1001',
    '1e3',
    '1.5',
    ' 2 ',
    '99999999999999999999',
    'NaN',
    '%',
    '%E0%A4%A',
    '2026-02-30',
    '2026-03-01T08:00:00',
    'categories,nope',
    ',,,',
    'student',
    'S000001',
  ),
  fc.integer().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const pathId = fc.oneof(
  fc.constantFrom('1', '0', '-3', 'abc', '1.0', '%20', '99999999999999999999', 'S000001', 'E0001'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

function concretePath(template: string, ids: string[]): string {
  let i = 0;
  return template.replace(/\{\w+\}/g, () => encodeURIComponent(ids[i++ % ids.length] ?? '1'));
}

const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Bodies close to valid ones, so that validation beyond the first field gets exercised. */
const nearBody = fc.record(
  {
    audienceType: fc.constantFrom('Private', 'All', 'FullNetwork', 'Everyone', 3),
    canStudentView: fc.oneof(fc.boolean(), fc.constant('yes')),
    categories: fc.oneof(fc.array(fc.record({ id: fc.oneof(fc.integer({ min: -2, max: 40 }), fc.string()) }), { maxLength: 4 }), fc.constant('x')),
    createdBy: fc.record({ identifier: fc.oneof(fc.constantFrom('E0001', 'S000001', ''), fc.string()) }),
    modifiedBy: fc.record({ identifier: fc.constantFrom('E0001', 'nobody') }),
    details: fc.oneof(fc.string(), fc.constant('   '), fc.constant('x'.repeat(10_001))),
    student: fc.record({ identifier: fc.constantFrom('S000001', 'E0001', 'S999999') }),
    isActive: fc.boolean(),
    name: fc.oneof(fc.string(), fc.constant('Attendance Concern')),
    usedToLowerAlert: fc.oneof(fc.boolean(), fc.constant(1)),
    studentIdentifiers: fc.array(fc.constantFrom('S000001', 'S000002', 'E0001', 'zzz'), { maxLength: 3 }),
    elevateToAlert: fc.boolean(),
  },
  { requiredKeys: [] },
);

async function expectNoFault(res: Response): Promise<void> {
  expect(res.status, await res.clone().text()).toBeLessThan(500);
  if (res.status >= 400) expect(res.headers.get('content-type')).toBe('application/problem+json');
}

describe('bad input never yields 500', () => {
  it('random query strings and path ids on every read', async () => {
    const reads = operations.filter((op) => op.method === 'get');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        fc.array(pathId, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.constantFrom(...LIST_QUERY_NAMES), nasty), { maxLength: 5 }),
        async (op, ids, pairs) => {
          const query = pairs.map(([k, v]) => `${k}=${/^%/.test(v) ? v : encodeURIComponent(v)}`).join('&');
          await expectNoFault(await app.request(`/api${concretePath(op.path, ids)}?${query}`, { headers }));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('random bodies and content types on every write', async () => {
    const writes = operations.filter((op) => op.method !== 'get');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes),
        fc.array(pathId, { minLength: 1, maxLength: 2 }),
        fc.oneof(
          jsonish.map((v) => JSON.stringify(v)),
          nearBody.map((v) => JSON.stringify(v)),
          fc.array(nearBody).map((v) => JSON.stringify(v)),
          fc.string(),
        ),
        fc.constantFrom(
          undefined,
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/merge-patch+json',
        ),
        async (op, ids, body, contentType) => {
          const res = await app.request(`/api${concretePath(op.path, ids)}`, {
            method: op.method.toUpperCase(),
            headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
            body,
          });
          await expectNoFault(res);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('random token requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.option(fc.string()),
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json', undefined),
        async (body, basic, contentType) => {
          const res = await app.request('/api/oauth2/token', {
            method: 'POST',
            headers: { ...(contentType ? { 'content-type': contentType } : {}), ...(basic !== null ? { authorization: `Basic ${basic}` } : {}) },
            body,
          });
          expect([200, 400, 401]).toContain(res.status);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('logged no fault while doing so', () => {
    expect(faults).toEqual([]);
  });
});
