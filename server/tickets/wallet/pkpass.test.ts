import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDocument } from '../../../contract/ticket-model.ts';
import { passJson } from './pass-json.ts';
import { buildPkpass, loadPassSigner, solidPng } from './pkpass.ts';
import { makePassCertificates } from './wallet-test-certificates.ts';

/**
 * A pass certificate issued by a test "WWDR" authority, both made here by openssl; the signature
 * is then checked by openssl too, never by our own code.
 */
let certs: ReturnType<typeof makePassCertificates>;
const file = (name: string) => certs.file(name);
const openssl = (...args: string[]) => certs.openssl(...args);

beforeAll(() => {
  certs = makePassCertificates('pkpass-', 'pass.ru.test.tickets');
  openssl('pkcs8', '-topk8', '-v2', 'aes-256-cbc', '-in', 'pass.key', '-out', 'pass-locked.key', '-passout', 'pass:correct horse');
});
afterAll(() => certs.remove());

const pems = (keyFile = 'pass.key', keyPassphrase?: string) => ({
  passTypeId: 'pass.ru.test.tickets',
  teamId: 'ABCDE12345',
  certPem: readFileSync(file('pass.pem'), 'utf8'),
  keyPem: readFileSync(file(keyFile), 'utf8'),
  ...(keyPassphrase ? { keyPassphrase } : {}),
  wwdrPem: readFileSync(file('wwdr.pem'), 'utf8'),
});

const doc: TicketDocument = {
  hash: 'tickethash123',
  code: '2606000123',
  codeKind: 'qr',
  series: 'АА',
  number: '00000123',
  organizer: { ru: 'ГБУК «Театр»' },
  organizerInn: '7701234567',
  event: { ru: 'Щелкунчик', en: 'The Nutcracker', kz: 'Щелкунчик', ch: '胡桃夹子' },
  day: { ru: '31 декабря 2026', en: '31 December 2026', kz: '31 желтоқсан 2026', ch: '2026年12月31日' },
  weekday: { ru: 'четверг', en: 'Thursday', kz: 'бейсенбі', ch: '星期四' },
  time: '19:00',
  place: { ru: 'Большой зал', en: 'Main hall', kz: 'Үлкен зал', ch: '大厅' },
  address: { ru: 'Театральная пл., 1', en: '1 Teatralnaya Sq.', kz: 'Театральная пл., 1', ch: '剧院广场1号' },
  category: { ru: 'Партер', en: 'Stalls', kz: 'Партер', ch: '正厅' },
  seat: { sector: { ru: 'Партер', en: 'Stalls', kz: 'Партер', ch: '正厅' }, row: '5', seat: '12' },
  price: 250000,
  currency: 'RUB',
  holder: null,
  orderNumber: 1042,
};

function build(json: Record<string, unknown>, signedAt = new Date('2026-12-05T08:00:00Z'), keyFile?: string, passphrase?: string) {
  const signer = loadPassSigner(pems(keyFile, passphrase));
  return unzipSync(buildPkpass({ 'pass.json': Buffer.from(JSON.stringify(json)), 'icon.png': solidPng(29, [0, 0, 0]) }, signer, signedAt));
}

const context = { passTypeId: 'pass.ru.test.tickets', teamId: 'ABCDE12345', relevantDate: '2026-12-31T19:00:00+03:00', voided: false };

describe('a .pkpass', () => {
  it('holds pass.json, the icon, a manifest of their SHA-1 and a detached signature openssl verifies against the issuing certificate', () => {
    const files = build(passJson(doc, 'ru', context));
    expect(Object.keys(files).sort()).toEqual(['icon.png', 'manifest.json', 'pass.json', 'signature']);
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] as Uint8Array).toString()) as Record<string, string>;
    expect(manifest).toEqual({
      'pass.json': createHash('sha1')
        .update(files['pass.json'] as Uint8Array)
        .digest('hex'),
      'icon.png': createHash('sha1')
        .update(files['icon.png'] as Uint8Array)
        .digest('hex'),
    });
    writeFileSync(file('manifest.json'), files['manifest.json'] as Uint8Array);
    writeFileSync(file('signature'), files.signature as Uint8Array);
    // -purpose any: the test certificate carries no S/MIME key usage, as Apple's pass certificates do not.
    const verify = (content: string) => certs.verify('signature', content);
    expect(() => verify('manifest.json')).not.toThrow();
    const printed = openssl('cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'signature');
    expect(printed).toContain('signingTime');
    expect(printed).toContain('CN=Test WWDR');
    expect(printed).toMatch(/eContent: <ABSENT>/);
    // Any change to the manifest breaks the signature.
    writeFileSync(file('tampered.json'), Buffer.from(JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) })));
    expect(() => verify('tampered.json')).toThrow();
  });

  it('signs with a key locked by a passphrase, and refuses a key that does not belong to the certificate', () => {
    expect(() => build(passJson(doc, 'ru', context), undefined, 'pass-locked.key', 'correct horse')).not.toThrow();
    expect(() => loadPassSigner({ ...pems(), keyPem: readFileSync(file('wwdr.key'), 'utf8') })).toThrow(/does not belong/);
  });

  it("says the ticket's requisites in the language asked, with its code as a QR code, its time and, when returned, voided", () => {
    const json = passJson(doc, 'en', {
      ...context,
      webService: { url: 'https://tickets.example.ru/wallet', authenticationToken: 'x'.repeat(43) },
    });
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.ru.test.tickets',
      teamIdentifier: 'ABCDE12345',
      serialNumber: 'tickethash123',
      relevantDate: '2026-12-31T19:00:00+03:00',
      webServiceURL: 'https://tickets.example.ru/wallet',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: '2606000123', messageEncoding: 'iso-8859-1' }],
    });
    expect(json.voided).toBeUndefined();
    const ticket = json.eventTicket as Record<string, { key: string; value: string }[]>;
    expect(ticket.primaryFields?.[0]?.value).toBe('The Nutcracker');
    expect(ticket.secondaryFields?.[0]?.value).toBe('31 December 2026, 19:00 (Thursday)');
    expect(ticket.backFields?.map((f) => f.value)).toContain('Stalls · 5 · 12');
    expect(passJson(doc, 'ru', { ...context, voided: true }).voided).toBe(true);
    const barcode = passJson({ ...doc, codeKind: 'barcode' }, 'ru', context).barcodes as { format: string }[];
    expect(barcode[0]?.format).toBe('PKBarcodeFormatCode128');
    expect(passJson({ ...doc, codeKind: 'none', code: '' }, 'ru', context).barcodes).toBeUndefined();
  });

  it('draws the icon as a PNG that libvips decodes to the size and colour asked', async () => {
    const image = sharp(solidPng(58, [34, 120, 200]));
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 58, height: 58, channels: 3 });
    const { channels } = await image.stats();
    expect(channels.map((c) => [c.min, c.max])).toEqual([
      [34, 34],
      [120, 120],
      [200, 200],
    ]);
  });
});
