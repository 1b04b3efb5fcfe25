import { DatabaseSync } from 'node:sqlite';
import { seedDatabase, type SeedSummary } from '../seed/seed.ts';
import { INDEX_SQL, SCHEMA_SQL } from './schema.ts';

export interface OpenOptions {
  path: string;
  seed: number;
  scale: number;
  now: Date;
}

export interface OpenedDatabase {
  db: DatabaseSync;
  /** Present when this open seeded the database; a file that already held data is used as it is. */
  seeded: SeedSummary | undefined;
}

export function openDatabase(options: OpenOptions): OpenedDatabase {
  const db = new DatabaseSync(options.path);
  const inMemory = options.path === ':memory:';
  db.exec(`PRAGMA busy_timeout = 5000; PRAGMA journal_mode = ${inMemory ? 'MEMORY' : 'WAL'}; PRAGMA synchronous = NORMAL;`);
  db.exec(SCHEMA_SQL);
  const empty = (db.prepare('SELECT count(*) AS n FROM person').get() as { n: number }).n === 0;
  let seeded: SeedSummary | undefined;
  if (empty) {
    seeded = seedDatabase(db, { seed: options.seed, scale: options.scale, now: options.now });
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
      'seed',
      JSON.stringify({ seed: options.seed, scale: options.scale, now: options.now.toISOString() }),
    );
  }
  db.exec(INDEX_SQL);
  if (empty) db.exec('ANALYZE');
  db.exec('PRAGMA foreign_keys = ON');
  return { db, seeded };
}
