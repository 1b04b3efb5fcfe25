import { performance } from 'node:perf_hooks';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { openDatabase } from '../src/backend/db/open.ts';
import { createApp } from '../src/backend/app.ts';
import { DEMO_CLIENT } from '../src/testing/backend.ts';

/**
 * How the compression level was chosen (issue #14 item 1): one page of 1,000 alerts with the
 * triage's expansions, compressed with each candidate; compression time against the transfer time
 * it saves at 20 Mbit/s, and the cost on loopback (compress + decompress, transfer ~free).
 * `node bench/compression.bench.ts` (BENCH_SCALE, default 10).
 */
export interface CompressionRow {
  name: string;
  bytes: number;
  compressMs: number;
  decompressMs: number;
  transferMs: number;
  savedMs: number;
}

const MBIT_20_BYTES_PER_MS = (20 * 1_000_000) / 8 / 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time<T>(fn: () => T, runs = 9): { ms: number; value: T } {
  let value = fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    value = fn();
    samples.push(performance.now() - start);
  }
  return { ms: median(samples), value };
}

export async function measureCompression(scale: number): Promise<{ rawBytes: number; rows: CompressionRow[]; small: CompressionRow[] }> {
  const { db } = openDatabase({ path: ':memory:', seed: 1, scale, now: new Date('2026-06-01T00:00:00Z') });
  const app = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600 });
  const tokenRes = await app.request('/api/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret }),
  });
  const { access_token: accessToken } = (await tokenRes.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${accessToken}`, 'Ocp-Apim-Subscription-Key': DEMO_CLIENT.subscriptionKey };
  const page = Buffer.from(await (await app.request('/api/notations/alerts/?pageSize=1000&expand=student,categories,createdBy', { headers })).arrayBuffer());
  const one = Buffer.from(await (await app.request('/api/notations/alerts/?pageSize=2&expand=student,categories,createdBy', { headers })).arrayBuffer());
  db.close();

  const candidates: { name: string; compress: (b: Buffer) => Buffer; decompress: (b: Buffer) => Buffer }[] = [
    { name: 'gzip 1', compress: (b) => gzipSync(b, { level: 1 }), decompress: gunzipSync },
    { name: 'gzip 6', compress: (b) => gzipSync(b, { level: 6 }), decompress: gunzipSync },
    { name: 'gzip 9', compress: (b) => gzipSync(b, { level: 9 }), decompress: gunzipSync },
    ...[1, 4, 5, 6, 9, 11].map((q) => ({
      name: `br ${q}`,
      compress: (b: Buffer) =>
        brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
      decompress: (b: Buffer) => brotliDecompressSync(b),
    })),
    ...[1, 3, 6, 9].map((l) => ({
      name: `zstd ${l}`,
      compress: (b: Buffer) => zstdCompressSync(b, { params: { [constants.ZSTD_c_compressionLevel]: l } }),
      decompress: (b: Buffer) => zstdDecompressSync(b),
    })),
  ];
  const measure = (body: Buffer) =>
    candidates.map(({ name, compress, decompress }) => {
      const c = time(() => compress(body), name === 'br 11' ? 3 : 9);
      const d = time(() => decompress(c.value));
      const transferMs = c.value.length / MBIT_20_BYTES_PER_MS;
      return {
        name,
        bytes: c.value.length,
        compressMs: c.ms,
        decompressMs: d.ms,
        transferMs,
        savedMs: body.length / MBIT_20_BYTES_PER_MS - transferMs - c.ms - d.ms,
      };
    });
  return {
    rawBytes: page.length,
    rows: measure(page),
    small: measure(one)
      .filter((r) => ['gzip 6', 'br 4', 'zstd 3'].includes(r.name))
      .map((r) => ({ ...r, name: `${r.name} (two alerts, ${one.length} B)` })),
  };
}

export function formatCompression(result: Awaited<ReturnType<typeof measureCompression>>): string {
  const lines = [
    `One page of 1,000 alerts with student, categories, createdBy: ${(result.rawBytes / 1024).toFixed(0)} KB raw = ${(result.rawBytes / MBIT_20_BYTES_PER_MS).toFixed(0)} ms at 20 Mbit/s.`,
    '',
    '| encoding, level | bytes | compress ms | decompress ms | transfer at 20 Mbit/s ms | net saved at 20 Mbit/s ms | loopback cost ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of [...result.rows, ...result.small]) {
    lines.push(
      `| ${r.name} | ${r.bytes.toLocaleString('en')} | ${r.compressMs.toFixed(2)} | ${r.decompressMs.toFixed(2)} | ${r.transferMs.toFixed(1)} | ${r.savedMs.toFixed(0)} | ${(r.compressMs + r.decompressMs).toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureCompression(Number(process.env.BENCH_SCALE ?? 10));
  console.log(formatCompression(result));
}
