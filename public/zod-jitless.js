// Under the gateway's Content-Security-Policy (script-src 'self', no 'unsafe-eval') zod must not
// compile parsers with `new Function`: even its caught probe is reported as a CSP violation, and
// it probes as soon as the first object schema is built. zod reads this global config when it
// loads, so this classic script runs before the app's modules (index.html).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
