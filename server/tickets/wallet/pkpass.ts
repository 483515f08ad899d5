import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import forge from 'node-forge';

/**
 * What signs a venue's passes: its Pass Type ID certificate and key from Apple's developer
 * account, and Apple's WWDR intermediate certificate that issued it (docs/tickets.md).
 */
export type PassSigner = {
  passTypeId: string;
  teamId: string;
  certificate: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  wwdr: forge.pki.Certificate;
};

export type PassSignerPems = {
  passTypeId: string;
  teamId: string;
  certPem: string;
  keyPem: string;
  keyPassphrase?: string;
  wwdrPem: string;
};

/** Parses the PEMs once at start; throws with a plain reason when they do not fit together. */
export function loadPassSigner(p: PassSignerPems): PassSigner {
  const certificate = forge.pki.certificateFromPem(p.certPem);
  const key = (
    p.keyPassphrase ? forge.pki.decryptRsaPrivateKey(p.keyPem, p.keyPassphrase) : forge.pki.privateKeyFromPem(p.keyPem)
  ) as forge.pki.rsa.PrivateKey | null;
  if (!key) throw new Error('the pass key cannot be read (a wrong passphrase?)');
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  if (publicKey.n.compareTo(key.n) !== 0) throw new Error('the pass key does not belong to the pass certificate');
  const wwdr = forge.pki.certificateFromPem(p.wwdrPem);
  return { passTypeId: p.passTypeId, teamId: p.teamId, certificate, key, wwdr };
}

/** An object identifier by its name in forge's table (its typings leave the names out). */
function oid(name: string): string {
  const value = (forge.pki.oids as Record<string, string | undefined>)[name];
  if (!value) throw new Error(`unknown object identifier ${name}`);
  return value;
}

const sha1Hex = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/**
 * Apple's signature file: a detached PKCS #7 (CMS SignedData) signature of manifest.json by the
 * pass certificate, with the WWDR certificate in the chain and the signing time among the signed
 * attributes (Wallet refuses a signature without it).
 */
export function signManifest(manifest: Uint8Array, signer: PassSigner, signingTime: Date): Uint8Array {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(Buffer.from(manifest).toString('binary'));
  p7.addCertificate(signer.wwdr);
  p7.addCertificate(signer.certificate);
  p7.addSigner({
    key: signer.key,
    certificate: signer.certificate,
    digestAlgorithm: oid('sha256'),
    authenticatedAttributes: [
      { type: oid('contentType'), value: oid('data') },
      { type: oid('messageDigest') },
      // forge's typings want a string; it takes the Date itself and encodes it as UTCTime.
      { type: oid('signingTime'), value: signingTime as unknown as string },
    ],
  });
  p7.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}

/**
 * A .pkpass: a zip of pass.json, its images, manifest.json (each file's SHA-1, as Wallet checks
 * them) and the signature of the manifest.
 */
export function buildPkpass(files: Record<string, Uint8Array>, signer: PassSigner, signingTime: Date): Uint8Array {
  const manifest: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) manifest[name] = sha1Hex(bytes);
  const manifestBytes = Buffer.from(JSON.stringify(manifest));
  return zipSync({ ...files, 'manifest.json': manifestBytes, signature: signManifest(manifestBytes, signer, signingTime) }, { level: 6 });
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * A PNG of one colour (Wallet requires icon.png; it shows it in notifications and the lock
 * screen): an 8-bit RGB image, each row a filter byte and the pixels.
 */
export function solidPng(size: number, rgb: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
