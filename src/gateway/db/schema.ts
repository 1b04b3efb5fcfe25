import type { Generated } from 'kysely';

/**
 * The gateway's own tables (migrations/ creates them). Times are ISO-8601 UTC strings of fixed
 * width (`2026-11-27T20:35:40.123Z`), so text order is time order on both engines.
 */
export interface JournalTable {
  id: Generated<number>;
  at: string;
  request_id: string;
  actor: string | null;
  operation: string;
  method: string;
  path: string;
  target: string;
  /** The service's (or the gateway's) answer; null until it is known, and forever if it never was. */
  status: number | null;
  /** JSON: what was asked, summarised, and the before and after. */
  summary: string | null;
}

/** One row per periodic task: who may run it next is decided by a conditional update, not a timer per instance. */
export interface TaskTable {
  name: string;
  last_run_at: string;
}

/** One access: a sign-in, a sign-out, a session's end, a read of students' records, an export. */
export interface AccessLogTable {
  id: Generated<number>;
  at: string;
  /** Who (null for a failed sign-in that named nobody). */
  person: string | null;
  event: string;
  operation: string | null;
  path: string | null;
  /** A list read's filter (its query string). */
  query: string | null;
  student_count: Generated<number>;
  /** The reason stated for a grant, when one was used. */
  reason: string | null;
  request_id: string | null;
  detail: string | null;
}

/** The students one access returned, one row each. */
export interface AccessLogStudentTable {
  entry_id: number;
  student: string;
  at: string;
}

/** A grant with a stated reason: `person` may open `student`'s records until `until`. */
export interface AccessGrantTable {
  id: Generated<number>;
  person: string;
  student: string;
  reason: string;
  granted_at: string;
  until: string;
}

/** A bulk reassignment (#31 item 4): who ran it, when, described as the person saw it. */
export interface ReassignmentBatchTable {
  id: Generated<number>;
  actor: string;
  created_at: string;
  description: string;
}

/** One network a batch wrote: before and after as JSON arrays of identifiers, and its undo once done. */
export interface ReassignmentBatchNetworkTable {
  batch_id: number;
  student: string;
  written_at: string;
  before: string | null;
  after: string | null;
  undone_at: string | null;
  undone_by: string | null;
}

/** A student's success network as E15 last answered it (membership.ts), shared by the instances. */
export interface MembershipCacheTable {
  student: string;
  /** The members' identifiers, as a JSON array. */
  members: string;
  /** When E15 answered, in ms since the epoch. */
  read_at: number | string;
}

/** A person accepted a version of the confidentiality notice (notice.ts). */
export interface NoticeAcceptanceTable {
  person: string;
  version: string;
  accepted_at: string;
}

/** A person's named filters of one page (#32 item 4): `query` is the page's query string, `?…` or empty. */
export interface SavedViewTable {
  id: Generated<number>;
  owner: string;
  page: string;
  name: string;
  query: string;
  created_at: string;
  updated_at: string;
}

/** When a person last opened a student's page (visit-store.ts). */
export interface StudentVisitTable {
  person: string;
  student: string;
  visited_at: string;
}

/** A student a person follows (watch-list-store.ts). */
export interface WatchedStudentTable {
  person: string;
  student: string;
  created_at: string;
}

/** "I'm on it" (#32 item 6): who holds an open alert, since when, and the note of a takeover. */
export interface AlertClaimTable {
  alert: string;
  student: string;
  holder: string;
  holder_name: string;
  since: string;
  note: string | null;
}

/** A person as the provider last described them at sign-in: where their e-mail goes. */
export interface NotifyPersonTable {
  person: string;
  name: string | null;
  email: string | null;
  seen_at: string;
}

/** A person's opt-in (#32 item 7); no row: nothing is sent. */
export interface NotifySettingsTable {
  person: string;
  /** 1 or 0 (SQLite has no boolean). */
  alert_lowered: number;
  digest: string;
  updated_at: string;
}

/** A notifier job: its watermark and its lock (held by one instance until it expires). */
export interface NotifyJobTable {
  name: string;
  watermark: string | null;
  lock_holder: string | null;
  lock_expires_at: string | null;
}

/** One notification e-mail, once, under its key (013-mail.ts). */
export interface NotifyMailTable {
  key: string;
  person: string;
  address: string | null;
  kind: string;
  subject: string;
  body: string;
  students: string;
  created_at: string;
  state: string;
  sent_at: string | null;
  error: string | null;
}

export interface GatewaySchema {
  journal_entries: JournalTable;
  gateway_tasks: TaskTable;
  access_log: AccessLogTable;
  access_log_students: AccessLogStudentTable;
  access_grants: AccessGrantTable;
  reassignment_batches: ReassignmentBatchTable;
  reassignment_batch_networks: ReassignmentBatchNetworkTable;
  membership_cache: MembershipCacheTable;
  notice_acceptances: NoticeAcceptanceTable;
  saved_views: SavedViewTable;
  student_visits: StudentVisitTable;
  watched_students: WatchedStudentTable;
  alert_claims: AlertClaimTable;
  notify_people: NotifyPersonTable;
  notify_settings: NotifySettingsTable;
  notify_jobs: NotifyJobTable;
  notify_mail: NotifyMailTable;
}
