import { describe, expect, it } from 'vitest';
import type { Alert, Comment, Update } from '../../api/schemas/index.ts';
import type { Context } from 'hono';
import type { Membership } from '../membership.ts';
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

  it('asks about authors newest first and stops at the first member; the person is a member of their caseload without asking', async () => {
    const asked: string[] = [];
    const membership: Membership = {
      isMember: async (_c, who) => (asked.push(who), who === 'E2'),
      caseload: async () => undefined,
      forget: async () => undefined,
    };
    const c = {} as Context;
    const found = await networkAuthors(c, membership, 'E1', [records(notes)]);
    expect([...found.get('S1')!]).toEqual(['E2']);
    expect(asked).toEqual(['E9', 'E2']);

    asked.length = 0;
    const own = { ...notes, updates: [update('E1', '2026-11-27T09:00:00.000Z'), ...notes.updates] };
    expect([...(await networkAuthors(c, membership, 'E1', [records(own)])).get('S1')!]).toEqual(['E1']);
    expect(asked).toEqual([]);
    // A watched student (not in the caseload): the person's own writing is asked about like anyone's.
    await networkAuthors(c, membership, 'E1', [records({ ...own, inCaseload: false })]);
    expect(asked).toEqual(['E1', 'E9', 'E2']);
  });

  it('does not count an author whose membership cannot be read, and goes on to the next', async () => {
    const membership: Membership = {
      isMember: async (_c, who) => {
        if (who === 'E9') throw new Error('the service did not answer');
        return true;
      },
      caseload: async () => undefined,
      forget: async () => undefined,
    };
    expect([...(await networkAuthors({} as Context, membership, 'E5', [records(notes)])).get('S1')!]).toEqual(['E2']);
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
