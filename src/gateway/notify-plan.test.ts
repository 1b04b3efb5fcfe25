import { describe, expect, it } from 'vitest';
import { digestKey, digestMails, digestPeriod, loweredAlertMails, loweredKey, type MailRecipient, type PolledAlert } from './notify-plan.ts';

const alert = (over: Partial<PolledAlert> = {}): PolledAlert => ({
  id: '7',
  student: 'S000001',
  studentName: 'Ada Byron',
  createdBy: 'E0100',
  createdOn: '2026-11-20T09:00:00.000Z',
  status: 'Open',
  details: 'Missed three labs',
  comments: [],
  ...over,
});
const lowering = {
  createdBy: 'E0200',
  createdByName: 'Bo Chen',
  createdOn: '2026-11-27T10:00:00.000Z',
  details: 'Met her; labs rescheduled.',
  usedToLowerAlert: true,
};
const person = (id: string, over: Partial<MailRecipient> = {}): MailRecipient => ({
  person: id,
  name: `Person ${id}`,
  email: `${id.toLowerCase()}@example.edu`,
  alertLowered: true,
  digest: 'none',
  ...over,
});
const byId = (...people: MailRecipient[]) => new Map(people.map((p) => [p.person, p]));

describe('which "alert lowered" e-mails to send', () => {
  it('one to the raiser of a lowered alert, naming the student and carrying the lowering comment', () => {
    const mails = loweredAlertMails([alert({ status: 'Lowered', comments: [lowering] })], byId(person('E0100')), new Set());
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ key: loweredKey('7', 'E0100'), person: 'E0100', kind: 'alert-lowered', students: ['S000001'] });
    expect(mails[0]!.subject).toContain('Ada Byron (S000001)');
    expect(mails[0]!.body).toContain('> Met her; labs rescheduled.');
    expect(mails[0]!.body).toContain('lowered by Bo Chen');
  });

  it('none for an open alert, a raiser who did not opt in, or one whose key is recorded', () => {
    const lowered = alert({ status: 'Lowered', comments: [lowering] });
    expect(loweredAlertMails([alert({ comments: [{ ...lowering, usedToLowerAlert: false }] })], byId(person('E0100')), new Set())).toEqual([]);
    expect(loweredAlertMails([lowered], byId(person('E0100', { alertLowered: false })), new Set())).toEqual([]);
    expect(loweredAlertMails([lowered], new Map(), new Set())).toEqual([]);
    expect(loweredAlertMails([lowered], byId(person('E0100')), new Set([loweredKey('7', 'E0100')]))).toEqual([]);
  });

  it('the same alert twice in one poll gives one e-mail; the latest lowering comment is the one quoted', () => {
    const earlier = { ...lowering, createdOn: '2026-11-21T10:00:00.000Z', details: 'First try.' };
    const lowered = alert({ status: 'Lowered', comments: [earlier, lowering] });
    const mails = loweredAlertMails([lowered, lowered], byId(person('E0100')), new Set());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('labs rescheduled');
    expect(mails[0]!.body).not.toContain('First try');
  });
});

describe('the digest', () => {
  const at = new Date('2026-11-28T06:00:00.000Z'); // a Saturday
  const names = new Map([
    ['S000001', 'Ada Byron'],
    ['S000002', 'Cy Diaz'],
  ]);

  it('periods: a day, and a week from Monday, in UTC', () => {
    expect(digestPeriod('daily', at).key).toBe('daily:2026-11-28');
    expect(digestPeriod('weekly', at)).toEqual({ key: 'weekly:2026-11-23', start: new Date('2026-11-23T00:00:00.000Z') });
    expect(digestKey('weekly', new Date('2026-11-23T00:00:00.000Z'), 'E1')).toBe(digestKey('weekly', new Date('2026-11-29T23:59:59.000Z'), 'E1'));
  });

  it('lists alerts past ALERT_RESPONSE_DAYS without a comment first, then what changed per student', () => {
    const mails = digestMails({
      at,
      recipients: [person('E0100', { digest: 'daily' })],
      studentsOf: new Map([['E0100', new Set(['S000001', 'S000002'])]]),
      alerts: [
        alert({ id: '1', createdOn: '2026-11-20T09:00:00.000Z' }), // open, 8 days, no comment
        alert({ id: '2', student: 'S000002', createdOn: '2026-11-27T12:00:00.000Z' }), // new yesterday
        alert({ id: '3', createdOn: '2026-11-01T09:00:00.000Z', status: 'Lowered', comments: [lowering] }), // lowered yesterday
      ],
      updates: [{ student: 'S000002', createdOn: '2026-11-27T13:00:00.000Z' }],
      names,
      responseDays: 3,
      recorded: new Set(),
    });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.key).toBe('digest:daily:2026-11-28:E0100');
    expect(mail!.subject).toBe('Your daily digest: 2 students, 1 alert waiting for a response');
    expect(mail!.body).toBe(
      [
        'Open alerts with no comment after 3 days (1):',
        '- Ada Byron (S000001): raised 2026-11-20',
        '',
        'What changed since 2026-11-27:',
        '- Ada Byron (S000001): 1 alert lowered',
        '- Cy Diaz (S000002): 1 new alert, 1 update',
      ].join('\n'),
    );
    expect(mail!.students).toEqual(['S000001', 'S000002']);
  });

  it('none for someone with nothing to report, not opted in, or already recorded this period; students of others are not theirs', () => {
    const input = {
      at,
      studentsOf: new Map([
        ['E0100', new Set(['S000001'])],
        ['E0300', new Set(['S000002'])],
      ]),
      alerts: [alert({ id: '2', student: 'S000002', createdOn: '2026-11-27T12:00:00.000Z' })],
      updates: [],
      names,
      responseDays: 3,
    };
    expect(digestMails({ ...input, recipients: [person('E0100', { digest: 'daily' })], recorded: new Set() })).toEqual([]);
    expect(digestMails({ ...input, recipients: [person('E0300', { digest: 'none' })], recorded: new Set() })).toEqual([]);
    expect(digestMails({ ...input, recipients: [person('E0300', { digest: 'daily' })], recorded: new Set(['digest:daily:2026-11-28:E0300']) })).toEqual([]);
    expect(digestMails({ ...input, recipients: [person('E0300', { digest: 'weekly' })], recorded: new Set() }).map((m) => m.key)).toEqual([
      'digest:weekly:2026-11-23:E0300',
    ]);
  });
});
