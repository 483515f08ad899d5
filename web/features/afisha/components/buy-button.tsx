import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { NOT_ON_SALE } from '../../../../contract/afisha-constants.ts';
import type { AfishaEvent } from '../../../../contract/afisha.ts';
import type { Lang } from '../../../../contract/lang.ts';
import { formatSaleDate } from '../model/format.ts';

export type SalesLabel = { kind: 'buy' } | { kind: 'salesBegin'; date: string } | { kind: 'soon' } | { kind: 'soldOut' };

/** The button's state from the server's sales state. */
export function salesLabel(event: Pick<AfishaEvent, 'totalticketcount' | 'saledate'>): SalesLabel {
  if (event.totalticketcount === NOT_ON_SALE) return event.saledate ? { kind: 'salesBegin', date: event.saledate } : { kind: 'soon' };
  if (event.totalticketcount <= 0) return { kind: 'soldOut' };
  return { kind: 'buy' };
}

/** 'Buy' as a link to the event page; otherwise a disabled button saying why. */
export function BuyButton({
  event,
  href,
  lang,
  timeZone,
  describedBy,
}: {
  event: AfishaEvent;
  href: string;
  lang: Lang;
  timeZone: string;
  describedBy: string;
}) {
  const { t } = useTranslation('afisha');
  const state = salesLabel(event);
  if (state.kind === 'buy') {
    return (
      <Link to={href} className="button button--primary afisha-card__buy" aria-describedby={describedBy}>
        {t('buy')}
      </Link>
    );
  }
  const text =
    state.kind === 'salesBegin'
      ? t('salesBegin', { date: formatSaleDate(state.date, lang, timeZone) })
      : state.kind === 'soon'
        ? t('soon')
        : t('soldOut');
  return (
    <button type="button" className="button afisha-card__buy afisha-card__buy--off" disabled aria-describedby={describedBy}>
      {text}
    </button>
  );
}
