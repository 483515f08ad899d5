import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './skeleton.css';

type SkeletonProps = {
  /** CSS length; numbers are pixels. The size is reserved so the real content does not shift. */
  width?: number | string;
  height?: number | string;
  radius?: number | string;
  className?: string;
};

/** A grey placeholder block, hidden from assistive technology. */
export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps) {
  const style: CSSProperties = { width, height };
  if (radius !== undefined) style.borderRadius = radius;
  return <span className={`skeleton${className ? ` ${className}` : ''}`} style={style} aria-hidden="true" />;
}

/** A page-sized placeholder while a route's code or data loads; announced once as "Loading". */
export function PageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="page-skeleton" role="status" aria-label={t('loading')} data-page-skeleton="">
      <Skeleton width="min(420px, 70%)" height={32} />
      <Skeleton height={16} />
      <Skeleton width="85%" height={16} />
      <Skeleton height={180} radius={12} />
    </div>
  );
}
