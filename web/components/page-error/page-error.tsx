import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../contract/errors.ts';
import './page-error.css';

type PageErrorProps = {
  /** What failed; an ApiError's code is shown so support can tell failures apart. */
  error?: unknown;
  onRetry?: (() => void) | undefined;
};

/** Shown instead of a page whose data failed to load, with a retry button. */
export function PageError({ error, onRetry }: PageErrorProps) {
  const { t } = useTranslation('errors');
  const code = error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : ErrorCode.inner;
  return (
    <section className="page-error" aria-labelledby="page-error-title">
      <h1 id="page-error-title" className="page-error__title">
        {t('pageError.title')}
      </h1>
      <p className="page-error__text">{t('pageError.text')}</p>
      <p className="page-error__code">{t('pageError.code', { code })}</p>
      {onRetry && (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('pageError.retry')}
        </button>
      )}
    </section>
  );
}
