import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import type { NominalCheckbox } from '../../../../contract/nominal.ts';
import { type NominalFormValues, consentKey } from '../form-model.ts';

type ConsentsProps = { checkboxes: NominalCheckbox[]; form: UseFormReturn<NominalFormValues>; lang: Lang; disabled: boolean };

/** The consent checkboxes; a required one left unticked blocks the confirmation and is marked. */
export function Consents({ checkboxes, form, lang, disabled }: ConsentsProps) {
  const { t } = useTranslation('nominal');
  if (checkboxes.length === 0) return null;
  return (
    <fieldset className="nominal-consents" disabled={disabled}>
      <legend className="visually-hidden">{t('consents.legend')}</legend>
      {checkboxes.map((box) => {
        const key = consentKey(box.id);
        const missing = form.formState.errors.consents?.[key] !== undefined;
        const errorId = `consent-${box.id}-error`;
        const url = pickLocalized(box.url, lang);
        return (
          <div key={box.id} className={`nominal-consent${missing ? ' nominal-consent--invalid' : ''}`}>
            <label className="nominal-consent__label">
              <input
                type="checkbox"
                aria-invalid={missing}
                aria-required={box.filling === 1}
                aria-describedby={missing ? errorId : undefined}
                {...form.register(`consents.${key}`)}
              />
              <span>
                {pickLocalized(box.name, lang)}
                {box.filling === 1 && <span aria-hidden="true"> *</span>}
              </span>
            </label>
            {url && (
              <a className="nominal-consent__link" href={url} target="_blank" rel="noreferrer">
                {t('consents.read')}
              </a>
            )}
            {missing && (
              <p id={errorId} className="nominal-field__error">
                {t('errors.required-consent')}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
