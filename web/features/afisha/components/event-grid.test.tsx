// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AfishaEvent, AfishaResponse } from '../../../../contract/afisha.ts';
import { createPaths } from '../../../app/paths.ts';
import { createTestI18n } from '../../../test/render-app.tsx';
import { setupFixture } from '../../../test/fixtures.ts';
import { indexCatalog } from '../model/listing.ts';
import type * as EventCardModule from './event-card.tsx';
import { EventGrid } from './event-grid.tsx';

// Each card's renders, by event: the grid adds its cards a row per task.
const renders = vi.hoisted(() => new Map<number, number>());
vi.mock('./event-card.tsx', async (importOriginal) => ({
  ...(await importOriginal<typeof EventCardModule>()),
  EventCard: ({ event }: { event: AfishaEvent }) => {
    renders.set(event.event_id, (renders.get(event.event_id) ?? 0) + 1);
    return <article aria-label={`card ${event.event_id}`} />;
  },
}));

afterEach(cleanup);

const L = (ru: string) => ({ ru, en: '', kz: '', ch: '' });
const event = (id: number): AfishaEvent => ({
  event_id: id,
  hash: `h${id}`,
  menukind_id: 1,
  mainmenu_id: 10,
  submenu_id: null,
  name: L(`Событие ${id}`),
  descript: L(''),
  descript_url: L(''),
  image_url: L(''),
  image_id: L(''),
  age_from: 0,
  totalticketcount: 5,
  showticketcount: 1,
  showquant: 1,
  saledate: '',
  seatroot_id: 1,
  usepushkarta: 0,
  useseatsvg: 0,
  maybefree: 0,
  is_subscription: 0,
  eventsotrnum: id,
  notimes: 0,
  minprice: null,
  maxprice: null,
});
const answer = (events: AfishaEvent[]) =>
  ({
    setup: { menu_first_notimes: 0, topmenu: 0 },
    kind_menu: [],
    main_menu: [],
    sub_menu: [],
    calendar: [],
    venues: [],
    action: events,
    list_tags: [],
    event_tags: [],
    images: [],
    composition: [],
  }) as unknown as AfishaResponse;

describe('EventGrid', () => {
  it('adds its cards a row at a time and draws each card once, not again for every row added below it', async () => {
    const events = [1, 2, 3, 4, 5, 6, 7].map(event);
    const catalog = indexCatalog(answer(events));
    const i18n = await createTestI18n('ru');
    await i18n.loadNamespaces('afisha');
    render(
      <I18nextProvider i18n={i18n}>
        <EventGrid
          catalog={catalog}
          events={events}
          pages={1}
          perPage={6}
          columns={2}
          subscriptionKind={false}
          showTags={false}
          groupBySubMenu={false}
          allowedTags={new Set()}
          setup={setupFixture()}
          paths={createPaths('ru', false)}
          lang="ru"
          onLoadMore={() => {}}
        />
      </I18nextProvider>,
    );
    // The first render builds the first row (two columns) only.
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(Object.fromEntries(renders)).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1 });
  });
});
