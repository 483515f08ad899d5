import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { acquirerOrigins, methodProviders } from './payments/payments-stack.ts';
import { pagePolicy } from './security/page-headers.ts';

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message.split('\n').slice(1);
  }
  throw new Error('the configuration was accepted');
}

const dir = mkdtempSync(path.join(tmpdir(), 'acquirer-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('acquirer configuration', () => {
  it('is the sandbox for every payment type by default', () => {
    const config = loadConfig({});
    expect(methodProviders(config)).toEqual({ card: 'sandbox', qr: 'sandbox', pushkin: 'sandbox' });
    expect(acquirerOrigins(config)).toEqual([]);
  });

  it('names each missing credential on a line of its own, secrets never shown', () => {
    const lines = problems({
      PAY_CARD_PROVIDER: 'tbank',
      PAY_QR_PROVIDER: 'yookassa',
      PAY_PUSHKIN_PROVIDER: 'tbank',
      TBANK_PASSWORD: 'Pa55-word-secret',
      YOOKASSA_SHOP_ID: 'shop',
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        '  TBANK_TERMINAL_KEY="": required when PAY_CARD_PROVIDER is tbank',
        '  TBANK_PUSHKIN_TERMINAL_KEY="": required when PAY_PUSHKIN_PROVIDER is tbank',
        '  TBANK_PUSHKIN_PASSWORD="": required when PAY_PUSHKIN_PROVIDER is tbank',
        '  YOOKASSA_SECRET_KEY="": required when PAY_QR_PROVIDER is yookassa',
        expect.stringMatching(/^ {2}YOOKASSA_SHOP_ID="shop": must be the shop's number$/),
        expect.stringMatching(/^ {2}PUBLIC_URL="": required when a real acquirer is configured/),
        expect.stringMatching(/^ {2}RECEIPT_TAXATION="": required when T-Bank is configured/),
      ]),
    );
    expect(lines.join('\n')).not.toContain('Pa55-word-secret');
    expect(problems({ PAY_CARD_PROVIDER: 'bank-of-mars' })[0]).toMatch(/^ {2}PAY_CARD_PROVIDER="bank-of-mars": /);
  });

  it('takes the receipt format 1.2 by default, 1.05 on request, and stops on anything else', () => {
    expect(loadConfig({}).acquirers?.receipt.ffd).toBe('1.2');
    expect(loadConfig({ RECEIPT_FFD: '1.05' }).acquirers?.receipt.ffd).toBe('1.05');
    expect(problems({ RECEIPT_FFD: '1.1' })).toEqual(['  RECEIPT_FFD="1.1": must be 1.2 or 1.05']);
  });

  it('reads the credentials from a secrets file; the environment wins', () => {
    const file = path.join(dir, 'acquirers.env');
    writeFileSync(
      file,
      '# T-Bank terminals\nTBANK_TERMINAL_KEY=FromFile\nTBANK_PASSWORD="file-password"\nYOOKASSA_SHOP_ID=501234\nYOOKASSA_SECRET_KEY=live_key\n',
    );
    const config = loadConfig({
      ACQUIRER_SECRETS_FILE: file,
      PAY_CARD_PROVIDER: 'tbank',
      PAY_QR_PROVIDER: 'yookassa',
      TBANK_TERMINAL_KEY: 'FromEnv',
      PUBLIC_URL: 'https://tickets.example',
      RECEIPT_TAXATION: 'osn',
    });
    expect(config.acquirers).toMatchObject({
      card: 'tbank',
      qr: 'yookassa',
      tbank: { terminalKey: 'FromEnv', password: 'file-password' },
      yookassa: { shopId: '501234', secretKey: 'live_key' },
      receipt: { paymentMode: 'full_prepayment', tax: 'none', taxation: 'osn', ffd: '1.2' },
    });
    expect(methodProviders(config)).toEqual({ card: 'tbank', qr: 'yookassa', pushkin: 'sandbox' });
  });

  it('refuses a secrets file it cannot read or that holds anything but acquirer settings', () => {
    expect(problems({ ACQUIRER_SECRETS_FILE: path.join(dir, 'missing.env') })).toEqual([
      `  ACQUIRER_SECRETS_FILE=${JSON.stringify(path.join(dir, 'missing.env'))}: cannot be read (ENOENT)`,
    ]);
    const file = path.join(dir, 'bad.env');
    writeFileSync(file, 'DATABASE_URL=postgres://x\n');
    expect(problems({ ACQUIRER_SECRETS_FILE: file })).toEqual([
      '  ACQUIRER_SECRETS_FILE line 1: expected TBANK_…=value or YOOKASSA_…=value',
    ]);
  });

  it("lets the page post only to the configured acquirers' payment pages", () => {
    const config = loadConfig({
      PAY_CARD_PROVIDER: 'tbank',
      PAY_QR_PROVIDER: 'yookassa',
      TBANK_TERMINAL_KEY: 'k',
      TBANK_PASSWORD: 'p',
      YOOKASSA_SHOP_ID: '1',
      YOOKASSA_SECRET_KEY: 's',
      PUBLIC_URL: 'https://t.example',
      RECEIPT_TAXATION: 'osn',
    });
    const origins = acquirerOrigins(config);
    expect(origins).toEqual(['https://securepay.tinkoff.ru', 'https://yoomoney.ru']);
    expect(pagePolicy({ formActions: origins })).toContain("form-action 'self' https://securepay.tinkoff.ru https://yoomoney.ru");
    const tbankOnly = loadConfig({
      PAY_CARD_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: 'k',
      TBANK_PASSWORD: 'p',
      PUBLIC_URL: 'https://t.example',
      RECEIPT_TAXATION: 'osn',
    });
    expect(acquirerOrigins(tbankOnly)).toEqual(['https://securepay.tinkoff.ru']);
  });
});

describe('redactSecrets with a secrets file', () => {
  it('masks the secrets read from the file', async () => {
    const { redactSecrets } = await import('./config.ts');
    const file = path.join(dir, 'mask.env');
    writeFileSync(file, 'TBANK_PASSWORD=very-secret-terminal-password\n');
    expect(redactSecrets('login failed: very-secret-terminal-password', { ACQUIRER_SECRETS_FILE: file })).toBe('login failed: ***');
  });
});
