/**
 * Writes server/db/migrations/0500_nominal_reference.sql: the document types, countries and
 * regions of the named-ticket form. Run once by a developer (`node scripts/gen-nominal-reference.ts`);
 * the SQL it writes is committed and is what the storefront uses.
 *
 * Countries: every ISO 3166-1 country from Debian's iso-codes (/usr/share/iso-codes, package
 * `iso-codes`), keyed by its ISO numeric code (Russia 643, Kazakhstan 398), named in ru, en, kz
 * and ch by the CLDR data built into Node's Intl (the names people use: 'Россия', not 'Российская
 * Федерация'). Regions: the federal subjects of Russia and the regions and cities of republican
 * significance of Kazakhstan, written out below.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type L = { ru: string; en: string; kz?: string; ch?: string };

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'server/db/migrations/0500_nominal_reference.sql');
const ISO = '/usr/share/iso-codes/json/iso_3166-1.json';

const RUSSIA = 643;
const KAZAKHSTAN = 398;
/** Shown first in the country list; the rest follow in the visitor's alphabetical order. */
const FIRST: Record<string, number> = { RU: 1, KZ: 2, BY: 3 };

const names = {
  ru: new Intl.DisplayNames(['ru'], { type: 'region', fallback: 'none' }),
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }),
  kz: new Intl.DisplayNames(['kk'], { type: 'region', fallback: 'none' }),
  ch: new Intl.DisplayNames(['zh'], { type: 'region', fallback: 'none' }),
};

const docTypes: { id: number; countryId: number | null; name: L & { kz: string; ch: string }; note: L & { kz: string; ch: string } }[] = [
  {
    id: 1,
    countryId: RUSSIA,
    name: { ru: 'Паспорт гражданина РФ', en: 'Russian passport', kz: 'РФ азаматының паспорты', ch: '俄罗斯联邦公民护照' },
    note: {
      ru: 'Серия и номер паспорта — 10 цифр, например: 4510 123456',
      en: 'Passport series and number: 10 digits, for example 4510 123456',
      kz: 'Паспорттың сериясы мен нөмірі — 10 сан, мысалы: 4510 123456',
      ch: '护照系列和号码为10位数字，例如：4510 123456',
    },
  },
  {
    id: 3,
    countryId: RUSSIA,
    name: { ru: 'Военный билет', en: 'Military ID', kz: 'Әскери билет', ch: '军人证' },
    note: {
      ru: 'Две заглавные русские буквы и 7 цифр, например: АБ 1234567',
      en: 'Two Cyrillic capital letters and 7 digits, for example АБ 1234567',
      kz: 'Екі бас орыс әрпі және 7 сан, мысалы: АБ 1234567',
      ch: '两个西里尔大写字母加7位数字，例如：АБ 1234567',
    },
  },
  {
    id: 4,
    countryId: RUSSIA,
    name: { ru: 'Свидетельство о рождении РФ', en: 'Russian birth certificate', kz: 'РФ туу туралы куәлігі', ch: '俄罗斯出生证明' },
    note: {
      ru: 'Римские цифры (латинскими буквами I, V, X), дефис, две заглавные русские буквы и 6 цифр, например: IV-МЮ 123456',
      en: 'Roman numerals (Latin letters I, V, X), a hyphen, two Cyrillic capital letters and 6 digits, for example IV-МЮ 123456',
      kz: 'Рим цифрлары (латын әріптерімен I, V, X), дефис, екі бас орыс әрпі және 6 сан, мысалы: IV-МЮ 123456',
      ch: '罗马数字（拉丁字母 I、V、X）、连字符、两个西里尔大写字母和6位数字，例如：IV-МЮ 123456',
    },
  },
  {
    id: 5,
    countryId: RUSSIA,
    name: { ru: 'Паспорт моряка', en: "Seafarer's passport", kz: 'Теңізші паспорты', ch: '海员证' },
    note: {
      ru: 'Римские цифры (латинскими буквами I, V, X) и 7 цифр, например: II 1234567',
      en: 'Roman numerals (Latin letters I, V, X) and 7 digits, for example II 1234567',
      kz: 'Рим цифрлары (латын әріптерімен I, V, X) және 7 сан, мысалы: II 1234567',
      ch: '罗马数字（拉丁字母 I、V、X）加7位数字，例如：II 1234567',
    },
  },
  {
    id: 6,
    countryId: null,
    name: { ru: 'Иностранный документ', en: 'Foreign document', kz: 'Шетелдік құжат', ch: '外国证件' },
    note: {
      ru: 'Латинские буквы, цифры, дефис или подчёркивание, не менее 2 знаков, например: N1234567',
      en: 'Latin letters, digits, hyphens or underscores, at least 2 characters, for example N1234567',
      kz: 'Латын әріптері, сандар, дефис немесе астын сызу, кемінде 2 таңба, мысалы: N1234567',
      ch: '拉丁字母、数字、连字符或下划线，至少2个字符，例如：N1234567',
    },
  },
];

// The federal subjects of Russia as Article 65 of its Constitution lists them, keyed by their
// region code (id = 643000 + code). kz falls back to the Russian name at the edge, ch to English.
const russia: [number, string, string, string?][] = [
  [1, 'Республика Адыгея', 'Republic of Adygea'],
  [2, 'Республика Башкортостан', 'Republic of Bashkortostan'],
  [3, 'Республика Бурятия', 'Republic of Buryatia'],
  [4, 'Республика Алтай', 'Altai Republic'],
  [5, 'Республика Дагестан', 'Republic of Dagestan'],
  [6, 'Республика Ингушетия', 'Republic of Ingushetia'],
  [7, 'Кабардино-Балкарская Республика', 'Kabardino-Balkarian Republic'],
  [8, 'Республика Калмыкия', 'Republic of Kalmykia'],
  [9, 'Карачаево-Черкесская Республика', 'Karachay-Cherkess Republic'],
  [10, 'Республика Карелия', 'Republic of Karelia'],
  [11, 'Республика Коми', 'Komi Republic'],
  [12, 'Республика Марий Эл', 'Mari El Republic'],
  [13, 'Республика Мордовия', 'Republic of Mordovia'],
  [14, 'Республика Саха (Якутия)', 'Sakha (Yakutia) Republic'],
  [15, 'Республика Северная Осетия — Алания', 'Republic of North Ossetia–Alania'],
  [16, 'Республика Татарстан', 'Republic of Tatarstan'],
  [17, 'Республика Тыва', 'Tuva Republic'],
  [18, 'Удмуртская Республика', 'Udmurt Republic'],
  [19, 'Республика Хакасия', 'Republic of Khakassia'],
  [20, 'Чеченская Республика', 'Chechen Republic'],
  [21, 'Чувашская Республика', 'Chuvash Republic'],
  [22, 'Алтайский край', 'Altai Krai'],
  [23, 'Краснодарский край', 'Krasnodar Krai'],
  [24, 'Красноярский край', 'Krasnoyarsk Krai'],
  [25, 'Приморский край', 'Primorsky Krai'],
  [26, 'Ставропольский край', 'Stavropol Krai'],
  [27, 'Хабаровский край', 'Khabarovsk Krai'],
  [28, 'Амурская область', 'Amur Oblast'],
  [29, 'Архангельская область', 'Arkhangelsk Oblast'],
  [30, 'Астраханская область', 'Astrakhan Oblast'],
  [31, 'Белгородская область', 'Belgorod Oblast'],
  [32, 'Брянская область', 'Bryansk Oblast'],
  [33, 'Владимирская область', 'Vladimir Oblast'],
  [34, 'Волгоградская область', 'Volgograd Oblast'],
  [35, 'Вологодская область', 'Vologda Oblast'],
  [36, 'Воронежская область', 'Voronezh Oblast'],
  [37, 'Ивановская область', 'Ivanovo Oblast'],
  [38, 'Иркутская область', 'Irkutsk Oblast'],
  [39, 'Калининградская область', 'Kaliningrad Oblast'],
  [40, 'Калужская область', 'Kaluga Oblast'],
  [41, 'Камчатский край', 'Kamchatka Krai'],
  [42, 'Кемеровская область — Кузбасс', 'Kemerovo Oblast – Kuzbass'],
  [43, 'Кировская область', 'Kirov Oblast'],
  [44, 'Костромская область', 'Kostroma Oblast'],
  [45, 'Курганская область', 'Kurgan Oblast'],
  [46, 'Курская область', 'Kursk Oblast'],
  [47, 'Ленинградская область', 'Leningrad Oblast'],
  [48, 'Липецкая область', 'Lipetsk Oblast'],
  [49, 'Магаданская область', 'Magadan Oblast'],
  [50, 'Московская область', 'Moscow Oblast'],
  [51, 'Мурманская область', 'Murmansk Oblast'],
  [52, 'Нижегородская область', 'Nizhny Novgorod Oblast'],
  [53, 'Новгородская область', 'Novgorod Oblast'],
  [54, 'Новосибирская область', 'Novosibirsk Oblast'],
  [55, 'Омская область', 'Omsk Oblast'],
  [56, 'Оренбургская область', 'Orenburg Oblast'],
  [57, 'Орловская область', 'Oryol Oblast'],
  [58, 'Пензенская область', 'Penza Oblast'],
  [59, 'Пермский край', 'Perm Krai'],
  [60, 'Псковская область', 'Pskov Oblast'],
  [61, 'Ростовская область', 'Rostov Oblast'],
  [62, 'Рязанская область', 'Ryazan Oblast'],
  [63, 'Самарская область', 'Samara Oblast'],
  [64, 'Саратовская область', 'Saratov Oblast'],
  [65, 'Сахалинская область', 'Sakhalin Oblast'],
  [66, 'Свердловская область', 'Sverdlovsk Oblast'],
  [67, 'Смоленская область', 'Smolensk Oblast'],
  [68, 'Тамбовская область', 'Tambov Oblast'],
  [69, 'Тверская область', 'Tver Oblast'],
  [70, 'Томская область', 'Tomsk Oblast'],
  [71, 'Тульская область', 'Tula Oblast'],
  [72, 'Тюменская область', 'Tyumen Oblast'],
  [73, 'Ульяновская область', 'Ulyanovsk Oblast'],
  [74, 'Челябинская область', 'Chelyabinsk Oblast'],
  [75, 'Забайкальский край', 'Zabaykalsky Krai'],
  [76, 'Ярославская область', 'Yaroslavl Oblast'],
  [77, 'Москва', 'Moscow', '莫斯科'],
  [78, 'Санкт-Петербург', 'Saint Petersburg', '圣彼得堡'],
  [79, 'Еврейская автономная область', 'Jewish Autonomous Oblast'],
  [83, 'Ненецкий автономный округ', 'Nenets Autonomous Okrug'],
  [86, 'Ханты-Мансийский автономный округ — Югра', 'Khanty-Mansi Autonomous Okrug – Yugra'],
  [87, 'Чукотский автономный округ', 'Chukotka Autonomous Okrug'],
  [89, 'Ямало-Ненецкий автономный округ', 'Yamalo-Nenets Autonomous Okrug'],
  [90, 'Запорожская область', 'Zaporozhye Oblast'],
  [91, 'Республика Крым', 'Republic of Crimea'],
  [92, 'Севастополь', 'Sevastopol'],
  [93, 'Донецкая Народная Республика', "Donetsk People's Republic"],
  [94, 'Луганская Народная Республика', "Luhansk People's Republic"],
  [95, 'Херсонская область', 'Kherson Oblast'],
];

// Kazakhstan: its 17 regions (oblys) and 3 cities of republican significance (id = 398000 + n).
const kazakhstan: [number, string, string, string, string][] = [
  [1, 'Абайская область', 'Abai Region', 'Абай облысы', '阿拜州'],
  [2, 'Акмолинская область', 'Akmola Region', 'Ақмола облысы', '阿克莫拉州'],
  [3, 'Актюбинская область', 'Aktobe Region', 'Ақтөбе облысы', '阿克托别州'],
  [4, 'Алматинская область', 'Almaty Region', 'Алматы облысы', '阿拉木图州'],
  [5, 'Атырауская область', 'Atyrau Region', 'Атырау облысы', '阿特劳州'],
  [6, 'Восточно-Казахстанская область', 'East Kazakhstan Region', 'Шығыс Қазақстан облысы', '东哈萨克斯坦州'],
  [7, 'Жамбылская область', 'Jambyl Region', 'Жамбыл облысы', '江布尔州'],
  [8, 'Жетысуская область', 'Jetisu Region', 'Жетісу облысы', '杰特苏州'],
  [9, 'Западно-Казахстанская область', 'West Kazakhstan Region', 'Батыс Қазақстан облысы', '西哈萨克斯坦州'],
  [10, 'Карагандинская область', 'Karaganda Region', 'Қарағанды облысы', '卡拉干达州'],
  [11, 'Костанайская область', 'Kostanay Region', 'Қостанай облысы', '科斯塔奈州'],
  [12, 'Кызылординская область', 'Kyzylorda Region', 'Қызылорда облысы', '克孜勒奥尔达州'],
  [13, 'Мангистауская область', 'Mangystau Region', 'Маңғыстау облысы', '曼格斯套州'],
  [14, 'Павлодарская область', 'Pavlodar Region', 'Павлодар облысы', '巴甫洛达尔州'],
  [15, 'Северо-Казахстанская область', 'North Kazakhstan Region', 'Солтүстік Қазақстан облысы', '北哈萨克斯坦州'],
  [16, 'Туркестанская область', 'Turkistan Region', 'Түркістан облысы', '突厥斯坦州'],
  [17, 'Улытауская область', 'Ulytau Region', 'Ұлытау облысы', '乌勒套州'],
  [18, 'Астана', 'Astana', 'Астана', '阿斯塔纳'],
  [19, 'Алматы', 'Almaty', 'Алматы', '阿拉木图'],
  [20, 'Шымкент', 'Shymkent', 'Шымкент', '奇姆肯特'],
];

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const json = (value: object) => `${sqlText(JSON.stringify(value))}::jsonb`;

const iso = (JSON.parse(readFileSync(ISO, 'utf8')) as { '3166-1': { alpha_2: string; numeric: string }[] })['3166-1'];
const countries = iso
  .map((c) => {
    const name: Record<string, string> = {};
    for (const [lang, display] of Object.entries(names)) {
      const value = display.of(c.alpha_2);
      if (!value || value === c.alpha_2) throw new Error(`no ${lang} name for ${c.alpha_2}`);
      name[lang] = value;
    }
    return { id: Number(c.numeric), code: c.alpha_2, sortnum: FIRST[c.alpha_2] ?? 100, name };
  })
  .sort((a, b) => a.id - b.id);

const lines: string[] = [
  '-- Generated by scripts/gen-nominal-reference.ts; edit the script, not this file.',
  '-- Reference data of the named-ticket form:',
  '-- ISO 3166-1 countries keyed by their numeric code, the regions of Russia and Kazakhstan,',
  '-- and the holder document types (ids 1, 3, 4, 5, 6).',
  '',
  'create table countries (',
  '  id integer primary key,                  -- ISO 3166-1 numeric',
  "  code text not null unique check (code ~ '^[A-Z]{2}$'),  -- ISO 3166-1 alpha-2",
  '  sortnum integer not null default 100,    -- lower first; equal ones in alphabetical order',
  '  name jsonb not null',
  ');',
  '',
  'create table regions (',
  '  id integer primary key,',
  '  country_id integer not null references countries (id),',
  '  sortnum integer not null default 100,',
  '  name jsonb not null',
  ');',
  'create index regions_country on regions (country_id);',
  '',
  'create table document_types (',
  '  id integer primary key,',
  '  country_id integer references countries (id),   -- the issuing country; null: any',
  '  sortnum integer not null default 0,',
  '  name jsonb not null,',
  "  note jsonb not null default '{}'::jsonb          -- the expected format, shown when a number is invalid",
  ');',
  '',
  `insert into countries (id, code, sortnum, name) values`,
  countries.map((c) => `  (${c.id}, ${sqlText(c.code)}, ${c.sortnum}, ${json(c.name)})`).join(',\n') + ';',
  '',
  `insert into regions (id, country_id, name) values`,
  [
    ...russia.map(([code, ru, en, ch]) => `  (${RUSSIA * 1000 + code}, ${RUSSIA}, ${json(ch ? { ru, en, ch } : { ru, en })})`),
    ...kazakhstan.map(([n, ru, en, kz, ch]) => `  (${KAZAKHSTAN * 1000 + n}, ${KAZAKHSTAN}, ${json({ ru, en, kz, ch })})`),
  ].join(',\n') + ';',
  '',
  `insert into document_types (id, country_id, sortnum, name, note) values`,
  docTypes.map((d, i) => `  (${d.id}, ${d.countryId ?? 'null'}, ${i + 1}, ${json(d.name)}, ${json(d.note)})`).join(',\n') + ';',
  '',
];
writeFileSync(OUT, lines.join('\n'));
console.log(
  `wrote ${path.relative(ROOT, OUT)}: ${countries.length} countries, ${russia.length + kazakhstan.length} regions, ${docTypes.length} document types`,
);
