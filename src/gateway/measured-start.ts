/**
 * `npm start` (../start.ts) for tests that measure the process from outside: started with
 * `node --expose-gc` and an IPC channel, it answers the message `'memory'` with its memory after a
 * full garbage collection, so a test reads what the gateway keeps, not what it has yet to collect.
 * Test-only: nothing in production imports it.
 */
interface MemoryReport {
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

process.on('message', (message) => {
  if (message !== 'memory' || !process.send) return;
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: the first pass queues finalizers (sockets, buffers) that the second then frees.
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  const report: MemoryReport = { rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed), externalMb: mb(usage.external), arrayBuffersMb: mb(usage.arrayBuffers) };
  process.send({ memory: report, gc: gc !== undefined });
});

await import('./start.ts');

export {};
