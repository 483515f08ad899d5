import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang, pickLocalized } from '../../../contract/lang.ts';
import type { Setup } from '../../../contract/setup.ts';
import { ResponsiveImage } from '../../components/responsive-image/responsive-image.tsx';
import { useLang } from '../../lib/use-lang.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { RulesMenu } from './rules-menu.tsx';
import { SmartLink } from './smart-link.tsx';

/** The header logo's box is this tall; its width is the setup's logo_width. */
const LOGO_HEIGHT = 40;

/** setup.db.languages is a comma list; keep the storefront's languages, in its order. */
export function allowedLanguages(list: string): Lang[] {
  const wanted = new Set(list.split(',').map((code) => code.trim()));
  return LANGS.filter((lang) => wanted.has(lang));
}

export function Header({ setup }: { setup: Setup }) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const { app } = setup;
  const title = pickLocalized(app.title, lang);
  const logo = pickLocalized(app.logo, lang);
  const logoMobile = pickLocalized(app.logo_mobile, lang) || logo;
  const languages = allowedLanguages(setup.db.languages);
  const email = setup.crm_client?.data.email ?? '';
  const logoStyle = { '--logo-width': `${app.logo_width}px` } as CSSProperties;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <SmartLink href={app.url_logo || '/'} className="site-header__logo" aria-label={t('homeLink', { title })}>
          {logo ? (
            <ResponsiveImage
              src={logo}
              sizes={`${app.logo_width}px`}
              mobile={{ src: logoMobile, media: '(max-width: 599px)' }}
              alt=""
              width={app.logo_width}
              height={LOGO_HEIGHT}
              style={logoStyle}
            />
          ) : (
            <span className="site-header__title">{title}</span>
          )}
        </SmartLink>
        <nav className="site-header__nav" aria-label={t('headerNav')}>
          {app.url_lk && (
            <SmartLink href={app.url_lk} className="site-header__account" aria-label={email ? t('accountOf', { email }) : t('account')}>
              <span className={email ? 'account-icon account-icon--has-letter' : 'account-icon'} aria-hidden="true" />
              {/* On phones the icon gives way to the client's initial (spec: first letter of the e-mail). */}
              {email && (
                <span className="account-letter" aria-hidden="true">
                  {email.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="site-header__account-label" aria-hidden="true">
                {t('account')}
              </span>
            </SmartLink>
          )}
          {setup.db.rules.length > 0 && <RulesMenu rules={setup.db.rules} />}
          {languages.length > 1 && <LanguageSwitcher languages={languages} />}
        </nav>
      </div>
    </header>
  );
}
