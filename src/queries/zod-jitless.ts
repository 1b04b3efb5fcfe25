/**
 * zod must not compile parsers with `new Function` under the gateway's Content-Security-Policy
 * (no 'unsafe-eval'): the page sets this in public/zod-jitless.js before its modules load; a
 * worker imports this module first.
 */
const config = globalThis as { __zod_globalConfig?: Record<string, unknown> };
config.__zod_globalConfig = { ...config.__zod_globalConfig, jitless: true };
