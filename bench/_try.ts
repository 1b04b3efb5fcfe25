import { formatAccess, measureAccess } from './access.bench.ts';
const r = await measureAccess({ scale: Number(process.env.S ?? 1), seconds: 5, rounds: 3 });
console.log(formatAccess(r));
