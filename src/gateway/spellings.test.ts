import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServeApp } from './app-serving/serve-app.ts';
import { directSignIn } from '../testing/gateway.ts';
import { startDecodingUpstream, type DecodingUpstream } from '../testing/proxy-fixtures.ts';
import { rawRequest, type RawResponse } from '../testing/raw-http.ts';
import { createGateway } from './gateway.ts';
import { createLogger } from './logging.ts';
import { inProcessUpstream, remoteUpstream, type Upstream } from './upstream.ts';

/**
 * #27: a guarded operation is refused to a person without its group however its path is spelled
 * (an encoded letter, another case, `//`, `/./`, `/x/../`, `%2e%2e`, `%2f`, a trailing slash …),
 * through the gateway in both modes, in front of an upstream that decodes paths as the backend
 * does; and the same spellings by an administrator are refused or reach exactly the operation
 * meant, never another.
 */
const PUBLIC_URL = 'http://dashboard.test';
const STAFF = 'E0005';
const ADMIN = 'E0001';

/** Every spelling of `path` (which starts with a literal segment) that the audit and the issue name, and a few more. */
function spellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const out = new Set<string>();
  const at = (i: number, value: string) => `/${segments.map((s, j) => (j === i ? value : s)).join('/')}`;
  segments.forEach((segment, i) => {
    if (!/^[A-Za-z]+$/.test(segment)) return; // a literal segment, not a parameter value
    for (let j = 0; j < segment.length; j += 1) {
      const hex = segment.charCodeAt(j).toString(16);
      for (const h of [hex.toLowerCase(), hex.toUpperCase()]) out.add(at(i, `${segment.slice(0, j)}%${h}${segment.slice(j + 1)}`));
    }
    out.add(at(i, segment.toUpperCase()));
    out.add(at(i, `${segment[0]!.toUpperCase()}${segment.slice(1)}`));
    out.add(at(i, segment.toLowerCase()));
    // Encoded twice: read once, it is `%63…`, which names nothing.
    out.add(at(i, `%25${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`));
  });
  for (let i = 1; i < segments.length; i += 1) {
    const before = segments.slice(0, i).join('/');
    const after = segments.slice(i).join('/');
    for (const inserted of ['', '.', 'x/..', 'x/%2e%2e', 'x/%2E%2E', 'x/.%2e', 'x/%2e.', '%2e']) out.add(`/${before}/${inserted}/${after}`);
    const glued = (sep: string) => `/${segments.slice(0, i - 1).join('/')}${i > 1 ? '/' : ''}${segments[i - 1]}${sep}${segments.slice(i).join('/')}`;
    for (const sep of ['%2f', '%2F', '%5c', '%5C']) out.add(glued(sep));
  }
  out.add(`${path}/`);
  out.add(`/${path}`);
  out.add(`${path}//`);
  out.add(`${path}/.`);
  out.add(`${path}%2f`);
  out.add(`${path}/%E0`);
  out.add(`${path}%`);
  out.delete(path);
  return [...out];
}

interface Mode {
  name: string;
  origin: string;
  upstream: DecodingUpstream;
  /** `METHOD /api/…` of each write that reached the service, since the last call. */
  writesSince(): string[];
  close(): Promise<void>;
}

function appDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'spellings-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  return dir;
}

const signin = directSignIn({ publicUrl: PUBLIC_URL });

async function startMode(name: 'in process' | 'proxy'): Promise<Mode> {
  const upstream = await startDecodingUpstream();
  const inProcessWrites: string[] = [];
  let gatewayUpstream: Upstream;
  if (name === 'in process') {
    const real = inProcessUpstream(upstream.app, upstream.credentials);
    gatewayUpstream = {
      ...real,
      send: (path, init, base) => {
        inProcessWrites.push(`${(init.method ?? 'GET').toUpperCase()} /api${path.split('?')[0]}`);
        return real.send(path, init, base);
      },
    };
  } else {
    gatewayUpstream = remoteUpstream({ url: upstream.url, tokenUrl: upstream.tokenUrl, ...upstream.credentials });
  }
  const gateway = createGateway({
    upstream: gatewayUpstream,
    auth: signin.auth,
    logger: createLogger({ level: 'silent' }),
    serveApp: createServeApp(`${appDir()}/`),
  });
  const server = serve({ fetch: gateway.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const source = () => (name === 'in process' ? inProcessWrites : upstream.seen.map((line) => line.split('?')[0]!));
  let read = 0;
  return {
    name,
    origin,
    upstream,
    writesSince: () => {
      const all = source();
      const fresh = all.slice(read).filter((line) => !line.startsWith('GET ') && !line.startsWith('POST /api/oauth2/token'));
      read = all.length;
      return fresh;
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      });
      await upstream.close();
    },
  };
}

interface Guarded {
  what: string;
  method: string;
  path: string;
  body: (tag: string) => unknown;
  /** What the write changes, read from the service. */
  state: (up: DecodingUpstream) => Promise<unknown>;
}

const totalOf = async (up: DecodingUpstream, path: string) => ((await up.read(path)) as { totalValues: number }).totalValues;
const notationsOf = async (up: DecodingUpstream, student: string) =>
  (await totalOf(up, `/notations/alerts/?identifiers=${student}&pageSize=1`)) +
  (await totalOf(up, `/notations/dataInsights/?identifiers=${student}&pageSize=1`));

const GUARDED: Guarded[] = [
  {
    what: 'category edit (E14)',
    method: 'PUT',
    path: '/api/notations/categories/1',
    body: (tag) => ({ name: `Spelled ${tag}`.slice(0, 100), isActive: true }),
    state: async (up) => (await up.read('/notations/categories/1')) as { name: string },
  },
  {
    what: 'trigger edit (E13)',
    method: 'PATCH',
    path: '/api/notations/triggers/1',
    body: (tag) => ({ name: `Spelled ${tag}`.slice(0, 200) }),
    state: async (up) => ((await up.read('/notations/triggers/1')) as { name: string }).name,
  },
  {
    what: 'trigger apply (E13 with students)',
    method: 'PATCH',
    path: '/api/notations/triggers/2',
    body: () => ({ studentIdentifiers: ['S000001'] }),
    state: (up) => notationsOf(up, 'S000001'),
  },
  {
    what: 'network replace (E16)',
    method: 'PUT',
    path: '/api/people/S000002/successNetwork',
    body: () => [{ identifier: 'E0002' }],
    state: async (up) => ((await up.read('/people/S000002/successNetwork')) as { values: { href: string }[] }).values.map((v) => v.href.split('/').at(-1)),
  },
];

const send = (mode: Mode, cookie: string, method: string, path: string, body?: unknown): Promise<RawResponse> =>
  rawRequest(
    mode.origin,
    method,
    path,
    { cookie, origin: PUBLIC_URL, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body === undefined ? undefined : JSON.stringify(body),
  );

const refused = (status: number) => status >= 400 && status < 500;
const isJson = (res: RawResponse) => /json/.test(String(res.headers['content-type'] ?? ''));

for (const modeName of ['in process', 'proxy'] as const) {
  describe(`every spelling of a guarded operation, ${modeName}`, () => {
    let mode: Mode;
    let staff: string;
    let admin: string;
    beforeAll(async () => {
      mode = await startMode(modeName);
      staff = await signin.cookieFor(STAFF, ['success-staff']);
      admin = await signin.cookieFor(ADMIN, ['success-staff', 'success-admins']);
    });
    afterAll(() => mode?.close());

    for (const op of GUARDED) {
      it(`${op.what}: refused to a staff member in every spelling, nothing changed; an administrator's reach only ${op.method} ${op.path}`, async () => {
        const before = await op.state(mode.upstream);
        const variants = spellings(op.path);
        expect(variants.length).toBeGreaterThanOrEqual(10);
        mode.writesSince();
        for (const [i, spelled] of variants.entries()) {
          const res = await send(mode, staff, op.method, spelled, op.body(`staff ${i}`));
          expect(refused(res.status), `${op.method} ${spelled} as staff: ${res.status} ${res.body.toString('utf8').slice(0, 200)}`).toBe(true);
        }
        expect(mode.writesSince()).toEqual([]);
        expect(await op.state(mode.upstream)).toEqual(before);

        // The canonical spelling as staff is refused too, naming the group (the check is real).
        const plain = await send(mode, staff, op.method, op.path, op.body('staff plain'));
        expect(plain.status).toBe(403);
        expect(JSON.parse(plain.body.toString('utf8'))).toMatchObject({ missingGroups: expect.arrayContaining(['success-admins']) });

        let reached = 0;
        for (const [i, spelled] of variants.entries()) {
          const res = await send(mode, admin, op.method, spelled, op.body(`admin ${i}`));
          const writes = mode.writesSince();
          if (res.status >= 200 && res.status < 300) {
            reached += 1;
            expect(writes, `${spelled} as administrator`).toEqual([`${op.method} ${op.path}`]);
          } else {
            expect(refused(res.status), `${op.method} ${spelled} as administrator: ${res.status}`).toBe(true);
            expect(writes, `${spelled} as administrator`).toEqual([]);
          }
        }
        // An encoded letter and a trailing slash are the same operation, read one way.
        expect(reached).toBeGreaterThan(0);
        if (op.what.startsWith('trigger apply')) expect(await op.state(mode.upstream)).toBe((before as number) + reached);
      });
    }

    it('the change journal: refused to a staff member in every spelling; an administrator reads the journal or is refused', async () => {
      const variants = spellings('/admin/journal');
      expect(variants.length).toBeGreaterThanOrEqual(10);
      for (const spelled of [...variants, '/admin/journal']) {
        const res = await send(mode, staff, 'GET', spelled);
        expect(refused(res.status), `GET ${spelled} as staff: ${res.status}`).toBe(true);
        expect(res.body.toString('utf8')).not.toContain('"values"');
      }
      let read = 0;
      for (const spelled of variants) {
        const res = await send(mode, admin, 'GET', spelled);
        if (res.status === 200) {
          read += 1;
          expect(JSON.parse(res.body.toString('utf8'))).toHaveProperty('values');
        } else expect(refused(res.status), `GET ${spelled} as administrator: ${res.status}`).toBe(true);
      }
      expect(read).toBeGreaterThan(0);
    });

    it('the outcomes and the access log: refused to a staff member in every spelling; an administrator reads them or is refused', async () => {
      for (const path of ['/admin/outcomes', '/admin/access-log']) {
        const variants = spellings(path);
        for (const spelled of [...variants, path]) {
          const res = await send(mode, staff, 'GET', spelled);
          expect(refused(res.status) || !isJson(res), `GET ${spelled} as staff: ${res.status}`).toBe(true);
          expect(res.body.toString('utf8'), `GET ${spelled} as staff`).not.toMatch(/"values"|"categories"|"totals"/);
        }
        let read = 0;
        for (const spelled of [path, ...variants]) {
          const res = await send(mode, admin, 'GET', spelled);
          if (res.status === 200 && isJson(res)) read += 1;
          else expect(refused(res.status) || !isJson(res), `GET ${spelled} as administrator: ${res.status}`).toBe(true);
        }
        expect(read, path).toBeGreaterThan(0);
      }
    });

    it("a person's own records (home, claims, views, watch list, notifications, scope) answer nobody signed out, in any spelling", async () => {
      for (const path of ['/session/my-students', '/session/claims', '/session/views', '/session/watch', '/me/notifications', '/session/scope']) {
        for (const spelled of [path, ...spellings(path)]) {
          const res = await rawRequest(mode.origin, 'GET', spelled, { accept: 'application/json' });
          expect(res.status === 200 && isJson(res), `GET ${spelled} signed out: ${res.status}`).toBe(false);
        }
      }
    });

    it('the journal names the operation of every write it recorded, never a bare method', async () => {
      const res = await send(mode, admin, 'GET', '/admin/journal?limit=1000');
      const { values } = JSON.parse(res.body.toString('utf8')) as { values: { operation: string; path: string }[] };
      expect(values.length).toBeGreaterThan(0);
      for (const entry of values) {
        expect(['category.edit', 'trigger.update', 'network.replace', 'update.create', 'alert.create', 'comment.create']).toContain(entry.operation);
        expect(GUARDED.map((g) => g.path.slice('/api'.length))).toContain(entry.path);
      }
    });
  });
}
