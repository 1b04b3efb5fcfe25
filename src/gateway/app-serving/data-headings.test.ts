import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../backend/app.ts';
import { openDatabase } from '../../backend/db/open.ts';
import { createGateway } from '../gateway.ts';
import { inProcessUpstream, type Upstream } from '../upstream.ts';
import { createServeApp } from './serve-app.ts';
import { DEFAULT_GROUPS, directSignIn } from '../../testing/gateway.ts';
import { DEMO_CLIENT } from '../../testing/backend.ts';

const INDEX = '<!doctype html><html lang="en"><head><title>Student Success</title></head><body><div id="root"></div></body></html>';
const h1Of = (html: string) => /<div id="app-shell"[^>]*>[\s\S]*?<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

const signin = directSignIn();
let root: string;
let closeDb: () => void;
let gateway: Hono;
let slow: Hono;
let title: string;
let id: number;
let upstreamCalls: string[] = [];
/** A title the service sends in place of the administration's own. */
let sentTitle: string | undefined;

beforeAll(async () => {
  root = `${mkdtempSync(join(tmpdir(), 'headings-'))}/`;
  writeFileSync(`${root}index.html`, INDEX);
  mkdirSync(`${root}assets`);
  const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') });
  closeDb = () => db.close();
  const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600 });
  const upstream = inProcessUpstream(backend, DEMO_CLIENT);
  const counted: Upstream = {
    ...upstream,
    send: async (path, init, base) => {
      upstreamCalls.push(path);
      const answer = await upstream.send(path, init, base);
      if (sentTitle === undefined || !answer.ok) return answer;
      const body = (await answer.json()) as Record<string, unknown>;
      return Response.json({ ...body, title: sentTitle }, { headers: { 'content-type': 'application/json' } });
    },
  };
  gateway = createGateway({ upstream: counted, auth: signin.auth, serveApp: createServeApp(root) });
  // A service that takes a second for everything.
  const late: Upstream = {
    ...upstream,
    send: async (path, init, base) => (await new Promise((resolve) => setTimeout(resolve, 1000)), upstream.send(path, init, base)),
  };
  slow = createGateway({ upstream: late, auth: signin.auth, serveApp: createServeApp(root), timeouts: { tokenMs: 5000, upstreamMs: 5000 } });
  const cookie = await signin.cookieFor('E0001');
  const list = (await (await gateway.request('http://dashboard.test/api/noncognitives/administrations/?pageSize=1', { headers: { cookie } })).json()) as {
    values: { id: number; title: string }[];
  };
  ({ id, title } = list.values[0]!);
});
afterAll(() => {
  closeDb();
  rmSync(root, { recursive: true, force: true });
});

const page = async (app: Hono, path: string, cookie?: string) => {
  const response = await app.request(`http://dashboard.test${path}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, html: await response.text() };
};

describe("a page whose h1 is data: the server's shell paints it", () => {
  it("paints a cohort's title, read as the signed-in visitor", async () => {
    const cookie = await signin.cookieFor('E0006', [DEFAULT_GROUPS.staff]);
    upstreamCalls = [];
    const { status, html } = await page(gateway, `/scores/${id}?flagged=include`, cookie);
    expect(status).toBe(200);
    expect(h1Of(html)).toBe(title.replace(/&/g, '&amp;'));
    expect(upstreamCalls).toEqual([`/noncognitives/administrations/${id}`]);
  });

  it("keeps the route's own heading for an administration that is not there or an id that is not one, and asks nothing for the latter", async () => {
    const cookie = await signin.cookieFor('E0001');
    expect(h1Of((await page(gateway, '/scores/99999999', cookie)).html)).toBe('Cohort');
    upstreamCalls = [];
    for (const bad of ['/scores/0', '/scores/abc', '/scores/1e3', `/scores/${'9'.repeat(40)}`]) {
      const { status, html } = await page(gateway, bad, cookie);
      expect(status, bad).toBe(200);
      expect(h1Of(html), bad).toBe('Cohort');
    }
    // A malformed escape is not a page at all (#27): 400, and nothing asked of the service.
    expect((await page(gateway, '/scores/%E0', cookie)).status).toBe(400);
    expect(upstreamCalls).toEqual([]);
  });

  it("does not wait for a slow service: the page comes with the route's heading within the budget", async () => {
    const cookie = await signin.cookieFor('E0001');
    const started = Date.now();
    const { status, html } = await page(slow, `/scores/${id}`, cookie);
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(900);
    expect(h1Of(html)).toBe('Cohort');
  });

  it('writes the title as text, whatever it holds', async () => {
    const cookie = await signin.cookieFor('E0001');
    sentTitle = '<script>alert(1)</script> & "Co" $& $1';
    try {
      const { html } = await page(gateway, `/scores/${id}`, cookie);
      expect(h1Of(html)).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; $&amp; $1');
      expect(html).not.toContain('<script');
    } finally {
      sentTitle = undefined;
    }
  });

  it('asks nothing for pages whose h1 is no data, nor for a visitor who is not signed in', async () => {
    const cookie = await signin.cookieFor('E0001');
    upstreamCalls = [];
    expect(h1Of((await page(gateway, '/students/S000001', cookie)).html)).toBe('Student');
    expect(h1Of((await page(gateway, '/scores', cookie)).html)).toBe('Non-cognitive scores');
    const anonymous = await page(gateway, `/scores/${id}`);
    // This gateway's provider is out of reach: what matters is that no page, and no title, is sent.
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.html).not.toContain(title);
    expect(upstreamCalls.filter((path) => !path.startsWith('/people/'))).toEqual([]);
  });
});
