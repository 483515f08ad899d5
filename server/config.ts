import path from 'node:path';
import { z } from 'zod';
import { type TrustProxy, trustProxyFromEnv } from './security/trust-proxy.ts';

const flagFromEnv = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

// An origin a host page may frame the storefront from (CSP frame-ancestors source syntax,
// narrowed to scheme://host[:port] with an optional leading wildcard label; no paths).
const EMBED_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$/i;

/** Every environment variable the server reads, parsed once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Order-creating calls run at once (admission control, server/security/admission.ts); 0 = off. Default: as many as the order batcher's lanes carry in one go (ORDER_BATCH × ORDER_BATCH_LANES). */
  ORDER_CONCURRENCY: z.coerce.number().int().min(0).max(1000).optional(),
  /** Order-creating calls that may wait for a slot; beyond that they get HTTP 429 at once. */
  ORDER_QUEUE: z.coerce.number().int().min(0).max(100_000).default(50),
  /** The longest an order-creating call waits in that queue before it gets HTTP 429. */
  ORDER_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
  /** The most quantity orders placed together in one statement under a rush (server/orders/order-batcher.ts); 1 = each alone. */
  ORDER_BATCH: z.coerce.number().int().min(1).max(200).default(20),
  /** Order-placing calls to the database at once; orders arriving while all are busy go together in the next. */
  ORDER_BATCH_LANES: z.coerce.number().int().min(1).max(200).default(2),
  PUBLIC_URL: z.url().optional(),
  /** The venue's time zone; unset: the setup's app.timezone (server/setup/setup.service.ts, venueTimeZone). */
  TIMEZONE: z.string().min(1).refine(isValidTimeZone, 'unknown time zone, expected an IANA name such as Europe/Moscow').optional(),
  SETUP_FILE: z.string().min(1).optional(),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO: flagFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Storefront <tickets@localhost>'),
  JOBS: flagFromEnv.default(true),
  EMBED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(EMBED_ORIGIN, 'each entry must be an origin like https://venue.example (a leading *. allows subdomains)'))),
  /** Shared with the venue's site, which signs CRM-client tokens with it (docs/crm-client.md). */
  CRM_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The reCAPTCHA secret key; the site key is in the setup (recaptcha.sitekey). */
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  /** Benchmarks: on SIGUSR2 the server writes `db-statements <n>` (SQL statements sent so far) to stderr. */
  DB_STATEMENT_REPORT: flagFromEnv.default(false),
  /** Which proxies' X-Forwarded-For/-Proto/-Host to believe (server/security/trust-proxy.ts). */
  TRUST_PROXY: trustProxyFromEnv,
  /** The Pushkin-card registry's API (docs/checkin.md): https://pushka.gosuslugi.ru/api/v1, or the test host https://pushka-uat.test.gosuslugi.ru/api/v1. Unset: nothing is sent. */
  REGISTRY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The venue's key for the registry (Bearer). */
  REGISTRY_KEY: z.string().min(8).optional(),
  /** The venue's organization id in PRO.Культура. */
  REGISTRY_ORG_ID: z.string().regex(/^[\w-]{1,64}$/, 'letters, digits, _ or -').optional(),
}).refine(
  (e) => [e.REGISTRY_URL, e.REGISTRY_KEY, e.REGISTRY_ORG_ID].every((v) => v === undefined) || [e.REGISTRY_URL, e.REGISTRY_KEY, e.REGISTRY_ORG_ID].every((v) => v !== undefined),
  { path: ['REGISTRY_URL'], message: 'REGISTRY_URL, REGISTRY_KEY and REGISTRY_ORG_ID go together: set all three or none' },
);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  orderConcurrency: number;
  orderQueue: number;
  orderQueueTimeoutMs: number;
  orderBatch: number;
  orderBatchLanes: number;
  publicUrl: string | undefined;
  /** The venue's time zone when set; undefined: the setup's app.timezone. Read it through venueTimeZone. */
  timezone: string | undefined;
  setupFile: string | undefined;
  secret: string | undefined;
  demo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  jobs: boolean;
  /** Host-page origins allowed to frame the storefront (the embeddable widget); empty: none but our own. */
  embedOrigins: string[];
  crmSecret: string | undefined;
  recaptchaSecret: string | undefined;
  /** Answer SIGUSR2 with the count of SQL statements sent (bench/parts/rush.ts reads it). */
  dbStatementReport?: boolean;
  /** Fastify's trustProxy: false (none, the default), true (any), a hop count, or addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** The Pushkin-card registry; undefined: reports wait in their queue, nothing is sent. */
  registry?: { url: string; key: string; organizationId: string } | undefined;
};

export class ConfigError extends Error {}

/** Variables whose whole value is a secret: never printed, not even in an error. */
const SECRET_VARIABLES = /SECRET|PASSWORD|TOKEN|(^|_)KEY($|_)/;
/** The password of a URL with credentials (postgres://user:password@host, smtp://user:password@host). */
// Up to the authority's last @, so a password with an unescaped @ in it is masked whole.
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s/]*@/gi;

/** A variable's value as it may be printed: a secret variable's as ***, any URL's password as ***. */
export function maskedValue(name: string, value: string | undefined): string {
  if (value === undefined || value === '') return '""';
  if (SECRET_VARIABLES.test(name)) return '***';
  return JSON.stringify(value.replace(URL_PASSWORD, '$1***@'));
}

/**
 * Replaces every secret of the environment found in a text (an error's message at start) by ***:
 * the values of secret variables and the passwords inside URL values, whatever the variable.
 */
export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (SECRET_VARIABLES.test(name) && value.length >= 4) secrets.add(value);
    for (const match of value.matchAll(URL_PASSWORD)) {
      const password = match[0].slice(match[1]?.length ?? 0, -1);
      if (password.length > 0) {
        secrets.add(password);
        try {
          secrets.add(decodeURIComponent(password));
        } catch {
          // A malformed escape: the raw text is masked already.
        }
      }
    }
  }
  let out = text.replace(URL_PASSWORD, '$1***@');
  // Longest first, so a secret that contains another is masked whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('***');
  return out;
}

/** Parses the environment; a bad value throws a ConfigError with one line per problem, secrets masked. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      return `  ${name}=${maskedValue(name, env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    orderConcurrency: e.ORDER_CONCURRENCY ?? e.ORDER_BATCH * e.ORDER_BATCH_LANES,
    orderQueue: e.ORDER_QUEUE,
    orderQueueTimeoutMs: e.ORDER_QUEUE_TIMEOUT_MS,
    orderBatch: e.ORDER_BATCH,
    orderBatchLanes: e.ORDER_BATCH_LANES,
    publicUrl: e.PUBLIC_URL,
    timezone: e.TIMEZONE,
    setupFile: e.SETUP_FILE,
    secret: e.SECRET,
    demo: e.DEMO,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jobs: e.JOBS,
    embedOrigins: e.EMBED_ORIGINS,
    crmSecret: e.CRM_SECRET,
    dbStatementReport: e.DB_STATEMENT_REPORT,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    trustProxy: e.TRUST_PROXY,
    registry: e.REGISTRY_URL && e.REGISTRY_KEY && e.REGISTRY_ORG_ID ? { url: e.REGISTRY_URL, key: e.REGISTRY_KEY, organizationId: e.REGISTRY_ORG_ID } : undefined,
  };
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
