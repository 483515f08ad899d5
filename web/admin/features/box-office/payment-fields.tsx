import { useTranslation } from 'react-i18next';
import { type DeskPaymentKind, changeDue } from '../../../../contract/admin/box-office-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { parseRoubles } from './money-input.ts';

export type PaymentState = {
  kind: DeskPaymentKind;
  tendered: string;
  splitCash: string;
  approved: boolean;
  rrn: string;
  last4: string;
  surname: string;
  name: string;
  patronymic: string;
  phone: string;
};

export const emptyPayment = (kind: DeskPaymentKind): PaymentState => ({
  kind,
  tendered: '',
  splitCash: '',
  approved: false,
  rrn: '',
  last4: '',
  surname: '',
  name: '',
  patronymic: '',
  phone: '',
});

type Props = {
  id: string;
  kinds: readonly DeskPaymentKind[];
  total: number;
  value: PaymentState;
  onChange: (next: PaymentState) => void;
};

/** How the buyer pays: the choice, then what that way needs (cash handed over and the change, the terminal's slip, the Pushkin card's holder). */
export function PaymentFields({ id, kinds, total, value, onChange }: Props) {
  const { t, i18n } = useTranslation('admin-desk');
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const set = (patch: Partial<PaymentState>) => onChange({ ...value, ...patch });
  const input = (
    name: keyof PaymentState,
    label: string,
    extra: { inputMode?: 'numeric' | 'decimal' | 'tel'; autoComplete?: string; maxLength?: number } = {},
  ) => (
    <div className="admin-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        value={String(value[name])}
        onChange={(e) => set({ [name]: e.currentTarget.value })}
        autoComplete={extra.autoComplete ?? 'off'}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength}
      />
    </div>
  );
  const cashDue = value.kind === 'split' ? (parseRoubles(value.splitCash) ?? 0) : total;
  const tendered = parseRoubles(value.tendered);
  const change = tendered !== undefined && Number.isFinite(tendered) && Number.isFinite(cashDue) ? changeDue(cashDue, tendered) : 0;
  const cardPart = value.kind === 'split' && Number.isFinite(cashDue) ? Math.max(0, total - cashDue) : 0;
  const usesCard = value.kind === 'card' || value.kind === 'split' || value.kind === 'pushkin';

  return (
    <fieldset className="admin-desk__payment">
      <legend>{t('payment.legend')}</legend>
      <div className="admin-desk__kinds">
        {kinds.map((kind) => (
          <label key={kind} className="admin-check">
            <input
              type="radio"
              name={`${id}-kind`}
              value={kind}
              checked={value.kind === kind}
              onChange={() => set({ kind, approved: false })}
            />
            {t(`payment.${kind}`)}
          </label>
        ))}
      </div>
      {value.kind === 'split' ? input('splitCash', t('payment.splitCash'), { inputMode: 'decimal' }) : null}
      {value.kind === 'split' ? <p>{t('payment.splitCard', { amount: formatMoney(cardPart, venue.currency, lang) })}</p> : null}
      {value.kind === 'cash' || value.kind === 'split' ? input('tendered', t('payment.tendered'), { inputMode: 'decimal' }) : null}
      {value.kind === 'cash' || value.kind === 'split' ? (
        <p className="admin-desk__change" aria-live="polite">
          {t('change', { amount: formatMoney(change, venue.currency, lang) })}
        </p>
      ) : null}
      {value.kind === 'pushkin' ? (
        <>
          {input('surname', t('payment.surname'), { autoComplete: 'off' })}
          {input('name', t('payment.name'))}
          {input('patronymic', t('payment.patronymic'))}
          {input('phone', t('payment.phone'), { inputMode: 'tel' })}
        </>
      ) : null}
      {usesCard ? (
        <>
          {input('rrn', t('payment.rrn'), { inputMode: 'numeric', maxLength: 12 })}
          {value.kind === 'pushkin' ? null : input('last4', t('payment.last4'), { inputMode: 'numeric', maxLength: 4 })}
          <label className="admin-check">
            <input type="checkbox" checked={value.approved} onChange={(e) => set({ approved: e.currentTarget.checked })} />
            {t('payment.approved')}
          </label>
        </>
      ) : null}
    </fieldset>
  );
}

/** The sale's payment as the server takes it; a string instead when something typed is not usable (its message key). */
export function paymentOf(value: PaymentState): Record<string, unknown> | 'errors.amount' | 'errors.approve' {
  const tendered = parseRoubles(value.tendered);
  if (Number.isNaN(tendered)) return 'errors.amount';
  const slip = { rrn: value.rrn.trim(), last4: value.last4.trim() };
  if (value.kind !== 'cash' && !value.approved) return 'errors.approve';
  if (value.kind === 'cash') return { kind: 'cash', ...(tendered === undefined ? {} : { tendered }) };
  if (value.kind === 'card') return { kind: 'card', ...slip };
  if (value.kind === 'pushkin')
    return { kind: 'pushkin', surname: value.surname, name: value.name, patronymic: value.patronymic, phone: value.phone, rrn: slip.rrn };
  const cash = parseRoubles(value.splitCash);
  if (cash === undefined || Number.isNaN(cash)) return 'errors.amount';
  return { kind: 'split', cash, ...(tendered === undefined ? {} : { tendered }), ...slip };
}
