import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');

/** Runs the entry point (main.ts) with env over a bare environment until it exits. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', JOBS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

const STACK_LINE = /^\s+at /m;

describe('main.ts refuses to start cleanly', () => {
  it('prints one line per bad variable, secrets masked, no stack, exit code 1', async () => {
    const { code, stderr } = await runMain({
      DATABASE_URL: 'mysql://shop:Hunter2Pass@db.internal/shop',
      SMTP_URL: 'http://mailer:MailPass99@mx.example:25',
      CRM_SECRET: 'crm-secret-too-short',
      PORT: 'eighty',
    });
    expect(code).toBe(1);
    expect(stderr).not.toMatch(STACK_LINE);
    for (const secret of ['Hunter2Pass', 'MailPass99', 'crm-secret-too-short']) expect(stderr).not.toContain(secret);
    expect(stderr.trim().split('\n')).toEqual([
      'Invalid configuration:',
      '  PORT="eighty": Invalid input: expected number, received NaN',
      '  DATABASE_URL="mysql://shop:***@db.internal/shop": must start with postgres:// or postgresql://',
      '  SMTP_URL="http://mailer:***@mx.example:25": must start with smtp:// or smtps://',
      '  CRM_SECRET=***: must be at least 32 characters',
    ]);
  });

  it('says why when the database cannot be reached, without the password or a stack', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const { code, stderr } = await runMain({ DATABASE_URL: 'postgres://shop:Hunter2Pass@127.0.0.1:1/shop', CRM_SECRET: 's'.repeat(40) });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^The storefront could not start: .*ECONNREFUSED/m);
    expect(stderr).not.toMatch(STACK_LINE);
    expect(stderr).not.toContain('Hunter2Pass');
    expect(stderr).not.toContain('s'.repeat(40));
  });
});
