// Prints a CRM token for a client id, as the venue's site would sign it (docs/crm-client.md).
// Usage: CRM_SECRET=... node server/crm/crm-token-cli.ts CLIENT_ID [HOURS=24]
import { signCrmToken } from './crm-token.ts';

const [idText, hoursText = '24'] = process.argv.slice(2);
const secret = process.env.CRM_SECRET;
const id = Number(idText);
const hours = Number(hoursText);
if (!secret || !Number.isSafeInteger(id) || id <= 0 || !(hours > 0)) {
  console.error('Usage: CRM_SECRET=... node server/crm/crm-token-cli.ts CLIENT_ID [HOURS=24]');
  process.exit(1);
}
console.log(signCrmToken(secret, id, Date.now() + hours * 3600_000));
