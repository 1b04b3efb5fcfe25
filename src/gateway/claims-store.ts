import type { AlertClaim } from '../api/claims.ts';
import type { GatewayDatabase } from './db/database.ts';
import type { AlertClaimTable } from './db/schema.ts';

/** "I'm on it" claims in the gateway's database (#32 item 6): one per alert. */
export interface ClaimStore {
  /** The claims on these alerts. */
  list(alerts: readonly string[]): Promise<AlertClaim[]>;
  get(alert: string): Promise<AlertClaim | undefined>;
  /**
   * Claims the alert for `holder`. Held by someone else: taken over only when `note` says why,
   * otherwise nothing changes and the current claim is returned as `heldBy`.
   */
  claim(input: { alert: string; student: string; holder: string; holderName: string; note?: string }): Promise<{ claim: AlertClaim } | { heldBy: AlertClaim }>;
  /** Releases the alerts' claims (lowered, or let go); returns how many there were. */
  release(alerts: readonly string[]): Promise<number>;
}

const toClaim = (row: AlertClaimTable): AlertClaim => ({
  alert: row.alert,
  student: row.student,
  holder: row.holder,
  holderName: row.holder_name,
  since: row.since,
  ...(row.note ? { note: row.note } : {}),
});

export function databaseClaims(database: GatewayDatabase, now: () => Date = () => new Date()): ClaimStore {
  const { db } = database;
  const get = async (alert: string) => {
    await database.ready();
    const row = await db.selectFrom('alert_claims').selectAll().where('alert', '=', alert).executeTakeFirst();
    return row ? toClaim(row) : undefined;
  };
  return {
    get,
    list: async (alerts) => {
      if (alerts.length === 0) return [];
      await database.ready();
      const rows = await db
        .selectFrom('alert_claims')
        .selectAll()
        .where('alert', 'in', [...alerts])
        .execute();
      return rows.map(toClaim);
    },
    claim: async ({ alert, student, holder, holderName, note }) => {
      await database.ready();
      const row: AlertClaimTable = { alert, student, holder, holder_name: holderName, since: now().toISOString(), note: note ?? null };
      // Two people claiming at once: the primary key lets one in; the other finds it held.
      const inserted = await db
        .insertInto('alert_claims')
        .values(row)
        .onConflict((oc) => oc.column('alert').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { claim: toClaim(row) };
      const current = await get(alert);
      if (!current) return { claim: toClaim(row) };
      // Claimed again by its holder: kept as it was (the since stays true).
      if (current.holder === holder) return { claim: current };
      if (!note) return { heldBy: current };
      // A takeover replaces exactly the claim the person saw; a third person's in between wins.
      const taken = await db
        .updateTable('alert_claims')
        .set({ holder, holder_name: holderName, since: row.since, note })
        .where('alert', '=', alert)
        .where('holder', '=', current.holder)
        .where('since', '=', current.since)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { claim: toClaim(row) };
      const winner = await get(alert);
      return winner ? { heldBy: winner } : { claim: toClaim(row) };
    },
    release: async (alerts) => {
      if (alerts.length === 0) return 0;
      await database.ready();
      const result = await db
        .deleteFrom('alert_claims')
        .where('alert', 'in', [...alerts])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
