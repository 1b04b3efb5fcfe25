import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { gatewayEngines } from '../testing/gateway-engines.ts';
import { startSmtp, type TestSmtp } from '../testing/smtp.ts';
import { seededUpstream } from '../testing/gateway.ts';
import { DEFAULT_TIMEOUTS } from './bounded.ts';
import { databaseClaims } from './claims-store.ts';
import { type GatewayDatabase } from './db/database.ts';
import { createLogger } from './logging.ts';
import { smtpMailer, type Mailer } from './mailer.ts';
import { createNotifier } from './notifier.ts';
import { databaseNotify } from './notify-store.ts';
import { serviceReader } from './service-reader.ts';

/** #32 items 6 and 7: claims and the notifier's records on both engines, and the notifier against the reference backend and a real SMTP server. */

const { freshDatabase } = gatewayEngines('notify');
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.stop());

describe.each(['sqlite', 'postgres'] as const)('the claim and notification stores on %s', (engine) => {
  let database: GatewayDatabase;
  let clock = new Date('2026-11-27T10:00:00.000Z');
  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(() => database?.close());

  it('one claim per alert: held by another, taken over only with a note; released', async () => {
    const claims = databaseClaims(database, () => clock);
    expect(await claims.claim({ alert: '7', student: 'S000001', holder: 'E0100', holderName: 'Ann Lee' })).toEqual({
      claim: { alert: '7', student: 'S000001', holder: 'E0100', holderName: 'Ann Lee', since: '2026-11-27T10:00:00.000Z' },
    });
    clock = new Date('2026-11-27T11:00:00.000Z');
    // Claimed again by its holder: the since stays true.
    expect(await claims.claim({ alert: '7', student: 'S000001', holder: 'E0100', holderName: 'Ann Lee' })).toMatchObject({
      claim: { since: '2026-11-27T10:00:00.000Z' },
    });
    expect(await claims.claim({ alert: '7', student: 'S000001', holder: 'E0200', holderName: 'Bo Chen' })).toMatchObject({ heldBy: { holderName: 'Ann Lee' } });
    expect(await claims.claim({ alert: '7', student: 'S000001', holder: 'E0200', holderName: 'Bo Chen', note: 'Ann is away this week' })).toMatchObject({
      claim: { holder: 'E0200', since: '2026-11-27T11:00:00.000Z', note: 'Ann is away this week' },
    });
    expect((await claims.list(['7', '8'])).map((c) => c.holderName)).toEqual(['Bo Chen']);
    expect(await claims.release(['7'])).toBe(1);
    expect(await claims.list(['7'])).toEqual([]);
  });

  it('a job lock with an expiry, a watermark only its holder moves, and each e-mail key recorded once', async () => {
    const store = databaseNotify(database, () => clock);
    expect(await store.lock('job', 'a', 60_000)).toBe(true);
    expect(await store.lock('job', 'b', 60_000)).toBe(false);
    expect(await store.advance('job', 'b', '2026-11-27T11:00:00.000Z')).toBe(false);
    expect(await store.advance('job', 'a', '2026-11-27T11:00:00.000Z')).toBe(true);
    expect(await store.watermark('job')).toBe('2026-11-27T11:00:00.000Z');
    // a stopped without letting go: past the expiry, b takes it.
    clock = new Date(clock.getTime() + 61_000);
    expect(await store.lock('job', 'b', 60_000)).toBe(true);
    await store.unlock('job', 'b');
    expect(await store.lock('job', 'a', 60_000)).toBe(true);

    const mail = {
      key: 'lowered:7:E0100',
      person: 'E0100',
      kind: 'alert-lowered' as const,
      subject: 's',
      body: 'b',
      students: ['S000001'],
      address: 'ann@example.edu',
    };
    expect(await store.record([mail])).toEqual(['lowered:7:E0100']);
    expect(await store.record([mail, { ...mail, key: 'lowered:8:E0100' }])).toEqual(['lowered:8:E0100']);
    expect([...(await store.recorded(['lowered:7:E0100', 'lowered:9:E0100']))]).toEqual(['lowered:7:E0100']);
    expect(await store.move('lowered:7:E0100', ['pending'], 'sending')).toBe(true);
    expect(await store.move('lowered:7:E0100', ['pending'], 'sending')).toBe(false);

    await store.saveSettings('E0100', { alertLowered: true, digest: 'weekly' });
    await store.rememberPerson('E0100', 'Ann Lee', 'ann@example.edu');
    expect(await store.settings('E0100')).toEqual({ alertLowered: true, digest: 'weekly', email: 'ann@example.edu' });
    expect(await store.settings('E0999')).toEqual({ alertLowered: false, digest: 'none', email: null });
    expect(await store.recipients()).toEqual([{ person: 'E0100', name: 'Ann Lee', email: 'ann@example.edu', alertLowered: true, digest: 'weekly' }]);
  });
});

describe.each(['sqlite', 'postgres'] as const)('the notifier on %s, against the reference backend and a real SMTP server', (engine) => {
  let database: GatewayDatabase;
  let closeBackend = () => {};
  let read: ReturnType<typeof serviceReader>;
  let backendFetch: (path: string, init?: RequestInit) => Promise<Response>;
  const logger = createLogger({ level: 'silent' });
  beforeAll(async () => {
    database = await freshDatabase(engine);
    const { upstream, close } = seededUpstream();
    closeBackend = close;
    read = serviceReader(upstream, DEFAULT_TIMEOUTS);
    backendFetch = async (path, init = {}) => {
      const token = await upstream.token();
      return upstream.send(
        path,
        {
          ...init,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'Ocp-Apim-Subscription-Key': DEMO_CLIENT.subscriptionKey,
            Authorization: `Bearer ${token}`,
          },
        },
        'http://backend.test/api',
      );
    };
  });
  afterAll(async () => {
    await database?.close();
    closeBackend();
  });

  const raise = async (by: string, student: string, details: string) => {
    const response = await backendFetch('/notations/alerts/', {
      method: 'POST',
      body: JSON.stringify({ audienceType: 'FullNetwork', canStudentView: false, createdBy: { identifier: by }, details, student: { identifier: student } }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { href: string }).href.split('/').at(-1)!;
  };
  const lower = async (alert: string, by: string, details: string) => {
    const response = await backendFetch(`/notations/alerts/${alert}/comments`, {
      method: 'POST',
      body: JSON.stringify({ createdBy: { identifier: by }, details, usedToLowerAlert: true }),
    });
    expect(response.status).toBe(201);
  };
  const notifierFor = (mailer: Mailer, instance: string, extra: Partial<Parameters<typeof createNotifier>[0]> = {}) =>
    createNotifier({
      store: databaseNotify(database, extra.now),
      claims: databaseClaims(database),
      mailer,
      read,
      logger,
      pollSeconds: 60,
      responseDays: 3,
      instance,
      ...extra,
    });

  it('an alert raised by A and lowered by B (outside the dashboard): A gets one e-mail with the comment, however many runs and instances; the claim is released', async () => {
    const store = databaseNotify(database);
    const address = `raiser-${engine}@example.edu`;
    await store.rememberPerson('E0001', 'Natalie Park', address);
    await store.saveSettings('E0001', { alertLowered: true, digest: 'none' });
    const mailer = smtpMailer(smtp.url, 'Student Success <no-reply@example.edu>');
    const [one, two] = [notifierFor(mailer, 'one'), notifierFor(mailer, 'two')];
    // The first run only sets the watermark: nothing lowered before is announced.
    expect(await one.pollLowered()).toEqual({ ran: true, recorded: 0 });

    const alert = await raise('E0001', 'S000003', `Missed three labs (${engine})`);
    await databaseClaims(database).claim({ alert, student: 'S000003', holder: 'E0002', holderName: 'Bo Chen' });
    await lower(alert, 'E0002', `Met her; labs rescheduled (${engine}).`);

    const runs = await Promise.all([one.pollLowered(), two.pollLowered()]);
    await Promise.all([one.pollLowered(), two.pollLowered()]);
    expect(runs.reduce((n, r) => n + r.recorded, 0)).toBe(1);
    const received = smtp.received.filter((m) => m.to.includes(address));
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toContain('S000003');
    expect(received[0]!.text).toContain(`Met her; labs rescheduled (${engine}).`);
    expect(await databaseClaims(database).list([alert])).toEqual([]);
    expect((await store.outbox('E0001', 10)).map((m) => [m.kind, m.state, m.students])).toEqual([['alert-lowered', 'sent', ['S000003']]]);
    mailer.close();
  });

  it('the digest: a run stopped after recording and one e-mail, then another instance: every digest once, none lost', async () => {
    const store = databaseNotify(database);
    const people = ['E9101', 'E9102', 'E9103'];
    const students = new Map(people.map((p, i) => [p, [`S00001${i}`]] as const));
    for (const person of people) {
      await store.rememberPerson(person, `Digest ${person}`, `${person.toLowerCase()}-${engine}@example.edu`);
      await store.saveSettings(person, { alertLowered: false, digest: 'daily' });
      await raise('E0001', students.get(person)![0]!, `A new alert for ${person}'s student`);
    }
    const knownNetworks = async () => students;
    const real = smtpMailer(smtp.url, 'Student Success <no-reply@example.edu>');
    // The first instance sends one e-mail, then stops for good in the middle of the second (a crash).
    let sent = 0;
    const dying: Mailer = {
      configured: true,
      send: (mail) => (sent++ === 0 ? real.send(mail) : new Promise<void>(() => {})),
      close: () => {},
    };
    const first = notifierFor(dying, 'first', { knownNetworks });
    void first.runDigest();
    await expect.poll(() => sent, { timeout: 10_000 }).toBe(2);
    // The lock it held expires; the next instance finds the digests recorded and sends the rest.
    let clock = new Date(Date.now() + 10 * 60_000);
    const second = notifierFor(real, 'second', { knownNetworks, now: () => clock });
    const run = await second.runDigest();
    expect(run).toMatchObject({ ran: true, recorded: 0 });
    clock = new Date(clock.getTime() + 60_000);
    await second.runDigest();
    const digests = smtp.received.filter((m) => people.some((p) => m.to.includes(`${p.toLowerCase()}-${engine}@example.edu`)));
    expect(digests.map((m) => m.to[0]).sort()).toEqual(people.map((p) => `${p.toLowerCase()}-${engine}@example.edu`).sort());
    expect(new Set(digests.map((m) => m.messageId)).size).toBe(3);
    expect(digests[0]!.text).toContain('1 new alert');
    real.close();
  });
});
