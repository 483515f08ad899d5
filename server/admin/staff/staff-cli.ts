import { parseArgs } from 'node:util';
import { STAFF_ROLES, isStaffRole } from '../../../contract/admin/roles.ts';
import { loadConfig } from '../../config.ts';
import { runCli, withDatabase } from '../../db/cli.ts';
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
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '');
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

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' }, name: { type: 'string' } },
  });
  const [command, email, ...rest] = positionals;
  if (!email || rest.length > 0 || (command !== 'add' && command !== 'password' && command !== 'totp-off')) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'add' && !isStaffRole(values.role)) {
    console.error(`--role must be one of: ${STAFF_ROLES.join(', ')}.`);
    return 2;
  }
  const password = command === 'totp-off' ? '' : await readPassword();
  // Before the database opens: a short or common password is refused at once (the name the member will have, for add).
  if (command !== 'totp-off') checkStaffPassword(password, { email, name: command === 'add' ? (values.name ?? email.split('@')[0]) : undefined });
  return withDatabase(loadConfig(), async (db) => {
    if (command === 'add' && isStaffRole(values.role)) {
      const name = values.name ?? email.split('@')[0] ?? email;
      const added = await addStaffMember(db, { email, name, role: values.role, password }, ACTOR, { now: Date.now });
      console.log(`Added ${added.email} (${added.name}) as ${added.role}. Sign in at /admin.`);
    } else if (command === 'totp-off') {
      const account = await turnOffStaffTotp(db, { email }, ACTOR, { now: Date.now });
      console.log(`One-time codes of ${account.email} are off; they can be set up again after signing in.`);
    } else {
      const account = await resetStaffPassword(db, { email, password }, ACTOR, { now: Date.now });
      console.log(`The password of ${account.email} is changed; its sign-in locks are lifted.`);
    }
    return 0;
  });
}

runCli(
  () => run(process.argv.slice(2)),
  (error) => {
    if (error instanceof StaffAccountError) return error.message;
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) return `${error.message}\n${USAGE}`;
    return undefined;
  },
);
