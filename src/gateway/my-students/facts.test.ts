import { describe, expect, it } from 'vitest';
import type { Alert, Comment, Update } from '../../api/schemas/index.ts';
import type { Context } from 'hono';
import { ContactNetworks } from './contact-networks.ts';
import { DEFAULT_ATTENTION_RULES } from './attention.ts';
import { contactsOf, rowOf, type StudentRecords } from './facts.ts';
import { networkAuthors } from './gather.ts';

/** Hand-made records of one student, S1, seen by the advisor E1 (#32: last contact, what is new). */

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const person = (id: string) => ({ href: `/people/${id}` });
let ids = 0;
const comment = (by: string, on: string): Comment => ({
  id: ++ids,
  self: { href: `/c/${ids}` },
  createdBy: person(by),
  createdOn: on,
  details: 'c',
  usedToLowerAlert: false,
});
const written = (by: string, on: string) => ({
  id: ++ids,
  self: { href: `/n/${ids}` },
  student: person('S1'),
  createdBy: person(by),
  createdOn: on,
  details: 'n',
  canStudentView: false,
  categories: { href: '/cat' },
  comments: { href: '/comments' },
});
const update = (by: string, on: string, ...comments: Comment[]) => ({ notation: { ...written(by, on), audienceType: 'All' } as Update, comments });
const alert = (by: string, on: string, status: 'Open' | 'Closed', ...comments: Comment[]) => ({
  notation: { ...written(by, on), audienceType: 'All', status } as Alert,
  comments,
});
const records = (over: Partial<StudentRecords>): StudentRecords => ({
  student: 'S1',
  name: 'Sam One',
  inCaseload: true,
  watching: false,
  alerts: [],
  updates: [],
  lastVisit: null,
  factorScores: [],
  networkAuthors: new Set(),
  ...over,
});

describe('the last contact', () => {
  const notes = {
    updates: [update('E1', '2026-11-01T09:00:00.000Z', comment('S1', '2026-11-20T09:00:00.000Z')), update('E9', '2026-11-25T09:00:00.000Z')],
    alerts: [alert('E2', '2026-11-10T09:00:00.000Z', 'Open', comment('E2', '2026-11-12T09:00:00.000Z'))],
  };

  it('lists what staff wrote, newest first, and never the student’s own writing', () => {
    expect(contactsOf(records(notes))).toEqual([
      { on: '2026-11-25T09:00:00.000Z', by: 'E9' },
      { on: '2026-11-12T09:00:00.000Z', by: 'E2' },
      { on: '2026-11-01T09:00:00.000Z', by: 'E1' },
    ]);
  });

  it('is the latest writing by a member of the network: a newer note by someone outside it does not count', () => {
    expect(rowOf(records({ ...notes, networkAuthors: new Set(['E2']) }), 'E1', DEFAULT_ATTENTION_RULES, NOW).lastContactOn).toBe('2026-11-12T09:00:00.000Z');
    expect(rowOf(records({ ...notes, networkAuthors: new Set(['E9']) }), 'E1', DEFAULT_ATTENTION_RULES, NOW).lastContactOn).toBe('2026-11-25T09:00:00.000Z');
    const none = rowOf(records({ ...notes, networkAuthors: new Set() }), 'E1', DEFAULT_ATTENTION_RULES, NOW);
    expect(none.lastContactOn).toBeNull();
    // An open alert and no contact by the network: the reason says so.
    expect(none.reasons.map((r) => r.text)).toContain('open alert, no contact on record');
  });

  const networksOf =
    (networks: Record<string, string[] | undefined>, asked: string[] = []) =>
    async (student: string) => {
      asked.push(student);
      const members = networks[student];
      return members && new Set(members);
    };

  it('takes the newest writing whose author is in the student’s network, read once a student', async () => {
    const asked: string[] = [];
    const found = await networkAuthors('E1', [records(notes)], networksOf({ S1: ['E1', 'E2'] }, asked));
    expect([...found.get('S1')!]).toEqual(['E2']);
    expect(asked).toEqual(['S1']);
  });

  it('asks nothing when the newest writing is the person’s own about a caseload student, and asks for a watched one', async () => {
    const asked: string[] = [];
    const own = { ...notes, updates: [update('E1', '2026-11-27T09:00:00.000Z'), ...notes.updates] };
    expect([...(await networkAuthors('E1', [records(own)], networksOf({ S1: ['E2'] }, asked))).get('S1')!]).toEqual(['E1']);
    expect(asked).toEqual([]);
    // Watched, not in the caseload: the person is not in the network, so the next member's writing counts.
    expect([...(await networkAuthors('E1', [records({ ...own, inCaseload: false })], networksOf({ S1: ['E2'] }, asked))).get('S1')!]).toEqual(['E2']);
    expect(asked).toEqual(['S1']);
  });

  it('when the network cannot be read, counts only the person’s own writing about a caseload student', async () => {
    const unreadable = networksOf({});
    expect([...(await networkAuthors('E1', [records(notes)], unreadable)).get('S1')!]).toEqual(['E1']);
    expect((await networkAuthors('E5', [records(notes)], unreadable)).get('S1')!.size).toBe(0);
  });
});

describe('the networks kept for the last contact', () => {
  it('reads a network once an hour, then serves the old copy once while a new read replaces it, and keeps no failed read', async () => {
    let clock = 0;
    let answer: string[] | Error = ['E1'];
    const reads: string[] = [];
    const networks = new ContactNetworks({
      read: async (_c, student) => {
        reads.push(student);
        if (answer instanceof Error) throw answer;
        return new Set(answer);
      },
      maxStudents: 2,
      now: () => clock,
    });
    const c = {} as Context;
    expect([...(await networks.get(c, 'S1'))!]).toEqual(['E1']);
    clock = 59 * 60_000;
    answer = ['E2'];
    expect([...(await networks.get(c, 'S1'))!]).toEqual(['E1']);
    expect(reads).toEqual(['S1']);
    clock = 61 * 60_000;
    expect([...(await networks.get(c, 'S1'))!]).toEqual(['E1']);
    await Promise.resolve();
    expect([...(await networks.get(c, 'S1'))!]).toEqual(['E2']);
    expect(reads).toEqual(['S1', 'S1']);

    answer = new Error('the service did not answer');
    expect(await networks.get(c, 'S2')).toBeUndefined();
    answer = ['E3'];
    expect([...(await networks.get(c, 'S2'))!]).toEqual(['E3']);
    // Bounded: a third student evicts the oldest read.
    await networks.get(c, 'S3');
    await networks.get(c, 'S1');
    expect(reads.filter((s) => s === 'S1')).toHaveLength(3);
  });
});

describe('what is new since the last visit', () => {
  it('counts alerts, updates and comments others wrote after the visit, never the person’s own, and nothing before a first visit', () => {
    const notes = {
      alerts: [alert('E2', '2026-11-26T09:00:00.000Z', 'Open', comment('E1', '2026-11-27T09:00:00.000Z'), comment('E3', '2026-11-27T10:00:00.000Z'))],
      updates: [update('E1', '2026-11-26T12:00:00.000Z'), update('E4', '2026-11-20T12:00:00.000Z')],
    };
    const row = rowOf(records({ ...notes, lastVisit: '2026-11-25T00:00:00.000Z' }), 'E1', DEFAULT_ATTENTION_RULES, NOW);
    expect(row.newSinceVisit).toBe(2);
    expect(row.reasons.map((r) => r.text)).toContain('new alert since your last visit');
    expect(rowOf(records(notes), 'E1', DEFAULT_ATTENTION_RULES, NOW).newSinceVisit).toBe(0);
  });
});
