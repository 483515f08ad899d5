import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoyaltyCardView, loyaltyCorrectionResponse } from '../../../../contract/admin/loyalty.ts';
import { CORRECTION_REASON_MAX } from '../../../../contract/admin/loyalty-rules.ts';
import { intlLocale, normalizeLang } from '../../../../contract/lang.ts';
import { apiPost } from '../../../lib/api.ts';
import { LabelledField } from '../../components/labelled-field.tsx';
import { useCardForm } from '../../components/card-form.tsx';
import { LOYALTY_KEY, fieldText, typedInteger } from './loyalty-api.ts';

/** Adds (a positive number) or takes (a negative one) bonuses, with a reason; the server refuses taking what the card has not got free. */
export function CorrectionForm({ card }: { card: LoyaltyCardView }) {
  const { t, i18n } = useTranslation(['admin-loyalty', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const form = useCardForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.run(async () => {
      const done = await apiPost(
        `/api/admin/loyalty-cards/${card.id}/corrections`,
        { delta: typedInteger(delta), reason, lang },
        loyaltyCorrectionResponse,
      );
      const number = new Intl.NumberFormat(intlLocale(lang), { signDisplay: 'exceptZero' });
      setDelta('');
      setReason('');
      await queryClient.invalidateQueries({ queryKey: LOYALTY_KEY });
      return t('correction.done', {
        delta: number.format(done.movement.bonuses),
        balance: new Intl.NumberFormat(intlLocale(lang)).format(done.card.balance),
      });
    });
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <form
      className="admin-card admin-stack loyalty-form"
      onSubmit={submit}
      onInput={form.edits.onInput}
      noValidate
      aria-labelledby={f('heading')}
    >
      <h2 className="admin-subheading" id={f('heading')}>
        {t('correction.heading')}
      </h2>
      <div className="loyalty-form__grid">
        <LabelledField
          id={f('delta')}
          label={t('correction.delta')}
          error={fieldText(t, form.fields, 'delta')}
          hint={t('correction.deltaHint')}
        >
          <input inputMode="numeric" value={delta} autoComplete="off" onChange={(e) => setDelta(e.currentTarget.value)} required />
        </LabelledField>
      </div>
      <LabelledField
        id={f('reason')}
        label={t('correction.reason')}
        error={fieldText(t, form.fields, 'reason')}
        hint={t('correction.reasonHint', { max: CORRECTION_REASON_MAX })}
      >
        <textarea value={reason} maxLength={CORRECTION_REASON_MAX} rows={2} onChange={(e) => setReason(e.currentTarget.value)} required />
      </LabelledField>
      <p className="admin-message" role="status">
        {form.message}
      </p>
      <div className="admin-actions">
        <button className="admin-button" type="submit" disabled={form.busy}>
          {t('correction.submit')}
        </button>
      </div>
    </form>
  );
}
