import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoyaltyCardView, loyaltyCardResponse } from '../../../../contract/admin/loyalty.ts';
import { ACCRUAL_PERCENT_MAX, HOLDER_NAME_MAX } from '../../../../contract/admin/loyalty-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiSend } from '../../../lib/api.ts';
import { LabelledField } from '../../components/labelled-field.tsx';
import { useCardForm } from '../../components/card-form.tsx';
import { LOYALTY_KEY, fieldText, typedInteger } from './loyalty-api.ts';

// The revision is the one the form was filled from: a refetch of the card (another tab, the window
// regaining focus) must not move it, or a colleague's save in between would be overwritten unseen.
type Form = { revision: number; holderName: string; email: string; accrualPercent: string };
const formOf = (card: LoyaltyCardView): Form => ({
  revision: card.revision,
  holderName: card.holderName,
  email: card.email,
  accrualPercent: String(card.accrualPercent),
});

/**
 * A card's own fields, saved at the revision the page loaded (a colleague's later save refuses
 * it, naming who and when), and the block: blocking applies on the storefront's next call.
 */
export function CardForm({ card }: { card: LoyaltyCardView }) {
  const { t, i18n } = useTranslation(['admin-loyalty', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(card));
  const sending = useCardForm();

  function send(values: Form, blocked: boolean, done: string) {
    return sending.run(async () => {
      const body = {
        revision: values.revision,
        holderName: values.holderName,
        email: values.email,
        accrualPercent: typedInteger(values.accrualPercent),
        blocked,
        lang,
      };
      const saved = await apiSend('PUT', `/api/admin/loyalty-cards/${card.id}`, body, loyaltyCardResponse);
      setForm(formOf(saved.card));
      await queryClient.invalidateQueries({ queryKey: LOYALTY_KEY });
      return done;
    });
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void send(form, card.blocked, t('page.saved'));
  }

  const f = (name: string) => `${id}-${name}`;
  const err = (name: string) => fieldText(t, sending.fields, name);
  return (
    <form
      className="admin-card admin-stack loyalty-form"
      onSubmit={save}
      onInput={sending.edits.onInput}
      noValidate
      aria-labelledby={f('heading')}
    >
      <h2 className="admin-subheading" id={f('heading')}>
        {t('page.formHeading')}
      </h2>
      {card.blocked ? <p className="admin-field__hint">{t('page.blockedHint')}</p> : null}
      <div className="loyalty-form__grid">
        <LabelledField id={f('holderName')} label={t('card.holderName')} error={err('holderName')}>
          <input
            value={form.holderName}
            maxLength={HOLDER_NAME_MAX}
            autoComplete="off"
            onChange={(e) => setForm({ ...form, holderName: e.currentTarget.value })}
            required
          />
        </LabelledField>
        <LabelledField
          id={f('email')}
          label={t('card.email')}
          error={err('email')}
          hint={form.email.trim() === '' ? t('card.noEmailHint') : undefined}
        >
          <input type="email" value={form.email} autoComplete="off" onChange={(e) => setForm({ ...form, email: e.currentTarget.value })} />
        </LabelledField>
        <LabelledField id={f('accrualPercent')} label={t('card.accrualPercent')} error={err('accrualPercent')}>
          <input
            inputMode="numeric"
            value={form.accrualPercent}
            max={ACCRUAL_PERCENT_MAX}
            onChange={(e) => setForm({ ...form, accrualPercent: e.currentTarget.value })}
            required
          />
        </LabelledField>
      </div>
      <p className="admin-message" role="status">
        {sending.message}
      </p>
      <div className="admin-actions">
        <button className="admin-button" type="submit" disabled={sending.busy}>
          {t('page.save')}
        </button>
        <button
          className="admin-button admin-button--plain"
          type="button"
          disabled={sending.busy}
          onClick={() => void send(formOf(card), !card.blocked, card.blocked ? t('page.unblockedDone') : t('page.blockedDone'))}
        >
          {card.blocked ? t('page.unblock') : t('page.block')}
        </button>
      </div>
    </form>
  );
}
