import { type CSSProperties, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../contract/lang.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { PageSkeleton, Skeleton } from '../../components/skeleton/skeleton.tsx';
import { isEmbedded } from '../../lib/integration.ts';
import { pageOf } from '../../lib/navigation.tsx';
import { useLang } from '../../lib/use-lang.ts';
import { useSetup } from '../../lib/use-setup.ts';
import { BackLink } from './back-link.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { PageChangeAnnouncer } from '../../lib/page-change-announcer.tsx';
import { ScrollTopButton } from './scroll-top-button.tsx';
import { useEmbedNavigation } from './use-embed-navigation.ts';
import { useLanguageFromUrl } from './use-language-from-url.ts';
import './shell.css';

const MAIN_ID = 'main';

/** The layout around every page, driven by GET /api/setup; `children` is the page. */
export function Shell({ children }: { children: ReactNode }) {
  useLanguageFromUrl();
  useEmbedNavigation();
  const { t } = useTranslation('shell');
  const lang = useLang();
  const { data: setup, isPending, isError, error, refetch } = useSetup();

  // Integration mode (setup is_integration, or framed by the widget): the venue's page has its
  // own header and footer, and the frame grows with the content, so it never scrolls itself.
  const embedded = setup?.is_integration === 1 || isEmbedded();
  const showHeader = setup !== undefined && setup.app.header === 1 && !embedded;
  const showFooter = setup !== undefined && setup.app.footer === 1 && !embedded;
  const banner = setup ? pickLocalized(setup.app.banner, lang) : '';
  const theme = setup?.app.header_background ? ({ '--header-bg': setup.app.header_background } as CSSProperties) : undefined;

  return (
    <div className="shell" style={theme}>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('skipLink')}
      </a>
      {isPending && !isEmbedded() && <HeaderSkeleton />}
      {showHeader && <Header setup={setup} />}
      {banner && (
        <div className="info-banner" role="region" aria-label={t('banner')}>
          <p className="info-banner__text">{banner}</p>
        </div>
      )}
      <main id={MAIN_ID} className="shell__main" tabIndex={-1}>
        {isError ? (
          <PageError error={error} onRetry={() => void refetch()} />
        ) : (
          <>
            {setup ? <BackLink /> : isPending && <BackLink pending />}
            <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
          </>
        )}
      </main>
      {showFooter && <Footer setup={setup} year={new Date().getFullYear()} />}
      {setup?.app.scroll_top === 1 && !embedded && <ScrollTopButton mainId={MAIN_ID} />}
      <PageChangeAnnouncer mainId={MAIN_ID} pageOf={pageOf} />
    </div>
  );
}

/** Same height as the header, so the page does not move when the setup arrives. */
function HeaderSkeleton() {
  return (
    <div className="site-header" aria-hidden="true">
      <div className="site-header__inner">
        <Skeleton width={120} height={32} className="skeleton--on-dark" />
      </div>
    </div>
  );
}
