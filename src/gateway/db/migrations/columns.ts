import type { ColumnDataType, CreateTableBuilder } from 'kysely';
import type { Engine } from '../database.ts';

/** A table's own increasing id, as each engine spells it (`$call(withId(engine))`). */
export const withId =
  (engine: Engine) =>
  <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (col) =>
      engine === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    );

/**
 * Required columns of one type, in the order given (`$call(notNull('text', [...]))`): most of the
 * gateway's columns are, and one list says so once instead of once a column.
 */
export const notNull =
  <N extends string>(type: ColumnDataType, names: readonly N[]) =>
  <T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | N> =>
    names.reduce<CreateTableBuilder<T, C | N>>((builder, name) => builder.addColumn(name, type, (col) => col.notNull()), table);
