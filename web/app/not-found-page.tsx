import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useBackLink } from '../components/back-link/back-link-context.tsx';
import { lastListingSelection } from '../lib/listing-selection.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { usePaths } from './paths.ts';

/** Any path no route matches (the server answers it with HTTP 404 and this page). */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  const paths = usePaths();
  usePageTitle('notFound');
  useBackLink({ kind: 'hidden' }); // the page has its own link back to ticket selection
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="not-found__links">
        <Link className="button button--primary" to={paths.afisha()}>
          {t('notFound.home')}
        </Link>
        <Link className="button button--secondary" to={paths.afisha(lastListingSelection())}>
          {t('notFound.backToTickets')}
        </Link>
      </div>
    </section>
  );
}
