import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api.ts';
import { PageSkeleton } from './page-skeleton.tsx';

type Props<T> = {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  /** Said when the list is empty, in the page's own words. */
  nothing: string;
  children: (data: T) => ReactNode;
};

/**
 * A desk list's loaded answer, or its skeleton, its refusal or its "nothing here", in one live
 * region so a screen reader hears the list change after a filter or a save.
 */
export function QueryList<T>({ query, isEmpty, nothing, children }: Props<T>) {
  const { t } = useTranslation('admin');
  return (
    <div aria-live="polite" aria-busy={query.isFetching}>
      {query.isPending ? (
        <PageSkeleton label={t('loading')} />
      ) : query.isError ? (
        <p role="alert">{toApiError(query.error).text || t('errors.generic')}</p>
      ) : isEmpty(query.data) ? (
        <p>{nothing}</p>
      ) : (
        children(query.data)
      )}
    </div>
  );
}
