import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { withId } from './columns.ts';

/**
 * Bulk reassignments (#31 item 4): one row per batch, one per network it wrote with the network
 * before and after, so the batch can be undone after a reload, from another browser, by someone else.
 */
export const reassignmentBatches = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reassignment_batches')
      .ifNotExists()
      .$call(withId(engine))
      .addColumn('actor', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('reassignment_batches_created').ifNotExists().on('reassignment_batches').columns(['created_at', 'id']).execute();
    await db.schema
      .createTable('reassignment_batch_networks')
      .ifNotExists()
      .addColumn('batch_id', engine === 'postgres' ? 'bigint' : 'integer', (col) => col.notNull())
      .addColumn('student', 'text', (col) => col.notNull())
      .addColumn('written_at', 'text', (col) => col.notNull())
      // JSON arrays of identifiers; `before` null when the gateway could not read it.
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('undone_at', 'text')
      .addColumn('undone_by', 'text')
      .addPrimaryKeyConstraint('reassignment_batch_networks_pk', ['batch_id', 'student'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists reassignment_batch_networks`.execute(db);
    await sql`drop table if exists reassignment_batches`.execute(db);
  },
});
