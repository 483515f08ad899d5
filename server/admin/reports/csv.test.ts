import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('starts with the UTF-8 byte order mark and ends every line with CRLF', () => {
    const csv = toCsv(['Событие', 'Сумма'], [['Концерт', { money: 150_050 }]]);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv).toBe('\uFEFFСобытие,Сумма\r\nКонцерт,1500.50\r\n');
  });

  it.each([
    { description: 'a comma', value: 'Иванов, Иван', want: '"Иванов, Иван"' },
    { description: 'a quote, doubled', value: 'Зал "Россия"', want: '"Зал ""Россия"""' },
    { description: 'a line break', value: 'две\nстроки', want: '"две\nстроки"' },
    { description: 'a CRLF', value: 'a\r\nb', want: '"a\r\nb"' },
    { description: 'a semicolon (safe for either separator)', value: 'a;b', want: '"a;b"' },
    { description: 'plain text, unquoted', value: 'Спектакль', want: 'Спектакль' },
    { description: 'a formula, defused', value: '=HYPERLINK("x")', want: '"\'=HYPERLINK(""x"")"' },
    { description: 'a leading minus in text, defused', value: '-1+1', want: "'-1+1" },
    { description: 'a full-width equals sign, defused', value: '＝HYPERLINK("x")', want: '"\'＝HYPERLINK(""x"")"' },
    { description: 'a full-width plus, defused', value: '＋1+1', want: "'＋1+1" },
    { description: 'a full-width minus, defused', value: '－1', want: "'－1" },
    { description: 'a full-width at sign, defused', value: '＠SUM(A1)', want: "'＠SUM(A1)" },
    { description: 'a small equals sign, defused', value: '﹦1+1', want: "'﹦1+1" },
    { description: 'a minus sign, defused', value: '\u22121+1', want: "'\u22121+1" },
    { description: 'a formula after spaces, defused', value: '  =1+1', want: "'  =1+1" },
    { description: 'a formula after an ideographic space, defused', value: '\u3000=1+1', want: "'\u3000=1+1" },
    { description: 'a tab first, defused', value: '\t=1', want: "'\t=1" },
    { description: 'an equals sign inside text, as it is', value: 'a=b', want: 'a=b' },
    { description: 'a full-width letter first, as it is', value: 'Ａ＝1', want: 'Ａ＝1' },
    { description: 'an empty cell', value: null, want: '' },
  ])('quotes $description as RFC 4180 says', ({ value, want }) => {
    expect(toCsv(['x'], [[value]])).toBe(`\uFEFFx\r\n${want}\r\n`);
  });

  it('writes numbers as they are, negative ones too', () => {
    expect(toCsv(['n'], [[-5], [0]])).toBe('\uFEFFn\r\n-5\r\n0\r\n');
  });

  it('separates by semicolons with decimal commas for Excel set to a semicolon locale', () => {
    expect(toCsv(['a', 'b'], [['x,y', { money: 1_000_005 }]], 'excel-semicolon')).toBe('\uFEFFa;b\r\n"x,y";10000,05\r\n');
  });

  it('round-trips through an RFC 4180 reader', () => {
    const rows = [
      ['a "q"', 'b,c'],
      ['d\r\ne', 'f'],
    ];
    const csv = toCsv(['h1', 'h2'], rows).slice(1);
    expect(parseRfc4180(csv)).toEqual([['h1', 'h2'], ...rows]);
  });
});

/** A minimal RFC 4180 reader, written from the RFC's grammar, to check the writer against. */
function parseRfc4180(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i += 1;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
    i += 1;
  }
  return records;
}
