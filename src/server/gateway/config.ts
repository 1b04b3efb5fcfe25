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
    ...(e.UPSTREAM_URL
      ? { remote: { url: e.UPSTREAM_URL, tokenUrl: e.TOKEN_URL!, clientId: e.CLIENT_ID!, clientSecret: e.CLIENT_SECRET!, subscriptionKey: e.SUBSCRIPTION_KEY! } }
      : {}),
  };
}
