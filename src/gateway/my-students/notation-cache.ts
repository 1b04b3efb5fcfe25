import type { Alert, Update } from '../../api/schemas/index.ts';
import type { WithComments as Synced } from './facts.ts';

interface StudentNotations {
  alerts: Map<number, Synced<Alert>>;
  updates: Map<number, Synced<Update>>;
  /** Updates are kept from here on (the home's contact window when they were first read). */
  updatesFrom: string;
  /** Everything modified before this instant, by the service's clock, is here. */
  syncedTo: string;
}

/**
 * The homes' copy of each student's notations, shared by everyone's home and kept in step with
 * the service by `modifiedOnStart` (#32, the home's speed). A notation never changes except by a
 * comment or a status change, and both move its last-modified time (decisions.md §4), so what
 * changed since `syncedTo` is all a later home must read: a few rows instead of every alert ever
 * written for 700 students. What a person may see is decided when the rows are used, never here.
 */
export class NotationCache {
  readonly #students = new Map<string, StudentNotations>();

  readonly maxStudents: number;

  constructor(maxStudents: number) {
    this.maxStudents = maxStudents;
  }

  /** The students read before, with the instant their copy is current to. */
  syncedTo(student: string): string | undefined {
    return this.#students.get(student)?.syncedTo;
  }

  /** Replaces a student's copy with a whole read. */
  replace(student: string, read: { alerts: Synced<Alert>[]; updates: Synced<Update>[]; updatesFrom: string; syncedTo: string }): void {
    this.#students.delete(student);
    this.#students.set(student, {
      alerts: new Map(read.alerts.map((a) => [a.notation.id, a])),
      updates: new Map(read.updates.map((u) => [u.notation.id, u])),
      updatesFrom: read.updatesFrom,
      syncedTo: read.syncedTo,
    });
    // Least recently read first in a Map's order: past the bound, the longest unread goes.
    for (const oldest of this.#students.keys()) {
      if (this.#students.size <= this.maxStudents) break;
      this.#students.delete(oldest);
    }
  }

  /** Lays what changed over a student's copy (a changed notation replaces its older self). */
  merge(student: string, changed: { alerts: Synced<Alert>[]; updates: Synced<Update>[]; syncedTo: string }): void {
    const entry = this.#students.get(student);
    if (!entry) return;
    for (const a of changed.alerts) entry.alerts.set(a.notation.id, a);
    for (const u of changed.updates) if (u.notation.createdOn >= entry.updatesFrom) entry.updates.set(u.notation.id, u);
    if (changed.syncedTo > entry.syncedTo) entry.syncedTo = changed.syncedTo;
    this.#students.delete(student);
    this.#students.set(student, entry);
  }

  /** A student's alerts and their updates created since `updatesSince`, newest first; undefined when not read yet. */
  of(student: string, updatesSince: string): { alerts: Synced<Alert>[]; updates: Synced<Update>[] } | undefined {
    const entry = this.#students.get(student);
    if (!entry) return undefined;
    // ISO instants compare as strings; localeCompare was most of this call's cost for 700 students.
    const newest = <T extends Alert | Update>(a: Synced<T>, b: Synced<T>) =>
      a.notation.createdOn < b.notation.createdOn ? 1 : a.notation.createdOn > b.notation.createdOn ? -1 : b.notation.id - a.notation.id;
    return {
      alerts: [...entry.alerts.values()].sort(newest),
      updates: [...entry.updates.values()].filter((u) => u.notation.createdOn >= updatesSince).sort(newest),
    };
  }

  get size(): number {
    return this.#students.size;
  }
}
