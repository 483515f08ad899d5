import { readFileSync } from 'node:fs';
import type { WalletConfig } from '../../config.ts';
import type { PassSignerPems } from './pkpass.ts';

/** The venue's pass certificate files (WALLET_*), read once at start; a missing file stops the start naming it. */
export function readWalletPems(config: WalletConfig): PassSignerPems {
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${name}: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
  };
  return {
    passTypeId: config.passTypeId,
    teamId: config.teamId,
    certPem: read('WALLET_CERT_FILE', config.certFile),
    keyPem: read('WALLET_KEY_FILE', config.keyFile),
    ...(config.keyPassphrase ? { keyPassphrase: config.keyPassphrase } : {}),
    wwdrPem: read('WALLET_WWDR_FILE', config.wwdrFile),
  };
}
