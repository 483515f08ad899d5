import { STAFF_SIGN_IN_LIMIT } from '../contract/admin/staff-rules.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  RECEIPT_FFD_VERSIONS,
  RECEIPT_PAYMENT_MODES,
  RECEIPT_TAXATIONS,
  RECEIPT_TAXES,
  type ReceiptFfd,
  type ReceiptPaymentMode,
  type ReceiptTax,
  type ReceiptTaxation,
} from './payments/receipt-model.ts';
import { allowedHostsFromEnv } from './security/allowed-hosts.ts';
import type { HoldLimits } from './security/hold-limits.ts';
import type { RateLimits } from './security/rate-limits.ts';
import { type TrustProxy, trustProxyFromEnv } from './security/trust-proxy.ts';

const flagFromEnv = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

// An origin a host page may frame the storefront from (CSP frame-ancestors source syntax,
// narrowed to scheme://host[:port] with an optional leading wildcard label; no paths).
const EMBED_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$/i;

const acquirerChoice = z.enum(['sandbox', 'tbank', 'yookassa']).default('sandbox');

/** Every environment variable the server reads, parsed once at start. */
const envSchema = z
  .object({
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
    /** Unpaid orders one client address, or one e-mail, may hold at once (server/security/hold-limits.ts); 0 = no limit. */
    HOLD_LIMIT_ORDERS: z.coerce.number().int().min(0).max(10_000).default(5),
    /** Places those unpaid orders may hold together; 0 = no limit. */
    HOLD_LIMIT_PLACES: z.coerce.number().int().min(0).max(100_000).default(40),
    /** Orders one client address may place within ORDER_BURST_WINDOW_S before the next needs the image captcha, even where the setup has it off; 0 = never. */
    ORDER_BURST_CAPTCHA: z.coerce.number().int().min(0).max(10_000).default(3),
    ORDER_BURST_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(60),
    /** Back-office sign-in attempts one client address may make per 10 minutes (a box office behind one address signs several staff in). */
    STAFF_SIGN_IN_LIMIT: z.coerce.number().int().min(1).max(100_000).default(STAFF_SIGN_IN_LIMIT),
    /** Captcha images and recordings one client address may fetch per RATE_LIMIT_WINDOW_S (server/security/rate-limits.ts); 0 = no limit. */
    CAPTCHA_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(30),
    /** Payment starts (Pay) one client address may make per window; 0 = no limit. */
    PAY_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(20),
    /** Return requests and confirmations one client address may send per window; 0 = no limit. */
    RETURN_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(10),
    RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(60),
    /** Host names the server answers when PUBLIC_URL is unset (links are built from them); default: HOST and localhost. */
    ALLOWED_HOSTS: allowedHostsFromEnv,
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
    MAIL_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
    // Days after an order's session when its personal data is anonymised (docs/personal-data.md).
    PERSONAL_DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** How often the waiting-list job offers places that came back (server/waitlist/waitlist-job.ts). */
    WAITLIST_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
    JOBS: flagFromEnv.default(true),
    EMBED_ORIGINS: z
      .string()
      .default('')
      .transform((value) => value.split(/[\s,]+/).filter(Boolean))
      .pipe(
        z.array(z.string().regex(EMBED_ORIGIN, 'each entry must be an origin like https://venue.example (a leading *. allows subdomains)')),
      ),
    /** Shared with the venue's site, which signs CRM-client tokens with it (docs/crm-client.md). */
    CRM_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Shared with nginx, which checks the waiting room's passes with it (docs/operations.md, "The waiting room"); unset: no line, the waiting page retries. Letters, digits, _ and - only, so nginx's config holds it as it is. */
    QUEUE_PASS_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,256}$/, 'must be 32 to 256 letters, digits, _ or - (openssl rand -hex 32)')
      .optional(),
    /** Waiting room tickets admitted a second: with nginx's admission rate, about 80% of what the instances admit. */
    QUEUE_ADMIT_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(10),
    /** How long an admitted visitor's pass lets them past nginx's admission limit, in seconds. */
    QUEUE_PASS_TTL_S: z.coerce.number().int().min(60).max(86_400).default(1200),
    /** The reCAPTCHA secret key; the site key is in the setup (recaptcha.sitekey). */
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    /** Yandex SmartCaptcha's server key; the client key is in the setup (smartcaptcha.sitekey). */
    SMARTCAPTCHA_SECRET: z.string().min(1).optional(),
    /** SmartCaptcha's validate method; Yandex's own by default (a local fake in tests). */
    SMARTCAPTCHA_VALIDATE_URL: z.string().url().optional(),
    /** Benchmarks: on SIGUSR2 the server writes `db-statements <n>` (SQL statements sent so far) to stderr. */
    DB_STATEMENT_REPORT: flagFromEnv.default(false),
    /** Which proxies' X-Forwarded-For/-Proto/-Host to believe (server/security/trust-proxy.ts). */
    TRUST_PROXY: trustProxyFromEnv,
    /** The acquirer of each payment type (docs/acquirers.md); the sandbox by default. */
    PAY_CARD_PROVIDER: acquirerChoice,
    PAY_QR_PROVIDER: acquirerChoice,
    PAY_PUSHKIN_PROVIDER: acquirerChoice,
    TBANK_TERMINAL_KEY: z.string().min(1).max(20).optional(),
    TBANK_PASSWORD: z.string().min(1).optional(),
    TBANK_PUSHKIN_TERMINAL_KEY: z.string().min(1).max(20).optional(),
    TBANK_PUSHKIN_PASSWORD: z.string().min(1).optional(),
    TBANK_API_URL: z.url().default('https://securepay.tinkoff.ru/v2/'),
    YOOKASSA_SHOP_ID: z
      .string()
      .regex(/^\d{1,12}$/, "must be the shop's number")
      .optional(),
    YOOKASSA_SECRET_KEY: z.string().min(1).optional(),
    YOOKASSA_PUSHKIN_SHOP_ID: z
      .string()
      .regex(/^\d{1,12}$/, "must be the shop's number")
      .optional(),
    YOOKASSA_PUSHKIN_SECRET_KEY: z.string().min(1).optional(),
    YOOKASSA_API_URL: z.url().default('https://api.yookassa.ru/v3/'),
    /** How a YooKassa SBP payment is confirmed: its own page (redirect, as YooKassa's SBP page documents) or our QR modal (qr). */
    YOOKASSA_SBP_CONFIRMATION: z.enum(['redirect', 'qr']).default('redirect'),
    /** The longest one call to an acquirer may take before the visitor is told the bank is unavailable. */
    ACQUIRER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(15_000),
    RECEIPT_PAYMENT_MODE: z.enum(RECEIPT_PAYMENT_MODES).default('full_prepayment'),
    RECEIPT_TAX: z.enum(RECEIPT_TAXES).default('none'),
    RECEIPT_TAXATION: z.enum(RECEIPT_TAXATIONS).optional(),
    /** The fiscal document format of the venue's register (docs/acquirers.md): 1.2, the current one, or 1.05. */
    RECEIPT_FFD: z.enum(RECEIPT_FFD_VERSIONS, { message: 'must be 1.2 or 1.05' }).default('1.2'),
    /** The Pushkin-card registry's API (docs/checkin.md): https://pushka.gosuslugi.ru/api/v1, or the test host https://pushka-uat.test.gosuslugi.ru/api/v1. Unset: nothing is sent. */
    REGISTRY_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The venue's key for the registry (Bearer). */
    REGISTRY_KEY: z.string().min(8).optional(),
    /** The venue's organization id in PRO.Культура. */
    REGISTRY_ORG_ID: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'letters, digits, _ or -')
      .optional(),
    /** Apple Wallet passes (docs/tickets.md): the Pass Type ID of the venue's Apple developer account ('pass.ru.venue.tickets'). Unset: no Wallet button. */
    WALLET_PASS_TYPE_ID: z
      .string()
      .regex(/^pass(\.[A-Za-z0-9-]+)+$/, 'must be a Pass Type ID such as pass.ru.venue.tickets')
      .optional(),
    /** The developer account's team id (10 letters and digits). */
    WALLET_TEAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character team id')
      .optional(),
    /** PEM files: the Pass Type ID certificate, its private key, and Apple's WWDR intermediate certificate. */
    WALLET_CERT_FILE: z.string().min(1).optional(),
    WALLET_KEY_FILE: z.string().min(1).optional(),
    WALLET_KEY_PASSPHRASE: z.string().min(1).optional(),
    WALLET_WWDR_FILE: z.string().min(1).optional(),
    /** Apple's push service for pass updates. */
    WALLET_APNS_URL: z.url({ protocol: /^https$/ }).default('https://api.push.apple.com'),
  })
  .superRefine((e, ctx) => {
    const need = (name: keyof typeof e, why: string) => {
      if (e[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${why}` });
    };
    const uses = (provider: string) => (['PAY_CARD_PROVIDER', 'PAY_QR_PROVIDER'] as const).filter((k) => e[k] === provider);
    for (const provider of ['tbank', 'yookassa'] as const) {
      const kinds = uses(provider);
      if (kinds.length === 0) continue;
      const why = `${kinds.join(' or ')} is ${provider}`;
      if (provider === 'tbank') (['TBANK_TERMINAL_KEY', 'TBANK_PASSWORD'] as const).forEach((n) => need(n, why));
      else (['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'] as const).forEach((n) => need(n, why));
    }
    if (e.PAY_PUSHKIN_PROVIDER === 'tbank')
      (['TBANK_PUSHKIN_TERMINAL_KEY', 'TBANK_PUSHKIN_PASSWORD'] as const).forEach((n) => need(n, 'PAY_PUSHKIN_PROVIDER is tbank'));
    if (e.PAY_PUSHKIN_PROVIDER === 'yookassa')
      (['YOOKASSA_PUSHKIN_SHOP_ID', 'YOOKASSA_PUSHKIN_SECRET_KEY'] as const).forEach((n) => need(n, 'PAY_PUSHKIN_PROVIDER is yookassa'));
    const real = [e.PAY_CARD_PROVIDER, e.PAY_QR_PROVIDER, e.PAY_PUSHKIN_PROVIDER].some((p) => p !== 'sandbox');
    if (real) need('PUBLIC_URL', 'a real acquirer is configured (its notifications and return pages need our public address)');
    if ([e.PAY_CARD_PROVIDER, e.PAY_QR_PROVIDER, e.PAY_PUSHKIN_PROVIDER].includes('tbank'))
      need('RECEIPT_TAXATION', 'T-Bank is configured (its receipts name the tax system)');
    const wallet = [e.WALLET_PASS_TYPE_ID, e.WALLET_TEAM_ID, e.WALLET_CERT_FILE, e.WALLET_KEY_FILE, e.WALLET_WWDR_FILE];
    if (wallet.some((v) => v !== undefined) && wallet.some((v) => v === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['WALLET_PASS_TYPE_ID'],
        message:
          'WALLET_PASS_TYPE_ID, WALLET_TEAM_ID, WALLET_CERT_FILE, WALLET_KEY_FILE and WALLET_WWDR_FILE go together: set all five or none',
      });
    }
    const registry = [e.REGISTRY_URL, e.REGISTRY_KEY, e.REGISTRY_ORG_ID];
    if (registry.some((v) => v !== undefined) && registry.some((v) => v === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['REGISTRY_URL'],
        message: 'REGISTRY_URL, REGISTRY_KEY and REGISTRY_ORG_ID go together: set all three or none',
      });
    }
  });

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
  /** Per-client limits of unpaid holds and the adaptive captcha (server/security/hold-limits.ts). */
  holdLimits: HoldLimits;
  rateLimits: RateLimits;
  staffSignInLimit: number;
  /** Host names a request may name (server/security/allowed-hosts.ts); empty: the default list. */
  allowedHosts: string[];
  /** The venue's time zone when set; undefined: the setup's app.timezone. Read it through venueTimeZone. */
  timezone: string | undefined;
  setupFile: string | undefined;
  secret: string | undefined;
  demo: boolean;
  /** RECEIPT_*: the fiscal receipts' settings, for the desk's register too when no acquirer is configured. */
  receipt: {
    paymentMode: (typeof RECEIPT_PAYMENT_MODES)[number];
    tax: (typeof RECEIPT_TAXES)[number];
    taxation: (typeof RECEIPT_TAXATIONS)[number] | undefined;
    ffd: (typeof RECEIPT_FFD_VERSIONS)[number];
  };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the mail outbox job sends what is due. */
  mailOutboxIntervalMs: number;
  /** Days after an order's (latest) session when the retention job anonymises its personal data. */
  personalDataRetentionDays: number;
  waitlistIntervalMs: number;
  jobs: boolean;
  /** Host-page origins allowed to frame the storefront (the embeddable widget); empty: none but our own. */
  embedOrigins: string[];
  crmSecret: string | undefined;
  /** The waiting room's line; undefined without QUEUE_PASS_SECRET (no line: the waiting page retries). */
  queue: { passSecret: string; admitPerSecond: number; passTtlSeconds: number } | undefined;
  recaptchaSecret: string | undefined;
  smartcaptchaSecret?: string | undefined;
  smartcaptchaValidateUrl?: string | undefined;
  /** Answer SIGUSR2 with the count of SQL statements sent (bench/parts/rush.ts reads it). */
  dbStatementReport?: boolean;
  /** Fastify's trustProxy: false (none, the default), true (any), a hop count, or addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** The real acquirers and which payment type each serves; absent or all sandbox: the sandbox alone. */
  acquirers?: AcquirersConfig;
  /** Apple Wallet passes (WALLET_*); undefined: none are offered. */
  wallet?: WalletConfig;
  /** The Pushkin-card registry; undefined: reports wait in their queue, nothing is sent. */
  registry?: { url: string; key: string; organizationId: string } | undefined;
};

export type WalletConfig = {
  passTypeId: string;
  teamId: string;
  certFile: string;
  keyFile: string;
  keyPassphrase: string | undefined;
  wwdrFile: string;
  apnsUrl: string;
};

export type AcquirerChoice = 'sandbox' | 'tbank' | 'yookassa';
export type TbankCredentials = { terminalKey: string; password: string };
export type YookassaCredentials = { shopId: string; secretKey: string };
export type AcquirersConfig = {
  card: AcquirerChoice;
  qr: AcquirerChoice;
  pushkin: AcquirerChoice;
  tbank?: TbankCredentials;
  tbankPushkin?: TbankCredentials;
  tbankApiUrl: string;
  yookassa?: YookassaCredentials;
  yookassaPushkin?: YookassaCredentials;
  yookassaApiUrl: string;
  /** How a YooKassa SBP payment is confirmed (YOOKASSA_SBP_CONFIRMATION). */
  yookassaSbpConfirmation: 'redirect' | 'qr';
  /** The wait before repeating a YooKassa call answered 202 or 500 without retry_after (tests shorten it; YooKassa's SDKs wait 1800 ms). */
  yookassaRetryDelayMs?: number;
  timeoutMs: number;
  receipt: { paymentMode: ReceiptPaymentMode; tax: ReceiptTax; taxation: ReceiptTaxation | undefined; ffd: ReceiptFfd };
};

/**
 * The acquirers' secrets may come from a file instead of the environment (ACQUIRER_SECRETS_FILE:
 * lines NAME=value, # comments), so they stay out of the process list and the unit file. The
 * environment wins over the file.
 */
export function withSecretsFile(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const file = env.ACQUIRER_SECRETS_FILE;
  if (!file) return env;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  ACQUIRER_SECRETS_FILE=${JSON.stringify(file)}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const fromFile: NodeJS.ProcessEnv = {};
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const match = /^([A-Z][A-Z0-9_]*)\s*=\s*(.*)$/.exec(trimmed);
    if (!match?.[1] || !/^(TBANK|YOOKASSA)_/.test(match[1]))
      problems.push(`  ACQUIRER_SECRETS_FILE line ${index + 1}: expected TBANK_…=value or YOOKASSA_…=value`);
    else fromFile[match[1]] = match[2]?.replace(/^"(.*)"$/, '$1');
  });
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return { ...fromFile, ...env };
}

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
export function redactSecrets(text: string, processEnv: NodeJS.ProcessEnv = process.env): string {
  let env = processEnv;
  try {
    // The acquirers' secrets may live in a file: they are masked too.
    env = withSecretsFile(processEnv);
  } catch {
    // An unreadable file holds no secret of this process.
  }
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
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = withSecretsFile(processEnv);
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
    allowedHosts: e.ALLOWED_HOSTS,
    staffSignInLimit: e.STAFF_SIGN_IN_LIMIT,
    rateLimits: {
      captcha: e.CAPTCHA_RATE_LIMIT,
      payments: e.PAY_RATE_LIMIT,
      returns: e.RETURN_RATE_LIMIT,
      windowMs: e.RATE_LIMIT_WINDOW_S * 1000,
    },
    holdLimits: {
      orders: e.HOLD_LIMIT_ORDERS,
      places: e.HOLD_LIMIT_PLACES,
      burstOrders: e.ORDER_BURST_CAPTCHA,
      burstWindowMs: e.ORDER_BURST_WINDOW_S * 1000,
    },
    timezone: e.TIMEZONE,
    setupFile: e.SETUP_FILE,
    secret: e.SECRET,
    demo: e.DEMO,
    receipt: { paymentMode: e.RECEIPT_PAYMENT_MODE, tax: e.RECEIPT_TAX, taxation: e.RECEIPT_TAXATION, ffd: e.RECEIPT_FFD },
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailOutboxIntervalMs: e.MAIL_OUTBOX_INTERVAL_MS,
    personalDataRetentionDays: e.PERSONAL_DATA_RETENTION_DAYS,
    waitlistIntervalMs: e.WAITLIST_INTERVAL_MS,
    jobs: e.JOBS,
    embedOrigins: e.EMBED_ORIGINS,
    crmSecret: e.CRM_SECRET,
    queue: e.QUEUE_PASS_SECRET
      ? { passSecret: e.QUEUE_PASS_SECRET, admitPerSecond: e.QUEUE_ADMIT_PER_SECOND, passTtlSeconds: e.QUEUE_PASS_TTL_S }
      : undefined,
    dbStatementReport: e.DB_STATEMENT_REPORT,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    smartcaptchaSecret: e.SMARTCAPTCHA_SECRET,
    smartcaptchaValidateUrl: e.SMARTCAPTCHA_VALIDATE_URL,
    trustProxy: e.TRUST_PROXY,
    acquirers: {
      card: e.PAY_CARD_PROVIDER,
      qr: e.PAY_QR_PROVIDER,
      pushkin: e.PAY_PUSHKIN_PROVIDER,
      tbank: e.TBANK_TERMINAL_KEY && e.TBANK_PASSWORD ? { terminalKey: e.TBANK_TERMINAL_KEY, password: e.TBANK_PASSWORD } : undefined,
      tbankPushkin:
        e.TBANK_PUSHKIN_TERMINAL_KEY && e.TBANK_PUSHKIN_PASSWORD
          ? { terminalKey: e.TBANK_PUSHKIN_TERMINAL_KEY, password: e.TBANK_PUSHKIN_PASSWORD }
          : undefined,
      tbankApiUrl: e.TBANK_API_URL,
      yookassa: e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY ? { shopId: e.YOOKASSA_SHOP_ID, secretKey: e.YOOKASSA_SECRET_KEY } : undefined,
      yookassaPushkin:
        e.YOOKASSA_PUSHKIN_SHOP_ID && e.YOOKASSA_PUSHKIN_SECRET_KEY
          ? { shopId: e.YOOKASSA_PUSHKIN_SHOP_ID, secretKey: e.YOOKASSA_PUSHKIN_SECRET_KEY }
          : undefined,
      yookassaApiUrl: e.YOOKASSA_API_URL,
      yookassaSbpConfirmation: e.YOOKASSA_SBP_CONFIRMATION,
      timeoutMs: e.ACQUIRER_TIMEOUT_MS,
      receipt: { paymentMode: e.RECEIPT_PAYMENT_MODE, tax: e.RECEIPT_TAX, taxation: e.RECEIPT_TAXATION, ffd: e.RECEIPT_FFD },
    },
    wallet:
      e.WALLET_PASS_TYPE_ID && e.WALLET_TEAM_ID && e.WALLET_CERT_FILE && e.WALLET_KEY_FILE && e.WALLET_WWDR_FILE
        ? {
            passTypeId: e.WALLET_PASS_TYPE_ID,
            teamId: e.WALLET_TEAM_ID,
            certFile: e.WALLET_CERT_FILE,
            keyFile: e.WALLET_KEY_FILE,
            keyPassphrase: e.WALLET_KEY_PASSPHRASE,
            wwdrFile: e.WALLET_WWDR_FILE,
            apnsUrl: e.WALLET_APNS_URL,
          }
        : undefined,
    registry:
      e.REGISTRY_URL && e.REGISTRY_KEY && e.REGISTRY_ORG_ID
        ? { url: e.REGISTRY_URL, key: e.REGISTRY_KEY, organizationId: e.REGISTRY_ORG_ID }
        : undefined,
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
