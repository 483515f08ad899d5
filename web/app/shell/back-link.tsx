import { useTranslation } from 'react-i18next';
import { isKnownRoute, routePatterns } from '../../../contract/routes.ts';
import { Link, useLocation } from 'wouter';
import { useBackLinkTarget } from '../../components/back-link/back-link-context.tsx';
import { lastListingSelection } from '../../lib/listing-selection.ts';
import { usePaths } from '../paths.ts';

/** Order numbers have six digits (they start at 100001): the held line wraps as the link will. */
const NUMBER_PLACEHOLDER = '000000';

/**
 * 'Назад к выбору билетов' (the listing, keeping id and sid) or 'Вернуться к Заказу № N'.
 * `pending`: the setup has not arrived yet (the links depend on it); an invisible line of the
 * same height holds the link's place, so the page below does not move when it appears. The
 * route decides before its page does: the return page's line is held for its order link from
 * the first paint, and a path no route knows (the 404 page, which has its own link) has none.
 */
export function BackLink({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation('shell');
  const pageTarget = useBackLinkTarget();
  const [pathname] = useLocation();
  const paths = usePaths();

  if (!isKnownRoute(pathname)) return null;
  // Until the return page names its order (its effect runs after the first paint).
  const target =
    pageTarget.kind === 'listing' && routePatterns.orderReturn.test(pathname) ? { kind: 'order' as const, hash: '' } : pageTarget;
  if (target.kind === 'hidden') return null;
  if (pending || (target.kind === 'order' && target.orderNumber === undefined)) {
    if (target.kind !== 'order' && pathname === '/') return null;
    return (
      <span className="back-link back-link--pending" aria-hidden="true">
        {target.kind === 'order' ? t('backToOrder', { number: target.orderNumber ?? NUMBER_PLACEHOLDER }) : t('backToTickets')}
      </span>
    );
  }
  if (target.kind === 'order') {
    return (
      <Link className="back-link" to={paths.order(target.hash)}>
        {t('backToOrder', { number: target.orderNumber })}
      </Link>
    );
  }
  if (pathname === '/') return null; // the listing itself
  return (
    <Link className="back-link" to={paths.afisha(lastListingSelection())}>
      {t('backToTickets')}
    </Link>
  );
}
