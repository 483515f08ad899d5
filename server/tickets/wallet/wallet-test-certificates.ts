import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A folder with a pass certificate (`pass.pem`, `pass.key`, UID = the pass type id) issued by a
 * test "WWDR" authority (`wwdr.pem`, `wwdr.key`), all made by openssl, never by our own code; the
 * tests check signatures with openssl too.
 */
export function makePassCertificates(prefix: string, passTypeId: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const newKey = ['-newkey', 'rsa:2048', '-nodes'];
  openssl('req', '-x509', ...newKey, '-keyout', 'wwdr.key', '-out', 'wwdr.pem', '-days', '2', '-subj', '/CN=Test WWDR');
  openssl('req', ...newKey, '-keyout', 'pass.key', '-out', 'pass.csr', '-subj', `/UID=${passTypeId}/CN=Pass Type ID`);
  openssl('x509', '-req', '-in', 'pass.csr', '-CA', 'wwdr.pem', '-CAkey', 'wwdr.key', '-CAcreateserial', '-out', 'pass.pem', '-days', '2');
  return {
    dir,
    file: (name: string) => path.join(dir, name),
    openssl,
    /** openssl's own check of a detached signature of `content` against the test authority; throws when it fails. */
    verify: (signature: string, content: string) =>
      openssl(
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        signature,
        '-content',
        content,
        '-CAfile',
        'wwdr.pem',
        '-purpose',
        'any',
        '-out',
        'out.bin',
      ),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
