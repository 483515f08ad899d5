// npm run staff -- add EMAIL --role ROLE [--name NAME] | password EMAIL | totp-off EMAIL
// (server/admin/staff/staff-command.ts).
import { staffCommand } from './staff-command.ts';

void staffCommand(process.argv.slice(2)).then((code) => process.exit(code));
