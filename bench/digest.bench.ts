import { createApp } from '../src/backend/app.ts';
import { openDatabase } from '../src/backend/db/open.ts';
import { seededPeople } from '../src/backend/people-directory.ts';
import { DEFAULT_TIMEOUTS } from '../src/gateway/bounded.ts';
import { databaseClaims } from '../src/gateway/claims-store.ts';
import { openGatewayDatabase } from '../src/gateway/db/database.ts';
import { createLogger } from '../src/gateway/logging.ts';
import { keepingMailer } from '../src/gateway/mailer.ts';
import { createNotifier } from '../src/gateway/notifier.ts';
import { databaseNotify } from '../src/gateway/notify-store.ts';
import { serviceReader } from '../src/gateway/service-reader.ts';
import { inProcessUpstream } from '../src/gateway/upstream.ts';
import { DEMO_CLIENT } from '../src/testing/backend.ts';

export interface DigestBench {
  scale: number;
  people: number;
  students: number;
  mails: number;
  calls: number;
  ms: number;
}

/**
 * #32 item 7: one digest run for every staff member (all opted in to a daily digest) against the
 * reference backend at SEED_SCALE: how long, and how many upstream calls — one caseload read per
 * person, then E7 and E1 per fifty students of the union, never per person and student.
 */
export async function measureDigest({ scale }: { scale: number }): Promise<DigestBench> {
  const { db } = openDatabase({ path: ':memory:', seed: 1, scale, now: new Date() });
  try {
    const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} });
    const upstream = inProcessUpstream(backend, DEMO_CLIENT);
    const database = openGatewayDatabase(':memory:');
    const store = databaseNotify(database);
    const staff = seededPeople(db).staff();
    for (const person of staff) {
      await store.rememberPerson(person.identifier, `${person.firstName} ${person.lastName}`, person.email);
      await store.saveSettings(person.identifier, { alertLowered: true, digest: 'daily' });
    }
    const notifier = createNotifier({
      store,
      claims: databaseClaims(database),
      mailer: keepingMailer,
      read: serviceReader(upstream, { ...DEFAULT_TIMEOUTS, upstreamMs: 60_000 }),
      logger: createLogger({ level: 'silent' }),
      pollSeconds: 60,
      responseDays: 3,
    });
    const started = performance.now();
    const run = await notifier.runDigest();
    const ms = Math.round(performance.now() - started);
    await database.close();
    return { scale, people: staff.length, students: run.students, mails: run.recorded, calls: notifier.calls(), ms };
  } finally {
    db.close();
  }
}

export const formatDigest = (r: DigestBench) =>
  [
    `| staff (all opted in) | students covered | digests | upstream calls | time |`,
    `| ---: | ---: | ---: | ---: | ---: |`,
    `| ${r.people} | ${r.students} | ${r.mails} | ${r.calls} | ${(r.ms / 1000).toFixed(1)} s |`,
    '',
    `Goal: ≤ 60 s; calls = one caseload read per person + 2 per 50 students of the union (not students × people).`,
  ].join('\n');
