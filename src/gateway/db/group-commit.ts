/**
 * Group commit: the items that arrive while a commit is running are written together in the next
 * one, and each caller's promise settles when the commit holding its item has. With
 * `synchronous = FULL` every commit waits for the disk (and node:sqlite waits on the event loop),
 * so one commit per read would cap the gateway at the disk's flush rate; one per batch keeps each
 * entry durable before its answer is sent and costs one flush for all the reads waiting together.
 * A failed commit fails every caller of its batch: none of them is served unlogged.
 */
export function groupCommit<T>(commit: (items: readonly T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: { item: T; settle: (error?: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      let failure: unknown;
      try {
        await commit(batch.map((w) => w.item));
      } catch (error) {
        failure = error ?? new Error('the commit failed');
      }
      for (const w of batch) w.settle(failure);
    }
    running = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, settle: (error) => (error === undefined ? resolve() : reject(error as Error)) });
      // The callers of this same turn of the event loop join the first batch.
      if (!running) queueMicrotask(() => void (running ? undefined : drain()));
    });
}
