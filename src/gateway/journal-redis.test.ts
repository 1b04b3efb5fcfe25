import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisJournal, type JournalEntry, type JournalStore } from './journal.ts';

/** The journal on the session store's Redis (a stream shared by every gateway instance). */
const REDIS = '/usr/bin/redis-server';
let redis: ChildProcess | undefined;
let url = '';

beforeAll(async () => {
  if (!existsSync(REDIS)) return;
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  redis = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('error', () => resolve(true));
      socket.once('listening', () => socket.close(() => resolve(false)));
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(() => {
  redis?.kill();
});

const entry = (i: number, over: Partial<JournalEntry> = {}): JournalEntry => ({
  at: new Date(Date.UTC(2026, 5, 1, 0, 0, i)).toISOString(),
  requestId: `r${i}`,
  actor: i % 2 ? 'E0001' : 'E0002',
  operation: 'category.edit',
  method: 'PUT',
  path: `/notations/categories/${i}`,
  target: `category/${i % 3}`,
  status: 204,
  summary: { before: { name: `n${i}` }, after: { name: `m${i}` } },
  ...over,
});

describe.skipIf(!existsSync(REDIS))('redisJournal', () => {
  it('appends to a stream that two stores on one server share; lists newest first with filters', async () => {
    const a: JournalStore = redisJournal(url, 'test:journal');
    const b: JournalStore = redisJournal(url, 'test:journal');
    for (let i = 0; i < 1_200; i += 1) await (i % 2 ? a : b).append(entry(i));
    await a.check!();
    const newest = await b.list({ limit: 3 });
    expect(newest.map((e) => e.requestId)).toEqual(['r1199', 'r1198', 'r1197']);
    // Filters reach back past one page of the stream (500 per read).
    const old = await a.list({ target: 'category/0', actor: 'E0002', limit: 1_000 });
    expect(old.every((e) => e.target === 'category/0' && e.actor === 'E0002')).toBe(true);
    expect(old).toHaveLength(200);
    expect(old.at(-1)!.requestId).toBe('r0');
    await a.close!();
    await b.close!();
  });
});
