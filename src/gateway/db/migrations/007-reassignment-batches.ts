import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { notNull, withId } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/**
 * Bulk reassignments (#31 item 4): one row per batch, one per network it wrote with the network
 * before and after, so the batch can be undone after a reload, from another browser, by someone else.
 */
export const reassignmentBatches = (engine: Engine): Migration =>
  tablesMigration(['reassignment_batches', 'reassignment_batch_networks'], async (db) => {
    await createTable(db, 'reassignment_batches')
      .$call(withId(engine))
      .$call(notNull('text', ['actor', 'created_at', 'description']))
      .execute();
    await db.schema.createIndex('reassignment_batches_created').ifNotExists().on('reassignment_batches').columns(['created_at', 'id']).execute();
    await createTable(db, 'reassignment_batch_networks')
      .$call(notNull(engine === 'postgres' ? 'bigint' : 'integer', ['batch_id']))
      .$call(notNull('text', ['student', 'written_at']))
      // JSON arrays of identifiers; `before` null when the gateway could not read it.
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('undone_at', 'text')
      .addColumn('undone_by', 'text')
      .addPrimaryKeyConstraint('reassignment_batch_networks_pk', ['batch_id', 'student'])
      .execute();
  });
