import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { pickLocalized } from '../../../contract/lang.ts';
import type { Setup } from '../../../contract/setup.ts';
import { Skeleton } from '../../components/skeleton/skeleton.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useSetup } from '../../lib/use-setup.ts';
import { isSitePath } from '../../../contract/site-path.ts';
import './contacts.css';

/** A phone number as a tel: link wants it: digits and a leading plus only. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? `+${digits.slice(1).replaceAll('+', '')}` : digits.replaceAll('+', '')}`;
}

/**
 * The contacts page (/contacts): the provider's e-mail, phone and legal
 * requisites from setup db.info_contact, and the Pushkin-card and China entries. A field the
 * venue left empty is left out rather than shown blank.
 */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  usePageTitle('contacts');
  const { data: setup } = useSetup();

  return (
    <section className="contacts" aria-labelledby="contacts-title">
      <h1 id="contacts-title">{t('heading')}</h1>
      {setup ? <ContactDetails setup={setup} /> : <ContactsSkeleton />}
    </section>
  );
}

function ContactDetails({ setup }: { setup: Setup }) {
  const { t } = useTranslation('contacts');
  const lang = useLang();
  const { email, phone, requisites, pushkin_url: pushkinUrl, china_url: chinaUrl } = setup.db.info_contact;
  const requisitesText = pickLocalized(requisites, lang).trim();
  const entries = [
    pushkinUrl && { key: 'pushkin', href: pushkinUrl, label: t('pushkin'), note: t('pushkinNote') },
    chinaUrl && { key: 'china', href: chinaUrl, label: t('china'), note: t('chinaNote') },
  ].filter((entry) => !!entry);

  if (!email && !phone && !requisitesText && entries.length === 0) return <p>{t('empty')}</p>;
  return (
    <>
      {(email || phone) && (
        <dl className="contacts__list">
          {email && (
            <div className="contacts__item">
              <dt>{t('email')}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          )}
          {phone && (
            <div className="contacts__item">
              <dt>{t('phone')}</dt>
              <dd>
                <a href={telHref(phone)}>{phone}</a>
              </dd>
            </div>
          )}
        </dl>
      )}
      {requisitesText && (
        <section className="contacts__section" aria-labelledby="contacts-requisites">
          <h2 id="contacts-requisites">{t('requisites')}</h2>
          <p className="contacts__requisites">{requisitesText}</p>
        </section>
      )}
      {entries.length > 0 && (
        <nav className="contacts__section" aria-labelledby="contacts-entries">
          <h2 id="contacts-entries">{t('entries')}</h2>
          <ul className="contacts__entries">
            {entries.map((entry) => (
              <li key={entry.key}>
                <EntryLink href={entry.href}>{entry.label}</EntryLink>
                <span className="contacts__note">{entry.note}</span>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

/** An entry inside the storefront navigates in place; another site opens in a new tab. */
function EntryLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation('contacts');
  if (isSitePath(href)) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('newTab')}</span>
    </a>
  );
}

function ContactsSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="contacts__skeleton" role="status" aria-label={t('loading')} data-page-skeleton="">
      <Skeleton width="min(320px, 80%)" height={24} />
      <Skeleton width="min(240px, 60%)" height={24} />
      <Skeleton height={64} />
    </div>
  );
}
