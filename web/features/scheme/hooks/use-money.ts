import { useCallback } from 'react';
import { formatPrice } from '../../../../contract/format-price.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSetup } from '../../../lib/use-setup.ts';

/** Formats kopecks in the setup's currency and the visitor's language. */
export function useMoney(): (kopecks: number) => string {
  const lang = useLang();
  const { data: setup } = useSetup();
  const currency = setup?.app.currency ?? 'RUB';
  return useCallback((kopecks: number) => formatPrice(kopecks, currency, lang), [currency, lang]);
}
