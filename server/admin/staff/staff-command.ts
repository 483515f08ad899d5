import { parseArgs } from 'node:util';
import { STAFF_ROLES, isStaffRole } from '../../../contract/admin/roles.ts';
import { loadConfig } from '../../config.ts';
import { cliExitCode, withDatabase } from '../../db/cli.ts';
import type { Db } from '../../db/client.ts';
import { StaffAccountError, addStaffMember, checkStaffPassword, resetStaffPassword, turnOffStaffTotp } from './staff-accounts.ts';

const USAGE = `Usage:
  npm run staff -- add EMAIL --role ${STAFF_ROLES.join('|')} [--name NAME]
  npm run staff -- password EMAIL
  npm run staff -- totp-off EMAIL      (turns the member's one-time codes off: a lost device)
The password is read from standard input (at least 12 characters).`;

/** Changes made here are audited as coming from the command line, by no member of staff. */
const ACTOR = { staffId: null, ip: 'command line', userAgent: null };

/**
 * The password: typed at a terminal (not echoed, asked twice), or the first line of piped input
 * (`printf '%s\n' "$PASSWORD" | npm run staff -- add ...`).
 */
async function readPassword(stdin: CommandIo['stdin']): Promise<string> {
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  const first = await promptHidden('Password: ');
  const again = await promptHidden('The same password again: ');
  if (first !== again) throw new StaffAccountError('The two passwords differ; nothing was changed.');
  return first;
}

function promptHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          done();
          return resolve(typed);
        }
        if (char === '\u0003') {
          done();
          return reject(new StaffAccountError('Interrupted; nothing was changed.'));
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    stdin.on('data', onData);
  });
}

/** Where the command reads and writes: the process's own streams, or a test's. */
export type CommandIo = {
  stdin: AsyncIterable<unknown> & { isTTY?: boolean };
  stdout: (line: string) => void;
  stderr: (line: string) => void;
};

/** The process's streams. */
export const PROCESS_IO: CommandIo = { stdin: process.stdin, stdout: (line) => console.log(line), stderr: (line) => console.error(line) };

/** The configured database (DATA_DIR or DATABASE_URL), migrated and locked for the run. */
const configuredDatabase = <T>(work: (db: Db) => Promise<T>) => withDatabase(loadConfig(), work);

async function run(argv: string[], io: CommandIo, database: typeof configuredDatabase): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' }, name: { type: 'string' } },
  });
  const [command, email, ...rest] = positionals;
  if (!email || rest.length > 0 || (command !== 'add' && command !== 'password' && command !== 'totp-off')) {
    io.stderr(USAGE);
    return 2;
  }
  if (command === 'add' && !isStaffRole(values.role)) {
    io.stderr(`--role must be one of: ${STAFF_ROLES.join(', ')}.`);
    return 2;
  }
  const password = command === 'totp-off' ? '' : await readPassword(io.stdin);
  // Before the database opens: a short or common password is refused at once (the name the member will have, for add).
  if (command !== 'totp-off')
    checkStaffPassword(password, { email, name: command === 'add' ? (values.name ?? email.split('@')[0]) : undefined });
  return database(async (db) => {
    if (command === 'add' && isStaffRole(values.role)) {
      const name = values.name ?? email.split('@')[0] ?? email;
      const added = await addStaffMember(db, { email, name, role: values.role, password }, ACTOR, { now: Date.now });
      io.stdout(`Added ${added.email} (${added.name}) as ${added.role}. Sign in at /admin.`);
    } else if (command === 'totp-off') {
      const account = await turnOffStaffTotp(db, { email }, ACTOR, { now: Date.now });
      io.stdout(`One-time codes of ${account.email} are off; they can be set up again after signing in.`);
    } else {
      const account = await resetStaffPassword(db, { email, password }, ACTOR, { now: Date.now });
      io.stdout(`The password of ${account.email} is changed; its sign-in locks are lifted.`);
    }
    return 0;
  });
}

/**
 * `npm run staff -- ARGS`: answers the exit code, having written what it did to `io.stdout` or
 * why not to `io.stderr` (server/admin/staff/staff-cli.ts runs it as a process).
 */
export function staffCommand(argv: string[], io: CommandIo = PROCESS_IO, database = configuredDatabase): Promise<number> {
  return cliExitCode(
    () => run(argv, io, database),
    (error) => {
      if (error instanceof StaffAccountError) return error.message;
      if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
        return `${error.message}\n${USAGE}`;
      return undefined;
    },
    io.stderr,
  );
}
