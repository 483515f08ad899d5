import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../contract/lang.ts';
import type { Setup } from '../../../contract/setup.ts';
import { ResponsiveImage } from '../../components/responsive-image/responsive-image.tsx';
import { useLang } from '../../lib/use-lang.ts';
import { SmartLink } from './smart-link.tsx';

/** The footer logo is 50 px wide unless the setup says otherwise. */
const DEFAULT_FOOTER_LOGO_WIDTH = 50;

export function Footer({ setup, year }: { setup: Setup; year: number }) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const { app } = setup;
  const siteText = pickLocalized(app.footer_text_site, lang) || app.footer_url_site.replace(/^https?:\/\//, '');
  const extraText = pickLocalized(app.footer_text, lang);
  const venueInfo = pickLocalized(setup.db.info_client, lang);
  const from = app.date.trim();
  const copyright = !from || from === String(year) ? t('footer.copyrightYear', { year }) : t('footer.copyright', { from, to: year });

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {app.footer_db_info === 1 && venueInfo ? (
          <p className="site-footer__info">{venueInfo}</p>
        ) : (
          app.logo_footer && (
            <ResponsiveImage
              className="site-footer__logo"
              src={app.logo_footer}
              sizes={`${app.logo_footer_width || DEFAULT_FOOTER_LOGO_WIDTH}px`}
              alt={t('footer.logo')}
              width={app.logo_footer_width || DEFAULT_FOOTER_LOGO_WIDTH}
            />
          )
        )}
        <nav className="site-footer__nav" aria-label={t('footer.nav')}>
          <ul>
            {app.footer_url_site && (
              <li>
                <SmartLink href={app.footer_url_site}>{siteText}</SmartLink>
              </li>
            )}
            {app.footer_url_contacts && (
              <li>
                <SmartLink href={app.footer_url_contacts}>{t('footer.contacts')}</SmartLink>
              </li>
            )}
            {app.footer_url_agreement && (
              <li>
                <SmartLink href={app.footer_url_agreement}>{t('footer.agreement')}</SmartLink>
              </li>
            )}
          </ul>
        </nav>
        {extraText && <p className="site-footer__text">{extraText}</p>}
        <p className="site-footer__copyright">{copyright}</p>
      </div>
    </footer>
  );
}
