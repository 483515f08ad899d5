import type { Client } from './http.ts';
import { json } from './http.ts';

/** The demo's ordinary museum exhibition: the event page and the order the benchmarks open. */
export const DEMO_EVENT = 'city-through-centuries';
/** A seated concert of the demo (304-seat hall): the scheme page the browser parts open. */
export const DEMO_SCHEME_EVENT = 'tchaikovsky-symphony-night';

type NoScheme = {
  action: { action_id: number };
  calendar: { event_day: string; event_time: string; quant: number }[];
  price: {
    clientcategory_id: number;
    calendar_id: number;
    action_day: string;
    needprice: number;
    useproculture: number;
    passagequant: number;
  }[];
  checkboxList: { id: number }[];
};

/** Buys one ticket of the demo exhibition through the API, as the event page does; answers the order hash. */
export async function createDemoOrder(client: Client, i = 1): Promise<string> {
  const read = await client.post('/api/no-scheme', { hash: DEMO_EVENT, lang: 'ru' });
  // A refusal (429 'database busy' while a new instance's first connections open) says so by its
  // answer, which a caller may wait out, rather than as a missing field further on.
  if (read.status !== 200) throw new Error(`POST /api/no-scheme answered ${read.status}: ${read.text.slice(0, 300)}`);
  const page = json<NoScheme>(read);
  const entry = page.calendar.find((c) => c.quant > 0);
  if (!entry) throw new Error(`no session of ${DEMO_EVENT} on sale`);
  const price = page.price.find(
    (p) => p.action_day === entry.event_day && p.needprice <= 1 && p.useproculture !== 1 && p.passagequant === 0,
  );
  if (!price) throw new Error(`no ordinary price of ${DEMO_EVENT} on ${entry.event_day}`);
  const answer = await client.post('/api/order/create', {
    hash: DEMO_EVENT,
    lang: 'ru',
    data: [
      {
        day: entry.event_day,
        time: entry.event_time,
        actionId: page.action.action_id,
        categoryId: price.clientcategory_id,
        zoneId: 0,
        quantity: 1,
        sum: 0,
        seatId: 0,
      },
    ],
    fio: 'Покупатель Билетов',
    phone: `+7 999 ${String(1_000_000 + i).slice(-7)}`,
    email: `buyer${i}@example.com`,
    re_email: `buyer${i}@example.com`,
    checkboxList: page.checkboxList.map((c) => ({ id: c.id, checked: true })),
  });
  const body = json<{ errorCode: string; hash?: string }>(answer);
  if (answer.status !== 200 || !body.hash)
    throw new Error(`POST /api/order/create answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return body.hash;
}
