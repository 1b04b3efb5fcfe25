import type { DatabaseSync } from 'node:sqlite';
import { keyedTable, statementCache } from '../db/sql.ts';
import type { TriggerRow } from './rows.ts';

const COLUMNS = 'id, name, additional_advice, audience_type, can_student_view, created_on, elevate_to_alert';

export function createTriggerRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    ...keyedTable<TriggerRow, number>(sql, { from: 'trigger_def', columns: COLUMNS, key: 'id' }),
    update(id: number, fields: { name: string; additionalAdvice: string; elevateToAlert: boolean }): void {
      sql('UPDATE trigger_def SET name = ?, additional_advice = ?, elevate_to_alert = ? WHERE id = ?').run(
        fields.name,
        fields.additionalAdvice,
        fields.elevateToAlert ? 1 : 0,
        id,
      );
    },
  };
}
export type TriggerRepository = ReturnType<typeof createTriggerRepository>;
