import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/navigation.tsx';
import { type OrderReturnPayload, ReturnStatus, isReturned } from '../../../../contract/returns.ts';
import { usePaths } from '../../../app/paths.ts';
import { useModal } from '../../../components/modal/modal-context.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useFormatRoubles } from '../../../lib/use-money.ts';
import { confirmReturn, createReturn } from '../api/return-api.ts';
import { footerHidden, groupRows, servicesGoing, sumRoubles } from '../lib/return-logic.ts';
import { AcceptedDialog, CreatedDialog } from './return-dialogs.tsx';
import { ReturnFooter } from './return-footer.tsx';
import { ReturnGroupTable } from './return-group.tsx';
import { ReturnHeader } from './return-header.tsx';

type Props = { data: OrderReturnPayload; loadedAt: number; hashConf: string | undefined };

/** The return form: groups of tickets, the footer, reasons, consent and the submit of step 1 or 2. */
export function ReturnContent({ data, loadedAt, hashConf }: Props) {
  const { t } = useTranslation('return');
  const lang = useLang();
  const paths = usePaths();
  const modal = useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const money = useFormatRoubles();

  const confirmStep = data.confirm !== null && hashConf !== undefined;
  const confirming = useMemo(() => (data.confirm ? new Set(data.confirm.ids) : undefined), [data.confirm]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [expiredGroups, setExpiredGroups] = useState<ReadonlySet<number>>(new Set());
  const [reason, setReason] = useState<number | undefined>(data.confirm?.reason_id);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'created' | 'accepted' | undefined>();
  const consentId = useId();
  const reasonsId = useId();

  const first = data.rows[0];
  const rows = data.rows;
  const groups = groupRows(rows);
  const showVisitor = rows.some((row) => row.name !== '');
  // A group whose time ran out while the page was open gives up its chosen tickets.
  const chosen = rows.filter((row) => selected.has(row.id) && !expiredGroups.has(row.sortnum));
  const count = confirmStep ? (data.confirm?.ids.length ?? 0) : chosen.length;
  const going = servicesGoing(data.services, rows, new Set(chosen.map((row) => row.id)));
  const amount = confirmStep ? (data.confirm?.summa ?? 0) : sumRoubles([...chosen.map((row) => row.refund), ...going.map((s) => s.refund)]);
  const refunded = sumRoubles([
    ...rows.filter((row) => isReturned(row.status_id)).map((row) => row.refund),
    ...data.services.filter((s) => isReturned(s.status_id)).map((s) => s.refund),
  ]);
  const usesBonuses = data.bonuses.spent > 0 || data.bonuses.accrued > 0;
  const canSubmit = !busy && consent && (confirmStep || (chosen.length > 0 && reason !== undefined));
  const missingId = useId();
  const missing = busy
    ? []
    : ([!confirmStep && chosen.length === 0 && 'tickets', !confirmStep && reason === undefined && 'reason', !consent && 'consent'].filter(
        Boolean,
      ) as string[]);
  const anyOpen = rows.some((row) => row.status_id === ReturnStatus.returnable && row.used === 0 && row.returndatime > 0);

  const onExpired = useCallback((sortnum: number) => {
    setExpiredGroups((current) => (current.has(sortnum) ? current : new Set([...current, sortnum])));
  }, []);
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['order-return', data.hash] });

  const create = async () => {
    setDialog(undefined);
    if (reason === undefined) return;
    setBusy(true);
    try {
      await createReturn(
        data.hash,
        lang,
        reason,
        chosen.map((row) => row.id),
        consent,
      );
      setSelected(new Set());
      setConsent(false);
      setDialog('accepted');
    } catch (error) {
      modal.error(error);
    } finally {
      setBusy(false);
      void reload();
    }
  };

  const confirm = async () => {
    if (!hashConf) return;
    setBusy(true);
    try {
      await confirmReturn(data.hash, lang, hashConf, consent);
      modal.info(t('confirmed'));
      setConsent(false);
      // The link is used: the page goes on without it and shows the new statuses.
      void navigate(paths.orderReturn(data.hash), { replace: true });
    } catch (error) {
      modal.error(error);
      void reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-column">
      <ReturnHeader
        number={first?.ord_num ?? 0}
        date={first?.datime ?? ''}
        name={first?.owner_name ?? ''}
        email={first?.email ?? ''}
        phone={first?.phone ?? ''}
      />
      {confirmStep && (
        <p className="return-note" role="note">
          {t('confirmStep')}
        </p>
      )}

      {groups.map((group) => {
        const info = data.groups.find((g) => g.sortnum === group.sortnum) ?? { sortnum: group.sortnum, returndatime: 0, deadline: '' };
        return (
          <ReturnGroupTable
            key={group.sortnum}
            group={info}
            rows={group.rows}
            services={data.services}
            loadedAt={loadedAt}
            lang={lang}
            showVisitor={showVisitor}
            selected={selected}
            confirming={confirmStep ? confirming : undefined}
            disabled={busy || confirmStep}
            money={money}
            onToggle={toggle}
            onExpired={onExpired}
          />
        );
      })}

      {!footerHidden(rows) && <ReturnFooter count={count} amount={money(amount)} refunded={refunded > 0 ? money(refunded) : undefined} />}

      {(confirmStep || anyOpen) && (
        <form
          className="return-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSubmit) return;
            if (confirmStep) void confirm();
            else setDialog('created');
          }}
        >
          <p className="return-policy">{t(`policy.${data.policy}`)}</p>
          <p className="return-policy">
            {t(data.refund.discounted ? 'refund.discounted' : 'refund.paid')}{' '}
            {t(data.refund.service_fee ? 'refund.feeBack' : 'refund.feeKept')}
          </p>
          {data.services.length > 0 && <p className="return-policy">{t('services.note')}</p>}
          {usesBonuses && <p className="return-policy">{t('bonuses.note')}</p>}
          <fieldset className="return-reasons" disabled={busy || confirmStep} aria-describedby={reasonsId}>
            <legend id={reasonsId}>{t('reasons.legend')}</legend>
            {data.reasons.map((r) => (
              <label key={r.id} className="return-reason">
                <input type="radio" name="reason" value={r.id} checked={reason === r.id} onChange={() => setReason(r.id)} />
                <span>
                  {r.name[lang]}
                  {r.descript[lang] && <span className="return-reason__hint">{r.descript[lang]}</span>}
                </span>
              </label>
            ))}
          </fieldset>

          {data.notice[lang] && <p className="return-policy">{data.notice[lang]}</p>}
          <div className="return-consent">
            <input
              id={consentId}
              type="checkbox"
              role="switch"
              className="return-switch"
              checked={consent}
              disabled={busy}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <label htmlFor={consentId}>{data.text[lang]}</label>
            <p className="return-consent__date">
              {t('consent.date', { date: data.date })}{' '}
              {/* The document is its own link, beside the label, so a tap on the text never leaves the form. */}
              <a href={paths.consentText('return')} target="_blank" rel="noopener noreferrer">
                {t('consent.document', { title: data.consent.title[lang], version: data.consent.version })}
              </a>
            </p>
          </div>

          <button
            type="submit"
            className="button button--primary return-submit"
            disabled={!canSubmit}
            aria-busy={busy}
            aria-describedby={missing.length > 0 ? missingId : undefined}
          >
            {confirmStep ? t('submit.confirm') : t('submit.create')}
          </button>
          {/* A disabled button says nothing by itself: the page names what is still missing. */}
          <p id={missingId} className="return-missing" aria-live="polite">
            {missing.map((key) => t(`missing.${key}`)).join(' ')}
          </p>
        </form>
      )}

      {dialog === 'created' && <CreatedDialog onOk={() => void create()} onCancel={() => setDialog(undefined)} />}
      {dialog === 'accepted' && <AcceptedDialog onClose={() => setDialog(undefined)} />}
    </div>
  );
}
