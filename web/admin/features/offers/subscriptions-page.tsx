import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventEditorResponse, eventSavedResponse } from '../../../../contract/admin/catalog.ts';
import { type SubscriptionsResponse, subscriptionsResponse } from '../../../../contract/admin/offers.ts';
import { type Lang, normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { apiGet, apiSend, toApiError } from '../../../lib/api.ts';
import { EventSelect } from '../../components/event-select.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { messageOf } from '../../lib/field-errors.ts';
import { OffersTabs } from './offers-tabs.tsx';
import { zoneTimeLabel } from '../../lib/zone-time.ts';
import '../../components/desk.css';
import './offers.css';
import { useUnsavedChanges } from '../../components/unsaved-changes.ts';

const subscriptionsKey = ['admin', 'subscriptions'] as const;
type Subscription = SubscriptionsResponse['subscriptions'][number];
type Item = Subscription['items'][number];

/**
 * Subscriptions' composition: the events each subscription admits to, in their order. A save is
 * the event's own save (PUT /api/admin/catalog/events/:id) with the composition replaced, at the
 * revision the page was loaded at, so the catalog import's rules and the stale refusal apply.
 */
export default function SubscriptionsPage() {
  const { t, i18n, ready } = useTranslation(['admin-offers', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const list = useQuery({
    queryKey: subscriptionsKey,
    queryFn: ({ signal }) => apiGet(`/api/admin/subscriptions?lang=${lang}`, subscriptionsResponse, { signal }),
  });
  if (!ready) return <PageSkeleton label="" />;
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="admin-stack offers-page">
      <OffersTabs current="subscriptions" />
      <h1 className="admin-heading" id={headingId}>
        {t('subscriptions.heading')}
      </h1>
      <p>{t('subscriptions.intro')}</p>
      {list.data ? <p className="admin-field__hint">{t('subscriptions.visitTimeHint', { zone: list.data.timeZone })}</p> : null}
      {list.isPending ? (
        <PageSkeleton label={t('admin:loading')} />
      ) : list.isError ? (
        <p role="alert">{toApiError(list.error).text || t('admin:errors.generic')}</p>
      ) : list.data.subscriptions.length === 0 ? (
        <p>{t('subscriptions.nothing')}</p>
      ) : (
        list.data.subscriptions.map((s) => (
          <SubscriptionCard key={s.id} subscription={s} events={list.data.events} timeZone={list.data.timeZone} lang={lang} />
        ))
      )}
    </section>
  );
}

/** The server's errors on the composition's items, by item index: 'event.subscriptionItems.2.startsAt' -> 2. */
function itemErrorsOf(error: unknown): Map<number, string> {
  const fields =
    error instanceof ApiError ? ((error.body as { fields?: Array<{ path: string; text?: string }> } | undefined)?.fields ?? []) : [];
  const out = new Map<number, string>();
  for (const f of fields) {
    const match = /^event\.subscriptionItems\.(\d+)\./.exec(f.path);
    if (match && f.text) out.set(Number(match[1]), f.text);
  }
  return out;
}

function SubscriptionCard({
  subscription,
  events,
  timeZone,
  lang,
}: {
  subscription: Subscription;
  events: SubscriptionsResponse['events'];
  timeZone: string;
  lang: Lang;
}) {
  const { t } = useTranslation(['admin-offers', 'admin']);
  const id = useId();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Item[]>(subscription.items);
  const [adding, setAdding] = useState('');
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [itemErrors, setItemErrors] = useState<Map<number, string>>(new Map());
  const name = pickLocalized(subscription.name, lang);
  const original = new Set(subscription.items.map((i) => i.eventId));
  const addable = events.filter((e) => !items.some((i) => i.eventId === e.id));
  // The composition as saved, in order: anything else is unsaved.
  useUnsavedChanges(items.map((i) => i.eventId).join() !== subscription.items.map((i) => i.eventId).join());

  function move(index: number, by: -1 | 1) {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setItems(next);
  }

  function add() {
    const event = events.find((e) => String(e.id) === adding);
    if (!event) return;
    setItems([...items, { eventId: event.id, name: event.name, sortnum: items.length + 1, startsAt: null }]);
    setAdding('');
  }

  async function save() {
    setSaving(true);
    setMessage('');
    setFailed(false);
    setItemErrors(new Map());
    try {
      const loaded = await apiGet(`/api/admin/catalog/events/${subscription.id}?lang=${lang}`, eventEditorResponse);
      const subscriptionItems = items.map((item, index) => ({
        eventId: item.eventId,
        sortnum: index + 1,
        ...(item.startsAt ? { startsAt: item.startsAt } : {}),
      }));
      await apiSend(
        'PUT',
        `/api/admin/catalog/events/${subscription.id}`,
        { revision: subscription.revision, event: { ...loaded.event, subscriptionItems }, lang },
        eventSavedResponse,
      );
      setMessage(t('subscriptions.saved'));
      await queryClient.invalidateQueries({ queryKey: subscriptionsKey });
    } catch (error) {
      setFailed(true);
      setItemErrors(itemErrorsOf(error));
      setMessage(messageOf(error, t('admin:errors.generic')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="admin-card admin-stack" aria-labelledby={`${id}-name`}>
      <h2 className="admin-subheading" id={`${id}-name`}>
        {name}
      </h2>
      {subscription.hasOrders ? <p className="admin-field__hint">{t('subscriptions.soldHint')}</p> : null}
      {subscription.updatedBy ? (
        <p className="admin-field__hint">{t('subscriptions.lastSaved', { name: subscription.updatedBy })}</p>
      ) : null}
      <ol className="offers-items" aria-label={t('subscriptions.items', { name })}>
        {items.map((item, index) => {
          const itemName = pickLocalized(item.name, lang);
          const locked = subscription.hasOrders && original.has(item.eventId);
          const timeId = `${id}-time-${item.eventId}`;
          const error = itemErrors.get(index);
          const starts = events.find((e) => e.id === item.eventId)?.sessions ?? [];
          // The stored time stays choosable though its session has passed or is no longer offered.
          const offered =
            item.startsAt && !starts.some((at) => Date.parse(at) === Date.parse(item.startsAt as string))
              ? [item.startsAt, ...starts]
              : starts;
          const chosen = offered.find((at) => item.startsAt !== null && Date.parse(at) === Date.parse(item.startsAt)) ?? '';
          return (
            <li key={item.eventId} className="offers-items__row">
              <span>{itemName}</span>
              <span className="admin-field offers-items__time">
                <label htmlFor={timeId}>{t('subscriptions.visitTime')}</label>
                <select
                  id={timeId}
                  aria-label={`${t('subscriptions.visitTime')}: ${itemName}`}
                  className="admin-select"
                  value={chosen}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${timeId}-error` : undefined}
                  onChange={(e) => {
                    const startsAt = e.currentTarget.value || null;
                    setItems(items.map((i) => (i.eventId === item.eventId ? { ...i, startsAt } : i)));
                  }}
                >
                  <option value="">{t('subscriptions.noVisitTime')}</option>
                  {offered.map((at) => (
                    <option key={at} value={at}>
                      {zoneTimeLabel(at, timeZone, lang)}
                    </option>
                  ))}
                </select>
                {error ? (
                  <span className="admin-field__error" id={`${timeId}-error`}>
                    {error}
                  </span>
                ) : null}
              </span>
              <span className="admin-actions">
                <button
                  className="admin-button admin-button--plain"
                  type="button"
                  disabled={index === 0}
                  aria-label={t('subscriptions.up', { name: itemName })}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  className="admin-button admin-button--plain"
                  type="button"
                  disabled={index === items.length - 1}
                  aria-label={t('subscriptions.down', { name: itemName })}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                {locked ? null : (
                  <button
                    className="admin-button admin-button--plain"
                    type="button"
                    aria-label={t('subscriptions.remove', { name: itemName })}
                    onClick={() => setItems(items.filter((i) => i.eventId !== item.eventId))}
                  >
                    {t('subscriptions.removeShort')}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="offers-form__grid">
        <div className="admin-field">
          <label htmlFor={`${id}-add`}>{t('subscriptions.add')}</label>
          <EventSelect id={`${id}-add`} events={addable} lang={lang} value={adding} onValue={setAdding} blank={t('subscriptions.choose')} />
        </div>
        <div className="admin-filters__buttons">
          <button className="admin-button admin-button--plain" type="button" disabled={adding === ''} onClick={add}>
            {t('subscriptions.addButton')}
          </button>
        </div>
      </div>
      <p className={failed ? 'admin-field__error' : 'admin-message'} role={failed ? 'alert' : 'status'}>
        {message}
      </p>
      <div className="admin-actions">
        <button className="admin-button" type="button" disabled={saving} onClick={save}>
          {t('subscriptions.save')}
        </button>
      </div>
    </section>
  );
}
