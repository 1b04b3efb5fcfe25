import type { Context } from 'hono';

type Members = ReadonlySet<string>;

/**
 * Each student's success network as the home's last contact needs it (#32: the last update or
 * comment by a network member). It only describes, never decides, so a copy is used for an hour,
 * and past that it is still used once more while a new read replaces it: after a home's first
 * opening, no later opening waits for E15. Access decisions keep their own, shorter-lived reads.
 */
export class ContactNetworks {
  readonly #entries = new Map<string, { at: number; members: Promise<Members | undefined>; refreshing?: boolean }>();
  readonly #read: (c: Context, student: string) => Promise<Members>;
  readonly #now: () => number;
  readonly maxStudents: number;
  readonly lifeMs: number;

  constructor(options: { read: (c: Context, student: string) => Promise<Members>; maxStudents: number; lifeMs?: number; now?: () => number }) {
    this.#read = options.read;
    this.maxStudents = options.maxStudents;
    this.lifeMs = options.lifeMs ?? 60 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** The student's network; undefined when it cannot be read now (a failed read is not kept). */
  get(c: Context, student: string): Promise<Members | undefined> {
    const entry = this.#entries.get(student);
    if (entry && this.#now() - entry.at < this.lifeMs) return entry.members;
    const reading = this.#read(c, student).then(
      (members) => members,
      () => undefined,
    );
    if (entry) {
      if (!entry.refreshing) {
        entry.refreshing = true;
        void reading.then((members) => {
          entry.refreshing = false;
          if (members) this.#keep(student, Promise.resolve(members));
        });
      }
      return entry.members;
    }
    this.#keep(student, reading);
    void reading.then((members) => {
      if (!members && this.#entries.get(student)?.members === reading) this.#entries.delete(student);
    });
    return reading;
  }

  #keep(student: string, members: Promise<Members | undefined>): void {
    this.#entries.delete(student);
    this.#entries.set(student, { at: this.#now(), members });
    // Oldest read first in a Map's order: past the bound, it goes.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxStudents) break;
      this.#entries.delete(oldest);
    }
  }
}
