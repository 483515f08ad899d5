import { useTranslation } from 'react-i18next';
import type { DeskSessionResponse } from '../../../../contract/admin/box-office.ts';
import { type HolderContext, regionApplies } from '../../../../contract/nominal.ts';
import type { Lang } from '../../../../contract/lang.ts';
import { type HolderField, type HolderValues, maskAge, maskBirthDate, maskDocNum } from '../../../lib/holder-values.ts';
import { pickText } from '../../lib/format.ts';

/** The storefront's labels of the lists (its catalog names them without the id). */
const SELECT_LABEL = { docTypeId: 'docType', countryId: 'country', regionId: 'region' } as const;

export type NamedForm = NonNullable<DeskSessionResponse['session']['named']>;

/** The storefront's rules' context for the desk's holders: the session's flags and lists, the venue's today. */
export function deskHolderContext(named: NamedForm): HolderContext {
  const regionsByCountry = new Map<number, number[]>(named.countries.map((c) => [c.id, []]));
  for (const region of named.regions) regionsByCountry.get(region.country_id)?.push(region.id);
  return {
    flags: {
      needage: named.needage,
      needmiddlename: named.needmiddlename,
      needdocument: named.needdocument,
      needcountry: named.needcountry,
      needregion: named.needregion,
    },
    today: named.today,
    docTypeIds: new Set(named.docTypes.map((d) => d.id)),
    regionsByCountry,
  };
}

type Props = {
  id: string;
  named: NamedForm;
  context: HolderContext;
  /** One label per place of the sale (its category), in the order the sale lists them. */
  places: string[];
  holders: HolderValues[];
  onChange: (index: number, holder: HolderValues) => void;
  consents: ReadonlySet<number>;
  onConsent: (id: number, checked: boolean) => void;
  /** Issue codes by path (`holders.0.surname`, `checkboxList.7`), from the browser's check or the server's refusal. */
  errors: Record<string, string>;
  lang: Lang;
};

/**
 * A named-ticket event's holders at the desk: a card per place with the fields the event asks
 * for, labelled and checked as on the storefront's named-ticket page (its words, its rules), and
 * the event's consents, which the cashier ticks when the visitor agrees.
 */
export function HolderFields({ id, named, context, places, holders, onChange, consents, onConsent, errors, lang }: Props) {
  const { t } = useTranslation(['nominal', 'admin-desk']);
  const countries = [...named.countries].sort(
    (a, b) => a.sortnum - b.sortnum || pickText(a.name, lang).localeCompare(pickText(b.name, lang), lang === 'ch' ? 'zh' : lang),
  );
  return (
    <div className="admin-desk__holders admin-stack">
      <p>{t('admin-desk:holders.intro')}</p>
      {places.map((place, index) => {
        const holder = holders[index] as HolderValues;
        const key = (field: HolderField) => `${id}-h${index}-${field}`;
        const error = (field: HolderField) => errors[`holders.${index}.${field}`];
        const set = (field: HolderField, value: string) => {
          const next = { ...holder, [field]: value };
          if (field === 'countryId') next.regionId = '';
          onChange(index, next);
        };
        const text = (field: HolderField, extra: { mask?: (v: string) => string; hint?: string; inputMode?: 'numeric' } = {}) => (
          <div className="admin-field" key={field}>
            <label htmlFor={key(field)}>{t(`fields.${field}`)}</label>
            {extra.hint ? (
              <span className="admin-field__hint" id={`${key(field)}-hint`}>
                {extra.hint}
              </span>
            ) : null}
            <input
              id={key(field)}
              value={holder[field]}
              inputMode={extra.inputMode}
              autoComplete="off"
              onChange={(e) => set(field, extra.mask ? extra.mask(e.currentTarget.value) : e.currentTarget.value)}
              aria-invalid={error(field) ? true : undefined}
              aria-describedby={
                [extra.hint ? `${key(field)}-hint` : '', error(field) ? `${key(field)}-err` : ''].filter(Boolean).join(' ') || undefined
              }
            />
            {error(field) ? (
              <span className="admin-field__error" id={`${key(field)}-err`}>
                {field === 'docNum' && error(field) === 'not-valid-doc-num'
                  ? pickText(named.docTypes.find((d) => String(d.id) === holder.docTypeId)?.note ?? {}, lang) ||
                    t('errors.not-valid-doc-num')
                  : t(`errors.${error(field)}`)}
              </span>
            ) : null}
          </div>
        );
        const select = (field: 'docTypeId' | 'countryId' | 'regionId', options: { id: number; name: Record<string, string> }[]) => (
          <div className="admin-field" key={field}>
            <label htmlFor={key(field)}>{t(`fields.${SELECT_LABEL[field]}`)}</label>
            <select
              id={key(field)}
              value={holder[field]}
              onChange={(e) => set(field, e.currentTarget.value)}
              aria-invalid={error(field) ? true : undefined}
              aria-describedby={error(field) ? `${key(field)}-err` : undefined}
            >
              <option value="">{t('placeholders.choose')}</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {pickText(o.name, lang)}
                </option>
              ))}
            </select>
            {error(field) ? (
              <span className="admin-field__error" id={`${key(field)}-err`}>
                {t(`errors.${error(field)}`)}
              </span>
            ) : null}
          </div>
        );
        const country = holder.countryId === '' ? null : Number(holder.countryId);
        return (
          <fieldset key={index} className="admin-desk__holder">
            <legend>{t('admin-desk:holders.legend', { number: index + 1, place })}</legend>
            {text('surname')}
            {text('name')}
            {named.needmiddlename === 1 ? text('middleName') : null}
            {named.needage === 1 ? text('age', { mask: maskAge, inputMode: 'numeric' }) : null}
            {named.needage === 2 ? text('date', { mask: maskBirthDate, hint: t('hints.date'), inputMode: 'numeric' }) : null}
            {named.needdocument === 1 ? select('docTypeId', named.docTypes) : null}
            {named.needdocument === 1 ? text('docNum', { mask: (v) => maskDocNum(v, holder.docTypeId) }) : null}
            {named.needcountry === 1 ? select('countryId', countries) : null}
            {named.needcountry === 1 && regionApplies(context, country)
              ? select(
                  'regionId',
                  named.regions.filter((r) => r.country_id === country),
                )
              : null}
          </fieldset>
        );
      })}
      {named.checkboxes.length > 0 ? (
        <fieldset className="admin-desk__consents">
          <legend>{t('consents.legend')}</legend>
          {named.checkboxes.map((box) => {
            const error = errors[`checkboxList.${box.id}`];
            return (
              <div key={box.id}>
                <label className="admin-check">
                  <input
                    type="checkbox"
                    checked={consents.has(box.id)}
                    onChange={(e) => onConsent(box.id, e.currentTarget.checked)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-c${box.id}-err` : undefined}
                  />
                  {pickText(box.name, lang)}
                </label>
                {error ? (
                  <span className="admin-field__error" id={`${id}-c${box.id}-err`}>
                    {t(`errors.${error}`)}
                  </span>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}
    </div>
  );
}
