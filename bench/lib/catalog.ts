import type { CatalogFileInput } from '../../contract/catalog-file.ts';

/** Ids and names of the on-sale catalog, for the buyer simulations. */
export const RUSH = {
  placesEvent: { id: 1, hash: 'rush-places' },
  /** The session with 100 places of the rush. */
  placesSession: 1,
  /** A session large enough never to sell out: sustained load, overload and memory. */
  bigSession: 2,
  bigCapacity: 2_000_000,
  category: 1,
  seatsEvent: { id: 2, hash: 'rush-seats' },
  seatsSession: 3,
  seatsPrice: 2,
  seatIds: Array.from({ length: 50 }, (_, i) => 1001 + i),
} as const;

const MOSCOW_MS = 3 * 3600_000;

/** The Moscow day `days` after `now`, as 'YYYY-MM-DD' and as the page sends it (dd.mm.yyyy). */
function moscowDay(now: Date, days: number) {
  const iso = new Date(now.getTime() + MOSCOW_MS + days * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, page: `${d}.${m}.${y}` };
}

/**
 * The catalog of an on-sale day: a timed event whose session has 100 places (the rush), a second
 * session of 2,000,000 places (sustained load and memory), and a concert in a 50-seat hall sold
 * from the seat map. Sessions are a week ahead at 19:00 and 20:00 Moscow time.
 */
export function rushCatalog(now: Date): { file: CatalogFileInput; day: string; placesTime: string; bigTime: string } {
  const day = moscowDay(now, 7);
  const name = (ru: string, en: string) => ({ ru, en });
  const file: CatalogFileInput = {
    version: 1,
    kinds: [{ id: 1, typeId: 3, sortnum: 1, name: name('Концерты', 'Concerts') }],
    venues: [{ id: 1, name: name('Концертный зал', 'Concert hall'), address: name('ул. Тестовая, 1', '1 Test St') }],
    halls: [
      {
        id: 1,
        venueId: 1,
        name: name('Малый зал', 'Small hall'),
        width: 400,
        height: 260,
        stage: { x: 100, y: 10, width: 200, height: 30, label: name('Сцена', 'Stage') },
        zones: [{ id: 1, name: name('Партер', 'Stalls'), color: '#e4572e' }],
        sectors: [
          {
            id: 1,
            name: name('Партер', 'Stalls'),
            firstSeatId: RUSH.seatIds[0],
            rows: Array.from({ length: 5 }, (_, r) => ({ label: String(r + 1), seatCount: 10, x: 60, y: 70 + r * 36, dx: 30, zoneId: 1 })),
          },
        ],
      },
    ],
    events: [
      {
        id: RUSH.placesEvent.id,
        hash: RUSH.placesEvent.hash,
        kindId: 1,
        venueId: 1,
        name: name('Премьера: продажа открыта', 'Premiere: on sale now'),
        orderLimit: 10,
        categories: [{ id: RUSH.category, name: name('Входной', 'Entry') }],
        sessions: [
          { id: RUSH.placesSession, startsAt: `${day.iso}T19:00:00+03:00`, capacity: 100 },
          { id: RUSH.bigSession, startsAt: `${day.iso}T20:00:00+03:00`, capacity: RUSH.bigCapacity },
        ],
        prices: [{ id: 1, categoryId: RUSH.category, amount: 250_000, serviceFee: 10_000 }],
      },
      {
        id: RUSH.seatsEvent.id,
        hash: RUSH.seatsEvent.hash,
        kindId: 1,
        venueId: 1,
        hallId: 1,
        useSeatMap: true,
        name: name('Камерный концерт', 'Chamber concert'),
        orderLimit: 10,
        categories: [{ id: 2, name: name('Взрослый', 'Adult') }],
        sessions: [{ id: RUSH.seatsSession, startsAt: `${day.iso}T19:00:00+03:00` }],
        prices: [{ id: RUSH.seatsPrice, categoryId: 2, zoneId: 1, amount: 300_000 }],
      },
    ],
  };
  return { file, day: day.page, placesTime: '19:00', bigTime: '20:00' };
}

/** A valid POST /api/order/create body for one place of the given session time, buyer number i. */
export function placeOrderBody(day: string, time: string, i: number) {
  return {
    hash: RUSH.placesEvent.hash,
    lang: 'ru',
    data: [{ day, time, actionId: RUSH.placesEvent.id, categoryId: RUSH.category, zoneId: 0, quantity: 1, sum: 0, seatId: 0 }],
    fio: 'Покупатель Билетов',
    phone: `+7 999 ${String(1_000_000 + (i % 9_000_000)).slice(-7)}`,
    email: `buyer${i}@example.com`,
    re_email: `buyer${i}@example.com`,
    checkboxList: [],
  };
}

/** A valid POST /api/order/create-scheme body for the given seats, buyer number i. */
export function seatOrderBody(seatIds: readonly number[], i: number) {
  return {
    fio: 'Покупатель Билетов',
    phone: `+7 999 ${String(1_000_000 + i).slice(-7)}`,
    email: `buyer${i}@example.com`,
    re_email: `buyer${i}@example.com`,
    action_id: RUSH.seatsEvent.id,
    calendarId: RUSH.seatsSession,
    lang: 'ru',
    checkboxList: [],
    tickets: seatIds.map((seatId) => ({ seat_id: seatId, price_id: RUSH.seatsPrice, quantity: 1, calendar_id: RUSH.seatsSession })),
  };
}
