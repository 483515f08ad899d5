import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { DeskSaleResponse, DeskSession } from '../../../../contract/admin/box-office.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import './box-office.css';
import { SaleForm } from './sale-form.tsx';
import { SessionList } from './session-list.tsx';
import { DeskReturn } from './desk-return.tsx';
import { RegisterPanel, registerQueryKey } from './register-panel.tsx';
import { loadRegisterSettings } from './register-settings.ts';
import { RegisterSettingsForm } from './register-settings-form.tsx';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The cashier's screen: the sessions on the left (today's first, found by the event's name), the
 * sale of the chosen one on the right; after a sale, its number and the change, and a new sale of
 * the same session is one key away.
 */
export default function DeskPage() {
  const { t, i18n, ready } = useTranslation(['admin-desk', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const [session, setSession] = useState<DeskSession | null>(null);
  const [sold, setSold] = useState<DeskSaleResponse | null>(null);
  const [round, setRound] = useState(0);
  const again = useRef<HTMLButtonElement>(null);
  const [register, setRegister] = useState(loadRegisterSettings);
  const client = useQueryClient();
  // After a sale the focus goes to 'Новая продажа' once it is drawn: Enter starts the next sale.
  useEffect(() => {
    if (sold) again.current?.focus();
  }, [sold]);

  if (!ready) return <PageSkeleton label="" />;

  const choose = (next: DeskSession) => {
    setSession(next);
    setSold(null);
    setRound((n) => n + 1);
  };
  const newSale = () => {
    setSold(null);
    setRound((n) => n + 1);
  };
  const onSold = (sale: DeskSaleResponse) => {
    setSold(sale);
    // The sale's receipt is the register's task now: the panel relays it.
    void client.invalidateQueries({ queryKey: registerQueryKey(register.name) });
  };

  return (
    <section className="admin-desk" aria-labelledby={`${id}-h`}>
      <h1 className="admin-heading" id={`${id}-h`}>
        {t('heading')}
      </h1>
      <div className="admin-desk__columns">
        <SessionList chosen={session?.id ?? null} onChoose={choose} />
        <div className="admin-desk__panel">
          {sold ? (
            <div className="admin-card admin-stack" role="status">
              <p className="admin-desk__done">
                {t('done', { number: sold.order.number, amount: formatMoney(sold.order.total, venue.currency, lang) })}
              </p>
              {sold.change > 0 ? (
                <p className="admin-desk__change">{t('change', { amount: formatMoney(sold.change, venue.currency, lang) })}</p>
              ) : null}
              <div className="admin-actions">
                <button ref={again} type="button" className="admin-button" onClick={newSale}>
                  {t('newSale')}
                </button>
                <Link className="admin-button admin-button--plain" href={`/handout?order=${sold.order.id}`}>
                  {t('admin-print:afterSale')}
                </Link>
              </div>
            </div>
          ) : session ? (
            <SaleForm key={`${session.id}-${round}`} sessionId={session.id} onSold={onSold} register={register.name} />
          ) : (
            <p>{t('sale.choose')}</p>
          )}
        </div>
      </div>
      <div className="admin-desk__register">
        <RegisterPanel settings={register} />
        <DeskReturn register={register.name} />
        <RegisterSettingsForm settings={register} onSaved={setRegister} />
      </div>
    </section>
  );
}
