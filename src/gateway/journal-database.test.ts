import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directSignIn, seededUpstream } from '../testing/gateway.ts';
import { postgresBin, startPostgres, type TestPostgres } from '../testing/postgres.ts';
import { openGatewayDatabase, type GatewayDatabase } from './db/database.ts';
import { createGateway } from './gateway.ts';
import { JOURNAL_PROBLEM } from './journal.ts';
import { databaseJournal, type JournalStore } from './journal-store.ts';
import { createLogger } from './logging.ts';
import type { Upstream } from './upstream.ts';

/**
 * #29: no write without its entry. With the gateway's PostgreSQL stopped, an admin write is
 * refused with 503 and the service receives nothing (its requests are counted); the journal says
 * it is unavailable; /readyz names the database; all of it recovers by itself when the database
 * is back.
 */
const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
let postgres: TestPostgres | undefined;
let gateway: Hono;
let journal: JournalStore;
let closeDb: () => void;
const sent: string[] = [];

beforeAll(async () => {
  if (!postgresBin()) throw new Error("PostgreSQL is missing: install Debian's postgresql (.ci/run does)");
  postgres = await startPostgres();
  const { upstream: inner, close } = seededUpstream();
  closeDb = close;
  // Every request the service receives, by method and path.
  const upstream: Upstream = { ...inner, send: (path, init, base) => (sent.push(`${init.method ?? 'GET'} ${path}`), inner.send(path, init, base)) };
  journal = databaseJournal(openGatewayDatabase(postgres.url, { statementTimeoutMs: 1_000 }));
  gateway = createGateway({ upstream, auth: signin.auth, logger: createLogger({ level: 'silent' }), journal, readiness: { database: () => journal.check() } });
}, 60_000);
afterAll(async () => {
  await journal?.close();
  closeDb?.();
  await postgres?.remove();
});

const request = (path: string, init: RequestInit = {}) => gateway.request(`${ORIGIN}${path}`, init);
const edit = (cookie: string, name: string) =>
  request('/api/notations/categories/2', {
    method: 'PUT',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ name, isActive: true }),
  });
const writesSent = () => sent.filter((line) => line.startsWith('PUT ')).length;

describe('the journal on a PostgreSQL that stops and comes back', () => {
  it('refuses writes while the database is down, sends nothing, and recovers by itself', async () => {
    const cookie = await signin.cookieFor('E0001');
    expect((await edit(cookie, 'Before the outage')).status).toBe(204);
    expect(writesSent()).toBe(1);

    await postgres!.stop();
    for (let i = 0; i < 5; i += 1) {
      const refused = await edit(cookie, `During the outage ${i}`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect(refused.headers.get('retry-after')).toBe('5');
      const problem = (await refused.json()) as { type: string; detail: string };
      expect(problem.type).toBe(`urn:student-success:problem:${JOURNAL_PROBLEM}`);
      expect(problem.detail).toMatch(/journal cannot be written.*not sent/);
    }
    expect(writesSent()).toBe(1); // the service received none of them

    const read = await request('/admin/journal', { headers: { cookie, accept: 'application/json' } });
    expect(read.status).toBe(503);
    expect(((await read.json()) as { detail: string }).detail).toMatch(/journal cannot be read/);
    const ready = await request('/readyz');
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: Record<string, { ok: boolean }> }).checks.database!.ok).toBe(false);

    await postgres!.start();
    // The pool reconnects on its own: no restart of the gateway.
    let status = 0;
    for (let i = 0; i < 20 && status !== 204; i += 1) {
      status = (await edit(cookie, 'After the outage')).status;
      if (status !== 204) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(204);
    expect((await request('/readyz')).status).toBe(200);
    const entries = (
      (await (await request('/admin/journal?target=category%2F2', { headers: { cookie, accept: 'application/json' } })).json()) as {
        values: { status: number; summary: { asked: { name: string } } }[];
      }
    ).values;
    expect(entries.map((e) => [e.summary.asked.name, e.status])).toEqual([
      ['After the outage', 204],
      ['Before the outage', 204],
    ]);
  }, 60_000);
});

describe('the journal on a SQLite file that cannot be written', () => {
  it('refuses writes with 503 and sends nothing while the file is unwritable; /readyz says so; then recovers', async () => {
    const database: GatewayDatabase = openGatewayDatabase(join(mkdtempSync(join(tmpdir(), 'gateway-ro-')), 'gateway.sqlite'));
    const store = databaseJournal(database);
    const { upstream: inner, close } = seededUpstream();
    let writes = 0;
    const upstream: Upstream = { ...inner, send: (path, init, base) => ((writes += init.method === 'PUT' ? 1 : 0), inner.send(path, init, base)) };
    const local = createGateway({
      upstream,
      auth: signin.auth,
      logger: createLogger({ level: 'silent' }),
      journal: store,
      readiness: { database: () => store.check() },
    });
    const put = async (cookie: string): Promise<Response> =>
      local.request(`${ORIGIN}/api/notations/categories/2`, {
        method: 'PUT',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Read-only test', isActive: true }),
      });
    try {
      const cookie = await signin.cookieFor('E0001');
      await database.ready();
      // As a full disk or a read-only mount would: every write to the file fails.
      await sql`PRAGMA query_only = ON`.execute(database.db);
      const statuses = await Promise.all(Array.from({ length: 15 }, () => put(cookie).then((r) => r.status)));
      expect(statuses).toEqual(Array(15).fill(503));
      expect(writes).toBe(0);
      expect((await local.request(`${ORIGIN}/readyz`)).status).toBe(503);

      await sql`PRAGMA query_only = OFF`.execute(database.db);
      expect((await put(cookie)).status).toBe(204);
      expect(writes).toBe(1);
      expect((await local.request(`${ORIGIN}/readyz`)).status).toBe(200);
    } finally {
      await store.close();
      close();
    }
  });
});
