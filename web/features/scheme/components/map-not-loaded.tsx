import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api.ts';

/**
 * 'scheme-not-loaded': the map call failed. Shown in the map's place under the
 * calendar, so the page's heading, header and calendar stay; announced as an alert.
 */
export function MapNotLoaded({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('scheme');
  const { code } = toApiError(error);
  return (
    <div className="scheme-map-error">
      <div role="alert">
        <p className="scheme-map-error__text">{t('map.notLoaded')}</p>
        <p className="scheme-map-error__code">{t('errors:pageError.code', { code })}</p>
      </div>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('errors:pageError.retry')}
      </button>
    </div>
  );
}
