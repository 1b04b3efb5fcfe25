import autocannon from 'autocannon';

/**
 * The load generator of the access bench (bench/access.bench.ts), in its own process:
 * `node bench/access-load.ts '<json>'` with `{ origin, headers, paths, connections, seconds }`
 * prints autocannon's JSON summary. Each connection cycles through the GETs in `paths`.
 */
const { origin, headers, paths, connections, seconds } = JSON.parse(process.argv[2] ?? '{}') as {
  origin: string;
  headers: Record<string, string>;
  paths: string[];
  connections: number;
  seconds: number;
};
const result = await autocannon({
  url: origin,
  connections,
  duration: seconds,
  headers: { ...headers, accept: 'application/json' },
  requests: paths.map((path) => ({ method: 'GET', path })),
});
process.stdout.write(JSON.stringify(result));
