import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFragment } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../catalog/sanitize-html.ts';
import { freshDb } from '../../catalog/test-support.ts';
import type { Db } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

type Node = { nodeName: string; value?: string; childNodes?: Node[] };
/** What a browser shows of the HTML: its text, a <br> as a line break. */
const shown = (html: string): string => {
  const walk = (node: Node): string =>
    node.nodeName === '#text' ? (node.value ?? '') : node.nodeName === 'br' ? '\n' : (node.childNodes ?? []).map(walk).join('');
  return walk(parseFragment(html) as unknown as Node);
};

let db: Db;
let migration: string;
beforeAll(async () => {
  db = await freshDb();
  const found = (await readdir(MIGRATIONS)).find((f) => f.startsWith('1040_'));
  if (!found) throw new Error('migration 1040 is missing');
  migration = found;
  await db.query('delete from schema_migrations where name = $1', [migration]);
}, 60_000);
afterAll(() => db?.close());

describe('migration 1040 on plain-text offer descriptions', () => {
  it('turns each language into HTML that reads as the plain text did: escaped, line breaks kept', async () => {
    const plain = {
      ru: 'Парковка <у входа> & въезд\nс 18:00\r\nдо 23:00',
      en: 'Use "gate B" <b>not</b> gate A',
      kz: '',
      ch: '停车位\r',
    };
    await db.query(
      `insert into special_offers (id, package_id, event_id, name, description, amount) values
         (101, 101, null, '{"ru":"Парковка"}', $1, 1000), (102, 102, null, '{"ru":"Плед"}', '{}', 1000)`,
      [JSON.stringify(plain)],
    );
    expect(await migrate(db)).toEqual([migration]);
    const rows = (
      await db.query<{ id: number; description: Record<string, string> }>('select id, description from special_offers order by id')
    ).rows;
    const html = rows[0]?.description ?? {};
    expect(html).toEqual({
      ru: 'Парковка &lt;у входа&gt; &amp; въезд<br>с 18:00<br>до 23:00',
      en: 'Use "gate B" &lt;b&gt;not&lt;/b&gt; gate A',
      kz: '',
      ch: '停车位<br>',
    });
    for (const [lang, text] of Object.entries(plain)) {
      const stored = html[lang] ?? '';
      // The visitor reads the same words and lines, nothing raw.
      expect(shown(stored)).toBe(text.replace(/\r\n?/g, '\n'));
      // Already what the allow-list keeps: a save of the unchanged form stores the same text.
      expect(sanitizeHtml(stored)).toBe(stored);
    }
    expect(rows[1]?.description).toEqual({});
  });
});
