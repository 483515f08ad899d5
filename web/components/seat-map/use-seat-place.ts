import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type Localized, pickLocalized } from '../../../contract/lang.ts';
import { useLang } from '../../lib/use-lang.ts';

type Place = { sector: Partial<Localized>; row: string; seat: string };

/** A seat's place as the map's card, its touch modal and the cart write it: 'Партер · Ряд 8 · Место 3'. */
export function useSeatPlace(): (place: Place) => string {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  return useCallback(
    ({ sector, row, seat }: Place) =>
      [pickLocalized(sector, lang), t('seat.row', { row }), t('seat.seat', { seat })].filter(Boolean).join(' · '),
    [t, lang],
  );
}
