import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../api/access-log.ts';
import { StudentRecordSchema, type StudentRecord } from '../api/student-record.ts';
import { directSignIn, postMarkedNote, seededUpstream, useAccessLoggedGateway } from '../testing/gateway.ts';
import { ACCESS_LOG_PROBLEM } from './access-log.ts';
import { databaseJournal } from './journal-store.ts';

/**
 * #30 item 4: an administrator downloads one student's record — the student, every notation with
 * its comments, scores, network, the journal's and the access log's entries about them — as one
 * JSON file, logged as an export first. Private notes of others are withheld and counted, even on
 * a gateway whose audiences are off (ACCESS_ENFORCEMENT=off): they are not part of the record.
 */
const ORIGIN = 'http://dashboard.test';
const STUDENT = 'S000007';
const AUTHOR = 'E0010';
const ADMIN = 'E0001';
const signin = directSignIn({ publicUrl: ORIGIN });
const gateway = useAccessLoggedGateway((database) => ({
  ...seededUpstream(),
  options: {
    auth: signin.auth,
    journal: databaseJournal(database),
    // Audiences off: the administrator's own reads see every note, the record still withholds others' Private ones.
    access: { enforce: false, policy: 'all-staff', recordsGroup: 'success-records', grantHours: 8 },
  },
}));
const markers = { Private: '', FullNetwork: '', All: '', adminPrivate: '', comment: '' };
let allNoteId = '';

const get = (path: string, cookie?: string) => gateway.request(`${ORIGIN}${path}`, { headers: { ...(cookie ? { cookie } : {}), accept: 'application/json' } });
const post = (path: string, cookie: string, body: unknown) =>
  gateway.request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const admin = () => signin.cookieFor(ADMIN);
const advisor = () => signin.cookieFor(AUTHOR, ['success-staff']);
const record = (student: string, cookie: string) => get(`/admin/students/${student}/record`, cookie);

const note = (cookie: string, audienceType: string, marker: string) => postMarkedNote(post, cookie, { student: STUDENT, audienceType, marker });

beforeAll(async () => {
  const stamp = Math.random().toString(36).slice(2);
  for (const key of Object.keys(markers) as (keyof typeof markers)[]) markers[key] = `marker-${key}-${stamp}`;
  const author = await advisor();
  await note(author, 'Private', markers.Private);
  await note(author, 'FullNetwork', markers.FullNetwork);
  allNoteId = await note(author, 'All', markers.All);
  await note(await admin(), 'Private', markers.adminPrivate);
  expect((await post(`/api/notations/updates/${allNoteId}/comments`, author, { details: `A comment (${markers.comment}).` })).status).toBe(201);
  // A read of the student, for the access log.
  expect((await get(`/api/people/${STUDENT}/successNetwork`, author)).status).toBe(200);
});

/** Every item of an /api list about the student, as the (unfiltered) administrator reads it. */
async function everything(path: string): Promise<{ id: number; audienceType?: string; createdBy?: { href: string } }[]> {
  const response = await get(path, await admin());
  expect(response.status).toBe(200);
  return ((await response.json()) as { values: { id: number; audienceType?: string; createdBy?: { href: string } }[] }).values;
}

describe('one student’s record', () => {
  let text = '';
  let body: StudentRecord;
  let response: Response;

  beforeAll(async () => {
    response = await record(STUDENT, await admin());
    text = await response.clone().text();
    body = StudentRecordSchema.parse(await response.json());
  });

  it('is a JSON file named for the student and the day', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="student-${STUDENT}-record-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body.student).toMatchObject({ identifier: STUDENT, role: 'Student' });
    expect(body.generatedBy).toBe(ADMIN);
    expect(body.truncated).toEqual([]);
  });

  it('holds every notation of every kind with its comments, but not the Private notes of others, which it counts', async () => {
    expect(text).toContain(markers.All);
    expect(text).toContain(markers.FullNetwork);
    expect(text).toContain(markers.adminPrivate); // the administrator's own
    expect(text).not.toContain(markers.Private);
    const all = body.notations.find((n) => n.details.includes(markers.All))!;
    expect(all).toMatchObject({ kind: 'update', id: Number(allNoteId), createdBy: AUTHOR, audienceType: 'All' });
    expect(all.comments).toEqual([expect.objectContaining({ createdBy: AUTHOR, details: `A comment (${markers.comment}).`, usedToLowerAlert: false })]);

    const q = `identifiers=${STUDENT}&pageSize=1000`;
    const [updates, insights, alerts, encouragements] = await Promise.all([
      everything(`/api/notations/updates/?${q}`),
      everything(`/api/notations/dataInsights/?${q}`),
      everything(`/api/notations/alerts/?${q}`),
      everything(`/api/people/${STUDENT}/encouragements?pageSize=1000`),
    ]);
    const othersPrivate = (n: { audienceType?: string; createdBy?: { href: string } }) =>
      n.audienceType === 'Private' && !n.createdBy?.href.endsWith(`/${ADMIN}`);
    const withheld = [...updates, ...encouragements].filter(othersPrivate).length;
    expect(withheld).toBeGreaterThanOrEqual(1);
    expect(body.audiences.withheld.Private).toBe(withheld);
    expect(body.audiences.withheld.reason).toMatch(/34 CFR 99\.3/);
    const count = (kind: string) => body.notations.filter((n) => n.kind === kind).length;
    expect(count('update')).toBe(updates.filter((n) => !othersPrivate(n)).length);
    expect(count('dataInsight')).toBe(insights.length);
    expect(count('alert')).toBe(alerts.length);
    expect(count('encouragement')).toBe(encouragements.filter((n) => !othersPrivate(n)).length);
    expect(insights.length + alerts.length).toBeGreaterThan(0);
  });

  it('holds the scores, the success network, the journal’s entries and the access log’s about the student', async () => {
    const administrations = await everything(`/api/noncognitives/administrations/?personIdentifier=${STUDENT}&pageSize=1000`);
    expect(body.scores.map((s) => s.administration.id).sort()).toEqual(administrations.map((a) => a.id).sort());
    expect(body.scores.some((s) => s.factors.length > 0 && s.factors.every((f) => f.factor !== '' && typeof f.score === 'number'))).toBe(true);

    const network = (await (await get(`/api/people/${STUDENT}/successNetwork`, await admin())).json()) as { values: { href: string }[] };
    expect(body.successNetwork.map((m) => m.identifier)).toEqual(network.values.map((v) => v.href.split('/').at(-1)));
    expect(body.successNetwork.every((m) => m.lastName)).toBe(true);

    expect(body.journal.filter((e) => e.target === `student/${STUDENT}` && e.operation === 'update.create')).toHaveLength(4);
    expect(body.journal).toContainEqual(expect.objectContaining({ target: `update/${allNoteId}`, operation: 'comment.create', actor: AUTHOR }));
    expect(body.accessLog).toContainEqual(
      expect.objectContaining({ person: AUTHOR, event: 'read', operation: 'people.successNetwork.get', students: [STUDENT] }),
    );
    expect(body.accessLog.every((e) => e.students.includes(STUDENT))).toBe(true);
  });

  it('is logged as an export before it is given', async () => {
    const entries = (await gateway.accessLog.list({ person: ADMIN, student: STUDENT, limit: 50 })).values.filter((e) => e.operation === 'student.record');
    expect(entries[0]).toMatchObject<Partial<AccessLogEntry>>({ event: 'export', students: [STUDENT], path: `/admin/students/${STUDENT}/record` });
    expect(entries[0]!.detail).toMatch(/Private notes withheld/);
    expect(Date.parse(entries[0]!.at)).toBeLessThanOrEqual(Date.now());
  });
});

describe('who may ask, and for whom', () => {
  it('is for administrators (403), signed in (401)', async () => {
    const refused = await record(STUDENT, await advisor());
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain(markers.All);
    expect((await get(`/admin/students/${STUDENT}/record`)).status).toBe(401);
  });

  it('answers 400 for a malformed identifier, 404 for nobody and for a staff member', async () => {
    const cookie = await admin();
    const malformed = await record('bad!id', cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await record('S999999', cookie)).status).toBe(404);
    const staff = await record(AUTHOR, cookie);
    expect(staff.status).toBe(404);
    expect(((await staff.json()) as { detail: string }).detail).toMatch(/not a student/);
  });

  it('gives no record (503) when its export cannot be logged', async () => {
    const cookie = await admin();
    await sql`PRAGMA query_only = ON`.execute(gateway.database.db);
    try {
      const refused = await record(STUDENT, cookie);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('content-disposition')).toBeNull();
      const text = await refused.text();
      expect(JSON.parse(text)).toMatchObject({ type: `urn:student-success:problem:${ACCESS_LOG_PROBLEM}` });
      expect(text).not.toContain(markers.All);
    } finally {
      await sql`PRAGMA query_only = OFF`.execute(gateway.database.db);
    }
  });
});
