import { useTranslation } from 'react-i18next';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import type { OrderCheckbox } from '../../../../contract/event.ts';

type Props = {
  items: OrderCheckbox[];
  checked: Readonly<Record<number, boolean>>;
  invalid: ReadonlySet<number>;
  lang: Lang;
  onChange: (id: number, value: boolean) => void;
};

/** The extra checkboxes; those with filling = 1 must be ticked before the order is sent. */
export function CheckboxList({ items, checked, invalid, lang, onChange }: Props) {
  const { t } = useTranslation('event');
  if (items.length === 0) return null;
  return (
    <fieldset className="event-checkboxes">
      <legend className="visually-hidden">{t('checkboxes.legend')}</legend>
      {items.map((item) => {
        const url = pickLocalized(item.url, lang);
        const name = pickLocalized(item.name, lang);
        const errorId = `checkbox-error-${item.id}`;
        return (
          <div key={item.id} className={`event-checkbox${invalid.has(item.id) ? ' event-checkbox--invalid' : ''}`}>
            <label>
              <input
                type="checkbox"
                checked={checked[item.id] ?? false}
                required={item.filling === 1}
                aria-invalid={invalid.has(item.id) || undefined}
                aria-describedby={invalid.has(item.id) ? errorId : undefined}
                onChange={(event) => onChange(item.id, event.target.checked)}
              />{' '}
              <span>
                {name}
                {item.filling === 1 && <span className="event-checkbox__required"> {t('checkboxes.required')}</span>}
              </span>
            </label>
            {/* The label ticks the box; the document is its own link, so a tap on the text never leaves the form. */}
            {url && (
              <a
                className="consent-document"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t('checkboxes.document')}: ${name}`}
              >
                {t('checkboxes.document')}
              </a>
            )}
            {invalid.has(item.id) && (
              <p id={errorId} className="field__error">
                {t(item.consent ? 'errors.required-consent' : 'errors.required-checkbox')}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
