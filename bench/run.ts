import { benchBackend, formatTable } from './backend.bench.ts';

/** `npm run bench`: every benchmark, results as tables. BENCH_SCALE and BENCH_SECONDS adjust it. */
const scale = Number(process.env.BENCH_SCALE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const backend = await benchBackend({ scale, seconds });
console.log(`\n## Reference backend (SEED_SCALE=${scale})\n`);
console.log(`Seed time: ${backend.seedMs} ms\n`);
console.log(formatTable(backend.rows));
console.log('');
for (const note of backend.notes) console.log(`- ${note}`);
