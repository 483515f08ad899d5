import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { SIMPLE_ENTRY_KINDS } from '../../../../contract/admin/catalog.ts';

/** The catalog section's own menu: events, then each kind of entry the catalog file carries. */
export function CatalogNav() {
  const { t } = useTranslation('admin-catalog');
  const [location] = useLocation();
  const links = [
    { href: '/catalog', label: t('sections.events'), current: location === '/catalog' || location.startsWith('/catalog/events') },
    ...SIMPLE_ENTRY_KINDS.map((kind) => ({
      href: `/catalog/entries/${kind}`,
      label: t(`sections.${kind}`),
      current: location === `/catalog/entries/${kind}` || location.startsWith(`/catalog/entries/${kind}/`),
    })),
  ];
  return (
    <nav aria-label={t('sections.label')} className="admin-catalog__nav">
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
