import { type APIRequestContext, expect } from '@playwright/test';

type Draft = {
  id: number;
  hash: string;
  name: Record<string, string>;
  categories: { id: number; [key: string]: unknown }[];
  sessions: { id: number; startsAt: string }[];
  prices: { id: number; categoryId: number; sessionId?: number }[];
  [key: string]: unknown;
};

/**
 * A published copy of a demo event (by default the museum's timed event; `source` names another,
 * a seated concert for instance) with one session more than a day ahead, changed by
 * `change` before it is saved through the back office's editor: a spec that sets an entry window or
 * a concession does it on an event of its own, so the demo's events other specs buy from stay as
 * they are. Needs a signed-in owner's request and its CSRF headers.
 */
export async function ownEvent(
  request: APIRequestContext,
  headers: Record<string, string>,
  run: string,
  change: (draft: Draft) => Draft = (draft) => draft,
  source = 'city-through-centuries',
) {
  const listed = await request.get('/api/admin/catalog/events?q=&published=all');
  expect(listed.ok(), await listed.text()).toBeTruthy();
  const demo = ((await listed.json()) as { events: { id: number; hash: string }[] }).events.find((e) => e.hash === source);
  if (!demo) throw new Error(`the demo event ${source} is missing`);
  const original = ((await (await request.get(`/api/admin/catalog/events/${demo.id}`)).json()) as { event: Draft }).event;
  const session = original.sessions.find((s) => new Date(s.startsAt).getTime() > Date.now() + 86_400_000) ?? original.sessions.at(-1);
  if (!session) throw new Error('the demo event has no session');
  const ids = new Map<number, number>();
  for (const c of original.categories) ids.set(c.id, -(ids.size + 1));
  ids.set(session.id, -(ids.size + 1));
  const draft = change({
    ...original,
    id: -999,
    hash: '',
    name: Object.fromEntries(Object.entries(original.name).map(([lang, text]) => [lang, `${text} ${run}`])),
    categories: original.categories.map((c) => ({ ...c, id: ids.get(c.id) as number })),
    sessions: [{ ...session, id: ids.get(session.id) as number }],
    prices: original.prices
      .filter((p) => p.sessionId === undefined || p.sessionId === session.id)
      .map((p, i) => ({
        ...p,
        id: -(100 + i),
        categoryId: ids.get(p.categoryId) as number,
        ...(p.sessionId === undefined ? {} : { sessionId: ids.get(p.sessionId) as number }),
      })),
  });
  const created = await request.post('/api/admin/catalog/events', {
    headers,
    data: { event: draft, recurrences: [], confirm: true, lang: 'ru' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const saved = (await created.json()) as { id: number; hash: string; revision: number };
  const published = await request.post(`/api/admin/catalog/events/${saved.id}/publish`, {
    headers,
    data: { revision: saved.revision, published: true, confirm: true, lang: 'ru' },
  });
  expect(published.ok(), await published.text()).toBeTruthy();
  const stored = (await (await request.get(`/api/admin/catalog/events/${saved.id}`)).json()) as { event: Draft };
  return { eventId: saved.id, hash: saved.hash, sessionId: stored.event.sessions[0]?.id as number };
}
