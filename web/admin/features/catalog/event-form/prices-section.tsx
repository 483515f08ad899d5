import { useState } from 'react';
import { Controller, type UseFieldArrayReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../../contract/lang.ts';
import { RemoveRowButton, useRowList } from './row-list.tsx';
import { formatSessionTime } from '../events-page.tsx';
import { CategoryExtras, PriceExtras } from '../event-extra-fields.tsx';
import { ConcessionFields } from './concession-fields.tsx';
import { type EventFormApi, type FormInput, type SectionProps, newPrice, nextStandIn, num, optNum, pricesAreSimple } from './model.ts';

type Categories = UseFieldArrayReturn<FormInput, 'event.categories'>;
type Prices = UseFieldArrayReturn<FormInput, 'event.prices'>;

/** Kopecks as the member types roubles ('' while empty). */
const toRoubles = (kopecks: unknown) => (typeof kopecks === 'number' && Number.isFinite(kopecks) ? String(kopecks / 100) : '');
const toKopecks = (text: string) => (text === '' ? undefined : Math.round(Number(text) * 100));

/**
 * The visitor categories and their prices. The common case, a price per category for every
 * session, is one row each (the category's name and its price); the per-session view edits the
 * same categories and prices with every setting (session, zone, fee, limits). The one-row view
 * opens when the prices fit it, and the member can switch while they do.
 */
export function PricesSection(props: SectionProps) {
  const { t } = useTranslation('admin-catalog');
  const { form, event, sectionId, idPrefix } = props;
  const categories = useFieldArray({ control: form.control, name: 'event.categories' });
  const prices = useFieldArray({ control: form.control, name: 'event.prices' });
  const simple = pricesAreSimple(event?.prices);
  const [perSession, setPerSession] = useState(!simple);
  return (
    <section className="admin-card admin-stack" id={sectionId} tabIndex={-1} aria-labelledby={`${sectionId}-h`}>
      <h2 className="admin-subheading" id={`${sectionId}-h`}>
        {t('form.pricing')}
      </h2>
      {perSession ? (
        <>
          <CategoriesList {...props} categories={categories} />
          <PricesList {...props} prices={prices} />
        </>
      ) : (
        <SimplePrices {...props} categories={categories} prices={prices} />
      )}
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button--plain"
          aria-pressed={perSession}
          disabled={perSession && !simple}
          aria-describedby={perSession && !simple ? `${idPrefix}-per-session-hint` : undefined}
          onClick={() => setPerSession(!perSession)}
        >
          {t('form.perSessionPrices')}
        </button>
      </div>
      {perSession && !simple ? (
        <p className="admin-field__hint" id={`${idPrefix}-per-session-hint`}>
          {t('form.perSessionHint')}
        </p>
      ) : null}
    </section>
  );
}

/** One row a category: its name and the price it has for every session, added as the member types it. */
function SimplePrices({
  form,
  field,
  idPrefix,
  event,
  loaded,
  categories,
  prices,
}: SectionProps & { categories: Categories; prices: Prices }) {
  const { t } = useTranslation('admin-catalog');
  const { list, add, removeAt } = useRowList<HTMLUListElement>();
  const inUse: { categories: number[]; prices: number[] } = loaded?.inUse ?? { categories: [], prices: [] };
  const priceIds = () => (form.getValues('event.prices') ?? []).map((p) => p.id ?? 0);
  return (
    <>
      <p className="admin-field__hint">{t('form.simplePricesHint')}</p>
      {field('event.categories').message}
      {field('event.prices').message}
      <ul className="admin-catalog__rows" ref={list}>
        {categories.fields.map((row, i) => {
          const categoryId = event?.categories?.[i]?.id ?? -1;
          const priceIndex = (event?.prices ?? []).findIndex((p) => p?.categoryId === categoryId);
          const price = priceIndex >= 0 ? event?.prices?.[priceIndex] : undefined;
          const used = inUse.categories.includes(categoryId) || (price?.id !== undefined && inUse.prices.includes(price.id));
          const name = field(`event.categories.${i}.name.ru`);
          return (
            <li key={row.id} className="admin-catalog__row admin-catalog__row--simple" aria-label={t('form.priceN', { n: i + 1 })}>
              <div className="admin-field">
                <label htmlFor={name.attrs.id}>{t('form.category')}</label>
                <input {...name.attrs} {...form.register(`event.categories.${i}.name.ru`)} />
                {name.message}
              </div>
              <SimpleAmount
                form={form}
                field={field}
                idPrefix={idPrefix}
                row={i}
                priceIndex={priceIndex}
                initial={price?.amount}
                onFirstAmount={(amount) =>
                  prices.append({ ...newPrice(nextStandIn(priceIds()), categoryId), amount: amount as number }, { shouldFocus: false })
                }
              />
              <RemoveRowButton
                disabled={used || categories.fields.length === 1}
                onRemove={() =>
                  removeAt(i, () => {
                    if (priceIndex >= 0) prices.remove(priceIndex);
                    categories.remove(i);
                  })
                }
              />
            </li>
          );
        })}
      </ul>
      <button
        ref={add}
        type="button"
        className="admin-button admin-button--plain"
        onClick={() => {
          const categoryId = nextStandIn((form.getValues('event.categories') ?? []).map((c) => c.id ?? 0));
          categories.append({ id: categoryId, name: { ru: '' } });
          prices.append(newPrice(nextStandIn(priceIds()), categoryId), { shouldFocus: false });
        }}
      >
        {t('form.addPrice')}
      </button>
    </>
  );
}

type SimpleAmountProps = {
  form: EventFormApi;
  field: SectionProps['field'];
  idPrefix: string;
  row: number;
  priceIndex: number;
  initial: number | undefined;
  onFirstAmount: (kopecks: number | undefined) => void;
};

/** A category's price for every session, in roubles; the category's first amount adds its price. */
function SimpleAmount({ form, field, idPrefix, row, priceIndex, initial, onFirstAmount }: SimpleAmountProps) {
  const { t } = useTranslation('admin-catalog');
  // The text as typed ('12.' mid-typing stays), the form holding kopecks.
  const [text, setText] = useState(toRoubles(initial));
  const f =
    priceIndex >= 0 ? field(`event.prices.${priceIndex}.amount`) : { attrs: { id: `${idPrefix}-simple-amount-${row}` }, message: null };
  return (
    <div className="admin-field">
      <label htmlFor={f.attrs.id}>{t('form.amount')}</label>
      <input
        {...f.attrs}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={text}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          if (priceIndex >= 0)
            form.setValue(`event.prices.${priceIndex}.amount`, toKopecks(value) as number, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            });
          else if (value !== '') onFirstAmount(toKopecks(value));
        }}
      />
      {f.message}
    </div>
  );
}

/** The per-session view's categories: names in every language, description and order. */
function CategoriesList({ form, field, idPrefix, event, loaded, categories }: SectionProps & { categories: Categories }) {
  const { t } = useTranslation('admin-catalog');
  const { list, add, removeAt } = useRowList<HTMLUListElement>();
  const inUse = loaded?.inUse.categories ?? [];
  return (
    <fieldset className="admin-stack">
      <legend>{t('form.categories')}</legend>
      {field('event.categories').message}
      <ul className="admin-catalog__rows" ref={list}>
        {categories.fields.map((row, i) => {
          const categoryId = event?.categories?.[i]?.id;
          const used = categoryId !== undefined && inUse.includes(categoryId);
          const n = field(`event.categories.${i}.name.ru`);
          return (
            <li key={row.id} className="admin-catalog__row">
              <div className="admin-field">
                <label htmlFor={n.attrs.id}>{t('form.categoryName')}</label>
                <input {...n.attrs} {...form.register(`event.categories.${i}.name.ru`)} />
                {n.message}
              </div>
              <div className="admin-field">
                <label htmlFor={`${idPrefix}-cat-en-${i}`}>{t('form.categoryNameEn')}</label>
                <input id={`${idPrefix}-cat-en-${i}`} {...form.register(`event.categories.${i}.name.en`)} />
              </div>
              <CategoryExtras form={form} index={i} idPrefix={idPrefix} />
              <ConcessionFields form={form} field={field} index={i} idPrefix={idPrefix} />
              <RemoveRowButton disabled={used} onRemove={() => removeAt(i, () => categories.remove(i))} />
            </li>
          );
        })}
      </ul>
      <button
        ref={add}
        type="button"
        className="admin-button admin-button--plain"
        onClick={() => categories.append({ id: nextStandIn((event?.categories ?? []).map((c) => c?.id ?? 0)), name: { ru: '' } })}
      >
        {t('form.addCategory')}
      </button>
    </fieldset>
  );
}

/** The per-session view's prices: a category, a session or every one, a zone, the amount, fee, limit and the rest. */
function PricesList({ form, field, idPrefix, options, event, loaded, lang, timeZone, prices }: SectionProps & { prices: Prices }) {
  const { t } = useTranslation('admin-catalog');
  const { list, add, removeAt } = useRowList<HTMLUListElement>();
  const inUse = loaded?.inUse.prices ?? [];
  const zones = options.zones.filter((z) => z.hallId === null || z.hallId === Number(event?.hallId));

  const moneyField = (path: `event.prices.${number}.amount` | `event.prices.${number}.serviceFee`, label: string) => {
    const f = field(path);
    return (
      <div className="admin-field">
        <label htmlFor={f.attrs.id}>{label}</label>
        <Controller
          control={form.control}
          name={path}
          render={({ field: c }) => (
            <input
              {...f.attrs}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              defaultValue={toRoubles(c.value)}
              onChange={(e) => c.onChange(toKopecks(e.currentTarget.value))}
              onBlur={c.onBlur}
            />
          )}
        />
        {f.message}
      </div>
    );
  };

  return (
    <fieldset className="admin-stack">
      <legend>{t('form.prices')}</legend>
      {field('event.prices').message}
      <ul className="admin-catalog__rows" ref={list}>
        {prices.fields.map((row, i) => {
          const priceId = event?.prices?.[i]?.id;
          const used = priceId !== undefined && inUse.includes(priceId);
          const cat = field(`event.prices.${i}.categoryId`);
          const limit = field(`event.prices.${i}.quantityLimit`);
          return (
            <li key={row.id} className="admin-catalog__row" aria-label={t('form.priceN', { n: i + 1 })}>
              <div className="admin-field">
                <label htmlFor={cat.attrs.id}>{t('form.category')}</label>
                <select className="admin-select" {...cat.attrs} {...form.register(`event.prices.${i}.categoryId`, num)}>
                  {(event?.categories ?? []).map((c, k) => (
                    <option key={c?.id ?? k} value={c?.id}>
                      {c?.name?.ru || t('form.categoryN', { n: k + 1 })}
                    </option>
                  ))}
                </select>
                {cat.message}
              </div>
              <div className="admin-field">
                <label htmlFor={`${idPrefix}-price-session-${i}`}>{t('form.priceSession')}</label>
                <select
                  id={`${idPrefix}-price-session-${i}`}
                  className="admin-select"
                  {...form.register(`event.prices.${i}.sessionId`, optNum)}
                >
                  <option value="">{t('form.everySession')}</option>
                  {(event?.sessions ?? []).map((s, k) => (
                    <option key={s?.id ?? k} value={s?.id}>
                      {s?.startsAt ? formatSessionTime(s.startsAt, timeZone, lang) : t('form.sessionN', { n: k + 1 })}
                    </option>
                  ))}
                </select>
              </div>
              <div className="admin-field">
                <label htmlFor={`${idPrefix}-price-zone-${i}`}>{t('form.zone')}</label>
                <select id={`${idPrefix}-price-zone-${i}`} className="admin-select" {...form.register(`event.prices.${i}.zoneId`, optNum)}>
                  <option value="">{t('form.none')}</option>
                  {zones.map((z) => (
                    <option key={z.id} value={z.id}>
                      {pickLocalized(z.name, lang)}
                    </option>
                  ))}
                </select>
              </div>
              {moneyField(`event.prices.${i}.amount`, t('form.amount'))}
              {moneyField(`event.prices.${i}.serviceFee`, t('form.serviceFee'))}
              <div className="admin-field">
                <label htmlFor={limit.attrs.id}>{t('form.quantityLimit')}</label>
                <input
                  {...limit.attrs}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  {...form.register(`event.prices.${i}.quantityLimit`, optNum)}
                />
                {limit.message}
              </div>
              <PriceExtras
                form={form}
                index={i}
                idPrefix={idPrefix}
                percent={event?.prices?.[i]?.serviceFeeKind === 'percent'}
                field={field}
              />
              <RemoveRowButton disabled={used} onRemove={() => removeAt(i, () => prices.remove(i))} />
            </li>
          );
        })}
      </ul>
      <button
        ref={add}
        type="button"
        className="admin-button admin-button--plain"
        // The amount starts empty: the member types it (0 for free, which the save asks to confirm).
        onClick={() => prices.append(newPrice(nextStandIn((event?.prices ?? []).map((p) => p?.id ?? 0)), event?.categories?.[0]?.id ?? -1))}
      >
        {t('form.addPrice')}
      </button>
    </fieldset>
  );
}
