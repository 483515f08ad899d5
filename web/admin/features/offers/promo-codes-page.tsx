import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { catalogOptionsResponse, eventListResponse } from '../../../../contract/admin/catalog.ts';
import {
  type PromoCodeView,
  deletedResponse,
  promoBatchResponse,
  promoCodeResponse,
  promoListResponse,
} from '../../../../contract/admin/offers.ts';
import {
  BATCH_LENGTH_MAX,
  BATCH_LENGTH_MIN,
  BATCH_MAX,
  BATCH_PREFIX_MAX,
  DISCOUNT_CODE_MAX,
  PROMO_STATES,
  basisToPercent,
  kopecksToRoubles,
  normalizePromoCode,
  percentToBasis,
  promoState,
  roublesToKopecks,
} from '../../../../contract/admin/offers-rules.ts';
import { type Lang, normalizeLang, pickLocalized, toBcp47 } from '../../../../contract/lang.ts';
import { apiDelete, apiGet, apiPost, apiSend } from '../../../lib/api.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { QueryList } from '../../components/query-list.tsx';
import { messageOf } from '../../lib/field-errors.ts';
import { useOpeningForm } from '../../components/card-form.tsx';
import { OffersTabs } from './offers-tabs.tsx';
import { EventSelect } from '../../components/event-select.tsx';
import { LabelledField } from '../../components/labelled-field.tsx';
import { fromZoneInput, toZoneInput } from '../../lib/zone-time.ts';
import { TableRegion } from '../../components/table-region.tsx';
import { Pager, SearchForm, StateSelect } from '../../components/list-filters.tsx';
import '../../components/desk.css';
import './offers.css';
import { CsvLinks } from '../../components/csv-links.tsx';

const optionsQuery = {
  queryKey: ['admin', 'catalog', 'options'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('/api/admin/catalog/options', catalogOptionsResponse, { signal }),
};
const eventsQuery = {
  queryKey: ['admin', 'catalog', 'events', '', '', 'all'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('/api/admin/catalog/events?published=all', eventListResponse, { signal }),
};

type Terms = {
  kind: 'percent' | 'amount';
  value: string;
  validFrom: string;
  validUntil: string;
  usageLimit: string;
  eventId: string;
  active: boolean;
};
type Editing =
  | { mode: 'code'; id: number | null; revision: number | null; used: boolean; code: string }
  | { mode: 'batch'; prefix: string; count: string; length: string };

const emptyTerms: Terms = { kind: 'percent', value: '', validFrom: '', validUntil: '', usageLimit: '', eventId: '', active: true };

/** What the form sends: typed percent or roubles to basis points or kopecks, dates in the venue's zone. */
function termsBody(terms: Terms, timeZone: string) {
  const number = Number(terms.value.replace(',', '.'));
  const value =
    terms.value.trim() === '' || Number.isNaN(number) ? 0 : terms.kind === 'percent' ? percentToBasis(number) : roublesToKopecks(number);
  return {
    kind: terms.kind,
    value,
    validFrom: fromZoneInput(terms.validFrom, timeZone),
    validUntil: fromZoneInput(terms.validUntil, timeZone),
    usageLimit: terms.usageLimit.trim() === '' ? null : Number(terms.usageLimit),
    eventId: terms.eventId === '' ? null : Number(terms.eventId),
    active: terms.active,
  };
}

function termsOf(code: PromoCodeView, timeZone: string): Terms {
  return {
    kind: code.kind,
    value: String(code.kind === 'percent' ? basisToPercent(code.value) : kopecksToRoubles(code.value)),
    validFrom: toZoneInput(code.validFrom, timeZone),
    validUntil: toZoneInput(code.validUntil, timeZone),
    usageLimit: code.usageLimit === null ? '' : String(code.usageLimit),
    eventId: code.eventId === null ? '' : String(code.eventId),
    active: code.active,
  };
}

/** A code's discount as people read it: '15 %' or '300 ₽'. */
export function discountText(code: Pick<PromoCodeView, 'kind' | 'value'>, lang: Lang): string {
  const format = new Intl.NumberFormat(toBcp47(lang), { maximumFractionDigits: 2 });
  return code.kind === 'percent' ? `${format.format(basisToPercent(code.value))} %` : `${format.format(kopecksToRoubles(code.value))} ₽`;
}

/**
 * Promo codes: a search by the code's beginning, state and event, each code's uses (paid orders,
 * unpaid ones holding it), a single code created or edited, a batch generated and downloaded.
 */
export default function PromoCodesPage() {
  const { t, i18n, ready } = useTranslation(['admin-offers', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const state = (PROMO_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as string) : 'all';
  const eventId = params.get('event') ?? '';
  const batchId = params.get('batch') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [filters, setFilters] = useState({ q, state, eventId });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [terms, setTerms] = useState<Terms>(emptyTerms);
  const form = useOpeningForm();
  const { fields: errors, message, setMessage } = form;
  const [batchMade, setBatchMade] = useState<{ batchId: number; count: number } | null>(null);
  const options = useQuery(optionsQuery);
  const events = useQuery(eventsQuery);
  const timeZone = options.data?.timeZone ?? 'Europe/Moscow';
  const list = useQuery({
    queryKey: ['admin', 'promo-codes', q, state, eventId, batchId, page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ state, page: String(page), lang });
      if (q) query.set('q', q);
      if (eventId) query.set('eventId', eventId);
      if (batchId) query.set('batchId', batchId);
      return apiGet(`/api/admin/promo-codes?${query}`, promoListResponse, { signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

  function setQuery(next: Record<string, string>) {
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '' && v !== 'all')));
  }

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery({ q: normalizePromoCode(filters.q), state: filters.state, event: filters.eventId });
  }

  function open(next: Editing, nextTerms: Terms) {
    setEditing(next);
    setTerms(nextTerms);
    setBatchMade(null);
    form.opened();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    await form.run(async () => {
      const body = { ...termsBody(terms, timeZone), lang };
      if (editing.mode === 'batch') {
        const made = await apiPost(
          '/api/admin/promo-codes/batches',
          { ...body, prefix: editing.prefix, count: Number(editing.count) || 0, length: Number(editing.length) || 0 },
          promoBatchResponse,
        );
        setBatchMade(made);
      } else if (editing.id === null) {
        await apiPost('/api/admin/promo-codes', { ...body, code: editing.code }, promoCodeResponse);
      } else {
        await apiSend(
          'PUT',
          `/api/admin/promo-codes/${editing.id}`,
          { ...body, code: editing.code, revision: editing.revision },
          promoCodeResponse,
        );
      }
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'promo-codes'] });
      // A batch tells what it made in a card of its own, not in the status line.
      return editing.mode === 'batch' ? '' : t('promo.saved');
    });
  }

  async function remove(code: PromoCodeView) {
    if (!window.confirm(t('promo.confirmDelete', { code: code.code }))) return;
    setMessage('');
    try {
      await apiDelete(`/api/admin/promo-codes/${code.id}?revision=${code.revision}&lang=${lang}`, deletedResponse);
      setMessage(t('promo.deleted', { code: code.code }));
    } catch (error) {
      setMessage(messageOf(error, t('admin:errors.generic')));
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'promo-codes'] });
  }

  if (!ready) return <PageSkeleton label="" />;
  const headingId = `${id}-heading`;
  const eventName = (eid: number | null, fallback: string | null) => {
    if (eid === null) return t('promo.anyEvent');
    const found = events.data?.events.find((e) => e.id === eid);
    return found ? pickLocalized(found.name, lang) : (fallback ?? String(eid));
  };
  const dateText = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(toBcp47(lang), { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '';
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const f = (name: string) => `${id}-${name}`;
  const err = (name: string) => (errors[name] ? t(`fields.${errors[name]}`, { defaultValue: t('fields.invalid') }) : undefined);
  const now = Date.now();

  return (
    <section aria-labelledby={headingId} className="admin-stack offers-page">
      <OffersTabs current="promo" />
      <h1 className="admin-heading" id={headingId}>
        {t('promo.heading')}
      </h1>
      <div className="admin-actions">
        <button
          className="admin-button"
          type="button"
          onClick={() => open({ mode: 'code', id: null, revision: null, used: false, code: '' }, emptyTerms)}
        >
          {t('promo.create')}
        </button>
        <button
          className="admin-button admin-button--plain"
          type="button"
          onClick={() => open({ mode: 'batch', prefix: '', count: '100', length: '8' }, emptyTerms)}
        >
          {t('promo.createBatch')}
        </button>
      </div>
      <p className="admin-message" role="status">
        {message}
      </p>
      {batchMade ? (
        <div className="admin-card admin-stack" role="region" aria-label={t('promo.batchDone', { count: batchMade.count })}>
          <p>{t('promo.batchDone', { count: batchMade.count })}</p>
          <CsvLinks
            label={t('promo.downloadCsv')}
            href={(dialect) => `/api/admin/promo-codes/batches/${batchMade.batchId}/codes.csv?lang=${lang}&dialect=${dialect}`}
          />
          <p className="admin-actions">
            <button
              className="admin-button admin-button--plain"
              type="button"
              onClick={() => setQuery({ batch: String(batchMade.batchId) })}
            >
              {t('promo.showBatch')}
            </button>
          </p>
        </div>
      ) : null}
      {editing ? (
        <form
          className="admin-card admin-stack offers-form"
          onSubmit={save}
          onInput={form.edits.onInput}
          noValidate
          aria-labelledby={f('form-heading')}
        >
          <h2 className="admin-subheading" id={f('form-heading')} tabIndex={-1} ref={form.heading}>
            {editing.mode === 'batch'
              ? t('promo.batchHeading')
              : editing.id === null
                ? t('promo.createHeading')
                : t('promo.editHeading', { code: editing.code })}
          </h2>
          {editing.mode === 'code' && editing.used ? <p className="admin-field__hint">{t('promo.usedHint')}</p> : null}
          <div className="offers-form__grid">
            {editing.mode === 'code' ? (
              <LabelledField id={f('code')} label={t('promo.code')} error={err('code')}>
                <input
                  value={editing.code}
                  maxLength={DISCOUNT_CODE_MAX}
                  autoComplete="off"
                  readOnly={editing.used}
                  onChange={(e) => setEditing({ ...editing, code: e.currentTarget.value.toUpperCase() })}
                  required
                />
              </LabelledField>
            ) : (
              <>
                <LabelledField
                  id={f('prefix')}
                  label={t('promo.prefix')}
                  error={err('prefix')}
                  hint={t('promo.prefixHint', { max: BATCH_PREFIX_MAX })}
                >
                  <input
                    value={editing.prefix}
                    maxLength={BATCH_PREFIX_MAX}
                    autoComplete="off"
                    onChange={(e) => setEditing({ ...editing, prefix: e.currentTarget.value.toUpperCase() })}
                  />
                </LabelledField>
                <LabelledField
                  id={f('count')}
                  label={t('promo.count')}
                  error={err('count')}
                  hint={t('promo.countHint', { max: BATCH_MAX })}
                >
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={BATCH_MAX}
                    value={editing.count}
                    onChange={(e) => setEditing({ ...editing, count: e.currentTarget.value })}
                    required
                  />
                </LabelledField>
                <LabelledField
                  id={f('length')}
                  label={t('promo.length')}
                  error={err('length')}
                  hint={t('promo.lengthHint', { min: BATCH_LENGTH_MIN, max: BATCH_LENGTH_MAX })}
                >
                  <input
                    type="number"
                    inputMode="numeric"
                    min={BATCH_LENGTH_MIN}
                    max={BATCH_LENGTH_MAX}
                    value={editing.length}
                    onChange={(e) => setEditing({ ...editing, length: e.currentTarget.value })}
                    required
                  />
                </LabelledField>
              </>
            )}
            <LabelledField id={f('kind')} label={t('promo.kind')} error={err('kind')}>
              <select
                className="admin-select"
                value={terms.kind}
                disabled={editing.mode === 'code' && editing.used}
                onChange={(e) => setTerms({ ...terms, kind: e.currentTarget.value as Terms['kind'] })}
              >
                <option value="percent">{t('promo.kindPercent')}</option>
                <option value="amount">{t('promo.kindAmount')}</option>
              </select>
            </LabelledField>
            <LabelledField
              id={f('value')}
              label={terms.kind === 'percent' ? t('promo.valuePercent') : t('promo.valueAmount')}
              error={err('value')}
            >
              <input
                inputMode="decimal"
                value={terms.value}
                readOnly={editing.mode === 'code' && editing.used}
                onChange={(e) => setTerms({ ...terms, value: e.currentTarget.value })}
                required
              />
            </LabelledField>
            <LabelledField
              id={f('validFrom')}
              label={t('promo.validFrom')}
              error={err('validFrom')}
              hint={t('promo.zoneHint', { zone: timeZone })}
            >
              <input
                type="datetime-local"
                value={terms.validFrom}
                onChange={(e) => setTerms({ ...terms, validFrom: e.currentTarget.value })}
              />
            </LabelledField>
            <LabelledField id={f('validUntil')} label={t('promo.validUntil')} error={err('validUntil')}>
              <input
                type="datetime-local"
                value={terms.validUntil}
                onChange={(e) => setTerms({ ...terms, validUntil: e.currentTarget.value })}
              />
            </LabelledField>
            <LabelledField id={f('usageLimit')} label={t('promo.usageLimit')} error={err('usageLimit')} hint={t('promo.usageLimitHint')}>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                value={terms.usageLimit}
                onChange={(e) => setTerms({ ...terms, usageLimit: e.currentTarget.value })}
              />
            </LabelledField>
            <LabelledField id={f('eventId')} label={t('promo.event')} error={err('eventId')}>
              <EventSelect
                events={events.data?.events}
                lang={lang}
                value={terms.eventId}
                onValue={(v) => setTerms({ ...terms, eventId: v })}
                blank={t('promo.anyEvent')}
              />
            </LabelledField>
          </div>
          <label className="admin-check">
            <input type="checkbox" checked={terms.active} onChange={(e) => setTerms({ ...terms, active: e.currentTarget.checked })} />
            {t('promo.active')}
          </label>
          <div className="admin-actions">
            <button className="admin-button" type="submit" disabled={form.busy}>
              {editing.mode === 'batch' ? t('promo.generate') : t('promo.save')}
            </button>
            <button className="admin-button admin-button--plain" type="button" onClick={() => setEditing(null)}>
              {t('promo.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <SearchForm onSearch={search} find={t('promo.find')}>
        <div className="admin-field">
          <label htmlFor={f('q')}>{t('promo.search')}</label>
          <input
            id={f('q')}
            type="search"
            value={filters.q}
            maxLength={DISCOUNT_CODE_MAX}
            autoComplete="off"
            onChange={(e) => setFilters({ ...filters, q: e.currentTarget.value })}
          />
        </div>
        <StateSelect
          id={f('state')}
          label={t('promo.state')}
          states={PROMO_STATES}
          labelOf={(s) => t(`promo.states.${s}`)}
          value={filters.state}
          onValue={(v) => setFilters({ ...filters, state: v })}
        />
        <div className="admin-field">
          <label htmlFor={f('event')}>{t('promo.event')}</label>
          <EventSelect
            id={f('event')}
            events={events.data?.events}
            lang={lang}
            value={filters.eventId}
            onValue={(v) => setFilters({ ...filters, eventId: v })}
            blank={t('promo.allEvents')}
          />
        </div>
      </SearchForm>
      {batchId ? (
        <>
          <p>{t('promo.batchFilter', { id: batchId })}</p>
          <CsvLinks
            label={t('promo.downloadCsv')}
            href={(dialect) => `/api/admin/promo-codes/batches/${batchId}/codes.csv?lang=${lang}&dialect=${dialect}`}
          />
        </>
      ) : null}
      <QueryList query={list} isEmpty={(data) => data.codes.length === 0} nothing={t('promo.nothing')}>
        {(data) => (
          <>
            <TableRegion name={t('promo.heading')}>
              <table className="admin-table admin-table--stack">
                <caption className="admin-visually-hidden">{t('promo.heading')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('promo.code')}</th>
                    <th scope="col">{t('promo.discount')}</th>
                    <th scope="col">{t('promo.validity')}</th>
                    <th scope="col">{t('promo.event')}</th>
                    <th scope="col">{t('promo.uses')}</th>
                    <th scope="col">{t('promo.state')}</th>
                    <th scope="col">{t('promo.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.codes.map((c) => {
                    const s = promoState(
                      {
                        active: c.active,
                        validFrom: c.validFrom ? Date.parse(c.validFrom) : null,
                        validUntil: c.validUntil ? Date.parse(c.validUntil) : null,
                      },
                      now,
                    );
                    return (
                      <tr key={c.id} data-testid={`promo-${c.code}`}>
                        <td data-label={t('promo.code')}>
                          <code>{c.code}</code>
                        </td>
                        <td data-label={t('promo.discount')}>{discountText(c, lang)}</td>
                        <td data-label={t('promo.validity')}>
                          {c.validFrom || c.validUntil
                            ? `${dateText(c.validFrom) || '…'} – ${dateText(c.validUntil) || '…'}`
                            : t('promo.always')}
                        </td>
                        <td data-label={t('promo.event')}>{eventName(c.eventId, c.eventName)}</td>
                        <td data-label={t('promo.uses')} data-testid="promo-uses">
                          {t('promo.usesText', { paid: c.paidUses, unpaid: c.unpaidUses })}
                          {c.usageLimit !== null ? ` ${t('promo.ofLimit', { limit: c.usageLimit })}` : ''}
                        </td>
                        <td data-label={t('promo.state')}>{t(`promo.stateOf.${s}`)}</td>
                        <td data-label={t('promo.actions')}>
                          <div className="admin-actions">
                            <button
                              className="admin-button admin-button--plain"
                              type="button"
                              aria-label={t('promo.editCode', { code: c.code })}
                              onClick={() =>
                                open({ mode: 'code', id: c.id, revision: c.revision, used: c.used, code: c.code }, termsOf(c, timeZone))
                              }
                            >
                              {t('promo.edit')}
                            </button>
                            {c.used ? null : (
                              <button
                                className="admin-button admin-button--plain"
                                type="button"
                                aria-label={t('promo.deleteCode', { code: c.code })}
                                onClick={() => remove(c)}
                              >
                                {t('promo.delete')}
                              </button>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableRegion>
            <Pager
              label={t('promo.pages')}
              page={page}
              pages={pages}
              text={t('promo.pageOf', { page, pages, total: data.total })}
              previous={t('promo.previous')}
              next={t('promo.next')}
              onPage={(to) => setQuery({ q, state, event: eventId, batch: batchId, page: String(to) })}
            />
          </>
        )}
      </QueryList>
    </section>
  );
}
