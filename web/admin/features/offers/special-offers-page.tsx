import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventListResponse } from '../../../../contract/admin/catalog.ts';
import {
  type SpecialOfferView,
  deletedResponse,
  specialOfferListResponse,
  specialOfferResponse,
} from '../../../../contract/admin/offers.ts';
import { kopecksToRoubles, roublesToKopecks } from '../../../../contract/admin/offers-rules.ts';
import { LANGS, type Lang, normalizeLang, pickLocalized, toBcp47 } from '../../../../contract/lang.ts';
import { apiDelete, apiGet, apiPost, apiSend } from '../../../lib/api.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { QueryList } from '../../components/query-list.tsx';
import { StackedTable } from '../../components/stacked-table.tsx';
import { messageOf } from '../../lib/field-errors.ts';
import { useOpeningForm } from '../../components/card-form.tsx';
import { EventSelect } from '../../components/event-select.tsx';
import { HtmlEditor } from '../../components/html-editor.tsx';
import { LabelledField } from '../../components/labelled-field.tsx';
import { OffersTabs } from './offers-tabs.tsx';
import '../../components/desk.css';
import './offers.css';

const offersKey = ['admin', 'special-offers'] as const;
const eventsQuery = {
  queryKey: ['admin', 'catalog', 'events', '', '', 'all'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('/api/admin/catalog/events?published=all', eventListResponse, { signal }),
};

type Draft = {
  id: number | null;
  revision: number | null;
  name: Record<Lang, string>;
  description: Record<Lang, string>;
  amount: string;
  perOrderLimit: string;
  seatTied: boolean;
  stockTotal: string;
  eventId: string;
  packageId: string;
  sortnum: string;
  active: boolean;
};

const blank = (): Record<Lang, string> => ({ ru: '', en: '', kz: '', ch: '' });
const emptyDraft = (): Draft => ({
  id: null,
  revision: null,
  name: blank(),
  description: blank(),
  amount: '',
  perOrderLimit: '1',
  seatTied: false,
  stockTotal: '',
  eventId: '',
  packageId: '',
  sortnum: '0',
  active: true,
});

function draftOf(o: SpecialOfferView): Draft {
  const texts = (r: Record<string, string>) => ({ ...blank(), ...r });
  return {
    id: o.id,
    revision: o.revision,
    name: texts(o.name),
    description: texts(o.description),
    amount: String(kopecksToRoubles(o.amount)),
    perOrderLimit: String(o.perOrderLimit),
    seatTied: o.seatTied,
    stockTotal: o.stockTotal === null ? '' : String(o.stockTotal),
    eventId: o.eventId === null ? '' : String(o.eventId),
    packageId: String(o.packageId),
    sortnum: String(o.sortnum),
    active: o.active,
  };
}

/** An event's name in the member's language, else the server's Russian one. */
const pickLocalizedOr = (name: Parameters<typeof pickLocalized>[0] | undefined, lang: Lang, fallback: string | null) =>
  name ? pickLocalized(name, lang) : (fallback ?? '');

const numberOr = (text: string, empty: number | null) => (text.trim() === '' ? empty : Number(text.replace(',', '.')));

/** What the form sends: a language left empty is left out, roubles become kopecks. */
function bodyOf(d: Draft, lang: Lang) {
  const filled = (r: Record<Lang, string>) => Object.fromEntries(Object.entries(r).filter(([k, v]) => k === 'ru' || v.trim() !== ''));
  const amount = numberOr(d.amount, null);
  return {
    ...(d.revision === null ? {} : { revision: d.revision }),
    name: filled(d.name),
    description: filled(d.description),
    amount: amount === null || Number.isNaN(amount) ? -1 : roublesToKopecks(amount),
    perOrderLimit: numberOr(d.perOrderLimit, 0),
    seatTied: d.seatTied,
    stockTotal: numberOr(d.stockTotal, null),
    eventId: numberOr(d.eventId, null),
    packageId: numberOr(d.packageId, null),
    sortnum: numberOr(d.sortnum, 0),
    active: d.active,
    lang,
  };
}

/**
 * Special offers (services added to a ticket on the order page): their texts in four languages,
 * price, per-order limit, seat tie, total for sale and how many orders hold, event, order, state.
 */
export default function SpecialOffersPage() {
  const { t, i18n, ready } = useTranslation(['admin-offers', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: offersKey,
    queryFn: ({ signal }) => apiGet(`/api/admin/special-offers?lang=${lang}`, specialOfferListResponse, { signal }),
  });
  const events = useQuery(eventsQuery);
  const [draft, setDraft] = useState<Draft | null>(null);
  const form = useOpeningForm();
  const { fields: errors, message, setMessage } = form;

  function open(next: Draft) {
    setDraft(next);
    form.opened();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    await form.run(async () => {
      const body = bodyOf(draft, lang);
      if (draft.id === null) await apiPost('/api/admin/special-offers', body, specialOfferResponse);
      else await apiSend('PUT', `/api/admin/special-offers/${draft.id}`, body, specialOfferResponse);
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: offersKey });
      return t('services.saved');
    });
  }

  async function remove(offer: SpecialOfferView) {
    const name = pickLocalized(offer.name, lang);
    if (!window.confirm(t('services.confirmDelete', { name }))) return;
    try {
      await apiDelete(`/api/admin/special-offers/${offer.id}?revision=${offer.revision}&lang=${lang}`, deletedResponse);
      setMessage(t('services.deleted', { name }));
    } catch (error) {
      setMessage(messageOf(error, t('admin:errors.generic')));
    }
    await queryClient.invalidateQueries({ queryKey: offersKey });
  }

  if (!ready) return <PageSkeleton label="" />;
  const headingId = `${id}-heading`;
  const f = (name: string) => `${id}-${name}`;
  // A field's error: 'name.ru' and the like come back by their first part.
  const err = (name: string) => (errors[name] ? t(`fields.${errors[name]}`, { defaultValue: t('fields.invalid') }) : undefined);
  const money = new Intl.NumberFormat(toBcp47(lang), { maximumFractionDigits: 2 });

  return (
    <section aria-labelledby={headingId} className="admin-stack offers-page">
      <OffersTabs current="services" />
      <h1 className="admin-heading" id={headingId}>
        {t('services.heading')}
      </h1>
      <p>{t('services.intro')}</p>
      <div className="admin-actions">
        <button className="admin-button" type="button" onClick={() => open(emptyDraft())}>
          {t('services.create')}
        </button>
      </div>
      <p className="admin-message" role="status">
        {message}
      </p>
      {draft ? (
        <form
          className="admin-card admin-stack offers-form"
          onSubmit={save}
          onInput={form.edits.onInput}
          noValidate
          aria-labelledby={f('form-heading')}
        >
          <h2 className="admin-subheading" id={f('form-heading')} tabIndex={-1} ref={form.heading}>
            {draft.id === null ? t('services.createHeading') : t('services.editHeading', { name: draft.name.ru })}
          </h2>
          <fieldset>
            <legend>{t('services.name')}</legend>
            <div className="offers-form__grid">
              {LANGS.map((l) => (
                <LabelledField key={l} id={f(`name-${l}`)} label={t(`langs.${l}`)} error={l === 'ru' ? err('name') : undefined}>
                  <input
                    value={draft.name[l]}
                    maxLength={200}
                    required={l === 'ru'}
                    onChange={(e) => setDraft({ ...draft, name: { ...draft.name, [l]: e.currentTarget.value } })}
                  />
                </LabelledField>
              ))}
            </div>
          </fieldset>
          <fieldset className="admin-stack">
            <legend>{t('services.description')}</legend>
            {/* A rich text like an event's description: the same editor, the server keeps only the allow-list. */}
            {LANGS.map((l) => (
              <HtmlEditor
                key={l}
                id={f(`description-${l}`)}
                label={t(`langs.${l}`)}
                value={draft.description[l]}
                onChange={(html) =>
                  setDraft((current) => (current ? { ...current, description: { ...current.description, [l]: html } } : current))
                }
              />
            ))}
          </fieldset>
          <div className="offers-form__grid">
            <LabelledField
              id={f('amount')}
              label={t('services.amount')}
              error={err('amount')}
              hint={draft.id === null ? undefined : t('services.amountHint')}
            >
              <input
                inputMode="decimal"
                value={draft.amount}
                required
                onChange={(e) => setDraft({ ...draft, amount: e.currentTarget.value })}
              />
            </LabelledField>
            <LabelledField id={f('perOrderLimit')} label={t('services.perOrderLimit')} error={err('perOrderLimit')}>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                value={draft.perOrderLimit}
                required
                onChange={(e) => setDraft({ ...draft, perOrderLimit: e.currentTarget.value })}
              />
            </LabelledField>
            <LabelledField id={f('stockTotal')} label={t('services.stockTotal')} error={err('stockTotal')} hint={t('services.stockHint')}>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                value={draft.stockTotal}
                onChange={(e) => setDraft({ ...draft, stockTotal: e.currentTarget.value })}
              />
            </LabelledField>
            <LabelledField id={f('eventId')} label={t('services.event')} error={err('eventId')}>
              <EventSelect
                events={events.data?.events}
                lang={lang}
                value={draft.eventId}
                onValue={(v) => setDraft({ ...draft, eventId: v })}
                blank={t('services.anyEvent')}
              />
            </LabelledField>
            <LabelledField id={f('packageId')} label={t('services.packageId')} error={err('packageId')} hint={t('services.packageHint')}>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                value={draft.packageId}
                onChange={(e) => setDraft({ ...draft, packageId: e.currentTarget.value })}
              />
            </LabelledField>
            <LabelledField id={f('sortnum')} label={t('services.sortnum')} error={err('sortnum')}>
              <input
                type="number"
                inputMode="numeric"
                value={draft.sortnum}
                onChange={(e) => setDraft({ ...draft, sortnum: e.currentTarget.value })}
              />
            </LabelledField>
          </div>
          <label className="admin-check">
            <input type="checkbox" checked={draft.seatTied} onChange={(e) => setDraft({ ...draft, seatTied: e.currentTarget.checked })} />
            {t('services.seatTied')}
          </label>
          <label className="admin-check">
            <input type="checkbox" checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })} />
            {t('services.active')}
          </label>
          <div className="admin-actions">
            <button className="admin-button" type="submit" disabled={form.busy}>
              {t('services.save')}
            </button>
            <button className="admin-button admin-button--plain" type="button" onClick={() => setDraft(null)}>
              {t('services.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <QueryList query={list} isEmpty={(data) => data.offers.length === 0} nothing={t('services.nothing')}>
        {(data) => (
          <StackedTable
            caption={t('services.heading')}
            rows={data.offers}
            rowKey={(o) => o.id}
            columns={[
              {
                label: t('services.name'),
                cell: (o) => (
                  <>
                    {pickLocalized(o.name, lang)}
                    {o.seatTied ? <span className="admin-badge">{t('services.seatTiedShort')}</span> : null}
                  </>
                ),
              },
              {
                label: t('services.event'),
                cell: (o) =>
                  o.eventId === null
                    ? t('services.anyEvent')
                    : pickLocalizedOr(events.data?.events.find((e) => e.id === o.eventId)?.name, lang, o.eventName),
              },
              { label: t('services.amount'), cell: (o) => `${money.format(kopecksToRoubles(o.amount))} ₽` },
              {
                label: t('services.stock'),
                cell: (o) =>
                  o.stockTotal === null ? t('services.noLimit') : t('services.stockText', { left: o.stockLeft, total: o.stockTotal }),
              },
              { label: t('services.inOrders'), cell: (o) => t('services.inOrdersText', { paid: o.paid, unpaid: o.unpaid }) },
              { label: t('services.state'), cell: (o) => (o.active ? t('services.isActive') : t('services.isInactive')) },
              {
                label: t('services.actions'),
                cell: (o) => {
                  const name = pickLocalized(o.name, lang);
                  return (
                    <div className="admin-actions">
                      <button
                        className="admin-button admin-button--plain"
                        type="button"
                        aria-label={t('services.editOne', { name })}
                        onClick={() => open(draftOf(o))}
                      >
                        {t('services.edit')}
                      </button>
                      {o.used ? null : (
                        <button
                          className="admin-button admin-button--plain"
                          type="button"
                          aria-label={t('services.deleteOne', { name })}
                          onClick={() => remove(o)}
                        >
                          {t('services.delete')}
                        </button>
                      )}
                    </div>
                  );
                },
              },
            ]}
          />
        )}
      </QueryList>
    </section>
  );
}
