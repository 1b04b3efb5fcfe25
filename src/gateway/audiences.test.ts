import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directSignIn, postMarkedNote, seededUpstream } from '../testing/gateway.ts';
import { AUDIENCE_PROBLEM } from './audiences.ts';
import { createGateway } from './gateway.ts';
import { createLogger } from './logging.ts';
import type { Upstream } from './upstream.ts';

/**
 * #30, audiences: a Private note is its author's alone (administrators included), a FullNetwork
 * note its author's and the student's network's, an All note everyone's. No answer carries the
 * text of a note the person may not see: each note here has a unique marker, searched for in every
 * answer to each kind of person.
 */
const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
let gateway: Hono;
let closeDb: () => void;
const sent: string[] = [];
const STUDENT = 'S000007';
let member = '';
let outsider = '';
const author = 'E0010';

beforeAll(async () => {
  const { upstream: inner, close } = seededUpstream();
  closeDb = close;
  const upstream: Upstream = { ...inner, send: (path, init, base) => (sent.push(`${init.method ?? 'GET'} ${path}`), inner.send(path, init, base)) };
  gateway = createGateway({ upstream, auth: signin.auth, logger: createLogger({ level: 'silent' }) });
  const staff = await signin.cookieFor(author, ['success-staff']);
  const network = (await (await get(`/api/people/${STUDENT}/successNetwork`, staff)).json()) as { values: { href: string }[] };
  const members = network.values.map((v) => v.href.split('/').at(-1)!);
  member = members.find((m) => m !== author)!;
  outsider = ['E0011', 'E0012', 'E0013', 'E0014', 'E0015'].find((p) => !members.includes(p))!;
  expect(member).toBeTruthy();
  expect(outsider).toBeTruthy();
});
afterAll(() => closeDb());

const get = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  gateway.request(`${ORIGIN}${path}`, { headers: { cookie, accept: 'application/json', ...headers } });
const post = (path: string, cookie: string, body: unknown) =>
  gateway.request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const as = (person: string) => signin.cookieFor(person, person === 'E0001' ? ['success-staff', 'success-admins'] : ['success-staff']);

const notes: Record<'Private' | 'FullNetwork' | 'All', { id: string; marker: string }> = {} as never;

describe('audiences at the gateway', () => {
  beforeAll(async () => {
    const cookie = await as(author);
    for (const audienceType of ['Private', 'FullNetwork', 'All'] as const) {
      const marker = `marker-${audienceType}-${Math.random().toString(36).slice(2)}`;
      notes[audienceType] = { id: await postMarkedNote(post, cookie, { student: STUDENT, audienceType, marker }), marker };
    }
  });

  const listOf = async (person: string) => {
    const response = await get(`/api/notations/updates/?identifiers=${STUDENT}&pageSize=1000`, await as(person));
    expect(response.status).toBe(200);
    return {
      text: await response.clone().text(),
      body: (await response.json()) as { totalValues: number; values: { id: number }[]; hiddenByAudience?: { Private: number; FullNetwork: number } },
    };
  };

  it('the author sees all three; a network member the FullNetwork and All ones; an outsider and an administrator only All', async () => {
    const seen = async (person: string) => {
      const { text } = await listOf(person);
      return (['Private', 'FullNetwork', 'All'] as const).filter((a) => text.includes(notes[a].marker));
    };
    expect(await seen(author)).toEqual(['Private', 'FullNetwork', 'All']);
    expect(await seen(member)).toEqual(['FullNetwork', 'All']);
    expect(await seen(outsider)).toEqual(['All']);
    expect(await seen('E0001')).toEqual(['All']);
  });

  it('a list says how many it hid and why, and keeps the service paging so every page is still walked', async () => {
    const mine = await listOf(author);
    const theirs = await listOf(outsider);
    expect(theirs.body.hiddenByAudience!.Private).toBeGreaterThanOrEqual(1);
    expect(theirs.body.hiddenByAudience!.FullNetwork).toBeGreaterThanOrEqual(1);
    expect(theirs.body.totalValues).toBe(mine.body.totalValues);
    expect(theirs.body.values.length + theirs.body.hiddenByAudience!.Private + theirs.body.hiddenByAudience!.FullNetwork).toBe(
      mine.body.values.length + (mine.body.hiddenByAudience?.Private ?? 0) + (mine.body.hiddenByAudience?.FullNetwork ?? 0),
    );
    expect(mine.body.values.length - theirs.body.values.length).toBeGreaterThanOrEqual(2);
  });

  it('single reads, comments and categories of a hidden note are refused, and a comment on it is never sent', async () => {
    for (const [person, audience, detail] of [
      [outsider, 'Private', /private to its author/],
      ['E0001', 'Private', /private to its author/],
      [outsider, 'FullNetwork', /success network/],
    ] as const) {
      const cookie = await as(person);
      const id = notes[audience].id;
      for (const path of [`/api/notations/updates/${id}`, `/api/notations/updates/${id}/comments`, `/api/notations/updates/${id}/categories`]) {
        const refused = await get(path, cookie);
        expect(refused.status, path).toBe(403);
        const problem = (await refused.json()) as { type: string; detail: string };
        expect(problem.type).toBe(`urn:student-success:problem:${AUDIENCE_PROBLEM}`);
        expect(problem.detail).toMatch(detail);
        expect(JSON.stringify(problem)).not.toContain(notes[audience].marker);
      }
      const before = sent.filter((s) => s.startsWith('POST')).length;
      expect((await post(`/api/notations/updates/${id}/comments`, cookie, { details: 'Sneaking a comment in.', usedToLowerAlert: false })).status).toBe(403);
      expect(sent.filter((s) => s.startsWith('POST')).length).toBe(before);
    }
    expect((await get(`/api/notations/updates/${notes.FullNetwork.id}`, await as(member))).status).toBe(200);
    expect((await get(`/api/notations/updates/${notes.Private.id}`, await as(author))).status).toBe(200);
    expect((await get(`/api/notations/updates/${notes.All.id}`, await as(outsider))).status).toBe(200);
  });

  it('a hidden note stays hidden however its path is spelled: encoded letters are the same operation, other spellings are refused', async () => {
    const id = notes.Private.id;
    const cookie = await as(outsider);
    for (const path of [`/api/notations/%75pdates/${id}`, `/api/notations/updates/%3${id.slice(0, 1)}${id.slice(1)}`, `/api/notations/updates/${id}/`]) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(403);
      expect(await res.text()).not.toContain(notes.Private.marker);
    }
    for (const path of [
      `/api/Notations/updates/${id}`,
      `/api/notations//updates/${id}`,
      `/api/notations/x/../updates/${id}`,
      `/api/notations/updates/%2e%2e/updates/${id}`,
    ]) {
      const res = await get(path, cookie);
      // (An in-process Request has its dot segments resolved by the URL parser: then it is the same note, refused.)
      expect([400, 403, 404], path).toContain(res.status);
      expect(await res.text()).not.toContain(notes.Private.marker);
    }
  });

  it('a list rewritten for one person carries its own tag, and revalidates to 304 against it', async () => {
    const cookie = await as(outsider);
    const first = await get(`/api/notations/updates/?identifiers=${STUDENT}&pageSize=1000`, cookie);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"/);
    const authorTag = (await get(`/api/notations/updates/?identifiers=${STUDENT}&pageSize=1000`, await as(author))).headers.get('etag');
    expect(authorTag).not.toBe(tag);
    const again = await get(`/api/notations/updates/?identifiers=${STUDENT}&pageSize=1000`, cookie, { 'if-none-match': tag });
    expect(again.status).toBe(304);
  });
});

describe('audiences in front of a service without the caseload extension', () => {
  it('reads membership with E15 per student, once per student while cached, not once per row', async () => {
    const { upstream: inner, close } = seededUpstream();
    const calls: string[] = [];
    const upstream: Upstream = {
      ...inner,
      send: (path, init, base) => {
        calls.push(path);
        return /\/caseload/.test(path) ? Promise.resolve(new Response(null, { status: 404 })) : inner.send(path, init, base);
      },
    };
    const local = createGateway({ upstream, auth: signin.auth, logger: createLogger({ level: 'silent' }) });
    const request = (path: string, cookie: string, init: RequestInit = {}) =>
      local.request(`${ORIGIN}${path}`, { ...init, headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', ...init.headers } });
    const writer = await as(author);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (
          await request('/api/notations/updates/', writer, {
            method: 'POST',
            body: JSON.stringify({ audienceType: 'FullNetwork', canStudentView: false, details: `For the network ${i}`, student: { identifier: STUDENT } }),
          })
        ).status,
      ).toBe(201);
    }
    const reader = await as(member);
    for (let i = 0; i < 2; i += 1) {
      const list = (await (await request(`/api/notations/updates/?identifiers=${STUDENT}&pageSize=1000`, reader)).json()) as { values: { details: string }[] };
      expect(list.values.filter((v) => v.details.startsWith('For the network'))).toHaveLength(3);
    }
    expect(calls.filter((c) => c.startsWith(`/people/${STUDENT}/successNetwork`))).toHaveLength(1);
    close();
  });
});
