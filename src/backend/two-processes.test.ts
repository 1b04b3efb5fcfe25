import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue #15 item 6: two `npm run backend` processes on one DATABASE file. Both must start on a new
 * file (one seeds, the other waits and uses its data), and an alert lowered through both at once
 * is lowered exactly once.
 */
const dir = mkdtempSync(join(tmpdir(), 'student-success-two-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
}

function startBackendProcess(database: string): Promise<Started> {
  const child = spawn(process.execPath, ['src/backend/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE: database, SEED_SCALE: '0.5', SEED_NOW: '2026-06-01' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise<Started>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+\/api)/.exec(out);
      if (match) resolve({ child, baseUrl: match[1]!, stdout: () => out, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}\n${out}\n${err}`)));
    setTimeout(() => reject(new Error(`not listening after 60 s\n${out}\n${err}`)), 60_000);
  });
}

async function tokenFor(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { 'Ocp-Apim-Subscription-Key': 'demo-subscription-key', Authorization: `Bearer ${token}` };
}

const stopAll = (started: readonly Started[]) =>
  Promise.all(
    started.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.child.exitCode !== null) return resolve();
          s.child.once('exit', () => resolve());
          s.child.kill('SIGTERM');
        }),
    ),
  );

describe('two backend processes on one database file', () => {
  it('both start on a new file: one seeds, the other uses its data, no stack trace', async () => {
    const database = join(dir, 'race-seed.db');
    const started = await Promise.all([startBackendProcess(database), startBackendProcess(database)]);
    try {
      const seeded = started.filter((s) => s.stdout().includes('Seeded'));
      expect(seeded).toHaveLength(1);
      for (const s of started) expect(s.stderr()).not.toMatch(/Error|at /);
      const totals = await Promise.all(
        started.map(async (s) => {
          const body = (await (await fetch(`${s.baseUrl}/people/?pageSize=1`, { headers: await tokenFor(s.baseUrl) })).json()) as { totalValues: number };
          return body.totalValues;
        }),
      );
      expect(totals[0]).toBeGreaterThan(0);
      expect(totals[1]).toBe(totals[0]);
    } finally {
      await stopAll(started);
    }
  }, 120_000);

  it('lowers an alert exactly once when both lower it at the same moment', async () => {
    const database = join(dir, 'race-lower.db');
    const first = await startBackendProcess(database);
    const second = await startBackendProcess(database);
    const started = [first, second];
    // A third connection holds the write lock while both processes read the alert, so both have
    // seen it open before either can write: the check must be repeated inside the write.
    const holder = new DatabaseSync(database);
    holder.exec('PRAGMA busy_timeout = 5000');
    try {
      const headers = await Promise.all(started.map((s) => tokenFor(s.baseUrl)));
      const list = (await (await fetch(`${first.baseUrl}/notations/alerts/?pageSize=100`, { headers: headers[0] })).json()) as {
        values: { id: number; status: string }[];
      };
      const open = list.values.filter((a) => a.status === 'Open').slice(0, 3);
      expect(open).toHaveLength(3);
      const lower = (i: number, id: number) =>
        fetch(`${started[i]!.baseUrl}/notations/alerts/${id}/comments`, {
          method: 'POST',
          headers: { ...headers[i], 'content-type': 'application/json' },
          body: JSON.stringify({ createdBy: { identifier: 'E0001' }, details: `Lowered by process ${i}`, usedToLowerAlert: true }),
        }).then((r) => r.status);
      for (const alert of open) {
        holder.exec('BEGIN IMMEDIATE');
        const statuses = Promise.all([lower(0, alert.id), lower(1, alert.id)]);
        await new Promise((resolve) => setTimeout(resolve, 400));
        holder.exec('COMMIT');
        expect((await statuses).sort()).toEqual([201, 409]);
      }
      // Under load as well: many alerts, each lowered three times through each process.
      const more = list.values.filter((a) => a.status === 'Open').slice(3, 60);
      const all = await Promise.all(more.map((a) => Promise.all([0, 1, 0, 1, 0, 1].map((i) => lower(i, a.id)))));
      for (const perAlert of all) expect(perAlert.filter((s) => s === 201)).toHaveLength(1);
      // The stored alert has one lowering comment, whichever process is asked.
      const comments = (await (await fetch(`${second.baseUrl}/notations/alerts/${open[0]!.id}/comments`, { headers: headers[1] })).json()) as {
        values: { usedToLowerAlert: boolean }[];
      };
      expect(comments.values.filter((c) => c.usedToLowerAlert)).toHaveLength(1);
    } finally {
      if (holder.isTransaction) holder.exec('ROLLBACK');
      holder.close();
      await stopAll(started);
    }
  }, 120_000);
});
