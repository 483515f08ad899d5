import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../lib/router.tsx';
import { useBackLinkTarget } from '../../components/back-link/back-link-context.tsx';
import { lastListingSelection } from '../../lib/listing-selection.ts';
import { usePaths } from '../paths.ts';

/**
 * 'Назад к выбору билетов' (the listing, keeping id and sid) or 'Вернуться к Заказу № N'.
 * `pending`: the setup has not arrived yet (the links depend on it); an invisible line of the
 * same height holds the link's place, so the page below does not move when it appears.
 */
export function BackLink({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation('shell');
  const target = useBackLinkTarget();
  const { pathname } = useLocation();
  const paths = usePaths();

  if (target.kind === 'hidden') return null;
  if (pending) {
    if (target.kind !== 'order' && pathname === '/') return null;
    return (
      <span className="back-link back-link--pending" aria-hidden="true">
        {target.kind === 'order' ? t('backToOrder', { number: target.orderNumber }) : t('backToTickets')}
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
