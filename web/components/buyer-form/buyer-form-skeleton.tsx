import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../contract/lang.ts';
import type { SchemeCheckbox } from '../../../contract/scheme.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';

/**
 * Where a page keeps the buyer form's texts: the labels under `buyer` of its namespace, the
 * messages of the error codes under `errors` (each page words them as its part of the spec does).
 */
export type BuyerTexts = { ns: string; errors: string };

/** The height of a text field, of the phone's row and of an order button (min-height 44px). */
export const CONTROL_HEIGHT = 44;

/** The fields in the form's order, as their labels' keys under `buyer`: the names, then the contacts. */
const PUSHKIN_NAMES = ['surname', 'name', 'patronymic'];
const ORDINARY_NAMES = ['fio'];
const CONTACTS = ['phone', 'email', 'reEmail'];

type Props = {
  texts: BuyerTexts;
  pushkin?: boolean;
  consents?: readonly SchemeCheckbox[];
  /** The class of the block the form stands in (the scheme's form.buyer). */
  className?: string;
  /** What follows the fieldset in that block (the scheme's order button). */
  children?: ReactNode;
};

/**
 * The buyer form's placeholder while its code loads: the same fieldset, legend, notices, labels and
 * consents, with grey blocks where the inputs go, so it has the form's height at every width and
 * the form replaces it without moving anything below. Read out once as "Loading".
 */
export function BuyerFormSkeleton({ texts, pushkin = false, consents = [], className, children }: Props) {
  const { t } = useTranslation(texts.ns);
  const lang = useLang();
  const field = (name: string) => (
    <div key={name} className="field">
      <label>{t(`buyer.${name}`)}</label>
      <Skeleton height={CONTROL_HEIGHT} radius="var(--radius-md)" />
    </div>
  );
  return (
    <div role="status" aria-label={t('common:loading')} aria-busy="true">
      <div className={className} aria-hidden="true">
        <fieldset className="buyer-form">
          <legend>{t('buyer.title')}</legend>
          <p className="buyer-form__notice">{t('buyer.notice')}</p>
          {pushkin && <p className="buyer-form__warning">{t('buyer.cardWarning')}</p>}
          {(pushkin ? PUSHKIN_NAMES : ORDINARY_NAMES).map(field)}
          {pushkin && (
            <label className="buyer-form__check">
              <Skeleton width={16} height={16} /> {t('buyer.noPatronymic')}
            </label>
          )}
          {CONTACTS.map(field)}
          {consents.map((box) => (
            <div key={box.id} className="field field--checkbox">
              <Skeleton width={20} height={20} />
              <label>{pickLocalized(box.name, lang)}</label>
              {pickLocalized(box.url, lang) && <span className="consent-document">{t('buyer.document')}</span>}
            </div>
          ))}
        </fieldset>
        {children}
      </div>
    </div>
  );
}
