import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { expandedSchema } from '../api/expand.ts';
import { pathFor } from '../api/operations.ts';
import { AlertExpansions, AlertSchema, UpdateSchema, envelopeOf, PersonSchema } from '../api/schemas/index.ts';
import type { ClaimStore } from './claims-store.ts';
import type { Logger } from './logging.ts';
import type { Mailer } from './mailer.ts';
import { digestMails, digestPeriod, loweredAlertMails, type MailRecipient, type PolledAlert, type PolledUpdate } from './notify-plan.ts';
import type { NotifyStore } from './notify-store.ts';
import { personOf } from './rewrite.ts';

/** Reads a service path as the gateway (its own credentials); JSON, or throws. */
export type ServiceRead = (path: string) => Promise<{ status: number; body: unknown }>;

export interface NotifierOptions {
  store: NotifyStore;
  claims: ClaimStore;
  mailer: Mailer;
  read: ServiceRead;
  logger: Logger;
  /** NOTIFY_POLL_S: how often each instance asks whether a run is due. */
  pollSeconds: number;
  /** ALERT_RESPONSE_DAYS: an open alert without a comment past this many days waits for a response. */
  responseDays: number;
  /** The students a person's digest covers beyond their caseload (the watch list, once merged). */
  watched?: (person: string) => Promise<readonly string[]>;
  /** The success networks the gateway knows (membership cache), inverted: used when the caseload extension is absent. */
  knownNetworks?: () => Promise<ReadonlyMap<string, readonly string[]>>;
  now?: () => Date;
  /** This instance, as the lock names it. */
  instance?: string;
}

const PAGE = 1000;
/** Students named in one E7/E1 request: the query string stays short. */
const STUDENTS_PER_CALL = 50;
/** Upstream reads a digest run keeps in flight at once. */
const CONCURRENCY = 6;

/** Runs `work` over `items`, at most CONCURRENCY at a time. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** How far back each poll reaches before the watermark: the service's clock and ours may differ a little, and keys make overlap harmless. */
const OVERLAP_MS = 5_000;

const AlertPage = envelopeOf(expandedSchema(AlertSchema, AlertExpansions, ['comments', 'student']));
const UpdatePage = envelopeOf(UpdateSchema);
const CaseloadPage = envelopeOf(PersonSchema);

/** An E7 row (expanded comments and student) as the planner reads it. */
function toPolled(row: z.infer<typeof AlertPage>['values'][number]): PolledAlert | undefined {
  const value = row as Record<string, unknown> & z.infer<typeof AlertSchema>;
  const id = /\/(\d+)\/?$/.exec(value.self.href)?.[1];
  const student = personOf(value.student);
  const createdBy = personOf(value.createdBy);
  if (!id || !student || !createdBy) return undefined;
  const expandedStudent = value.student as { firstName?: string; lastName?: string };
  const comments = ((value.comments as { values?: unknown[] } | undefined)?.values ?? []) as {
    createdBy: unknown;
    createdOn: string;
    details: string;
    usedToLowerAlert: boolean;
  }[];
  return {
    id,
    student,
    ...(expandedStudent.firstName ? { studentName: `${expandedStudent.firstName} ${expandedStudent.lastName ?? ''}`.trim() } : {}),
    createdBy,
    createdOn: value.createdOn,
    status: value.status,
    details: value.details,
    comments: comments.map((c) => ({
      createdBy: personOf(c.createdBy) ?? '',
      createdOn: c.createdOn,
      details: c.details,
      usedToLowerAlert: c.usedToLowerAlert,
    })),
  };
}

/**
 * The e-mail notifier (#32 item 7). Every NOTIFY_POLL_S each instance asks; a lock in the
 * database with an expiry lets one of them run each job at a time. `alert-lowered` reads E7 with
 * `modifiedOnStart` from its stored watermark, releases the claims of alerts lowered anywhere,
 * and records an e-mail for each lowered alert whose raiser opted in; `digest` records each
 * opted-in person's daily or weekly digest once per period. Every e-mail is recorded under its key
 * before it is sent (never twice), sent by the instance holding the lock, and marked sent — or
 * kept for the app's outbox when no mail server is configured; one left unsent by a stopped
 * instance is sent by the next run (none lost).
 */
export function createNotifier(options: NotifierOptions) {
  const now = options.now ?? (() => new Date());
  const instance = options.instance ?? randomUUID();
  const lockMs = Math.max(60_000, options.pollSeconds * 2_000);
  let calls = 0;

  const readJson = async <S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | undefined> => {
    calls += 1;
    const answer = await options.read(path);
    if (answer.status === 404) return undefined;
    if (answer.status >= 400) throw new Error(`GET ${path} answered ${answer.status}`);
    return schema.parse(answer.body);
  };

  /** Every page of an E7/E1 list. */
  async function allPages<S extends z.ZodType<{ values: unknown[]; totalValues: number }>>(path: (page: number) => string, schema: S) {
    const rows: z.infer<S>['values'] = [];
    for (let page = 1; ; page += 1) {
      const answer = await readJson(path(page), schema);
      if (!answer) return rows;
      rows.push(...answer.values);
      if (answer.values.length < PAGE || rows.length >= answer.totalValues) return rows;
    }
  }

  const alertsPath = (query: Record<string, string>) => (page: number) =>
    `${pathFor('alerts.list', {})}?${new URLSearchParams({ ...query, expand: 'comments,student', pageSize: String(PAGE), page: String(page) })}`;

  /** Runs `work` only while holding the job's lock; false when another instance has it. */
  async function locked(job: string, work: () => Promise<void>): Promise<boolean> {
    if (!(await options.store.lock(job, instance, lockMs))) return false;
    try {
      await work();
    } finally {
      await options.store
        .unlock(job, instance)
        .catch((error: unknown) => options.logger.warn({ err: error, job }, 'notifier: the lock was not released; it expires'));
    }
    return true;
  }

  const recipientsById = async () => new Map((await options.store.recipients()).map((r) => [r.person, r] as const));

  /** Sends what is recorded and unsent (under a job's lock): each once, marked before and after. */
  async function deliver(): Promise<number> {
    const due = await options.store.due(new Date(now().getTime() - lockMs).toISOString(), 500);
    let delivered = 0;
    for (const mail of due) {
      if (!options.mailer.configured || !mail.address) {
        if (await options.store.move(mail.key, ['pending', 'failed', 'sending'], 'kept')) delivered += 1;
        continue;
      }
      if (!(await options.store.move(mail.key, ['pending', 'failed', 'sending'], 'sending'))) continue;
      try {
        await options.mailer.send({ to: mail.address, subject: mail.subject, text: mail.body, key: mail.key });
        await options.store.move(mail.key, ['sending'], 'sent');
        delivered += 1;
        options.logger.info(
          { event: 'mail-sent', to: mail.person, address: mail.address, kind: mail.kind, key: mail.key, students: mail.students },
          'notifier: e-mail sent',
        );
      } catch (error) {
        await options.store.move(mail.key, ['sending'], 'failed', error instanceof Error ? error.message.slice(0, 500) : String(error));
        options.logger.warn({ err: error, key: mail.key }, 'notifier: e-mail not sent; tried again on the next run');
      }
    }
    return delivered;
  }

  const withAddress = (recipients: ReadonlyMap<string, MailRecipient>) => (mail: { person: string }) => ({
    address: recipients.get(mail.person)?.email ?? null,
  });

  /** One poll of E7 from the watermark: lowered alerts' claims released, their raisers' e-mails recorded and sent. */
  async function pollLowered(): Promise<{ ran: boolean; recorded: number }> {
    let recorded = 0;
    const ran = await locked('alert-lowered', async () => {
      const startedAt = now();
      // The first run starts now: nobody is told of what was lowered before notifications existed.
      const from = (await options.store.watermark('alert-lowered')) ?? startedAt.toISOString();
      const since = new Date(new Date(from).getTime() - OVERLAP_MS).toISOString();
      const rows = await allPages(alertsPath({ modifiedOnStart: since }), AlertPage);
      const alerts = rows.map(toPolled).filter((a): a is PolledAlert => a !== undefined);
      const lowered = alerts.filter((a) => a.status === 'Lowered');
      await options.claims.release(lowered.map((a) => a.id));
      const recipients = await recipientsById();
      const names = await options.store.namesOf([...new Set(lowered.flatMap((a) => a.comments.map((c) => c.createdBy)))]);
      const candidates = lowered
        .filter((a) => recipients.get(a.createdBy)?.alertLowered)
        .map((a) => ({ ...a, comments: a.comments.map((c) => (names.has(c.createdBy) ? { ...c, createdByName: names.get(c.createdBy)! } : c)) }));
      const already = await options.store.recorded(candidates.map((a) => `lowered:${a.id}:${a.createdBy}`));
      const mails = loweredAlertMails(candidates, recipients, already);
      const address = withAddress(recipients);
      recorded = (await options.store.record(mails.map((m) => ({ ...m, ...address(m) })))).length;
      await options.store.advance('alert-lowered', instance, startedAt.toISOString());
      await deliver();
    });
    return { ran, recorded };
  }

  /**
   * The students one person's digest covers: their caseload (the caseload extension), or without
   * it the networks the gateway knows them in; and the students they watch.
   */
  async function digestStudents(person: string, known: ReadonlyMap<string, readonly string[]> | undefined): Promise<Set<string>> {
    const students = new Set<string>();
    const caseload = await allPages(
      (page) => `${pathFor('people.caseload', { id: person })}?${new URLSearchParams({ pageSize: String(PAGE), page: String(page) })}`,
      CaseloadPage,
    ).catch(() => undefined);
    if (caseload && caseload.length > 0) for (const p of caseload) students.add(p.identifier);
    else for (const s of known?.get(person) ?? []) students.add(s);
    for (const s of (await options.watched?.(person)) ?? []) students.add(s);
    return students;
  }

  /** The digests due this period, for everyone who asked and has none recorded: read once for all their students together. */
  async function runDigest(): Promise<{ ran: boolean; recorded: number; students: number }> {
    let recorded = 0;
    let studentCount = 0;
    const ran = await locked('digest', async () => {
      const at = now();
      const everyone = [...(await recipientsById()).values()].filter((r) => r.digest !== 'none');
      const keys = everyone.map((r) => `digest:${digestPeriod(r.digest as 'daily' | 'weekly', at).key}:${r.person}`);
      const already = await options.store.recorded(keys);
      const due = everyone.filter((_, i) => !already.has(keys[i]!));
      if (due.length > 0) {
        const known = await options.knownNetworks?.();
        const studentsOf = new Map<string, Set<string>>();
        await inParallel(due, async (r) => void studentsOf.set(r.person, await digestStudents(r.person, known)));
        const all = [...new Set([...studentsOf.values()].flatMap((s) => [...s]))].sort();
        studentCount = all.length;
        const weekAgo = new Date(at.getTime() - 14 * 86_400_000).toISOString();
        const alerts: PolledAlert[] = [];
        const updates: PolledUpdate[] = [];
        const names = new Map<string, string>();
        const chunks = Array.from({ length: Math.ceil(all.length / STUDENTS_PER_CALL) }, (_, i) =>
          all.slice(i * STUDENTS_PER_CALL, (i + 1) * STUDENTS_PER_CALL),
        );
        await inParallel(chunks, async (chunk) => {
          const identifiers = chunk.join(',');
          for (const row of await allPages(alertsPath({ identifiers }), AlertPage)) {
            const alert = toPolled(row);
            if (!alert) continue;
            alerts.push(alert);
            if (alert.studentName) names.set(alert.student, alert.studentName);
          }
          const path = (page: number) =>
            `${pathFor('updates.list', {})}?${new URLSearchParams({ identifiers, createdOnStart: weekAgo, pageSize: String(PAGE), page: String(page) })}`;
          for (const row of await allPages(path, UpdatePage)) {
            const student = personOf(row.student);
            if (student) updates.push({ student, createdOn: row.createdOn });
          }
        });
        const recipients = new Map(due.map((r) => [r.person, r] as const));
        const mails = digestMails({ at, recipients: due, studentsOf, alerts, updates, names, responseDays: options.responseDays, recorded: already });
        const address = withAddress(recipients);
        recorded = (await options.store.record(mails.map((m) => ({ ...m, ...address(m) })))).length;
      }
      await deliver();
    });
    return { ran, recorded, students: studentCount };
  }

  const tick = async () => {
    await pollLowered().catch((error: unknown) => options.logger.warn({ err: error }, 'notifier: the poll of lowered alerts failed; it is tried again'));
    await runDigest().catch((error: unknown) => options.logger.warn({ err: error }, 'notifier: the digest run failed; it is tried again'));
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  return {
    pollLowered,
    runDigest,
    deliver,
    /** Upstream calls made so far (the bench reads it). */
    calls: () => calls,
    start() {
      const run = () => {
        if (running) return;
        running = tick().finally(() => (running = undefined));
      };
      const first = setTimeout(run, 1_000);
      timer = setInterval(run, options.pollSeconds * 1000);
      first.unref();
      timer.unref();
      return () => clearTimeout(first);
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
