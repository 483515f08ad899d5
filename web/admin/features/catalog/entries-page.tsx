import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SimpleEntryKind } from '../../../../contract/admin/catalog.ts';
import { type Lang, normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { QueryList } from '../../components/query-list.tsx';
import { StackedTable } from '../../components/stacked-table.tsx';
import '../../components/desk.css';
import { CatalogNav } from './catalog-nav.tsx';
import { entriesQuery } from './entry-kinds.ts';
import { formatSessionTime, optionsQuery } from './events-page.tsx';
import './catalog.css';

type Entry = Record<string, unknown> & { id?: unknown; name?: { ru: string } };
type Named = { id: number; name: { ru: string } };

/** The list of one kind of catalog entry: its name, what tells it apart, who changed it last. */
export default function EntriesPage({ kind }: { kind: SimpleEntryKind }) {
  const { t, i18n, ready } = useTranslation(['admin-catalog', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const list = useQuery({ ...entriesQuery(kind), retry: false });
  const options = useQuery(optionsQuery);
  if (!ready) return <PageSkeleton label="" />;
  const headingId = `${id}-heading`;
  const nameIn = (items: readonly Named[] | undefined, ref: unknown) => {
    const found = items?.find((i) => i.id === ref);
    return found ? pickLocalized(found.name, lang) : '—';
  };
  const detail = (entry: Entry) =>
    detailOf(kind, entry, lang, t, { kinds: options.data?.kinds, mainMenus: options.data?.mainMenus, nameIn });
  return (
    <section aria-labelledby={headingId} className="admin-stack admin-catalog">
      <CatalogNav />
      <h1 className="admin-heading" id={headingId}>
        {t(`entries.${kind}.heading`)}
      </h1>
      <p className="admin-field__hint">{t(`entries.${kind}.about`)}</p>
      <div className="admin-actions">
        <Link className="admin-button" href={`/catalog/entries/${kind}/new`}>
          {t(`entries.${kind}.create`)}
        </Link>
      </div>
      <QueryList query={list} isEmpty={(data) => data.entries.length === 0} nothing={t('entries.nothing')}>
        {(data) => (
          <StackedTable
            caption={t(`entries.${kind}.heading`)}
            rows={data.entries}
            rowKey={({ entry }) => String((entry as Entry).id)}
            columns={[
              {
                label: t('entries.name'),
                cell: ({ entry }) => {
                  const e = entry as Entry;
                  return <Link href={`/catalog/entries/${kind}/${String(e.id)}`}>{pickLocalized(e.name, lang) || `#${String(e.id)}`}</Link>;
                },
              },
              { label: t(`entries.${kind}.detail`), cell: ({ entry }) => detail(entry as Entry) },
              {
                label: t('entries.lastChange'),
                cell: ({ updatedAt, updatedBy }) =>
                  updatedAt && options.data
                    ? `${updatedBy ?? t('form.importer')}, ${formatSessionTime(updatedAt, options.data.timeZone, lang)}`
                    : '—',
              },
            ]}
          />
        )}
      </QueryList>
    </section>
  );
}

type Lookups = {
  kinds: readonly Named[] | undefined;
  mainMenus: readonly Named[] | undefined;
  nameIn: (items: readonly Named[] | undefined, ref: unknown) => string;
};

/** The column that tells entries of a kind apart: a menu's kind, a venue's address, a zone's colour... */
function detailOf(kind: SimpleEntryKind, entry: Entry, lang: Lang, t: (key: string) => string, lookups: Lookups) {
  switch (kind) {
    case 'kinds':
      return t(`entries.field.typeIdChoice.${String(entry.typeId)}`);
    case 'mainMenus':
      return lookups.nameIn(lookups.kinds, entry.kindId);
    case 'subMenus':
      return lookups.nameIn(lookups.mainMenus, entry.mainMenuId);
    case 'venues':
      return pickLocalized(entry.address as { ru: string } | undefined, lang);
    case 'tags':
      return `#${String(entry.id)}`;
    case 'checkboxes':
      return `${t(`entries.field.scopeChoice.${String(entry.scope)}`)}${entry.required ? ` · ${t('entries.field.required')}` : ''}`;
    case 'rules':
      return `/rules/${String(entry.slug)}`;
    case 'zones':
      return (
        <>
          <span className="admin-catalog__swatch" style={{ background: String(entry.color) }} aria-hidden="true" />
          {String(entry.color)}
        </>
      );
  }
}
