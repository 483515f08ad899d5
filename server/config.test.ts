import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, maskedValue, redactSecrets } from './config.ts';

/** The message loadConfig throws for env, or a failure when it accepts env. */
function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig refuses a bad environment', () => {
  it.each([
    {
      description: 'a DATABASE_URL of another scheme, its password masked',
      env: { DATABASE_URL: 'mysql://shop:Hunter2Pass@db:3306/shop' },
      line: '  DATABASE_URL="mysql://shop:***@db:3306/shop": must start with postgres:// or postgresql://',
      secret: 'Hunter2Pass',
    },
    {
      description: 'an SMTP_URL of another scheme, its password masked',
      env: { SMTP_URL: 'http://mailer:MailPass99@mx.example:25' },
      line: '  SMTP_URL="http://mailer:***@mx.example:25": must start with smtp:// or smtps://',
      secret: 'MailPass99',
    },
    {
      description: 'a password with an @ in it, masked whole',
      env: { DATABASE_URL: 'mysql://shop:p@ssWord@db/shop' },
      line: '  DATABASE_URL="mysql://shop:***@db/shop": must start with postgres:// or postgresql://',
      secret: 'ssWord',
    },
    {
      description: 'a short CRM_SECRET, not shown at all',
      env: { CRM_SECRET: 'crm-secret-too-short' },
      line: '  CRM_SECRET=***: must be at least 32 characters',
      secret: 'crm-secret-too-short',
    },
    {
      description: 'a QUEUE_PASS_SECRET nginx could not hold as it is (a quote), not shown at all',
      env: { QUEUE_PASS_SECRET: 'pass"secret'.padEnd(40, 'x') },
      line: '  QUEUE_PASS_SECRET=***: must be 32 to 256 letters, digits, _ or - (openssl rand -hex 32)',
      secret: 'pass"secret',
    },
    {
      description: 'a short SECRET, not shown at all',
      env: { SECRET: 'short-signing-secret' },
      line: '  SECRET=***: must be at least 32 characters',
      secret: 'short-signing-secret',
    },
    {
      description: 'an empty RECAPTCHA_SECRET',
      env: { RECAPTCHA_SECRET: '' },
      line: '  RECAPTCHA_SECRET="": Too small: expected string to have >=1 characters',
      secret: undefined,
    },
    {
      description: 'a port that is not a number',
      env: { PORT: 'eighty' },
      line: '  PORT="eighty": Invalid input: expected number, received NaN',
      secret: undefined,
    },
    {
      description: 'a pool size out of range',
      env: { DATABASE_POOL_SIZE: '0' },
      line: '  DATABASE_POOL_SIZE="0": Too small: expected number to be >=1',
      secret: undefined,
    },
    {
      description: 'a registry key without its URL and organization id, the key not shown',
      env: { REGISTRY_KEY: 'reg-key-4242-secret' },
      line: '  REGISTRY_URL="": REGISTRY_URL, REGISTRY_KEY and REGISTRY_ORG_ID go together: set all three or none',
      secret: 'reg-key-4242-secret',
    },
    {
      description: 'a registry URL that is not http(s)',
      env: { REGISTRY_URL: 'ftp://pushka.gosuslugi.ru/api/v1', REGISTRY_KEY: 'reg-key-4242-secret', REGISTRY_ORG_ID: '123' },
      line: '  REGISTRY_URL="ftp://pushka.gosuslugi.ru/api/v1": Invalid URL',
      secret: 'reg-key-4242-secret',
    },
    {
      description: 'an unknown time zone',
      env: { TIMEZONE: 'Mars/Olympus' },
      line: '  TIMEZONE="Mars/Olympus": unknown time zone, expected an IANA name such as Europe/Moscow',
      secret: undefined,
    },
    {
      description: 'a mail outbox interval under 100 ms',
      env: { MAIL_OUTBOX_INTERVAL_MS: '10' },
      line: '  MAIL_OUTBOX_INTERVAL_MS="10": Too small: expected number to be >=100',
      secret: undefined,
    },
  ])('$description', ({ env, line, secret }) => {
    const message = configError(env);
    expect(message.split('\n')).toEqual(['Invalid configuration:', line]);
    if (secret) expect(message).not.toContain(secret);
  });

  it('names every bad variable at once, one line each', () => {
    const message = configError({ PORT: '99999', DATABASE_URL: 'mysql://u:TopSecret1@h/d', TIMEZONE: 'Nowhere/Land', CRM_SECRET: 'tiny' });
    const lines = message.split('\n').slice(1);
    expect(lines.map((line) => line.trim().split('=')[0]).sort()).toEqual(['CRM_SECRET', 'DATABASE_URL', 'PORT', 'TIMEZONE']);
    expect(message).not.toContain('TopSecret1');
    expect(message).not.toContain('tiny');
    expect(message).not.toMatch(/^\s+at /m);
  });

  it('accepts a good environment', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://shop:pw@db/shop', TIMEZONE: 'Asia/Almaty', PORT: '8181' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://shop:pw@db/shop', port: 8181, registry: undefined });
  });

  it('sends the mail outbox every 5 s unless MAIL_OUTBOX_INTERVAL_MS says otherwise', () => {
    expect(loadConfig({}).mailOutboxIntervalMs).toBe(5000);
    expect(loadConfig({ MAIL_OUTBOX_INTERVAL_MS: '500' }).mailOutboxIntervalMs).toBe(500);
  });

  it('has the waiting room line only with QUEUE_PASS_SECRET, at 10 a second with 20-minute passes unless told otherwise', () => {
    expect(loadConfig({}).queue).toBeUndefined();
    const secret = 'f'.repeat(64);
    expect(loadConfig({ QUEUE_PASS_SECRET: secret }).queue).toEqual({ passSecret: secret, admitPerSecond: 10, passTtlSeconds: 1200 });
    expect(loadConfig({ QUEUE_PASS_SECRET: secret, QUEUE_ADMIT_PER_SECOND: '2.5', QUEUE_PASS_TTL_S: '600' }).queue).toMatchObject({
      admitPerSecond: 2.5,
      passTtlSeconds: 600,
    });
  });

  it('turns the Pushkin-card registry on when its URL, key and organization id are all set', () => {
    const config = loadConfig({
      REGISTRY_URL: 'https://pushka-uat.test.gosuslugi.ru/api/v1',
      REGISTRY_KEY: 'reg-key-4242-secret',
      REGISTRY_ORG_ID: '7701',
    });
    expect(config.registry).toEqual({
      url: 'https://pushka-uat.test.gosuslugi.ru/api/v1',
      key: 'reg-key-4242-secret',
      organizationId: '7701',
    });
  });
});

describe('maskedValue', () => {
  it.each([
    ['DATABASE_URL', 'postgres://u:pw@h:5432/db', '"postgres://u:***@h:5432/db"'],
    ['DATABASE_URL', 'postgres://u@h/db', '"postgres://u@h/db"'],
    ['SMTP_URL', 'smtps://user%40mail:p%2Fss@smtp.example', '"smtps://user%40mail:***@smtp.example"'],
    ['CRM_SECRET', 'anything', '***'],
    ['PROVIDER_API_KEY', 'k-123', '***'],
    ['PORT', 'abc', '"abc"'],
    ['PORT', undefined, '""'],
  ])('%s=%s → %s', (name, value, shown) => {
    expect(maskedValue(name, value)).toBe(shown);
  });
});

describe('redactSecrets', () => {
  const env = {
    DATABASE_URL: 'postgres://shop:Db%24Pass@db.internal/shop',
    SMTP_URL: 'smtp://mailer:MailPass99@mx.example:587',
    CRM_SECRET: 'c'.repeat(40),
    RECAPTCHA_SECRET: 'recaptcha-key-1',
    PORT: '8080',
  };
  it('masks every secret of the environment a message repeats, raw or decoded', () => {
    const text = redactSecrets(
      `connect to postgres://shop:Db%24Pass@db.internal/shop failed; password "Db$Pass"; mail MailPass99; crm ${'c'.repeat(40)}; recaptcha-key-1; port 8080`,
      env,
    );
    expect(text).toBe('connect to postgres://shop:***@db.internal/shop failed; password "***"; mail ***; crm ***; ***; port 8080');
  });
});
