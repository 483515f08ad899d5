import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { subscriptionsResponse } from '../../../../contract/admin/offers.ts';
import { AFISHA } from '../../../../contract/afisha-constants.ts';
import { writtenAtMidnight } from '../../../../contract/catalog-file.ts';
import { LANGS, type Lang, pickLocalized } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { EventSelect } from '../../components/event-select.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import type { FormInput, FormOutput } from './event-form/model.ts';

type Form = UseFormReturn<FormInput, unknown, FormOutput>;
const optNum = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) };
const num = { valueAsNumber: true } as const;

/**
 * The event's poster: one picture for every language (the storefront shows it on the listing's
 * card and beside the event's title). Uploading or removing it sets all four languages at once.
 */
export function PosterField({ form }: { form: Form }) {
  const { t } = useTranslation('admin-catalog');
  return (
    <Controller
      control={form.control}
      name="event.imageUrl"
      render={({ field }) => {
        const current = (field.value ?? {}) as Partial<Record<(typeof LANGS)[number], string>>;
        const value = current.ru || current.en || current.kz || current.ch || '';
        return (
          <ImageUpload
            label={t('form.poster')}
            hint={t('form.posterHint')}
            value={value}
            preview={{ width: AFISHA.imageWidth, height: Math.round((AFISHA.imageWidth * 3) / 4) }}
            onChange={(url) => field.onChange(url ? Object.fromEntries(LANGS.map((lang) => [lang, url])) : {})}
          />
        );
      }}
    />
  );
}

/** How the event shows on the storefront: order on the listing, ticket counts, the ticket's code, a link to more. */
export function DisplayFields({ form, idPrefix }: { form: Form; idPrefix: string }) {
  const { t } = useTranslation('admin-catalog');
  const { register } = form;
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-sortnum`}>{t('form.sortnum')}</label>
        <input
          id={`${idPrefix}-sortnum`}
          type="number"
          inputMode="numeric"
          min={0}
          aria-describedby={`${idPrefix}-sortnum-hint`}
          {...register('event.sortnum', num)}
        />
        <p className="admin-field__hint" id={`${idPrefix}-sortnum-hint`}>
          {t('form.sortnumHint')}
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-ticketType`}>{t('form.ticketType')}</label>
        <select id={`${idPrefix}-ticketType`} className="admin-select" {...register('event.ticketType', num)}>
          <option value={1}>{t('form.ticketTypes.1')}</option>
          <option value={0}>{t('form.ticketTypes.0')}</option>
          <option value={2}>{t('form.ticketTypes.2')}</option>
        </select>
      </div>
      <div className="admin-stack">
        <label className="admin-check">
          <input type="checkbox" {...register('event.showTicketCount')} /> {t('form.showTicketCount')}
        </label>
        <label className="admin-check">
          <input type="checkbox" {...register('event.showQuant')} /> {t('form.showQuant')}
        </label>
      </div>
      <fieldset className="admin-stack">
        <legend>{t('form.descriptionUrl')}</legend>
        {LANGS.map((lang) => (
          <div className="admin-field" key={lang}>
            <label htmlFor={`${idPrefix}-descriptionUrl-${lang}`}>{t(`form.lang.${lang}`)}</label>
            <input
              id={`${idPrefix}-descriptionUrl-${lang}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              {...register(`event.descriptionUrl.${lang}` as Path<FormInput>, { setValueAs: (v: unknown) => (v === '' ? undefined : v) })}
            />
          </div>
        ))}
      </fieldset>
    </>
  );
}

/** A session's rarer settings: a whole-day ticket, places for groups, places sold at the box office. */
export function SessionExtras({ form, index, idPrefix }: { form: Form; index: number; idPrefix: string }) {
  const { t } = useTranslation('admin-catalog');
  const { register } = form;
  const base = `event.sessions.${index}` as const;
  return (
    <>
      <Controller
        control={form.control}
        name={`${base}.hasTime`}
        render={({ field }) => {
          // Left unset, the catalog derives it from the start (local midnight: a whole-day ticket):
          // shown as it would be derived, and sent only once the member changes it.
          const startsAt = form.getValues(`${base}.startsAt`) ?? '';
          const derived = !writtenAtMidnight(startsAt);
          return (
            <label className="admin-check">
              <input
                type="checkbox"
                checked={typeof field.value === 'boolean' ? field.value : derived}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                onBlur={field.onBlur}
              />{' '}
              {t('form.hasTime')}
            </label>
          );
        }}
      />
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-group-${index}`}>{t('form.groupCapacity')}</label>
        <input id={`${idPrefix}-group-${index}`} type="number" inputMode="numeric" min={0} {...register(`${base}.groupCapacity`, optNum)} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-outside-${index}`}>{t('form.soldOutside')}</label>
        <input id={`${idPrefix}-outside-${index}`} type="number" inputMode="numeric" min={0} {...register(`${base}.soldOutside`, optNum)} />
      </div>
    </>
  );
}

/** A price's rarer settings: a fee in per cent, a minimum per order, group tickets, Pushkin card, subscriptions, order. */
export function PriceExtras({
  form,
  index,
  idPrefix,
  percent,
  field,
}: {
  form: Form;
  index: number;
  idPrefix: string;
  percent: boolean;
  field: FieldHelper;
}) {
  const { t } = useTranslation('admin-catalog');
  const { register } = form;
  const base = `event.prices.${index}` as const;
  // A subscription's price: refused once the event stops being a subscription, so its error shows here.
  const forSubscription = field(`${base}.forSubscription`);
  const id = (key: string) => `${idPrefix}-price-${key}-${index}`;
  return (
    <>
      <div className="admin-field">
        <label htmlFor={id('feeKind')}>{t('form.serviceFeeKind')}</label>
        <select
          id={id('feeKind')}
          className="admin-select"
          {...register(`${base}.serviceFeeKind`)}
          aria-describedby={percent ? id('feeKind-hint') : undefined}
        >
          <option value="amount">{t('form.feeKinds.amount')}</option>
          <option value="percent">{t('form.feeKinds.percent')}</option>
        </select>
        {percent ? (
          <p className="admin-field__hint" id={id('feeKind-hint')}>
            {t('form.feePercentHint')}
          </p>
        ) : null}
      </div>
      <div className="admin-field">
        <label htmlFor={id('min')}>{t('form.minQuantity')}</label>
        <input id={id('min')} type="number" inputMode="numeric" min={0} {...register(`${base}.minQuantity`, optNum)} />
      </div>
      <div className="admin-field">
        <label htmlFor={id('passes')}>{t('form.groupPasses')}</label>
        <input
          id={id('passes')}
          type="number"
          inputMode="numeric"
          min={0}
          aria-describedby={id('passes-hint')}
          {...register(`${base}.groupPasses`, optNum)}
        />
        <p className="admin-field__hint" id={id('passes-hint')}>
          {t('form.groupPassesHint')}
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor={id('pushkin')}>{t('form.pushkin')}</label>
        <select id={id('pushkin')} className="admin-select" {...register(`${base}.pushkin`, num)}>
          <option value={0}>{t('form.pushkinModes.0')}</option>
          <option value={1}>{t('form.pushkinModes.1')}</option>
          <option value={2}>{t('form.pushkinModes.2')}</option>
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={id('sort')}>{t('form.sortnum')}</label>
        <input id={id('sort')} type="number" inputMode="numeric" min={0} {...register(`${base}.sortnum`, optNum)} />
      </div>
      <label className="admin-check">
        <input
          type="checkbox"
          {...register(`${base}.forSubscription`)}
          aria-invalid={forSubscription.attrs['aria-invalid']}
          aria-describedby={forSubscription.attrs['aria-describedby']}
        />{' '}
        {t('form.forSubscription')}
      </label>
      {forSubscription.message}
    </>
  );
}

/** A category's names in Kazakh and Chinese, its description in four languages, and its order. */
export function CategoryExtras({ form, index, idPrefix }: { form: Form; index: number; idPrefix: string }) {
  const { t } = useTranslation('admin-catalog');
  const { register } = form;
  const base = `event.categories.${index}` as const;
  return (
    <>
      {(['kz', 'ch'] as const).map((lang) => (
        <div className="admin-field" key={lang}>
          <label htmlFor={`${idPrefix}-cat-${lang}-${index}`}>{t(`form.categoryNameIn.${lang}`)}</label>
          <input id={`${idPrefix}-cat-${lang}-${index}`} {...register(`${base}.name.${lang}`)} />
        </div>
      ))}
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-cat-sort-${index}`}>{t('form.sortnum')}</label>
        <input id={`${idPrefix}-cat-sort-${index}`} type="number" inputMode="numeric" min={0} {...register(`${base}.sortnum`, optNum)} />
      </div>
      <details className="admin-catalog__more">
        <summary>{t('form.categoryDescription')}</summary>
        {LANGS.map((lang) => (
          <div className="admin-field" key={lang}>
            <label htmlFor={`${idPrefix}-cat-desc-${lang}-${index}`}>{t(`form.lang.${lang}`)}</label>
            <textarea id={`${idPrefix}-cat-desc-${lang}-${index}`} rows={2} {...register(`${base}.description.${lang}`)} />
          </div>
        ))}
      </details>
    </>
  );
}

type FieldHelper = (path: string) => {
  attrs: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };
  message: ReactNode;
};

/** The subscriptions page's list: the composition's names and the events one may add. */
export const subscriptionsQuery = (lang: Lang) => ({
  queryKey: ['admin', 'subscriptions'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`/api/admin/subscriptions?lang=${lang}`, subscriptionsResponse, { signal }),
});

/**
 * The subscription flag. Its composition is edited on the subscriptions page, but the import
 * refuses a subscription without events, so an event that becomes one picks its first events
 * here; one that already is shows its events and the way to that page.
 */
export function SubscriptionField({
  form,
  idPrefix,
  eventId,
  wasSubscription,
  field,
  lang,
}: {
  form: Form;
  idPrefix: string;
  eventId: number | null;
  wasSubscription: boolean;
  field: FieldHelper;
  lang: Lang;
}) {
  const { t } = useTranslation('admin-catalog');
  const on = useWatch({ control: form.control, name: 'event.isSubscription' }) === true;
  const items = useWatch({ control: form.control, name: 'event.subscriptionItems' }) ?? [];
  const list = useQuery({ ...subscriptionsQuery(lang), enabled: on });
  const [adding, setAdding] = useState('');
  const flag = field('event.isSubscription');
  const composition = field('event.subscriptionItems');
  const hintId = `${idPrefix}-isSubscription-hint`;
  const nameOf = (id: number) => {
    const known =
      list.data?.events.find((e) => e.id === id) ?? list.data?.subscriptions.flatMap((s) => s.items).find((i) => i.eventId === id);
    return known ? pickLocalized(known.name, lang) : `#${id}`;
  };
  const chosen = new Set(items.map((i) => i.eventId));
  const addable = (list.data?.events ?? []).filter((e) => e.id !== eventId && !chosen.has(e.id));
  const setItems = (next: Array<{ eventId: number }>) =>
    form.setValue(
      'event.subscriptionItems',
      next.map((i, n) => ({ ...i, sortnum: n + 1 })),
      { shouldDirty: true },
    );

  return (
    <div className="admin-stack admin-catalog__wide">
      <label className="admin-check">
        <input
          type="checkbox"
          {...form.register('event.isSubscription')}
          aria-invalid={flag.attrs['aria-invalid']}
          aria-describedby={[hintId, flag.attrs['aria-describedby']].filter(Boolean).join(' ')}
        />{' '}
        {t('form.isSubscription')}
      </label>
      <p className="admin-field__hint" id={hintId}>
        {t('form.isSubscriptionHint')}
      </p>
      {flag.message}
      {on ? (
        <fieldset className="admin-stack" aria-describedby={composition.attrs['aria-describedby']}>
          <legend>{t('form.subscriptionItems')}</legend>
          {composition.message}
          {items.length === 0 ? <p>{t('form.subscriptionEmpty')}</p> : null}
          <ul className="admin-catalog__subscription" hidden={items.length === 0}>
            {items.map((item) => (
              <li key={item.eventId}>
                {nameOf(item.eventId)}{' '}
                {wasSubscription ? null : (
                  <button
                    type="button"
                    className="admin-button admin-button--plain"
                    aria-label={t('form.subscriptionRemove', { name: nameOf(item.eventId) })}
                    onClick={() => setItems(items.filter((i) => i.eventId !== item.eventId))}
                  >
                    {t('form.remove')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {wasSubscription ? (
            <Link href="/offers/subscriptions">{t('form.subscriptionLink')}</Link>
          ) : (
            <>
              <p className="admin-field__hint">{t('form.subscriptionFirstHint')}</p>
              <div className="admin-field">
                <label htmlFor={`${idPrefix}-subscription-add`}>{t('form.subscriptionAdd')}</label>
                <EventSelect
                  id={`${idPrefix}-subscription-add`}
                  events={addable}
                  lang={lang}
                  value={adding}
                  onValue={setAdding}
                  blank={t('form.subscriptionChoose')}
                />
              </div>
              <button
                type="button"
                className="admin-button admin-button--plain"
                disabled={adding === ''}
                onClick={() => {
                  setItems([...items, { eventId: Number(adding) }]);
                  setAdding('');
                }}
              >
                {t('form.subscriptionAddButton')}
              </button>
              <Link href="/offers/subscriptions">{t('form.subscriptionLink')}</Link>
            </>
          )}
        </fieldset>
      ) : null}
    </div>
  );
}
