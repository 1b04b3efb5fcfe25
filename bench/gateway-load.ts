import autocannon from 'autocannon';

/**
 * The load generator of the gateway bench, run in its own process (bench/gateway.bench.ts):
 * `node bench/gateway-load.ts <origin> <cookie> <connections> <seconds>` prints autocannon's
 * JSON summary. Each connection cycles through a mixed workload: four reads and two writes.
 */
const [origin = '', cookie = '', connections = '10', seconds = '60'] = process.argv.slice(2);
// Writes carry the dashboard's Origin, as the browser sends it (the gateway's CSRF check).
const json = { 'content-type': 'application/json', cookie, origin };
let n = 0;
const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  headers: { cookie, origin, accept: 'application/json' },
  requests: [
    { method: 'GET', path: '/api/notations/alerts/?pageSize=50' },
    { method: 'GET', path: '/api/notations/categories/' },
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/api/people/S${String((n % 500) + 1).padStart(6, '0')}` }),
    },
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/api/people/S${String((n % 500) + 1).padStart(6, '0')}/successNetwork` }),
    },
    {
      method: 'POST',
      path: '/api/notations/updates/',
      headers: json,
      setupRequest: (req) => {
        n += 1;
        return {
          ...req,
          body: JSON.stringify({
            audienceType: 'All',
            canStudentView: false,
            details: `Bench check-in ${n}.`,
            student: { identifier: `S${String((n % 500) + 1).padStart(6, '0')}` },
          }),
        };
      },
    },
    { method: 'PATCH', path: '/api/notations/triggers/1', headers: json, body: JSON.stringify({ additionalAdvice: 'Call within a day.' }) },
  ],
});
process.stdout.write(JSON.stringify(result));
