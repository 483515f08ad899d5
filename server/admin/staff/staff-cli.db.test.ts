import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../../db/client.ts';
import { openTestDb } from '../../../tests/harness.ts';
import { verifyPassword } from './password.ts';
import { staffCommand } from './staff-command.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
// A run as a process starts Node and an embedded database on disk, which takes seconds on a slow
// machine: one such run proves the command's wiring (arguments, piped password, data folder, exit
// code), and the command's every rule is proven in process, on a test database.
const RUN_MS = 120_000;
// A password is hashed at the real scrypt cost (64 MiB), seconds each on a loaded machine.
const HASH_MS = 60_000;

type Run = { code: number; stdout: string; stderr: string };

function runCli(dataDir: string, input: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
    const child = execFile(
      NODE,
      ['server/admin/staff/staff-cli.ts', ...args],
      { cwd: ROOT, env, timeout: RUN_MS },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}

/** The same command in this process: its output, and the exit code it would exit with. */
async function runInProcess(db: Db, input: string, ...args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await staffCommand(
    args,
    {
      stdin: Readable.from(input ? [Buffer.from(input)] : []),
      stdout: (line) => out.push(`${line}\n`),
      stderr: (line) => err.push(`${line}\n`),
    },
    (work) => work(db),
  );
  return { code, stdout: out.join(''), stderr: err.join('') };
}

async function readStaffFrom(dataDir: string) {
  const db = await openPglite(dataDir);
  try {
    return await readStaff(db);
  } finally {
    await db.close();
  }
}

async function readStaff(db: Db) {
  {
    const staff = await db.query<{ email: string; name: string; role: string; password_hash: string; locked_until: Date | null }>(
      'select email, name, role, password_hash, locked_until from staff order by id',
    );
    const audit = await db.query<{ action: string; staff_id: number | null; ip: string; after: unknown }>(
      'select action, staff_id, ip, after from audit_log order by id',
    );
    return { staff: staff.rows, audit: audit.rows };
  }
}

describe('npm run staff, as a process', () => {
  let dir: string;
  let data: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'staff-cli-'));
    data = path.join(dir, 'data');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'adds the first owner to the data folder with the password of standard input, and exits 0',
    async () => {
      const run = await runCli(data, 'first owner pass\n', 'add', 'Owner@Venue.test', '--role', 'owner', '--name', 'Анна Петрова');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Added Owner@Venue.test (Анна Петрова) as owner');
      const { staff, audit } = await readStaffFrom(data);
      expect(staff).toHaveLength(1);
      expect(staff[0]).toMatchObject({ email: 'Owner@Venue.test', name: 'Анна Петрова', role: 'owner' });
      expect(await verifyPassword('first owner pass', staff[0]?.password_hash ?? '')).toBe(true);
      expect(audit).toEqual([
        {
          action: 'staff.add',
          staff_id: null,
          ip: 'command line',
          after: { email: 'Owner@Venue.test', name: 'Анна Петрова', role: 'owner' },
        },
      ]);
    },
    RUN_MS,
  );

  it(
    'refuses with one line on standard error and exit 1',
    async () => {
      const run = await runCli(data, 'short pass\n', 'add', 'x@venue.test', '--role', 'support');
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining('at least 12 characters')]);
    },
    RUN_MS,
  );
});

describe('npm run staff, in process', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  }, HASH_MS);
  afterAll(async () => {
    await db.close();
  }, HASH_MS);

  it(
    'adds the first owner with the password of standard input, hashed, and audits it',
    async () => {
      const run = await runInProcess(db, 'first owner pass\n', 'add', 'Owner@Venue.test', '--role', 'owner', '--name', 'Анна Петрова');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Added Owner@Venue.test (Анна Петрова) as owner');
      const { staff, audit } = await readStaff(db);
      expect(staff).toHaveLength(1);
      expect(staff[0]).toMatchObject({ email: 'Owner@Venue.test', name: 'Анна Петрова', role: 'owner' });
      expect(staff[0]?.password_hash).toMatch(/^scrypt\$65536\$8\$2\$/);
      expect(await verifyPassword('first owner pass', staff[0]?.password_hash ?? '')).toBe(true);
      expect(audit).toEqual([
        {
          action: 'staff.add',
          staff_id: null,
          ip: 'command line',
          after: { email: 'Owner@Venue.test', name: 'Анна Петрова', role: 'owner' },
        },
      ]);
    },
    HASH_MS,
  );

  it.each([
    {
      description: 'a password under 12 characters',
      input: 'short pass\n',
      args: ['add', 'x@venue.test', '--role', 'support'],
      line: 'at least 12 characters',
    },
    { description: 'no password at all', input: '', args: ['add', 'x@venue.test', '--role', 'support'], line: 'at least 12 characters' },
    {
      description: 'a common password',
      input: 'password123456\n',
      args: ['add', 'x@venue.test', '--role', 'support'],
      line: 'too easy to guess',
    },
    {
      description: 'a password made of the e-mail',
      input: 'x@venue.test2026\n',
      args: ['add', 'x@venue.test', '--role', 'support'],
      line: 'too easy to guess',
    },
    {
      description: 'an e-mail taken in another case',
      input: 'long enough password\n',
      args: ['add', 'OWNER@venue.TEST', '--role', 'manager'],
      line: 'exists already',
    },
    {
      description: 'a malformed e-mail',
      input: 'long enough password\n',
      args: ['add', 'not-an-email', '--role', 'manager'],
      line: 'Not a valid e-mail',
    },
    {
      description: 'a reset for an unknown e-mail',
      input: 'long enough password\n',
      args: ['password', 'nobody@venue.test'],
      line: 'No member of staff',
    },
  ])(
    'refuses $description with one clear line, exit 1, changing nothing',
    async ({ input, args, line }) => {
      const before = await readStaff(db);
      const run = await runInProcess(db, input, ...args);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(line);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(await readStaff(db)).toEqual(before);
    },
    HASH_MS,
  );

  it(
    'refuses an unknown role with the usage',
    async () => {
      const run = await runInProcess(db, 'long enough password\n', 'add', 'x@venue.test', '--role', 'admin');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--role must be one of: owner, manager, support, controller, cashier');
    },
    HASH_MS,
  );

  it(
    'resets a password, lifting a lock, and audits it without the password',
    async () => {
      await db.query("update staff set locked_until = now() + interval '10 minutes', failed_attempts = 3");
      const run = await runInProcess(db, 'second owner pass\r\n', 'password', 'owner@venue.test');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const { staff, audit } = await readStaff(db);
      expect(await verifyPassword('second owner pass', staff[0]?.password_hash ?? '')).toBe(true);
      expect(await verifyPassword('first owner pass', staff[0]?.password_hash ?? '')).toBe(false);
      expect(staff[0]?.locked_until).toBeNull();
      expect(audit.at(-1)).toEqual({ action: 'staff.password-reset', staff_id: null, ip: 'command line', after: null });
    },
    HASH_MS,
  );

  it(
    "turns a member's one-time codes off without asking for a password, and audits it",
    async () => {
      await db.query("update staff set totp_enabled = true, totp_secret = 'JBSWY3DPEHPK3PXP'");
      const run = await runInProcess(db, '', 'totp-off', 'OWNER@venue.test');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect((await db.query('select totp_enabled, totp_secret from staff')).rows).toEqual([{ totp_enabled: false, totp_secret: null }]);
      const { audit } = await readStaff(db);
      expect(audit.at(-1)).toEqual({ action: 'staff.totp-reset', staff_id: null, ip: 'command line', after: { totpEnabled: false } });
    },
    HASH_MS,
  );

  it(
    'adds a cashier for the box office',
    async () => {
      const run = await runInProcess(db, 'cashier password\n', 'add', 'cashier@venue.test', '--role', 'cashier', '--name', 'Ольга Кассир');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Added cashier@venue.test (Ольга Кассир) as cashier');
      const { staff } = await readStaff(db);
      expect(staff.find((member) => member.email === 'cashier@venue.test')).toMatchObject({ role: 'cashier' });
    },
    HASH_MS,
  );
});
