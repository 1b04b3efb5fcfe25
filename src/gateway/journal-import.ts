import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { JournalEntrySchema, type JournalEntry } from '../api/journal.ts';
import { openGatewayDatabase } from './db/database.ts';
import { databaseJournal } from './journal-store.ts';

/**
 * `npm run journal:import -- <journal.jsonl>`: brings the entries of a JSON-lines journal (the
 * JOURNAL_FILE of earlier versions) into the gateway's database named by GATEWAY_DATABASE (default
 * data/gateway.sqlite). Run it again and nothing is added twice; lines that are not entries (a torn
 * last line after a crash) are counted and skipped.
 */
export async function importJournal(file: string, setting: string | undefined): Promise<{ read: number; added: number; skipped: number }> {
  const store = databaseJournal(openGatewayDatabase(setting));
  let read = 0;
  let skipped = 0;
  let added = 0;
  let batch: JournalEntry[] = [];
  try {
    for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      read += 1;
      let parsed: ReturnType<typeof JournalEntrySchema.safeParse> | undefined;
      try {
        parsed = JournalEntrySchema.safeParse(JSON.parse(line));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        skipped += 1;
        continue;
      }
      batch.push(parsed.data);
      if (batch.length === 5_000) {
        added += await store.importEntries(batch);
        batch = [];
      }
    }
    added += await store.importEntries(batch);
  } finally {
    await store.close();
  }
  return { read, added, skipped };
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run journal:import -- <journal.jsonl>   (into GATEWAY_DATABASE, default data/gateway.sqlite)');
    process.exit(2);
  }
  importJournal(file, process.env.GATEWAY_DATABASE || undefined).then(
    ({ read, added, skipped }) =>
      console.log(`${read} lines read: ${added} entries imported, ${read - added - skipped} already there, ${skipped} not entries (skipped)`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
