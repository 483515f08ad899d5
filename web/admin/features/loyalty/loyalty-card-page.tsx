import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { intlLocale, normalizeLang } from '../../../../contract/lang.ts';
import { isNotFound, toApiError } from '../../../lib/api.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { formatDateTime } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { CardForm } from './card-form.tsx';
import { CardMovements, CardOrders } from './card-history.tsx';
import { CorrectionForm } from './correction-form.tsx';
import { cardQuery } from './loyalty-api.ts';
import '../../components/desk.css';
import './loyalty.css';

/**
 * One card: its balance and state, its form and corrections (for those who may write), every
 * movement of its bonuses and the orders that used it.
 */
export default function LoyaltyCardPage({ cardId, canWrite }: { cardId: number; canWrite: boolean }) {
  const { t, i18n, ready } = useTranslation(['admin-loyalty', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const card = useQuery(cardQuery(cardId));
  if (!ready || card.isPending) return <PageSkeleton label={ready ? t('admin:loading') : ''} />;
  if (card.isError) {
    return (
      <section className="admin-stack">
        <p role="alert">{isNotFound(card.error) ? t('page.notFound') : toApiError(card.error).text || t('admin:errors.generic')}</p>
        <Link href="/loyalty">{t('page.back')}</Link>
      </section>
    );
  }
  const c = card.data.card;
  const number = new Intl.NumberFormat(intlLocale(lang));
  return (
    <section aria-labelledby="loyalty-card-heading" className="admin-stack loyalty-page">
      <Link href="/loyalty">{t('page.back')}</Link>
      <h1 className="admin-heading" id="loyalty-card-heading">
        {t('page.heading', { code: c.code })}
      </h1>
      <dl className="admin-facts">
        <div>
          <dt>{t('card.balance')}</dt>
          <dd className="loyalty-balance" data-testid="loyalty-balance">
            {number.format(c.balance)}
          </dd>
        </div>
        <div>
          <dt>{t('card.held')}</dt>
          <dd>{number.format(c.heldBonuses)}</dd>
        </div>
        <div>
          <dt>{t('card.state')}</dt>
          <dd data-testid="loyalty-state">{c.blocked ? t('card.stateBlocked') : t('card.stateActive')}</dd>
        </div>
        <div>
          <dt>{t('card.accrualPercent')}</dt>
          <dd>{number.format(c.accrualPercent)}</dd>
        </div>
        <div>
          <dt>{t('card.holderName')}</dt>
          <dd>{c.holderName || t('card.none')}</dd>
        </div>
        <div>
          <dt>{t('card.email')}</dt>
          <dd>{c.email || t('card.none')}</dd>
        </div>
        {c.crmClient ? (
          <div>
            <dt>{t('card.crmClient')}</dt>
            <dd>{t('card.yes')}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('card.createdAt')}</dt>
          <dd>{c.createdAt ? formatDateTime(c.createdAt, lang, venue.timeZone) : t('card.none')}</dd>
        </div>
        <div>
          <dt>{t('card.updated')}</dt>
          <dd>
            {c.updatedAt
              ? t('card.updatedBy', { when: formatDateTime(c.updatedAt, lang, venue.timeZone), who: c.updatedBy ?? '—' })
              : t('card.none')}
          </dd>
        </div>
      </dl>
      {canWrite ? (
        <>
          <CardForm key={`${c.id}`} card={c} />
          <CorrectionForm card={c} />
        </>
      ) : null}
      <CardMovements cardId={c.id} />
      <CardOrders cardId={c.id} />
    </section>
  );
}
