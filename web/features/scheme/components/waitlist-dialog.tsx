import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import type { SchemeMapResponse } from '../../../../contract/scheme.ts';
import { useModalDialog } from '../../../components/modal/use-modal-dialog.ts';
import { Skeleton } from '../../../components/skeleton/skeleton.tsx';
import type { WaitlistPlaceChoices } from '../../../components/waitlist/waitlist-form.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { schemeMapQueryOptions } from '../../../lib/seat-map/scheme-map-query.ts';

/** The waiting list's form: only when a visitor asks for it, so its code loads then. */
const WaitlistForm = lazy(() => import('../../../components/waitlist/waitlist-form.tsx').then((m) => ({ default: m.WaitlistForm })));

/** The hall's zones that sell places this session and its sectors, in the visitor's language. */
export function placeChoicesOf(map: SchemeMapResponse, lang: Lang): WaitlistPlaceChoices {
  return {
    zones: map.zones.filter((zone) => zone.prices.length > 0).map((zone) => ({ id: zone.zone_id, name: pickLocalized(zone.name, lang) })),
    sectors: map.sectors.map((sector) => ({ id: sector.sector_id, name: pickLocalized(sector.name, lang) })),
  };
}

type Props = {
  hash: string;
  sessionId: number;
  /** The sold-out time as the picker shows it. */
  when: string;
  /** The event's per-order limit. */
  maxPlaces: number;
  onClose: () => void;
};

/**
 * The waiting list of a sold-out time of the seat map, in a modal dialog: the e-mail, the number of
 * places and where the seats side by side may be (a zone or a sector of the hall, read from the
 * session's map). The time is not chosen in the route, which keeps only times with places.
 */
export function SchemeWaitlistDialog({ hash, sessionId, when, maxPlaces, onClose }: Props) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const ref = useModalDialog();
  const id = useId();
  const map = useQuery(schemeMapQueryOptions(hash, sessionId, lang));
  // Without the map (it failed), the form still takes a sign-up for any seats side by side.
  const choices = useMemo(() => (map.data ? placeChoicesOf(map.data, lang) : undefined), [map.data, lang]);
  const loading = <Skeleton height="16rem" radius={8} />;
  return (
    <dialog
      ref={ref}
      className="modal scheme-waitlist"
      aria-labelledby={`${id}-title ${id}-when`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal__panel">
        <p id={`${id}-when`} className="scheme-waitlist__when">
          {t('waitlist.when', { when })}
        </p>
        {map.isPending ? (
          <div role="status" aria-label={t('waitlist.loading')}>
            {loading}
          </div>
        ) : (
          <Suspense fallback={loading}>
            <WaitlistForm sessionId={sessionId} lang={lang} maxPlaces={maxPlaces} placeChoices={choices} headingId={`${id}-title`} />
          </Suspense>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('waitlist.close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
