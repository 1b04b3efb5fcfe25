import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../api/journal.ts';
import { twoGatewayInstances } from '../testing/gateway-instances.ts';
import { startDevProcess } from '../testing/gateway-process.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';
import { openGatewayDatabase } from './db/database.ts';
import { databaseJournal } from './journal-store.ts';

/**
 * #29: two gateway processes behind one load balancer, on one PostgreSQL and one Redis. 500
 * concurrent admin writes split between them leave exactly 500 entries, each once, each with its
 * result; after `kill -9` of one instance in the middle of another 500, every write that got a 2xx
 * has its complete entry, and the rest are either absent (never sent) or marked unrecorded.
 */
const instances = twoGatewayInstances();

/** PUT of a category through one instance, with its own request id; the status, or 0 when the connection died. */
/** Each category's current `isActive`, sent back unchanged (activating one may be refused, 409, by the limit of active categories). */
const active = new Map<number, boolean>();
async function edit(origin: string, cookie: string, requestId: string, category: number): Promise<number> {
  try {
    const response = await fetch(`${origin}/api/notations/categories/${category}`, {
      method: 'PUT',
      headers: { cookie, origin, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ name: `Category ${category} (${requestId})`, isActive: active.get(category) ?? true }),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

async function journalOf(origin: string, cookie: string, prefix: string): Promise<JournalEntry[]> {
  const all: JournalEntry[] = [];
  let before: string | undefined;
  do {
    const query = new URLSearchParams({ operation: 'category.edit', limit: '1000', ...(before ? { before } : {}) });
    const page = (await (await fetch(`${origin}/admin/journal?${query}`, { headers: { cookie, accept: 'application/json' } })).json()) as {
      values: JournalEntry[];
      older?: string;
    };
    all.push(...page.values);
    before = page.older;
  } while (before);
  return all.filter((e) => e.requestId.startsWith(prefix));
}

describe('two gateway instances on one PostgreSQL', () => {
  it('500 concurrent admin writes split between them: exactly 500 entries, each once, each with its result', async () => {
    const [a, b] = instances();
    // One sign-in: the session lives in the shared Redis, good on both.
    const { cookie } = await signInThroughProvider(a.origin, 'E0001');
    for (let id = 1; id <= 10; id += 1) {
      const category = (await (await fetch(`${a.origin}/api/notations/categories/${id}`, { headers: { cookie } })).json()) as { isActive: boolean };
      active.set(id, category.isActive);
    }
    const statuses = await Promise.all(Array.from({ length: 500 }, (_, i) => edit(i % 2 ? b.origin : a.origin, cookie, `even-${i}`, (i % 10) + 1)));
    expect(
      Object.groupBy(statuses, (s) => String(s)),
      'statuses',
    ).toEqual({ 204: Array(500).fill(204) });
    const entries = await journalOf(b.origin, cookie, 'even-');
    expect(entries).toHaveLength(500);
    expect(new Set(entries.map((e) => e.requestId)).size).toBe(500);
    expect(entries.every((e) => e.status === 204 && e.actor === 'E0001')).toBe(true);
  }, 120_000);

  it('kill -9 of one instance mid-way: every 2xx has its complete entry; the others are marked or absent', async () => {
    const [a, b] = instances();
    const { cookie } = await signInThroughProvider(a.origin, 'E0001');
    // Mid-way: a's 250 writes and b's first 50 go out; once those 50 are answered, b's other 200
    // are sent and b is killed a few milliseconds later, while they are in flight. (Sending all 500
    // at once let b answer every one before the kill landed, on a fast machine.)
    const send = (i: number) => edit(i % 2 ? b.origin : a.origin, cookie, `kill-${i}`, (i % 10) + 1).then((status) => ({ id: `kill-${i}`, status }));
    const toA = Array.from({ length: 250 }, (_, n) => send(2 * n));
    const bFirst = await Promise.all(Array.from({ length: 50 }, (_, n) => send(2 * n + 1)));
    expect(bFirst.every((r) => r.status === 204)).toBe(true);
    const bRest = Array.from({ length: 200 }, (_, n) => send(2 * (n + 50) + 1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    b.child.kill('SIGKILL');
    await b.exited;
    const results = [...(await Promise.all(toA)), ...bFirst, ...(await Promise.all(bRest))];
    const succeeded = results.filter((r) => r.status >= 200 && r.status < 300);
    const lost = results.filter((r) => r.status === 0);
    expect(lost.length).toBeGreaterThan(0); // the kill did land mid-way
    expect(succeeded.length).toBeGreaterThan(250); // a's writes all went through

    const entries = await journalOf(a.origin, cookie, 'kill-');
    const byId = new Map<string, JournalEntry[]>();
    for (const entry of entries) byId.set(entry.requestId, [...(byId.get(entry.requestId) ?? []), entry]);
    expect([...byId.values()].every((list) => list.length === 1)).toBe(true); // each once
    for (const write of succeeded) expect(byId.get(write.id)?.[0]?.status).toBe(write.status);
    // The rest: an entry marked "result not recorded" (status null), or none when it was never sent.
    const unanswered = results.filter((r) => r.status === 0);
    expect(unanswered.every((r) => byId.get(r.id) === undefined || byId.get(r.id)![0]!.status === null || byId.get(r.id)![0]!.status! >= 200)).toBe(true);
  }, 120_000);
});

/** Signs in to a started gateway as E0001 and writes one update about S000005 through it, under `requestId`. */
async function writeNote(origin: string, requestId: string, details: string) {
  const { cookie } = await signInThroughProvider(origin, 'E0001');
  const response = await fetch(`${origin}/api/notations/updates/`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ audienceType: 'All', canStudentView: false, details, student: { identifier: 'S000005' } }),
  });
  expect(response.status).toBe(201);
}

describe('npm start with nothing configured', () => {
  it('keeps the journal in data/gateway.sqlite under the working directory, across a restart', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'newcomer-'));
    const first = await startDevProcess({ cwd });
    try {
      await writeNote(first.origin, 'kept-across-restart', 'Kept across a restart.');
    } finally {
      await first.stop();
    }
    expect(existsSync(join(cwd, 'data', 'gateway.sqlite'))).toBe(true);
    // Started again on the same folder, it finds the file and keeps writing to it.
    const second = await startDevProcess({ cwd });
    try {
      await writeNote(second.origin, 'after-restart', 'After a restart.');
    } finally {
      await second.stop();
    }
    const store = databaseJournal(openGatewayDatabase(join(cwd, 'data', 'gateway.sqlite')));
    const page = await store.list({ target: 'student/S000005', limit: 10 });
    expect(page.values.map((e) => [e.requestId, e.status])).toEqual([
      ['after-restart', 201],
      ['kept-across-restart', 201],
    ]);
    await store.close();
    rmSync(cwd, { recursive: true, force: true });
  }, 60_000);
});
