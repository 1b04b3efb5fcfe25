import { z } from 'zod';
import type { AttentionRules } from './my-students/attention.ts';

const seconds = z.coerce.number().int().min(1);

const GatewayEnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    UPSTREAM_URL: z.url().optional(),
    TOKEN_URL: z.url().optional(),
    CLIENT_ID: z.string().min(1).optional(),
    CLIENT_SECRET: z.string().min(1).optional(),
    SUBSCRIPTION_KEY: z.string().min(1).optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_IDENTIFIER_CLAIM: z.string().min(1).default('preferred_username'),
    OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
    STAFF_GROUP: z.string().min(1).default('success-staff'),
    ADMIN_GROUP: z.string().min(1).default('success-admins'),
    NETWORK_GROUP: z.string().min(1).default('success-network-editors'),
    SESSION_STORE_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    SESSION_IDLE_S: seconds.default(1800),
    SESSION_MAX_S: seconds.default(36_000),
    // #30: how often a session's groups are checked again at the identity provider.
    GROUPS_RECHECK_S: seconds.default(900),
    SESSION_STORE_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    // #15: bounds, operations, journal (see README "Running the gateway in production").
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
    JOURNAL_FILE: z.string().min(1).optional(),
    // #29: the gateway's own records (journal.ts, db/).
    GATEWAY_DATABASE: z.string().min(1).optional(),
    RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(1_095),
    // #30: how long a person's network memberships are reused for the audiences.
    ACCESS_CACHE_S: z.coerce.number().int().min(0).max(86_400).default(300),
    ACCESS_POLICY: z.enum(['relationship', 'all-staff']).default('relationship'),
    ACCESS_ENFORCEMENT: z.enum(['on', 'off']).default('on'),
    RECORDS_GROUP: z.string().min(1).default('success-records'),
    ACCESS_GRANT_HOURS: z.coerce.number().min(0.01).max(720).default(8),
    // #33: an alert answered (commented on) within this many days counts as answered.
    ALERT_RESPONSE_DAYS: z.coerce.number().int().positive().max(365).default(3),
    // #30 item 6: a notice each person accepts once per version before any record is shown (notice.ts).
    CONFIDENTIALITY_NOTICE_FILE: z.string().min(1).optional(),
    // #32: the home's attention rules (src/gateway/my-students/attention.ts, docs/attention.md); 0 turns a rule off.
    ATTENTION_OPEN_ALERTS: z.coerce.number().int().min(0).max(1000).default(1),
    ATTENTION_SILENT_ALERT_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
    ATTENTION_NEW_ALERTS: z.coerce.number().int().min(0).max(1).default(1),
    ATTENTION_BOTTOM_PERCENT: z.coerce.number().int().min(0).max(99).default(25),
    ATTENTION_NO_CONTACT_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    ATTENTION_CONTACT_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    // #32 item 7: e-mail notifications (notifier.ts); without SMTP_URL they are kept for the app's outbox.
    NOTIFY_POLL_S: seconds.max(86_400).default(60),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Student Success <no-reply@localhost>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.UPSTREAM_URL) {
      for (const name of ['TOKEN_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'SUBSCRIPTION_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with UPSTREAM_URL' });
      }
      // The development provider never stands in front of a real service.
      for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required with UPSTREAM_URL (sign-in goes through your OpenID Connect provider)' });
      }
    }
    if (env.OIDC_ISSUER) {
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with OIDC_ISSUER' });
      }
      const issuer = new URL(env.OIDC_ISSUER);
      if (issuer.protocol === 'http:' && !isLoopback(issuer.hostname)) {
        ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'must use https (plain http only on a loopback address such as 127.0.0.1)' });
      }
    }
    if (env.SESSION_IDLE_S > env.SESSION_MAX_S) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_IDLE_S'], message: 'must not be longer than SESSION_MAX_S' });
    }
  });

/** 127.0.0.0/8, ::1 and localhost: where plain http cannot be read by anyone else. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  identifierClaim: string;
  groupsClaim: string;
  /** Plain-http issuer: only ever on loopback (checked above). */
  allowInsecure: boolean;
}

export interface AuthConfig {
  /** The dashboard's external origin, e.g. https://success.example.edu (no trailing slash). */
  publicUrl: string;
  /** Absent: the development provider runs on this origin at /dev-idp. */
  oidc?: OidcSettings;
  groups: { staff: string; admin: string; network: string; records: string };
  /** recheckSeconds: GROUPS_RECHECK_S (default 900), how old a session's groups may get before the provider is asked again. */
  sessions: { storeUrl?: string; idleSeconds: number; maxSeconds: number; recheckSeconds?: number };
}

export interface GatewayConfig {
  port: number;
  host: string;
  auth: AuthConfig;
  /** Present in proxy mode; absent: the reference backend runs in this process. */
  remote?: { url: string; tokenUrl: string; clientId: string; clientSecret: string; subscriptionKey: string };
  timeouts: { upstreamMs: number; tokenMs: number };
  /** How long one session-store operation may take before requests get 503 (SESSION_STORE_TIMEOUT_MS). */
  sessionStoreTimeoutMs: number;
  /** Believe X-Forwarded-Proto/Host/For from the load balancer in front. */
  trustProxy: boolean;
  /** An extra JSON-lines copy of each completed journal entry, for log shippers. */
  journalFile: string | undefined;
  /** GATEWAY_DATABASE: a postgres:// URL or a SQLite file (default data/gateway.sqlite). */
  database: string | undefined;
  retentionDays: number;
  accessCacheSeconds: number;
  /** Who may open which student's records (relationships.ts). */
  access: { enforce: boolean; policy: 'relationship' | 'all-staff'; recordsGroup: string; grantHours: number };
  /** ALERT_RESPONSE_DAYS: how soon an alert must be answered to count as answered (outcomes, #33). */
  alertResponseDays: number;
  /** CONFIDENTIALITY_NOTICE_FILE: read at start (notice.ts); unset, no notice. */
  noticeFile: string | undefined;
  /** The home's attention rules and how far back contacts are read (ATTENTION_*). */
  attention: { rules: AttentionRules; contactDays: number };
  /** E-mail notifications: NOTIFY_POLL_S, and SMTP_URL / MAIL_FROM (no SMTP_URL: kept in the database). */
  notify: { pollSeconds: number; smtpUrl?: string; mailFrom: string };
  logLevel: string;
}

export function readGatewayConfig(env: Record<string, string | undefined>): GatewayConfig {
  const parsed = GatewayEnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  // Without PUBLIC_URL, the origin the server listens on (start.ts passes the real one after listening).
  const listenHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${listenHost.includes(':') ? `[${listenHost}]` : listenHost}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    auth: {
      publicUrl,
      ...(e.OIDC_ISSUER
        ? {
            oidc: {
              issuer: e.OIDC_ISSUER,
              clientId: e.OIDC_CLIENT_ID!,
              clientSecret: e.OIDC_CLIENT_SECRET!,
              identifierClaim: e.OIDC_IDENTIFIER_CLAIM,
              groupsClaim: e.OIDC_GROUPS_CLAIM,
              allowInsecure: new URL(e.OIDC_ISSUER).protocol === 'http:',
            },
          }
        : {}),
      groups: { staff: e.STAFF_GROUP, admin: e.ADMIN_GROUP, network: e.NETWORK_GROUP, records: e.RECORDS_GROUP },
      sessions: {
        ...(e.SESSION_STORE_URL ? { storeUrl: e.SESSION_STORE_URL } : {}),
        idleSeconds: e.SESSION_IDLE_S,
        maxSeconds: e.SESSION_MAX_S,
        recheckSeconds: e.GROUPS_RECHECK_S,
      },
    },
    timeouts: { upstreamMs: e.UPSTREAM_TIMEOUT_MS, tokenMs: e.TOKEN_TIMEOUT_MS },
    sessionStoreTimeoutMs: e.SESSION_STORE_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    journalFile: e.JOURNAL_FILE,
    database: e.GATEWAY_DATABASE,
    retentionDays: e.RETENTION_DAYS,
    accessCacheSeconds: e.ACCESS_CACHE_S,
    access: { enforce: e.ACCESS_ENFORCEMENT === 'on', policy: e.ACCESS_POLICY, recordsGroup: e.RECORDS_GROUP, grantHours: e.ACCESS_GRANT_HOURS },
    alertResponseDays: e.ALERT_RESPONSE_DAYS,
    noticeFile: e.CONFIDENTIALITY_NOTICE_FILE,
    attention: {
      rules: {
        openAlerts: e.ATTENTION_OPEN_ALERTS,
        silentAlertDays: e.ATTENTION_SILENT_ALERT_DAYS,
        newAlerts: e.ATTENTION_NEW_ALERTS,
        bottomPercent: e.ATTENTION_BOTTOM_PERCENT,
        noContactDays: e.ATTENTION_NO_CONTACT_DAYS,
      },
      contactDays: e.ATTENTION_CONTACT_DAYS,
    },
    notify: { pollSeconds: e.NOTIFY_POLL_S, ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}), mailFrom: e.MAIL_FROM },
    logLevel: e.LOG_LEVEL,
    ...(e.UPSTREAM_URL
      ? {
          remote: { url: e.UPSTREAM_URL, tokenUrl: e.TOKEN_URL!, clientId: e.CLIENT_ID!, clientSecret: e.CLIENT_SECRET!, subscriptionKey: e.SUBSCRIPTION_KEY! },
        }
      : {}),
  };
}
