import type { CatalogHallInput, CatalogSeatRowInput } from '../contract/catalog-file.ts';
import { t } from './demo-text.ts';

/** Zones of the concert hall: two price levels of the stalls, the balcony, the dance floor. */
export const CONCERT_ZONES = { stallsFront: 1, stallsBack: 2, balcony: 3, danceFloor: 4 } as const;
/** Zones of the arena: three tiers by row and the fan zone on the floor. */
export const ARENA_ZONES = { lower: 11, middle: 12, upper: 13, fanZone: 14 } as const;

/**
 * The concert hall «Гармония»: 12 rows of 20 in the stalls and 4 rows of 16 on the balcony
 * (304 seats), plus a standing dance floor of 40 places in front of the stage.
 */
export function concertHall(): CatalogHallInput {
  const stallsRows: CatalogSeatRowInput[] = Array.from({ length: 12 }, (_, i) => ({
    label: String(i + 1),
    seatCount: 20,
    x: 134,
    y: 160 + i * 30,
    dx: 28,
    zoneId: i < 5 ? CONCERT_ZONES.stallsFront : CONCERT_ZONES.stallsBack,
  }));
  const balconyRows: CatalogSeatRowInput[] = Array.from({ length: 4 }, (_, i) => ({
    label: String(i + 1),
    seatCount: 16,
    x: 190,
    y: 550 + i * 30,
    dx: 28,
    zoneId: CONCERT_ZONES.balcony,
  }));
  return {
    id: 1,
    venueId: 2,
    name: t('Большой зал', 'Main hall', 'Үлкен зал', '大厅'),
    width: 800,
    height: 680,
    stage: { x: 200, y: 20, width: 400, height: 50, label: t('Сцена', 'Stage', 'Сахна', '舞台') },
    zones: [
      {
        id: CONCERT_ZONES.stallsFront,
        name: t('Партер, ряды 1–5', 'Stalls, rows 1–5', 'Партер, 1–5 қатарлар', '池座 1–5 排'),
        levelName: t('Премиум', 'Premium', 'Премиум', '高级'),
        color: '#e4572e',
      },
      {
        id: CONCERT_ZONES.stallsBack,
        name: t('Партер, ряды 6–12', 'Stalls, rows 6–12', 'Партер, 6–12 қатарлар', '池座 6–12 排'),
        levelName: t('Стандарт', 'Standard', 'Стандарт', '标准'),
        color: '#f3a712',
      },
      {
        id: CONCERT_ZONES.balcony,
        name: t('Балкон', 'Balcony', 'Балкон', '楼座'),
        levelName: t('Эконом', 'Economy', 'Эконом', '经济'),
        color: '#4c6ef5',
      },
      {
        id: CONCERT_ZONES.danceFloor,
        name: t('Танцпол', 'Dance floor', 'Би алаңы', '舞池'),
        levelName: t('Стоячие места', 'Standing', 'Тік тұратын орындар', '站票'),
        description: t(
          'Места без сидений у сцены',
          'Standing places in front of the stage',
          'Сахна алдындағы орындықсыз орындар',
          '舞台前的站立区域',
        ),
        color: '#17bebb',
      },
    ],
    sectors: [
      { id: 1, name: t('Партер', 'Stalls', 'Партер', '池座'), sortnum: 1, firstSeatId: 1001, rows: stallsRows },
      { id: 2, name: t('Балкон', 'Balcony', 'Балкон', '楼座'), sortnum: 2, firstSeatId: 2001, rows: balconyRows },
    ],
    standingAreas: [
      {
        id: 1,
        zoneId: CONCERT_ZONES.danceFloor,
        name: t('Танцпол у сцены', 'Dance floor by the stage', 'Сахна жанындағы би алаңы', '舞台旁舞池'),
        capacity: 40,
        x: 150,
        y: 85,
        width: 500,
        height: 55,
      },
    ],
  };
}

const ARENA_ROWS = 25;
const ARENA_SEATS_PER_ROW = 42;
const PITCH = 10;

const arenaZone = (row: number) => (row <= 8 ? ARENA_ZONES.lower : row <= 17 ? ARENA_ZONES.middle : ARENA_ZONES.upper);

type Stand = { code: string; name: [string, string, string, string]; sectors: number };

/**
 * One arena sector: 25 rows of 42 seats. North and south stands run along x, west and east
 * stands along y, with row 1 nearest the floor in every stand.
 */
function arenaSector(stand: Stand, index: number, id: number): NonNullable<CatalogHallInput['sectors']>[number] {
  const span = ARENA_SEATS_PER_ROW * PITCH + 30;
  const rows: CatalogSeatRowInput[] = Array.from({ length: ARENA_ROWS }, (_, r) => {
    const depth = r * PITCH;
    const base = { label: String(r + 1), seatCount: ARENA_SEATS_PER_ROW, zoneId: arenaZone(r + 1) };
    switch (stand.code) {
      case 'N':
        return { ...base, x: 400 + index * span, y: 300 - depth, dx: PITCH };
      case 'S':
        return { ...base, x: 400 + index * span, y: 2280 + depth, dx: PITCH };
      case 'W':
        return { ...base, x: 290 - depth, y: 400 + index * span, dx: 0, dy: PITCH };
      default:
        return { ...base, x: 3180 + depth, y: 400 + index * span, dx: 0, dy: PITCH };
    }
  });
  const [ru, en, kz, ch] = stand.name;
  return {
    id,
    name: t(
      `${ru}, сектор ${stand.code}${index + 1}`,
      `${en}, sector ${stand.code}${index + 1}`,
      `${kz}, ${stand.code}${index + 1} секторы`,
      `${ch} ${stand.code}${index + 1} 区`,
    ),
    sortnum: id,
    firstSeatId: 100_000 + id * 2000,
    rows,
  };
}

/** The arena «Северное сияние»: 20 sectors of 1,050 seats (21,000) and a fan zone of 3,000. */
export function arena(): CatalogHallInput {
  const stands: Stand[] = [
    { code: 'N', name: ['Северная трибуна', 'North stand', 'Солтүстік трибуна', '北看台'], sectors: 6 },
    { code: 'S', name: ['Южная трибуна', 'South stand', 'Оңтүстік трибуна', '南看台'], sectors: 6 },
    { code: 'W', name: ['Западная трибуна', 'West stand', 'Батыс трибуна', '西看台'], sectors: 4 },
    { code: 'E', name: ['Восточная трибуна', 'East stand', 'Шығыс трибуна', '东看台'], sectors: 4 },
  ];
  let nextId = 11;
  const sectors = stands.flatMap((stand) => Array.from({ length: stand.sectors }, (_, i) => arenaSector(stand, i, nextId++)));
  return {
    id: 2,
    venueId: 3,
    name: t('Арена', 'Arena', 'Арена', '体育馆'),
    width: 3500,
    height: 2600,
    stage: { x: 1450, y: 1150, width: 600, height: 300, label: t('Сцена', 'Stage', 'Сахна', '舞台') },
    zones: [
      { id: ARENA_ZONES.lower, name: t('Нижний ярус', 'Lower tier', 'Төменгі ярус', '下层'), color: '#d62828' },
      { id: ARENA_ZONES.middle, name: t('Средний ярус', 'Middle tier', 'Ортаңғы ярус', '中层'), color: '#f77f00' },
      { id: ARENA_ZONES.upper, name: t('Верхний ярус', 'Upper tier', 'Жоғарғы ярус', '上层'), color: '#003049' },
      {
        id: ARENA_ZONES.fanZone,
        name: t('Фан-зона', 'Fan zone', 'Фан-аймақ', '粉丝区'),
        levelName: t('Стоячие места', 'Standing', 'Тік тұратын орындар', '站票'),
        color: '#2a9d8f',
      },
    ],
    sectors,
    standingAreas: [
      {
        id: 2,
        zoneId: ARENA_ZONES.fanZone,
        name: t('Фан-зона', 'Fan zone', 'Фан-аймақ', '粉丝区'),
        capacity: 3000,
        x: 420,
        y: 420,
        width: 2650,
        height: 700,
      },
    ],
  };
}
