import { beforeAll, describe, expect, it } from 'vitest';
import { OutcomesSchema, type OutcomeGroup, type Outcomes } from '../../api/schemas/index.ts';
import { createApp } from '../../backend/app.ts';
import { openDatabase } from '../../backend/db/open.ts';
import { DEMO_CLIENT } from '../../testing/backend.ts';
import { directSignIn, useAccessLoggedGateway } from '../../testing/gateway.ts';
import { inProcessUpstream, type Upstream } from '../upstream.ts';

/**
 * #33: `GET /admin/outcomes` against the reference backend. Its figures must equal what a client
 * computes on its own from E7 (comments and categories expanded) for the same window, and a second
 * opening of an unchanged window must cost the service 304s only.
 */
const ORIGIN = 'http://dashboard.test';
const ADMIN = 'E0001';
const STAFF = 'E0010';
const STUDENT = 'S000007';
const signin = directSignIn({ publicUrl: ORIGIN });
/** Each upstream answer's path and status, in order. */
const upstreamLog: { path: string; status: number }[] = [];

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  gateway.request(`${ORIGIN}${path}`, { headers: { ...(cookie ? { cookie } : {}), accept: 'application/json', ...headers } });
const send = (method: string, path: string, cookie: string, body: unknown) =>
  gateway.request(`${ORIGIN}${path}`, { method, headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const admin = () => signin.cookieFor(ADMIN);
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const gateway = useAccessLoggedGateway(() => {
  const { db } = openDatabase({ path: ':memory:', seed: 3, scale: 0.2, now: new Date() });
  const inner = inProcessUpstream(createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} }), DEMO_CLIENT);
  const upstream: Upstream = {
    ...inner,
    send: async (path, init, base) => {
      const response = await inner.send(path, init, base);
      upstreamLog.push({ path, status: response.status });
      return response;
    },
  };
  return {
    upstream,
    close: () => db.close(),
    options: {
      auth: signin.auth,
      access: { enforce: false, policy: 'all-staff', recordsGroup: 'success-records', grantHours: 8 },
      alertResponseDays: 3,
    },
  };
});

beforeAll(async () => {
  // An alert lowered with no other comment, and one answered then lowered: both today.
  const cookie = await admin();
  for (const comments of [
    [{ details: 'Lowered: resolved elsewhere.', usedToLowerAlert: true }],
    [{ details: 'Called.' }, { details: 'Done.', usedToLowerAlert: true }],
  ]) {
    const created = await send('POST', '/api/notations/alerts/', cookie, {
      audienceType: 'All',
      canStudentView: false,
      details: 'Missed three classes.',
      student: { identifier: STUDENT },
      categories: [{ id: 1 }],
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').at(-1)!;
    for (const comment of comments) expect((await send('POST', `/api/notations/alerts/${id}/comments`, cookie, comment)).status).toBe(201);
  }
});

interface E7Alert {
  id: number;
  createdOn: string;
  status: 'Open' | 'Lowered';
  details: string;
  createdBy: { href: string };
  categories: { values: { id: number; name: string }[] };
  comments: { values: { createdOn: string; usedToLowerAlert: boolean }[] };
}

/** Every alert of the window, as any client reads E7. */
async function e7(from: string, to: string): Promise<E7Alert[]> {
  const all: E7Alert[] = [];
  for (let page = 1; ; page += 1) {
    const response = await get(
      `/api/notations/alerts/?createdOnStart=${from}T00:00:00Z&createdOnEnd=${to}T23:59:59.999Z&expand=comments,categories&pageSize=250&page=${page}`,
      await admin(),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { totalValues: number; values: E7Alert[] };
    all.push(...body.values);
    if (page * 250 >= body.totalValues) return all;
  }
}

/** The figures, computed here without the gateway's code: sorting and counting, nothing shared. */
function independent(alerts: E7Alert[], now: number): OutcomeGroup {
  const hours = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 3_600_000;
  const median = (xs: number[]) => {
    if (xs.length === 0) return null;
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const p90 = (xs: number[]) => {
    if (xs.length === 0) return null;
    const s = [...xs].sort((a, b) => a - b);
    const r = 0.9 * (s.length - 1);
    return s[Math.floor(r)]! + (s[Math.ceil(r)]! - s[Math.floor(r)]!) * (r - Math.floor(r));
  };
  const first = alerts.filter((a) => a.comments.values.length > 0).map((a) => Math.min(...a.comments.values.map((c) => hours(a.createdOn, c.createdOn))));
  const lowering = alerts.flatMap((a) => {
    const l = a.comments.values.filter((c) => c.usedToLowerAlert).map((c) => hours(a.createdOn, c.createdOn));
    return l.length ? [Math.min(...l)] : [];
  });
  const open = alerts.filter((a) => a.status === 'Open');
  const age = (a: E7Alert) => Math.floor((now - Date.parse(a.createdOn)) / 86_400_000);
  const answered = first.filter((h) => h <= 72).length;
  return {
    alerts: alerts.length,
    lowered: alerts.length - open.length,
    open: open.length,
    openAgeBuckets: {
      '0-3': open.filter((a) => age(a) <= 3).length,
      '4-7': open.filter((a) => age(a) >= 4 && age(a) <= 7).length,
      '8-14': open.filter((a) => age(a) >= 8 && age(a) <= 14).length,
      '15-30': open.filter((a) => age(a) >= 15 && age(a) <= 30).length,
      '>30': open.filter((a) => age(a) > 30).length,
    },
    medianHoursToFirstComment: median(first),
    p90HoursToFirstComment: p90(first),
    medianHoursToLowering: median(lowering),
    p90HoursToLowering: p90(lowering),
    closedWithoutContact: alerts.filter((a) => a.status === 'Lowered' && a.comments.values.length === 1 && a.comments.values[0]!.usedToLowerAlert).length,
    answered,
    burden: answered ? alerts.length / answered : null,
    flagged: alerts.length > 0 && (answered === 0 || alerts.length / answered > 4),
  };
}

function expectSame(actual: OutcomeGroup, expected: OutcomeGroup) {
  const { medianHoursToFirstComment, p90HoursToFirstComment, medianHoursToLowering, p90HoursToLowering, burden, ...counts } = expected;
  expect(actual).toMatchObject(counts);
  for (const [key, value] of Object.entries({ medianHoursToFirstComment, p90HoursToFirstComment, medianHoursToLowering, p90HoursToLowering, burden })) {
    const got = actual[key as keyof OutcomeGroup] as number | null;
    if (value === null) expect(got, key).toBeNull();
    else expect(got, key).toBeCloseTo(value, 9);
  }
}

describe('GET /admin/outcomes', () => {
  let body: Outcomes;
  let alerts: E7Alert[];
  let readAt: number;

  beforeAll(async () => {
    const response = await get('/admin/outcomes', await admin());
    readAt = Date.now();
    expect(response.status).toBe(200);
    body = OutcomesSchema.parse(await response.json());
    alerts = await e7(body.from, body.to);
  });

  it('defaults to the last 90 days, today included', () => {
    expect(body.to).toBe(today);
    expect(body.from).toBe(daysAgo(89));
    expect(alerts.length).toBeGreaterThan(20);
  });

  it('equals the figures computed from E7 overall, per category, per raiser and per trigger', async () => {
    expectSame(body.overall, independent(alerts, readAt));
    expect(body.overall.closedWithoutContact).toBeGreaterThanOrEqual(1);
    const categoryIds = new Set(alerts.flatMap((a) => a.categories.values.map((c) => c.id)));
    expect(body.categories.map((c) => c.id).sort((a, b) => a - b)).toEqual([...categoryIds].sort((a, b) => a - b));
    for (const category of body.categories) {
      expectSame(
        category,
        independent(
          alerts.filter((a) => a.categories.values.some((c) => c.id === category.id)),
          readAt,
        ),
      );
    }
    for (const raiser of body.raisers) {
      expectSame(
        raiser,
        independent(
          alerts.filter((a) => a.createdBy.href.endsWith(`/${raiser.identifier}`)),
          readAt,
        ),
      );
    }
    const triggers = ((await (await get('/api/notations/triggers/?pageSize=1000', await admin())).json()) as { values: { id: number; name: string }[] }).values;
    expect(body.triggersAvailable).toBe(true);
    expect(body.triggers.map((t) => t.id).sort((a, b) => a - b)).toEqual(triggers.map((t) => t.id).sort((a, b) => a - b));
    let attributed = 0;
    for (const trigger of body.triggers) {
      const own = alerts.filter((a) => {
        const names = triggers.filter((t) => a.details === t.name || a.details.startsWith(`${t.name}\n\n`) || a.details.startsWith(`${t.name} — `));
        const longest = names.sort((x, y) => y.name.length - x.name.length)[0];
        return longest?.id === trigger.id;
      });
      attributed += own.length;
      expectSame(trigger, independent(own, readAt));
    }
    expect(attributed).toBeGreaterThan(0);
  });

  it('an alert counts in each of its categories', () => {
    const memberships = alerts.reduce((n, a) => n + new Set(a.categories.values.map((c) => c.id)).size, 0);
    expect(alerts.some((a) => a.categories.values.length > 1)).toBe(true);
    expect(body.categories.reduce((n, c) => n + c.alerts, 0)).toBe(memberships);
  });

  it('lists the flagged categories first', () => {
    const flags = body.categories.map((c) => c.flagged);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  it('a second opening of an unchanged window costs the service one small probe and 304s, and the browser a 304', async () => {
    const cookie = await admin();
    // Past the probe's margin for clocks (2 s) since the last write of this file's setup.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const first = await get(`/admin/outcomes?from=${body.from}&to=${body.to}`, cookie);
    const tag = first.headers.get('etag')!;
    expect(tag).toBeTruthy();
    upstreamLog.length = 0;
    const again = await get(`/admin/outcomes?from=${body.from}&to=${body.to}`, cookie, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    const reads = upstreamLog.filter((r) => /notations\/(alerts|triggers)\//.test(r.path));
    // The probe: alerts of the window modified since the last reading (none), one row a page.
    const probes = reads.filter((r) => r.path.includes('modifiedOnStart='));
    expect(probes).toHaveLength(1);
    expect(probes[0]!.path).toContain('pageSize=1&');
    expect(reads.filter((r) => r.path.includes('expand=categories,comments'))).toEqual([]);
    expect(reads.filter((r) => !r.path.includes('modifiedOnStart=')).every((r) => r.status === 304)).toBe(true);
  });

  it('a comment that lowers an alert of the window shows at the next opening', async () => {
    const cookie = await admin();
    const before = OutcomesSchema.parse(await (await get('/admin/outcomes', cookie)).json());
    const open = alerts.find((a) => a.status === 'Open')!;
    expect((await send('POST', `/api/notations/alerts/${open.id}/comments`, cookie, { details: 'Met; resolved.', usedToLowerAlert: true })).status).toBe(201);
    const after = OutcomesSchema.parse(await (await get('/admin/outcomes', cookie)).json());
    expect(after.overall.open).toBe(before.overall.open - 1);
    expect(after.overall.lowered).toBe(before.overall.lowered + 1);
  });

  it('a new alert from a trigger shows under that trigger at the next opening', async () => {
    const cookie = await admin();
    const before = OutcomesSchema.parse(await (await get('/admin/outcomes', cookie)).json());
    const trigger = body.triggers[0]!;
    expect((await send('PATCH', `/api/notations/triggers/${trigger.id}`, cookie, { elevateToAlert: true, studentIdentifiers: [STUDENT] })).status).toBe(204);
    upstreamLog.length = 0;
    const after = OutcomesSchema.parse(await (await get('/admin/outcomes', cookie)).json());
    expect(upstreamLog.some((r) => r.status === 200)).toBe(true);
    expect(after.overall.alerts).toBe(before.overall.alerts + 1);
    expect(after.triggers.find((t) => t.id === trigger.id)!.alerts).toBe(before.triggers.find((t) => t.id === trigger.id)!.alerts + 1);
  });

  it('is logged in the access log, as a read of aggregates', async () => {
    const { values } = await gateway.accessLog.list({ person: ADMIN, limit: 50 });
    const entry = values.find((e) => e.operation === 'admin.outcomes');
    expect(entry).toMatchObject({ event: 'read', query: `from=${body.from}&to=${body.to}`, students: [] });
  });
});

describe('who may read the outcomes, and what a window may be', () => {
  it('refuses a staff member who is not an administrator (403), and a visitor (401)', async () => {
    const refused = await get('/admin/outcomes', await signin.cookieFor(STAFF, ['success-staff']));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await get('/admin/outcomes')).status).toBe(401);
  });

  it('answers RECORDS_GROUP', async () => {
    expect((await get(`/admin/outcomes?from=${daysAgo(6)}&to=${today}`, await signin.cookieFor(STAFF, ['success-staff', 'success-records']))).status).toBe(200);
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=yesterday', 'from'],
    ['from=2026-03-02&to=2026-03-01', 'from'],
    ['from=2020-01-01&to=2026-01-01', 'from'],
    ['to=2026-13-01', 'to'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(`/admin/outcomes?${query}`, await admin());
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
    const problem = (await response.json()) as { errors: { name: string }[] };
    expect(problem.errors.map((e) => e.name)).toContain(field);
  });
});
