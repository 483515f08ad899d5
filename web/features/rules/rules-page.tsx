import type { ConsentScope } from '../../../contract/consent.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { pickLocalized } from '../../../contract/lang.ts';
import { routePatterns } from '../../../contract/routes.ts';
import type { RulesDocument } from '../../../contract/setup.ts';
import { withLang } from '../../app/paths.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { Skeleton } from '../../components/skeleton/skeleton.tsx';
import { rulesQueryOptions } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { SafeHtml, allowedTags, safeHref } from '../../lib/safe-html.tsx';
import { useLang } from '../../lib/use-lang.ts';
import './rules.css';

export type RulesDocumentKind = 'purchase-terms' | 'privacy-policy' | `consent-${ConsentScope}`;

/** What a rules document may contain: text formatting, lists, links and sub-headings (the page has the h1). */
const RULES_TAGS = allowedTags('p,br,b,strong,i,em,u,s,a,ul,ol,li,span,div,small,sub,sup,blockquote,h2,h3,h4,h5,h6');

/**
 * A rules document of the database (localized infname, url, filebody) in
 * the visitor's language: its body as sanitized HTML, and a link when the venue gives a file.
 */
export function RulesPage({ document: slug }: { document: RulesDocumentKind }) {
  const { t } = useTranslation('rules');
  const lang = useLang();
  const { data, isPending, isError, error, refetch } = useQuery(rulesQueryOptions());
  const doc = data?.rules.find((d) => d.slug === slug);
  const name = doc ? pickLocalized(doc.infname, lang) : '';
  usePageTitle(slug === 'purchase-terms' ? 'purchaseTerms' : slug === 'privacy-policy' ? 'privacyPolicy' : 'consent');

  if (isPending) return <RulesSkeleton />;
  if (isError) return <PageError error={error} onRetry={() => void refetch()} />;
  if (!doc) {
    return (
      <section className="rules" aria-labelledby="rules-title">
        <h1 id="rules-title">{t('heading')}</h1>
        <p>{t('missing')}</p>
      </section>
    );
  }
  const others = data.rules.filter((d) => d.slug !== slug && routePatterns.rules.test(`/rules/${d.slug}`));
  return (
    <article className="rules" aria-labelledby="rules-title">
      <h1 id="rules-title">{name}</h1>
      <RulesBody doc={doc} />
      {others.length > 0 && (
        <nav className="rules__others" aria-labelledby="rules-others">
          <h2 id="rules-others">{t('otherDocuments')}</h2>
          <ul>
            {others.map((other) => (
              <li key={other.slug}>
                <Link to={withLang(`/rules/${other.slug}`, lang)}>{pickLocalized(other.infname, lang)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}

function RulesBody({ doc }: { doc: RulesDocument }) {
  const { t } = useTranslation('rules');
  const lang = useLang();
  const body = pickLocalized(doc.filebody, lang);
  const fileUrl = safeHref(pickLocalized(doc.url, lang));
  if (!body && !fileUrl) return <p>{t('missing')}</p>;
  return (
    <>
      {fileUrl && (
        <p className="rules__file">
          <a className="button button--secondary" href={fileUrl} target="_blank" rel="noopener noreferrer">
            {t('openFile')}
            <span className="visually-hidden"> {t('newTab')}</span>
          </a>
        </p>
      )}
      {body && <SafeHtml className="rules__body" html={body} allowed={RULES_TAGS} />}
    </>
  );
}

function RulesSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="rules rules__skeleton" role="status" aria-label={t('loading')} data-page-skeleton="">
      <Skeleton width="min(420px, 70%)" height={36} />
      <Skeleton height={16} />
      <Skeleton width="92%" height={16} />
      <Skeleton width="85%" height={16} />
      <Skeleton width="60%" height={16} />
    </div>
  );
}
