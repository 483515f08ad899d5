import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'wouter';
import { useNavigate } from '../../lib/navigation.tsx';
import { ErrorCode } from '../../../contract/errors.ts';
import { isOrderHash } from '../../../contract/order-hash.ts';
import { fitsConfirmationHashSchema, isConfirmationHash } from '../../../contract/returns.ts';
import { usePaths } from '../../app/paths.ts';
import { useBackLink } from '../../components/back-link/back-link-context.tsx';
import { useModal } from '../../components/modal/modal-context.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { PageSkeleton } from '../../components/skeleton/skeleton.tsx';
import { ApiError, isNotFound } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useSetup } from '../../lib/use-setup.ts';
import { returnQueryOptions } from './api/return-api.ts';
import { ReturnContent } from './components/return-content.tsx';
import { externalFormUrl } from './lib/return-logic.ts';
import './return.css';

/** /order/return/{hash}[?hash_conf=…]: the return request (step 1) and its confirmation (step 2). */
export function ReturnPage() {
  const { t } = useTranslation('return');
  usePageTitle('orderReturn');
  const { hash = '' } = useParams();
  const [search] = useSearchParams();
  const rawConf = search.get('hash_conf') ?? undefined;
  const linkConf = isConfirmationHash(rawConf) ? rawConf : undefined;
  // A confirmation hash the calls' schema refuses is never sent: it is refused as a wrong one is.
  const malformedConf = linkConf !== undefined && !fitsConfirmationHashSchema(linkConf) ? linkConf : undefined;
  const hashConf = malformedConf ? undefined : linkConf;
  const lang = useLang();
  const paths = usePaths();
  const navigate = useNavigate();
  const modal = useModal();
  const { data: setup } = useSetup();
  const externalForm = setup?.app.return_form_url ?? '';
  // A hash that cannot name an order is not asked for: the order is not found.
  const possible = isOrderHash(hash);
  const query = useQuery({ ...returnQueryOptions(hash, lang, hashConf), enabled: possible && setup !== undefined });
  const rows = query.data?.response.rows;
  // While the order loads, its link's line is held (invisible), so the page does not move.
  useBackLink(
    rows?.[0]
      ? { kind: 'order', hash, orderNumber: rows[0].ord_num }
      : query.isPending && possible
        ? { kind: 'order', hash }
        : { kind: 'hidden' },
  );

  const errorCode = query.data?.response.error_code ?? 0;
  const errorText = query.data?.response.error_text ?? '';
  const notAllowed = query.error instanceof ApiError && query.error.code === ErrorCode.returnNotAllowed;
  const reported = useRef('');

  useEffect(() => {
    // A non-zero error_code on load drops the confirmation hash and resets the
    // query. A malformed hash gets the same: the error of a refused link (-1022), then no hash.
    const refused = malformedConf ?? (errorCode !== 0 ? hashConf : undefined);
    if (refused && reported.current !== refused) {
      reported.current = refused;
      modal.error(malformedConf ? new ApiError(ErrorCode.returnLinkInvalid, '') : new ApiError(String(errorCode), errorText));
      void navigate(paths.orderReturn(hash), { replace: true });
    }
  }, [malformedConf, errorCode, errorText, hashConf, hash, modal, navigate, paths]);

  useEffect(() => {
    // An order that does not allow returns goes back to the order view.
    if (notAllowed) void navigate(paths.order(hash), { replace: true });
  }, [notAllowed, hash, navigate, paths]);

  const orderNumber = rows?.[0]?.ord_num;
  const leaveForForm = Boolean(externalForm) && (query.isSuccess || (query.isError && !notAllowed));
  useEffect(() => {
    // The venue takes returns through its own form (setup app.return_form_url).
    if (leaveForForm) window.location.assign(externalFormUrl(externalForm, hash, orderNumber));
  }, [leaveForForm, externalForm, hash, orderNumber]);

  if (leaveForForm) return <p className="page-column return-note">{t('external')}</p>;
  if (!possible || isNotFound(query.error)) {
    return (
      <section className="page-column return-missing">
        <h1>{t('notFound')}</h1>
        <Link className="button button--primary" to={paths.afisha()}>
          {t('toAfisha')}
        </Link>
      </section>
    );
  }
  if (query.isPending || notAllowed || (errorCode !== 0 && hashConf)) return <PageSkeleton />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  return <ReturnContent key={hashConf ?? ''} data={query.data.response} loadedAt={query.dataUpdatedAt} hashConf={hashConf} />;
}
