import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/skeleton/skeleton.tsx';

/** The height of a text field and of the phone's row (.text-input, .phone-input__country: min-height 44px). */
const INPUT_HEIGHT = 44;

/**
 * The buyer form's placeholder while its code loads (buyer-section.tsx): the same fieldset, legend,
 * notices and labels, with grey blocks where the inputs go, so it has the form's height at every
 * width and the form replaces it without moving anything below. Read out once as "Loading".
 */
export function BuyerFormSkeleton({ pushkin }: { pushkin: boolean }) {
  const { t } = useTranslation('event');
  const field = (label: string) => (
    <div className="field">
      <label>{label}</label>
      <Skeleton height={INPUT_HEIGHT} radius="var(--radius-md)" />
    </div>
  );
  return (
    <div role="status" aria-label={t('common:loading')} aria-busy="true">
      <fieldset className="buyer-form" aria-hidden="true">
        <legend>{t('buyer.title')}</legend>
        <p className="buyer-form__notice">{t('buyer.notice')}</p>
        {pushkin ? (
          <>
            <p className="buyer-form__warning">{t('buyer.cardWarning')}</p>
            {field(t('buyer.surname'))}
            {field(t('buyer.name'))}
            {field(t('buyer.patronymic'))}
            <label className="buyer-form__check">
              <Skeleton width={16} height={16} /> {t('buyer.noPatronymic')}
            </label>
            {field(t('buyer.phone'))}
          </>
        ) : (
          <>
            {field(t('buyer.fio'))}
            {field(t('buyer.phone'))}
          </>
        )}
        {field(t('buyer.email'))}
        {field(t('buyer.reEmail'))}
      </fieldset>
    </div>
  );
}
