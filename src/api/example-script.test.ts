import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from '../testing/backend.ts';

/** The README's Node script runs as written against a live backend. */
let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend.close());

describe('examples/first-page-of-alerts.ts', () => {
  it('prints the first page of alerts with student names', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['examples/first-page-of-alerts.ts'], {
      env: { ...process.env, BASE_URL: backend.baseUrl },
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\d+ alerts; the newest 10:$/);
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^2026-\d\d-\d\d {2}(Open|Lowered)\s+\S.* \(S\d{6}\) {2}\S/);
  });
});
