import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/skeleton/skeleton.tsx';

/** A card-shaped placeholder with the real card's proportions. */
export function CardSkeleton() {
  return (
    <div className="afisha-card afisha-card--skeleton">
      <div className="afisha-card__media">
        <Skeleton height="100%" radius={0} />
      </div>
      <div className="afisha-card__body">
        <Skeleton width="40%" height={14} />
        <Skeleton width="85%" height={22} />
        <Skeleton height={14} />
        <Skeleton width="70%" height={14} />
        <Skeleton width={140} height={44} radius={8} />
      </div>
    </div>
  );
}

/** The listing while its answer loads: menu, filters and cards in their final places. */
export function AfishaSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="afisha" role="status" aria-label={t('loading')} data-page-skeleton="">
      <div className="afisha-kinds afisha-kinds--skeleton">
        <Skeleton width={120} height={40} radius={20} />
        <Skeleton width={120} height={40} radius={20} />
      </div>
      <div className="afisha-filters">
        <Skeleton height={44} radius={8} />
      </div>
      <ul className="afisha-grid" style={{ '--cols': 3 } as CSSProperties}>
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i}>
            <CardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
