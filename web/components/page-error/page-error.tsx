import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../contract/errors.ts';
import { ApiError } from '../../lib/api.ts';
import './page-error.css';

type PageErrorProps = {
  /** What failed; an ApiError's code is shown so support can tell failures apart. */
  error?: unknown;
  onRetry?: (() => void) | undefined;
};

/** Shown instead of a page whose data failed to load, with a retry button. */
export function PageError({ error, onRetry }: PageErrorProps) {
  const { t, i18n } = useTranslation('errors');
  const code =
    error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : ErrorCode.inner;
  // The server answered (too many requests, an inner error): its code's text, in the page's
  // language where the catalog has one. No answer at all: the connection is the likely cause.
  const answered = error instanceof ApiError && error.status !== undefined;
  const text = !answered
    ? t('pageError.text')
    : i18n.exists(`errors:codes.${code}`)
      ? t(`codes.${code}`, { code })
      : error.text || t(`codes.${ErrorCode.inner}`);
  return (
    <section className="page-error" aria-labelledby="page-error-title">
      <h1 id="page-error-title" className="page-error__title">
        {t('pageError.title')}
      </h1>
      <p className="page-error__text">{text}</p>
      <p className="page-error__code">{t('pageError.code', { code })}</p>
      {onRetry && (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('pageError.retry')}
        </button>
      )}
    </section>
  );
}
