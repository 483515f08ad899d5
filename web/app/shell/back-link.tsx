import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../lib/router.tsx';
import { useBackLinkTarget } from '../../components/back-link/back-link-context.tsx';
import { lastListingSelection } from '../../lib/listing-selection.ts';
import { usePaths } from '../paths.ts';

/** 'Назад к выбору билетов' (the listing, keeping id and sid) or 'Вернуться к Заказу № N'. */
export function BackLink({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation('shell');
  const target = useBackLinkTarget();
  const { pathname } = useLocation();
  const paths = usePaths();

  if (target.kind === 'hidden') return null;
  if (pending) {
    // Before the setup (links depend on its integration mode): the link's space, invisible, so
    // the page does not move down when the link arrives (CLS at 320 px, issue #10).
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
