import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../database.ts';

/** A table's own increasing id, as each engine spells it (`$call(withId(engine))`). */
export const withId =
  (engine: Engine) =>
  <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (col) =>
      engine === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    );
