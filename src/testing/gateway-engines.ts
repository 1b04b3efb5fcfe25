import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openGatewayDatabase, type Engine, type GatewayDatabase } from '../gateway/db/database.ts';
import { postgresBin, startPostgres, type TestPostgres } from './postgres.ts';

export interface GatewayEngines {
  /** The file's own temporary folder (removed after its tests). */
  folder: string;
  /** The setting (GATEWAY_DATABASE) of a fresh, empty database of the engine: a new file, or a new PostgreSQL database. */
  freshSetting(engine: Engine): Promise<string>;
  /** A fresh, empty database of the engine, opened. */
  freshDatabase(engine: Engine): Promise<GatewayDatabase>;
}

/**
 * Both engines of the gateway's records for a test file (#29): SQLite files in a temporary folder,
 * and a real PostgreSQL cluster started on a free port before the file's tests and removed after
 * them. Call it at the top of the file; a test on PostgreSQL fails, saying why, where Debian's
 * postgresql is not installed.
 */
export function gatewayEngines(prefix: string): GatewayEngines {
  let postgres: TestPostgres | undefined;
  const folder = mkdtempSync(join(tmpdir(), `${prefix}-`));
  beforeAll(async () => {
    if (postgresBin()) postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres?.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  let count = 0;
  const freshSetting = async (engine: Engine): Promise<string> => {
    count += 1;
    if (engine === 'sqlite') return join(folder, `${count}.sqlite`);
    if (!postgres) throw new Error("PostgreSQL is missing: install Debian's postgresql (.ci/run does)");
    const admin = openGatewayDatabase(postgres.url);
    await sql.raw(`create database store_${count}`).execute(admin.db);
    await admin.close();
    return postgres.url.replace(/\/postgres$/, `/store_${count}`);
  };
  return { folder, freshSetting, freshDatabase: async (engine) => openGatewayDatabase(await freshSetting(engine)) };
}

export interface FreshStore<S> {
  /** The store on the database as last opened. */
  readonly store: S;
  /** The time the store is given; a test moves it. */
  clock: Date;
  /** Closes the database and opens it again, as a restart would: the store is then a new one on it. */
  reopen(): Promise<S>;
}

/**
 * A store on a fresh database of `engine` for the enclosing describe block, with a clock the tests
 * move: opened in its `beforeAll`, closed (as last reopened) in its `afterAll`.
 */
export function useFreshStore<S>(engines: GatewayEngines, engine: Engine, open: (database: GatewayDatabase, now: () => Date) => S, clock: Date): FreshStore<S> {
  let setting = '';
  let database: GatewayDatabase | undefined;
  let store: S | undefined;
  const fixture: FreshStore<S> = {
    get store() {
      if (!store) throw new Error('useFreshStore: the store is used before its beforeAll has run');
      return store;
    },
    clock,
    reopen: async () => {
      await database?.close();
      database = openGatewayDatabase(setting);
      store = open(database, () => fixture.clock);
      return store;
    },
  };
  beforeAll(async () => {
    setting = await engines.freshSetting(engine);
    await fixture.reopen();
  });
  afterAll(() => database?.close());
  return fixture;
}
