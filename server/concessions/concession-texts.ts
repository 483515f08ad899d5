import type { CatalogConcession } from '../../contract/catalog-file.ts';
import { LANGS, type Lang } from '../../contract/lang.ts';
import { serverText } from '../locales/texts.ts';

/**
 * What the visitor shows at the door for a concession, in every language: the venue's own words
 * where it wrote them (a detail such as "очной формы обучения", or the whole name of an 'other'
 * document), else the document's name. Empty for an ordinary category.
 */
export function concessionDocument(c: CatalogConcession | null | undefined): Partial<Record<Lang, string>> {
  const document = c?.document;
  if (!document) return {};
  const own = c.documentText ?? {};
  return Object.fromEntries(
    LANGS.map((lang) => {
      const base = serverText('concessionDocuments', document, lang);
      const text = own[lang] || (lang !== 'ru' && document === 'other' ? own.ru : undefined);
      if (document === 'other') return [lang, text || base];
      return [lang, text ? `${base} (${text})` : base];
    }),
  );
}

/** A session's day as the storefront writes it (dd.mm.yyyy) as the rules read it (yyyy-mm-dd). */
export function isoOfDay(day: string): string {
  const [d, m, y] = day.split('.');
  return `${y}-${m}-${d}`;
}
