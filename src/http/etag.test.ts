import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from '../testing/backend.ts';
import { etagMatches, withoutEncodingSuffixes } from './etag.ts';

describe('ETags on the reference backend', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend({ scale: 0.1 });
  });
  afterAll(() => backend.close());
  const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${backend.baseUrl}${path}`, { ...init, headers: { 'accept-encoding': 'identity', ...backend.headers, ...init.headers } });

  it('tags a GET strongly and answers 304 without a body when the tag still matches', async () => {
    const first = await call('/notations/alerts/?identifiers=S000001&pageSize=100');
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const body = await first.text();
    const again = await call('/notations/alerts/?identifiers=S000001&pageSize=100', { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);
    expect(await again.text()).toBe('');
    // The same URL with an unknown tag, or none, gets the whole body as before.
    const other = await call('/notations/alerts/?identifiers=S000001&pageSize=100', { headers: { 'if-none-match': '"stale"' } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(body);
  });

  it('changes the tag when a write changes the answer', async () => {
    const path = '/notations/alerts/?identifiers=S000001&pageSize=100';
    const before = await call(path);
    const tag = before.headers.get('etag')!;
    const open = ((await before.json()) as { values: { id: number; status: string }[] }).values.find((a) => a.status === 'Open');
    expect(open).toBeDefined();
    const lowered = await call(`/notations/alerts/${open!.id}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ createdBy: { identifier: 'E0001' }, details: 'Resolved', usedToLowerAlert: true }),
    });
    expect(lowered.status).toBe(201);
    expect(lowered.headers.get('etag')).toBeNull();
    const after = await call(path, { headers: { 'if-none-match': tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
  });

  it('does not tag errors', async () => {
    const missing = await call('/notations/alerts/999999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('tag matching', () => {
  it('matches a compressed variant, a list, * and weak comparison; strips suffixes for an upstream', () => {
    expect(etagMatches('"abc-br"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc-zstd"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(withoutEncodingSuffixes('"a-gzip", W/"b"')).toBe('"a", W/"b"');
  });
});
