import { DatabaseSync } from 'node:sqlite';
import { seedDatabase, type SeedSummary } from '../seed/seed.ts';
import { INDEX_SQL, SCHEMA_SQL } from './schema.ts';

export interface OpenOptions {
  path: string;
  seed: number;
  scale: number;
  now: Date;
  /** How long to wait for another process that is seeding the same new file; default 10 minutes. */
  waitForSeedMs?: number;
}

export interface OpenedDatabase {
  db: DatabaseSync;
  /** Present when this open seeded the database; a file that already held data is used as it is. */
  seeded: SeedSummary | undefined;
}

const SQLITE_BUSY = 5;
const isBusy = (error: unknown) =>
  typeof error === 'object' && error !== null && 'errcode' in error && typeof error.errcode === 'number' && (error.errcode & 0xff) === SQLITE_BUSY;

/** Runs `step` again while another connection holds the lock it needs, up to `deadline`. */
function whileBusy(step: () => void, deadline: number, path: string): void {
  for (;;) {
    try {
      step();
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) {
        if (isBusy(error))
          throw new Error(`${path} stayed locked by another process (is one still seeding it?); try again when it has started`, { cause: error });
        throw error;
      }
    }
  }
}

/**
 * Opens (and on first use creates and seeds) the database. Everything from the schema to the
 * seed's last row happens under one write lock (BEGIN IMMEDIATE), so two processes started on
 * the same new file do not both seed it: the second waits for the lock, then finds the data.
 */
export function openDatabase(options: OpenOptions): OpenedDatabase {
  const db = new DatabaseSync(options.path);
  const inMemory = options.path === ':memory:';
  const deadline = Date.now() + (options.waitForSeedMs ?? 10 * 60_000);
  db.exec('PRAGMA busy_timeout = 5000');
  whileBusy(() => db.exec(`PRAGMA journal_mode = ${inMemory ? 'MEMORY' : 'WAL'}`), deadline, options.path);
  db.exec('PRAGMA synchronous = NORMAL');
  whileBusy(() => db.exec('BEGIN IMMEDIATE'), deadline, options.path);
  let seeded: SeedSummary | undefined;
  try {
    db.exec(SCHEMA_SQL);
    const empty = (db.prepare('SELECT count(*) AS n FROM person').get() as { n: number }).n === 0;
    if (empty) {
      seeded = seedDatabase(db, { seed: options.seed, scale: options.scale, now: options.now });
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
        'seed',
        JSON.stringify({ seed: options.seed, scale: options.scale, now: options.now.toISOString() }),
      );
    }
    db.exec(INDEX_SQL);
    if (empty) db.exec('ANALYZE');
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    db.close();
    throw error;
  }
  db.exec('PRAGMA foreign_keys = ON');
  return { db, seeded };
}
