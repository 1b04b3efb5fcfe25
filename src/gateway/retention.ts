import type { JournalStore } from './journal-store.ts';
import type { Logger } from './logging.ts';

const DAY_MS = 86_400_000;

export interface RetentionOptions {
  store: JournalStore;
  /** The other logs kept RETENTION_DAYS (the access log …), purged in the same run; their counts are journaled with it. */
  alsoPurge?: Record<string, (olderThan: string) => Promise<number>>;
  /** RETENTION_DAYS: entries older than this many days are deleted. */
  days: number;
  logger: Logger;
  /** How often each instance asks whether the day's purge is due (default hourly). */
  checkEveryMs?: number;
  now?: () => Date;
}

/**
 * The daily purge. Every instance asks once an hour; the database lets exactly one of them have
 * each day's run (a conditional update of the task's row — a lock in the database, not a timer per
 * instance), and the purge journals itself: how many entries went, older than what.
 */
export function scheduleRetention(options: RetentionOptions): { runOnce(): Promise<number | undefined>; stop(): void } {
  const now = options.now ?? (() => new Date());
  const runOnce = async () => {
    if (!(await options.store.claimTask('purge', DAY_MS))) return undefined;
    const olderThan = new Date(now().getTime() - options.days * DAY_MS).toISOString();
    const others: Record<string, number> = {};
    for (const [name, purge] of Object.entries(options.alsoPurge ?? {})) others[name] = await purge(olderThan);
    const deleted = await options.store.purge(olderThan, others);
    options.logger.info({ deleted, olderThan, ...others }, 'retention: purged the journal');
    return deleted;
  };
  const tick = () =>
    void runOnce().catch((error: unknown) => options.logger.warn({ err: error }, 'retention: the purge did not run; it is tried again within the hour'));
  const first = setTimeout(tick, 1_000);
  const timer = setInterval(tick, options.checkEveryMs ?? 3_600_000);
  first.unref();
  timer.unref();
  return {
    runOnce,
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
