import { useTranslation } from 'react-i18next';
import { type Lang, intlLocale, pickLocalized } from '../../../../contract/lang.ts';
import type { NominalItem } from '../../../../contract/nominal.ts';
import { dateTimeFormat } from '../../../lib/intl-cache.ts';

/** 'dd.mm.yyyy' (already the venue's day) as a long date with its weekday. */
export function formatEventDay(day: string, lang: Lang): string {
  const [d, m, y] = day.split('.').map(Number) as [number, number, number];
  if (!d || !m || !y) return day;
  return dateTimeFormat(intlLocale(lang), { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The order number, the event and its date and time ('00:00' means a whole-day ticket). */
export function OrderHeader({ item, lang }: { item: NominalItem | undefined; lang: Lang }) {
  const { t } = useTranslation('nominal');
  if (!item) return null;
  return (
    <header className="nominal-header">
      <h1>{t('heading', { number: item.ord_num })}</h1>
      <p className="nominal-header__event">{pickLocalized(item.action, lang)}</p>
      <p className="nominal-header__when">
        <span>{formatEventDay(item.day, lang)}</span>
        {item.time !== '00:00' && <span>{t('at', { time: item.time })}</span>}
      </p>
    </header>
  );
}
