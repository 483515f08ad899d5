import { useId, useMemo } from 'react';
import type { ClipboardEvent } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Lang, pickLocalized, toBcp47 } from '../../../../contract/lang.ts';
import {
  type IsoDate,
  type NominalItem,
  type OrderDataResponse,
  NOMINAL_LIMITS,
  NominalError,
  needsAgeWarning,
} from '../../../../contract/nominal.ts';
import { type HolderField, type NominalFormValues, maskAge, maskBirthDate, maskDocNum } from '../form-model.ts';
import { Field } from './field.tsx';

type HolderCardProps = {
  index: number;
  item: NominalItem;
  data: OrderDataResponse;
  form: UseFormReturn<NominalFormValues>;
  lang: Lang;
  today: IsoDate;
  open: boolean;
  onToggle: () => void;
  price: string;
  disabled: boolean;
};

/**
 * Pasting is blocked in the holder's names and document number outside development, so the
 * data is typed from the document; development builds allow it for testing.
 */
const blockPaste = import.meta.env.DEV ? undefined : (event: ClipboardEvent) => event.preventDefault();

const collator = (lang: Lang) => new Intl.Collator(toBcp47(lang));

/** One ticket's collapsible card with the holder fields its flags ask for. */
export function HolderCard({ index, item, data, form, lang, today, open, onToggle, price, disabled }: HolderCardProps) {
  const { t } = useTranslation('nominal');
  const bodyId = useId();
  const { register, setValue, formState } = form;
  const path = <F extends HolderField>(field: F) => `holders.${index}.${field}` as const;
  const values = useWatch({ control: form.control, name: `holders.${index}` });
  /** register() with the value masked before the form sees it. */
  const masked = (field: HolderField, mask: (value: string) => string) => {
    const registration = register(path(field));
    return {
      ...registration,
      onChange: (event: { target: HTMLInputElement }) => {
        event.target.value = mask(event.target.value);
        return registration.onChange(event);
      },
    };
  };
  const errors = formState.errors.holders?.[index];

  const countries = useMemo(() => {
    const compare = collator(lang).compare;
    return [...data.countries].sort((a, b) => a.sortnum - b.sortnum || compare(pickLocalized(a.name, lang), pickLocalized(b.name, lang)));
  }, [data.countries, lang]);
  const regions = useMemo(() => {
    const compare = collator(lang).compare;
    return data.regions
      .filter((region) => String(region.country_id) === values.countryId)
      .sort((a, b) => compare(pickLocalized(a.name, lang), pickLocalized(b.name, lang)));
  }, [data.regions, values.countryId, lang]);
  const showRegion = item.needregion === 1 && regions.length > 1;

  const docType = data.docTypes.find((doc) => String(doc.id) === values.docTypeId);
  const errorText = (field: HolderField): string | undefined => {
    const code = errors?.[field]?.message;
    if (!code) return undefined;
    if (code === NominalError.notValidDocNum && docType) return pickLocalized(docType.note, lang) || t(`errors.${code}`);
    return t(`errors.${code}`);
  };
  const ageWarning = needsAgeWarning({ needage: item.needage, age: values.age, date: values.date }, today);
  const fullName = [values.surname, values.name, values.middleName].filter(Boolean).join(' ').trim();
  const hasErrors = errors !== undefined && Object.keys(errors).length > 0;

  return (
    <section className={`nominal-card${hasErrors ? ' nominal-card--invalid' : ''}`} aria-labelledby={`${bodyId}-title`}>
      <h2 className="nominal-card__heading" id={`${bodyId}-title`}>
        <button type="button" className="nominal-card__toggle" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          <span className="nominal-card__title">
            {t('card.title', { number: index + 1 })}
            <span className="nominal-card__category">{pickLocalized(item.clientcategory, lang)}</span>
          </span>
          <span className="nominal-card__meta">
            {!open && fullName && <span className="nominal-card__holder">{fullName}</span>}
            <span className="nominal-card__price">{price}</span>
            <span className="nominal-card__chevron" aria-hidden="true" />
          </span>
        </button>
      </h2>
      <div id={bodyId} className="nominal-card__body" hidden={!open}>
        <fieldset className="nominal-card__fields" disabled={disabled}>
          <legend className="visually-hidden">{t('card.legend', { number: index + 1 })}</legend>
          <Field label={t('fields.surname')} error={errorText('surname')} required>
            <input
              className="text-input"
              type="text"
              autoComplete="family-name"
              maxLength={NOMINAL_LIMITS.surnameMax}
              {...register(path('surname'))}
              onPaste={blockPaste}
            />
          </Field>
          <Field label={t('fields.name')} error={errorText('name')} required>
            <input
              className="text-input"
              type="text"
              autoComplete="given-name"
              maxLength={NOMINAL_LIMITS.nameMax}
              {...register(path('name'))}
              onPaste={blockPaste}
            />
          </Field>
          {item.needmiddlename === 1 && (
            <Field label={t('fields.middleName')} error={errorText('middleName')} required>
              <input
                className="text-input"
                type="text"
                autoComplete="additional-name"
                maxLength={NOMINAL_LIMITS.middleNameMax}
                {...register(path('middleName'))}
                onPaste={blockPaste}
              />
            </Field>
          )}
          {item.needage === 1 && (
            <Field label={t('fields.age')} error={errorText('age')} required>
              <input
                className="text-input"
                type="text"
                inputMode="numeric"
                maxLength={NOMINAL_LIMITS.ageMaxDigits}
                {...masked('age', maskAge)}
              />
            </Field>
          )}
          {item.needage === 2 && (
            <Field label={t('fields.date')} hint={t('hints.date')} error={errorText('date')} required>
              <input
                className="text-input"
                type="text"
                inputMode="numeric"
                autoComplete="bday"
                placeholder={t('placeholders.date')}
                maxLength={10}
                {...masked('date', maskBirthDate)}
              />
            </Field>
          )}
          {ageWarning && (
            <p className="nominal-card__warning" role="note">
              {t('ageWarning')}
            </p>
          )}
          {item.needdocument === 1 && (
            <>
              <Field label={t('fields.docType')} error={errorText('docTypeId')} required>
                <select className="text-input" {...register(path('docTypeId'))}>
                  <option value="">{t('placeholders.choose')}</option>
                  {data.docTypes.map((doc) => (
                    <option key={doc.id} value={doc.id}>
                      {pickLocalized(doc.name, lang)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label={t('fields.docNum')}
                // An invalid number shows the type's note as its error; the hint would repeat it.
                hint={docType && !errors?.docNum ? pickLocalized(docType.note, lang) : undefined}
                error={errorText('docNum')}
                required
              >
                <input
                  className="text-input"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={NOMINAL_LIMITS.docNumMax}
                  {...masked('docNum', (value) => maskDocNum(value, values.docTypeId))}
                  onPaste={blockPaste}
                />
              </Field>
            </>
          )}
          {item.needcountry === 1 && (
            <Field label={t('fields.country')} error={errorText('countryId')} required>
              <select
                className="text-input"
                autoComplete="country"
                {...register(path('countryId'), {
                  onChange: () => setValue(path('regionId'), '', { shouldValidate: formState.isSubmitted }),
                })}
              >
                <option value="">{t('placeholders.choose')}</option>
                {countries.map((country) => (
                  <option key={country.id} value={country.id}>
                    {pickLocalized(country.name, lang)}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {showRegion && (
            <Field label={t('fields.region')} error={errorText('regionId')} required>
              <select className="text-input" {...register(path('regionId'))}>
                <option value="">{t('placeholders.choose')}</option>
                {regions.map((region) => (
                  <option key={region.id} value={region.id}>
                    {pickLocalized(region.name, lang)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </fieldset>
      </div>
    </section>
  );
}
