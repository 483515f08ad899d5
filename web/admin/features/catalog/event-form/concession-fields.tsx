import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONCESSION_DOCUMENTS, type MonthWeekday, WEEKDAYS, type Weekday } from '../../../../../contract/concession-rules.ts';
import { LANGS } from '../../../../../contract/lang.ts';
import { type FieldHelper, type EventFormApi, optNum } from './model.ts';

const NTHS: readonly MonthWeekday['nth'][] = [1, 2, 3, 4, 5, -1];
const optText = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : v) };

/** "1, 15, 31" as the days of the month; a word that is no whole number stays NaN, which the schema refuses. */
const parseDays = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((word) => (/^\d{1,2}$/.test(word) ? Number(word) : Number.NaN));

/**
 * A category's concession: the document the door checks, an age range, the days it applies and
 * a monthly limit per visitor (named tickets). Folded away: most categories have none.
 */
export function ConcessionFields({
  form,
  field,
  index,
  idPrefix,
}: {
  form: EventFormApi;
  field: FieldHelper;
  index: number;
  idPrefix: string;
}) {
  const { t } = useTranslation('admin-catalog');
  const { register, control } = form;
  const base = `event.categories.${index}.concession` as const;
  const id = (name: string) => `${idPrefix}-concession-${name}-${index}`;
  const document = field(`${base}.document`);
  const docText = field(`${base}.documentText.ru`);
  const ageFrom = field(`${base}.ageFrom`);
  const ageTo = field(`${base}.ageTo`);
  const monthDays = field(`${base}.monthDays`);
  const limit = field(`${base}.monthlyLimit`);
  const [nth, setNth] = useState<MonthWeekday['nth']>(-1);
  const [weekday, setWeekday] = useState<Weekday>(4);
  const weekdayName = (w: Weekday) => t(`concession.weekday.${w}`);
  return (
    <details className="admin-catalog__more">
      <summary>{t('concession.summary')}</summary>
      <div className="admin-stack">
        <div className="admin-field">
          <label htmlFor={document.attrs.id}>{t('concession.document')}</label>
          <select className="admin-select" {...document.attrs} {...register(`${base}.document`, optText)}>
            <option value="">{t('concession.noDocument')}</option>
            {CONCESSION_DOCUMENTS.map((d) => (
              <option key={d} value={d}>
                {t(`concession.documents.${d}`)}
              </option>
            ))}
          </select>
          {document.message}
        </div>
        <fieldset className="admin-stack">
          <legend>{t('concession.documentText')}</legend>
          <p className="admin-field__hint" id={id('doc-hint')}>
            {t('concession.documentTextHint')}
          </p>
          {LANGS.map((lang) => {
            const f = lang === 'ru' ? docText : null;
            return (
              <div className="admin-field" key={lang}>
                <label htmlFor={f?.attrs.id ?? id(`doc-${lang}`)}>{t(`form.lang.${lang}`)}</label>
                <input
                  id={id(`doc-${lang}`)}
                  aria-describedby={id('doc-hint')}
                  {...(f?.attrs ?? {})}
                  {...register(`${base}.documentText.${lang}`, optText)}
                />
                {f?.message}
              </div>
            );
          })}
        </fieldset>
        <div className="admin-catalog__grid">
          <div className="admin-field">
            <label htmlFor={ageFrom.attrs.id}>{t('concession.ageFrom')}</label>
            <input {...ageFrom.attrs} type="number" inputMode="numeric" min={0} max={120} {...register(`${base}.ageFrom`, optNum)} />
            {ageFrom.message}
          </div>
          <div className="admin-field">
            <label htmlFor={ageTo.attrs.id}>{t('concession.ageTo')}</label>
            <input {...ageTo.attrs} type="number" inputMode="numeric" min={0} max={120} {...register(`${base}.ageTo`, optNum)} />
            {ageTo.message}
          </div>
        </div>
        <Controller
          control={control}
          name={`${base}.weekdays`}
          render={({ field: c }) => {
            const chosen = (c.value ?? []) as Weekday[];
            return (
              <fieldset className="admin-concession__weekdays">
                <legend>{t('concession.weekdays')}</legend>
                {WEEKDAYS.map((w) => (
                  <label className="admin-check" key={w}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(w)}
                      onChange={(e) => c.onChange(e.currentTarget.checked ? [...chosen, w].sort() : chosen.filter((x) => x !== w))}
                    />{' '}
                    {weekdayName(w)}
                  </label>
                ))}
              </fieldset>
            );
          }}
        />
        <div className="admin-field">
          <label htmlFor={monthDays.attrs.id}>{t('concession.monthDays')}</label>
          <Controller
            control={control}
            name={`${base}.monthDays`}
            render={({ field: c }) => (
              <input
                {...monthDays.attrs}
                inputMode="numeric"
                aria-describedby={`${id('days-hint')} ${monthDays.attrs['aria-describedby'] ?? ''}`.trim()}
                defaultValue={((c.value ?? []) as number[]).join(', ')}
                onChange={(e) => c.onChange(parseDays(e.currentTarget.value))}
                onBlur={c.onBlur}
              />
            )}
          />
          <p className="admin-field__hint" id={id('days-hint')}>
            {t('concession.monthDaysHint')}
          </p>
          {monthDays.message}
        </div>
        <Controller
          control={control}
          name={`${base}.monthWeekdays`}
          render={({ field: c }) => {
            const rules = (c.value ?? []) as MonthWeekday[];
            const name = (r: MonthWeekday) =>
              t('concession.monthWeekday', { nth: t(`concession.nth.${r.nth}`), weekday: weekdayName(r.weekday) });
            return (
              <fieldset className="admin-stack">
                <legend>{t('concession.monthWeekdays')}</legend>
                {rules.length > 0 ? (
                  <ul className="admin-concession__rules">
                    {rules.map((r, k) => (
                      <li key={`${r.nth}-${r.weekday}`}>
                        {name(r)}{' '}
                        <button
                          type="button"
                          className="admin-button admin-button--plain"
                          aria-label={t('concession.removeRule', { rule: name(r) })}
                          onClick={() => c.onChange(rules.filter((_, i) => i !== k))}
                        >
                          {t('concession.remove')}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className="admin-catalog__grid">
                  <div className="admin-field">
                    <label htmlFor={id('nth')}>{t('concession.which')}</label>
                    <select
                      id={id('nth')}
                      className="admin-select"
                      value={nth}
                      onChange={(e) => setNth(Number(e.currentTarget.value) as MonthWeekday['nth'])}
                    >
                      {NTHS.map((n) => (
                        <option key={n} value={n}>
                          {t(`concession.nth.${n}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="admin-field">
                    <label htmlFor={id('weekday')}>{t('concession.weekday.label')}</label>
                    <select
                      id={id('weekday')}
                      className="admin-select"
                      value={weekday}
                      onChange={(e) => setWeekday(Number(e.currentTarget.value) as Weekday)}
                    >
                      {WEEKDAYS.map((w) => (
                        <option key={w} value={w}>
                          {weekdayName(w)}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <button
                  type="button"
                  className="admin-button admin-button--plain"
                  onClick={() => {
                    if (!rules.some((r) => r.nth === nth && r.weekday === weekday)) c.onChange([...rules, { nth, weekday }]);
                  }}
                >
                  {t('concession.addRule')}
                </button>
              </fieldset>
            );
          }}
        />
        <div className="admin-field">
          <label htmlFor={limit.attrs.id}>{t('concession.monthlyLimit')}</label>
          <input
            {...limit.attrs}
            type="number"
            inputMode="numeric"
            min={1}
            max={31}
            aria-describedby={`${id('limit-hint')} ${limit.attrs['aria-describedby'] ?? ''}`.trim()}
            {...register(`${base}.monthlyLimit`, optNum)}
          />
          <p className="admin-field__hint" id={id('limit-hint')}>
            {t('concession.monthlyLimitHint')}
          </p>
          {limit.message}
        </div>
      </div>
    </details>
  );
}
