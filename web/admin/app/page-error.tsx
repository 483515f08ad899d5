import { useTranslation } from 'react-i18next';

/**
 * Shown in place of a page that failed to render or whose code did not load, until the next
 * navigation (RouteErrorBoundary). A chunk that did not load is typically one a new version of
 * the back office replaced, and the browser keeps a failed module's failure: a reload fetches the
 * current version.
 */
export function PageError() {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-stack" aria-labelledby="admin-page-error-heading">
      <h1 className="admin-heading" id="admin-page-error-heading">
        {t('pageError.heading')}
      </h1>
      <p>{t('pageError.text')}</p>
      <div className="admin-actions">
        <button className="admin-button" type="button" onClick={() => window.location.reload()}>
          {t('pageError.reload')}
        </button>
      </div>
    </section>
  );
}
