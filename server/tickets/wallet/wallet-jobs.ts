import type { WalletConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { readWalletPems } from './wallet-config.ts';
import { deliverWalletPushes, refreshRegisteredPasses, sendApnsPush } from './wallet-updates.ts';
import type { WalletPasses } from './wallet.service.ts';

/**
 * The background jobs of updatable passes: the refresh job notices a registered pass whose
 * content changed and queues pushes; the push job sends them to Apple with the pass certificate.
 */
export function walletJobs(db: Queryable, wallet: WalletPasses, config: WalletConfig) {
  const pems = readWalletPems(config);
  const target = {
    url: config.apnsUrl,
    certPem: pems.certPem,
    keyPem: pems.keyPem,
    ...(pems.keyPassphrase ? { passphrase: pems.keyPassphrase } : {}),
    topic: config.passTypeId,
  };
  return [
    { name: 'wallet-refresh', intervalMs: 60_000, run: () => refreshRegisteredPasses(db, wallet, new Date()) },
    { name: 'wallet-pushes', intervalMs: 15_000, run: () => deliverWalletPushes(db, (token) => sendApnsPush(target, token), new Date()) },
  ];
}
