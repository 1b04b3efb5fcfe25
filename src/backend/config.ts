import { z } from 'zod';
import { parseDateBound, startOfUtcDay } from '../lib/dates.ts';

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().min(1);

const EnvSchema = z.object({
  PORT: port.default(4010),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE: z.string().min(1).default(':memory:'),
  SEED: z.coerce.number().int().default(1),
  SEED_SCALE: z.coerce.number().positive().max(100).default(1),
  SEED_NOW: z
    .string()
    .optional()
    .refine((s) => s === undefined || s === '' || parseDateBound(s, 'start') !== null, 'must be a date such as 2026-06-01'),
  TOKEN_TTL_S: positiveInt.default(3600),
  CLIENT_ID: z.string().min(1).default('demo-client'),
  CLIENT_SECRET: z.string().min(1).default('demo-secret'),
  SUBSCRIPTION_KEY: z.string().min(1).default('demo-subscription-key'),
  PUBLIC_BASE_URL: z.url().optional(),
});

export interface BackendConfig {
  port: number;
  host: string;
  database: string;
  seed: number;
  seedScale: number;
  /** The start day the seed lays its dates back from: UTC midnight. */
  seedNow: Date;
  tokenTtlSeconds: number;
  client: { clientId: string; clientSecret: string; subscriptionKey: string };
  publicBaseUrl: string | undefined;
}

/** Reads the backend's environment; a bad value is reported by name, never half-applied. */
export function readBackendConfig(env: Record<string, string | undefined>): BackendConfig {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const day = e.SEED_NOW ? parseDateBound(e.SEED_NOW, 'start')! : Date.now();
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE,
    seed: e.SEED,
    seedScale: e.SEED_SCALE,
    seedNow: new Date(startOfUtcDay(day)),
    tokenTtlSeconds: e.TOKEN_TTL_S,
    client: { clientId: e.CLIENT_ID, clientSecret: e.CLIENT_SECRET, subscriptionKey: e.SUBSCRIPTION_KEY },
    publicBaseUrl: e.PUBLIC_BASE_URL,
  };
}
