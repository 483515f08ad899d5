import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubscriptionField } from '../event-extra-fields.tsx';
import { CONCESSION_LIMITS } from '../../../../../contract/concession-rules.ts';
import { SELF_EXCHANGE_LIMITS } from '../../../../../contract/self-exchange-rules.ts';
import { type FormInput, type SectionProps, fromLocalInput, num, optNum, toLocalInput } from './model.ts';

/** How the event sells: limits, reservation, the sale's start, the registry, returns, payment and named tickets. */
export function SaleSection({ form, field, idPrefix, sectionId, loaded, eventId, lang, timeZone }: SectionProps) {
  const { t } = useTranslation('admin-catalog');
  const { register, control } = form;
  const check = (path: Path<FormInput>, label: string) => (
    <label className="admin-check">
      <input type="checkbox" {...register(path)} /> {label}
    </label>
  );
  const saleStartsAt = field('event.saleStartsAt');
  const registry = field('event.registryEventId');
  return (
    <fieldset className="admin-card admin-catalog__grid" id={sectionId}>
      <legend>{t('form.sale')}</legend>
      {(
        [
          ['ageFrom', 0, 21],
          ['orderLimit', 1, 1000],
          ['groupLimit', 0, undefined],
          ['reserveMinutes', 1, 10080],
          ['returnHoursBefore', 0, undefined],
        ] as const
      ).map(([key, min, max]) => {
        const f = field(`event.${key}`);
        return (
          <div className="admin-field" key={key}>
            <label htmlFor={f.attrs.id}>{t(`form.${key}`)}</label>
            <input {...f.attrs} type="number" inputMode="numeric" min={min} max={max} {...register(`event.${key}`, num)} />
            {f.message}
          </div>
        );
      })}
      {(['entryBeforeMinutes', 'entryAfterMinutes'] as const).map((key) => {
        const f = field(`event.${key}`);
        return (
          <div className="admin-field" key={key}>
            <label htmlFor={f.attrs.id}>{t(`form.${key}`)}</label>
            <input
              {...f.attrs}
              type="number"
              inputMode="numeric"
              min={0}
              max={CONCESSION_LIMITS.entryWindowMaxMinutes}
              aria-describedby={`${idPrefix}-entry-hint ${f.attrs['aria-describedby'] ?? ''}`.trim()}
              {...register(`event.${key}`, optNum)}
            />
            {f.message}
          </div>
        );
      })}
      <p className="admin-field__hint" id={`${idPrefix}-entry-hint`}>
        {t('form.entryWindowHint')}
      </p>
      <SelfExchangeField
        field={field}
        idPrefix={idPrefix}
        register={register}
        label={t('form.selfExchangeHoursBefore')}
        hint={t('form.selfExchangeHint')}
      />
      <div className="admin-field">
        <label htmlFor={saleStartsAt.attrs.id}>{t('form.saleStartsAt')}</label>
        <Controller
          control={control}
          name="event.saleStartsAt"
          render={({ field: c }) => (
            <input
              {...saleStartsAt.attrs}
              type="datetime-local"
              value={toLocalInput(c.value)}
              onChange={(e) => c.onChange(fromLocalInput(e.currentTarget.value, timeZone))}
              onBlur={c.onBlur}
            />
          )}
        />
        {saleStartsAt.message}
      </div>
      <div className="admin-field">
        <label htmlFor={registry.attrs.id}>{t('form.registryEventId')}</label>
        <input {...registry.attrs} {...register('event.registryEventId', { setValueAs: (v: unknown) => (v === '' ? undefined : v) })} />
        {registry.message}
      </div>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-refundPolicy`}>{t('form.refundPolicy')}</label>
        <select id={`${idPrefix}-refundPolicy`} className="admin-select" {...register('event.refundPolicy')}>
          <option value="full">{t('form.refund.full')}</option>
          <option value="culture-law">{t('form.refund.culture-law')}</option>
        </select>
      </div>
      <div className="admin-stack">
        {check('event.isFree', t('form.isFree'))}
        {check('event.allowReturn', t('form.allowReturn'))}
        {check('event.refundServiceFee', t('form.refundServiceFee'))}
        {check('event.usePushkinCard', t('form.usePushkinCard'))}
        {check('event.useOrdinaryCard', t('form.useOrdinaryCard'))}
        {check('event.useSeatMap', t('form.useSeatMap'))}
        {check('event.isPublished', t('form.isPublished'))}
      </div>
      <SubscriptionField
        form={form}
        idPrefix={idPrefix}
        eventId={eventId}
        wasSubscription={loaded?.event.isSubscription === true}
        field={field}
        lang={lang}
      />
      <fieldset className="admin-stack">
        <legend>{t('form.named')}</legend>
        {check('event.namedTickets', t('form.namedTickets'))}
        <div className="admin-field">
          <label htmlFor={`${idPrefix}-needAge`}>{t('form.needAge')}</label>
          <select id={`${idPrefix}-needAge`} className="admin-select" {...register('event.needAge', num)}>
            <option value={0}>{t('form.age.0')}</option>
            <option value={1}>{t('form.age.1')}</option>
            <option value={2}>{t('form.age.2')}</option>
          </select>
        </div>
        {check('event.needMiddleName', t('form.needMiddleName'))}
        {check('event.needDocument', t('form.needDocument'))}
        {check('event.needCountry', t('form.needCountry'))}
        {check('event.needRegion', t('form.needRegion'))}
      </fieldset>
    </fieldset>
  );
}

/** Until how many hours before the session buyers may exchange their tickets themselves; empty: they may not. */
function SelfExchangeField({
  field,
  idPrefix,
  register,
  label,
  hint,
}: Pick<SectionProps, 'field' | 'idPrefix'> & { register: SectionProps['form']['register']; label: string; hint: string }) {
  const f = field('event.selfExchangeHoursBefore');
  const hintId = `${idPrefix}-self-exchange-hint`;
  return (
    <div className="admin-field">
      <label htmlFor={f.attrs.id}>{label}</label>
      <input
        {...f.attrs}
        type="number"
        inputMode="numeric"
        min={0}
        max={SELF_EXCHANGE_LIMITS.hoursBeforeMax}
        aria-describedby={`${hintId} ${f.attrs['aria-describedby'] ?? ''}`.trim()}
        {...register('event.selfExchangeHoursBefore', optNum)}
      />
      <p className="admin-field__hint" id={hintId}>
        {hint}
      </p>
      {f.message}
    </div>
  );
}
