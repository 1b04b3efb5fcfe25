import type { NotificationSettings, OutboxMessage } from '../api/notifications.ts';
import type { GatewayDatabase } from './db/database.ts';
import { readyFirst } from './db/ready-first.ts';
import type { NotifyMailTable } from './db/schema.ts';
import type { PlannedMail } from './notify-plan.ts';

/** Someone who may get e-mail: their address and name as the provider last gave them, and their opt-in. */
export interface Recipient extends NotificationSettings {
  person: string;
  name: string | null;
  email: string | null;
}

export type MailState = OutboxMessage['state'];
export type StoredMail = PlannedMail & { address: string | null; createdAt: string; state: MailState; sentAt: string | null };

/** The notifier's records in the gateway's database (012, 013): people, opt-ins, jobs, and every e-mail once. */
export interface NotifyStore {
  rememberPerson(person: string, name: string | undefined, email: string | undefined): Promise<void>;
  settings(person: string): Promise<NotificationSettings & { email: string | null }>;
  saveSettings(person: string, settings: NotificationSettings): Promise<void>;
  /** The names of these people, as the provider gave them at their last sign-in (those never seen are absent). */
  namesOf(people: readonly string[]): Promise<Map<string, string>>;
  /** Everyone who asked for some e-mail. */
  recipients(): Promise<Recipient[]>;
  /** Takes the job's lock for `ms` (or renews one's own); false while another instance holds it. */
  lock(job: string, holder: string, ms: number): Promise<boolean>;
  unlock(job: string, holder: string): Promise<void>;
  watermark(job: string): Promise<string | undefined>;
  /** Moves the watermark, only while `holder` still holds the lock (a run that lost it writes nothing). */
  advance(job: string, holder: string, watermark: string): Promise<boolean>;
  /** Which of these keys are recorded already. */
  recorded(keys: readonly string[]): Promise<Set<string>>;
  /** Records the e-mails not recorded yet (the key decides); returns the keys this call recorded. */
  record(mails: readonly (PlannedMail & { address: string | null })[]): Promise<string[]>;
  /** E-mails still to send: pending, failed, or left `sending` by a run that stopped before `staleBefore`. */
  due(staleBefore: string, limit: number): Promise<StoredMail[]>;
  /** Moves an e-mail from one of `from` to `to`; false when another run moved it first. */
  move(key: string, from: readonly MailState[], to: MailState, error?: string): Promise<boolean>;
  /** A person's e-mails, newest first. */
  outbox(person: string, limit: number): Promise<StoredMail[]>;
}

const DEFAULTS: NotificationSettings = { alertLowered: false, digest: 'none' };
const DIGESTS = new Set(['none', 'daily', 'weekly']);

const toMail = (row: NotifyMailTable): StoredMail => ({
  key: row.key,
  person: row.person,
  kind: row.kind as StoredMail['kind'],
  subject: row.subject,
  body: row.body,
  students: JSON.parse(row.students) as string[],
  address: row.address,
  createdAt: row.created_at,
  state: row.state as MailState,
  sentAt: row.sent_at,
});

/** SQLite binds at most 32,766 parameters: key lists are read in chunks. */
const CHUNK = 500;

export function databaseNotify(database: GatewayDatabase, now: () => Date = () => new Date()): NotifyStore {
  const { db } = database;
  return readyFirst<NotifyStore>(database, {
    rememberPerson: async (person, name, email) => {
      const row = { person, name: name ?? null, email: email ?? null, seen_at: now().toISOString() };
      await db
        .insertInto('notify_people')
        .values(row)
        .onConflict((oc) => oc.column('person').doUpdateSet({ name: row.name, email: row.email, seen_at: row.seen_at }))
        .execute();
    },
    settings: async (person) => {
      const [settings, known] = await Promise.all([
        db.selectFrom('notify_settings').selectAll().where('person', '=', person).executeTakeFirst(),
        db.selectFrom('notify_people').select('email').where('person', '=', person).executeTakeFirst(),
      ]);
      return {
        ...(settings ? { alertLowered: Number(settings.alert_lowered) === 1, digest: settings.digest as NotificationSettings['digest'] } : DEFAULTS),
        email: known?.email ?? null,
      };
    },
    saveSettings: async (person, settings) => {
      const row = { person, alert_lowered: settings.alertLowered ? 1 : 0, digest: settings.digest, updated_at: now().toISOString() };
      await db
        .insertInto('notify_settings')
        .values(row)
        .onConflict((oc) => oc.column('person').doUpdateSet({ alert_lowered: row.alert_lowered, digest: row.digest, updated_at: row.updated_at }))
        .execute();
    },
    namesOf: async (people) => {
      const names = new Map<string, string>();
      for (let i = 0; i < people.length; i += CHUNK) {
        const rows = await db
          .selectFrom('notify_people')
          .select(['person', 'name'])
          .where('person', 'in', people.slice(i, i + CHUNK))
          .execute();
        for (const row of rows) if (row.name) names.set(row.person, row.name);
      }
      return names;
    },
    recipients: async () => {
      const rows = await db
        .selectFrom('notify_settings as s')
        .leftJoin('notify_people as p', 'p.person', 's.person')
        .select(['s.person', 's.alert_lowered', 's.digest', 'p.name', 'p.email'])
        .where((eb) => eb.or([eb('s.alert_lowered', '=', 1), eb('s.digest', '!=', 'none')]))
        .execute();
      return rows.map((r) => ({
        person: r.person,
        name: r.name ?? null,
        email: r.email ?? null,
        alertLowered: Number(r.alert_lowered) === 1,
        digest: (DIGESTS.has(r.digest) ? r.digest : 'none') as NotificationSettings['digest'],
      }));
    },
    lock: async (job, holder, ms) => {
      const at = now();
      await db
        .insertInto('notify_jobs')
        .values({ name: job, watermark: null, lock_holder: null, lock_expires_at: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      // A conditional update is the lock: of two instances asking at once, one changes the row.
      const taken = await db
        .updateTable('notify_jobs')
        .set({ lock_holder: holder, lock_expires_at: new Date(at.getTime() + ms).toISOString() })
        .where('name', '=', job)
        .where((eb) => eb.or([eb('lock_holder', 'is', null), eb('lock_holder', '=', holder), eb('lock_expires_at', '<', at.toISOString())]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
    unlock: async (job, holder) => {
      await db.updateTable('notify_jobs').set({ lock_holder: null, lock_expires_at: null }).where('name', '=', job).where('lock_holder', '=', holder).execute();
    },
    watermark: async (job) => {
      const row = await db.selectFrom('notify_jobs').select('watermark').where('name', '=', job).executeTakeFirst();
      return row?.watermark ?? undefined;
    },
    advance: async (job, holder, watermark) => {
      const moved = await db.updateTable('notify_jobs').set({ watermark }).where('name', '=', job).where('lock_holder', '=', holder).executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },
    recorded: async (keys) => {
      const found = new Set<string>();
      for (let i = 0; i < keys.length; i += CHUNK) {
        const rows = await db
          .selectFrom('notify_mail')
          .select('key')
          .where('key', 'in', keys.slice(i, i + CHUNK))
          .execute();
        for (const row of rows) found.add(row.key);
      }
      return found;
    },
    record: async (mails) => {
      const created_at = now().toISOString();
      const recorded: string[] = [];
      for (const mail of mails) {
        const result = await db
          .insertInto('notify_mail')
          .values({
            key: mail.key,
            person: mail.person,
            address: mail.address,
            kind: mail.kind,
            subject: mail.subject,
            body: mail.body,
            students: JSON.stringify(mail.students),
            created_at,
            state: 'pending',
            sent_at: null,
            error: null,
          })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) recorded.push(mail.key);
      }
      return recorded;
    },
    due: async (staleBefore, limit) => {
      const rows = await db
        .selectFrom('notify_mail')
        .selectAll()
        .where((eb) => eb.or([eb('state', 'in', ['pending', 'failed']), eb.and([eb('state', '=', 'sending'), eb('created_at', '<', staleBefore)])]))
        .orderBy('created_at')
        .orderBy('key')
        .limit(limit)
        .execute();
      return rows.map(toMail);
    },
    move: async (key, from, to, error) => {
      const done = to === 'sent' || to === 'kept';
      const moved = await db
        .updateTable('notify_mail')
        .set({ state: to, error: error ?? null, ...(done ? { sent_at: now().toISOString() } : {}) })
        .where('key', '=', key)
        .where('state', 'in', [...from])
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },
    outbox: async (person, limit) => {
      const rows = await db
        .selectFrom('notify_mail')
        .selectAll()
        .where('person', '=', person)
        .orderBy('created_at', 'desc')
        .orderBy('key', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toMail);
    },
  });
}
