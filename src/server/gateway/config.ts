import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const GatewayEnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    UPSTREAM_URL: z.url().optional(),
    TOKEN_URL: z.url().optional(),
    CLIENT_ID: z.string().min(1).optional(),
    CLIENT_SECRET: z.string().min(1).optional(),
    SUBSCRIPTION_KEY: z.string().min(1).optional(),
    // #15: bounds, operations, journal (see README "Running the gateway in production").
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
    PUBLIC_URL: z.url().optional(),
    JOURNAL_FILE: z.string().min(1).optional(),
    SESSION_STORE_URL: z.url().optional(),
    ADMIN_IDENTIFIERS: z.string().default('E0001'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (!env.UPSTREAM_URL) return;
    for (const name of ['TOKEN_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'SUBSCRIPTION_KEY'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with UPSTREAM_URL' });
    }
  });

export interface GatewayConfig {
  port: number;
  host: string;
  sessionSecret: string;
  /** Present in proxy mode; absent: the reference backend runs in this process. */
  remote?: { url: string; tokenUrl: string; clientId: string; clientSecret: string; subscriptionKey: string };
  timeouts: { upstreamMs: number; tokenMs: number };
  /** Believe X-Forwarded-Proto/Host/For from the load balancer in front. */
  trustProxy: boolean;
  /** The address people use (https → HSTS and Secure cookies). */
  publicUrl: string | undefined;
  /** JSON-lines journal file; without it (and without a session store) the journal is in memory. */
  journalFile: string | undefined;
  /** Redis (sessions; the journal's stream). */
  sessionStoreUrl: string | undefined;
  /** Until group permissions arrive (#10): who may read the journal. */
  adminIdentifiers: string[];
  logLevel: string;
}

export function readGatewayConfig(env: Record<string, string | undefined>): GatewayConfig {
  const parsed = GatewayEnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    // Without a configured secret, sessions last as long as the process (fine on one machine).
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    timeouts: { upstreamMs: e.UPSTREAM_TIMEOUT_MS, tokenMs: e.TOKEN_TIMEOUT_MS },
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    publicUrl: e.PUBLIC_URL,
    journalFile: e.JOURNAL_FILE,
    sessionStoreUrl: e.SESSION_STORE_URL,
    adminIdentifiers: e.ADMIN_IDENTIFIERS.split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: e.LOG_LEVEL,
    ...(e.UPSTREAM_URL
      ? { remote: { url: e.UPSTREAM_URL, tokenUrl: e.TOKEN_URL!, clientId: e.CLIENT_ID!, clientSecret: e.CLIENT_SECRET!, subscriptionKey: e.SUBSCRIPTION_KEY! } }
      : {}),
  };
}
