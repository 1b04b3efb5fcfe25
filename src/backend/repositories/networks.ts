import type { DatabaseSync } from 'node:sqlite';
import { statementCache, transaction } from '../db/sql.ts';

export function createNetworkRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    /** Members in the order of the last replace (decisions §4). */
    members(person: string): string[] {
      const rows = sql('SELECT member FROM success_network WHERE person = ? ORDER BY position').all(person) as unknown as {
        member: string;
      }[];
      return rows.map((r) => r.member);
    },
    /** Atomic: readers see the old network or the new one, never a mix (decisions §7). */
    replace(person: string, members: readonly string[]): void {
      transaction(db, () => {
        sql('DELETE FROM success_network WHERE person = ?').run(person);
        const insert = sql('INSERT INTO success_network (person, member, position) VALUES (?, ?, ?)');
        members.forEach((m, i) => insert.run(person, m, i));
      });
    },
  };
}
export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
