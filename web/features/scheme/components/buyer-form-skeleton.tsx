import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SchemeCheckbox } from '../../../../contract/scheme.ts';
import { Skeleton } from '../../../components/skeleton/skeleton.tsx';
import { useLang } from '../../../lib/use-lang.ts';

/** The height of a text field, of the phone's row and of the order button (min-height 44px). */
const CONTROL_HEIGHT = 44;

/**
 * The cart's buyer form while its code loads (cart-panel.tsx): the same heading, notice, labels and
 * consents, with grey blocks where the inputs and the order button go, so it has the form's height
 * at every width and the form replaces it without moving anything. Read out once as "Loading".
 */
export function BuyerFormSkeleton({ checkboxes }: { checkboxes: readonly SchemeCheckbox[] }) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const field = (label: string) => (
    <div className="field">
      <label>{label}</label>
      <Skeleton height={CONTROL_HEIGHT} radius="var(--radius-md)" />
    </div>
  );
  return (
    <div role="status" aria-label={t('common:loading')}>
      <div className="buyer" aria-hidden="true">
        <h3>{t('buyer.title')}</h3>
        <p className="scheme-note">{t('buyer.notice')}</p>
        {field(t('buyer.fio'))}
        {field(t('buyer.phone'))}
        {field(t('buyer.email'))}
        {field(t('buyer.reEmail'))}
        {checkboxes.map((box) => (
          <div key={box.id} className="field field--checkbox">
            <Skeleton width={20} height={20} />
            <label>{pickLocalized(box.name, lang)}</label>
            {pickLocalized(box.url, lang) && <span className="consent-document">{t('buyer.document')}</span>}
          </div>
        ))}
        <Skeleton className="buyer__submit" height={CONTROL_HEIGHT} radius="var(--radius-md)" />
      </div>
    </div>
  );
}
