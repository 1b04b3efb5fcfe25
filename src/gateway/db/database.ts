import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationsFor } from './migrations/index.ts';
import type { GatewaySchema } from './schema.ts';
import { nodeSqliteDialect } from './sqlite-dialect.ts';

export type Engine = 'sqlite' | 'postgres';

/** Where `npm start` keeps the gateway's records when GATEWAY_DATABASE is unset (under the working directory). */
export const DEFAULT_DATABASE_FILE = 'data/gateway.sqlite';

export interface GatewayDatabase {
  engine: Engine;
  db: Kysely<GatewaySchema>;
  /** For the start-up line, without a password. */
  describe: string;
  /**
   * Resolves once the schema is current (migrations run on first use). A failure — the database
   * not there yet — is not remembered: the next call tries again, so the gateway recovers by itself.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** One statement's deadline on PostgreSQL (a stopped database must not hold a request). */
  statementTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
}

export const isPostgresUrl = (setting: string) => /^postgres(ql)?:\/\//i.test(setting);

/**
 * The gateway's own database from GATEWAY_DATABASE: a `postgres://` URL (shared by every
 * instance), `:memory:` (tests), or a SQLite file path; unset, `data/gateway.sqlite`.
 */
export function openGatewayDatabase(setting: string | undefined, options: OpenOptions = {}): GatewayDatabase {
  const { engine, db, describe } = setting && isPostgresUrl(setting) ? openPostgres(setting, options) : openSqlite(setting ?? DEFAULT_DATABASE_FILE);
  let migrated: Promise<void> | undefined;
  // Numbers are handed out ahead of time to work done in parallel, so one may ship after a higher
  // one has run (005 after 008): each still runs once, in the order the database meets it.
  const migrator = new Migrator({ db, provider: migrationsFor(engine), allowUnorderedMigrations: true });
  return {
    engine,
    db,
    describe,
    ready: () => {
      if (!migrated) {
        const migrate = () =>
          migrator.migrateToLatest().then(({ error }) => {
            if (error) throw error instanceof Error ? error : new Error(String(error));
          });
        // PostgreSQL serialises two instances' migrations with an advisory lock; SQLite has none
        // across processes, so the one that loses the race finds the work done on a later look.
        const attempt = (async () => {
          for (let tries = 1; ; tries += 1) {
            try {
              return await migrate();
            } catch (error) {
              if (tries >= 5) throw error;
              await new Promise((resolve) => setTimeout(resolve, 50 * tries));
            }
          }
        })();
        attempt.catch(() => {
          migrated = undefined;
        });
        migrated = attempt;
      }
      return migrated;
    },
    close: () => db.destroy(),
  };
}

function openSqlite(path: string) {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // A second process on the same file waits for the lock instead of failing at once.
  const database = new DatabaseSync(file, { timeout: 5_000 });
  if (file !== ':memory:') database.exec('PRAGMA journal_mode = WAL');
  // Every committed entry is on disk before the write it records is sent (no write without its entry).
  database.exec('PRAGMA synchronous = FULL');
  return { engine: 'sqlite' as const, db: new Kysely<GatewaySchema>({ dialect: nodeSqliteDialect(database) }), describe: `SQLite ${file}` };
}

function openPostgres(url: string, options: OpenOptions) {
  const timeout = options.statementTimeoutMs ?? 5_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    // Waiting for a free connection counts here: a burst of writes queues, it is not refused. A
    // stopped database refuses the connection at once, whatever this says.
    connectionTimeoutMillis: Math.max(timeout, 10_000),
    query_timeout: timeout,
    statement_timeout: timeout,
    idleTimeoutMillis: 30_000,
    application_name: 'student-success-gateway',
  });
  // An idle connection that drops (the database restarted) must not crash the process; the pool reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  const parsed = new URL(url);
  return {
    engine: 'postgres' as const,
    db: new Kysely<GatewaySchema>({ dialect: new PostgresDialect({ pool }) }),
    describe: `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
  };
}
