import { useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useNavigate } from '../../../lib/navigation.tsx';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render.ts';
import { pickLocalized } from '../../../../contract/lang.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { OrderDataResponse } from '../../../../contract/nominal.ts';
import { createPaths } from '../../../app/paths.ts';
import { CaptchaDialog } from '../../../components/captcha/captcha-dialog.tsx';
import { useModal } from '../../../components/modal/modal-context.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCaptchaSubmit } from '../../../lib/use-captcha-submit.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useFormatRoubles } from '../../../lib/use-money.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { useSetup } from '../../../lib/use-setup.ts';
import { confirmNominal } from '../api/nominal-api.ts';
import { type NominalFormValues, initialValues, nominalResolver, toConfirmBody, todayIn } from '../form-model.ts';
import { Consents } from './consents.tsx';
import { Countdown } from './countdown.tsx';
import { HolderCard } from './holder-card.tsx';
import { OrderHeader } from './order-header.tsx';

type NominalFormProps = { hash: string; data: OrderDataResponse; receivedAt: number };

const DEFAULT_TIMEZONE = 'Europe/Moscow';

/** The holder cards, the total, the countdown, the consents and the confirm button. */
export function NominalForm({ hash, data, receivedAt }: NominalFormProps) {
  const { t } = useTranslation('nominal');
  const lang = useLang();
  const paths = createPaths(lang);
  const navigate = useNavigate();
  const modal = useModal();
  const { data: setup } = useSetup();
  const money = useFormatRoubles();
  const timeZone = setup?.app.timezone || DEFAULT_TIMEZONE;
  const today = todayIn(timeZone);

  const first = data.response[0];
  const deadline = receivedAt + (first?.reservetime ?? 0) * 1000;
  const secondsLeft = useSecondsLeft(deadline);
  const expired = secondsLeft === 0;

  const resolver = useMemo(() => nominalResolver(data, () => todayIn(timeZone)), [data, timeZone]);
  const form = useForm<NominalFormValues>({
    defaultValues: initialValues(data),
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: false, // a field inside a collapsed card cannot take focus; see onInvalid
  });
  const [open, setOpen] = useState<boolean[]>(() => data.response.map(() => true));

  // The confirm goes behind the captcha the setup enables, as the order forms do (see
  // docs/captcha.md); `busy` stays on after success, while the page leaves for the order view.
  const confirm = useCaptchaSubmit(setup, (error) => {
    const failure = error instanceof ApiError ? error : new ApiError(ErrorCode.inner, '');
    // A canceled order: the order view tells the visitor what happened to it.
    if (failure.code === ErrorCode.orderCanceled) {
      navigate(paths.order(hash));
      return;
    }
    modal.error({ code: failure.code, text: failure.text || t('orderError', { code: failure.code }) });
  });
  const onValid = (values: NominalFormValues) =>
    confirm.submit(async (captcha) => {
      const answer = await confirmNominal({ ...toConfirmBody(data, values, hash, lang), ...captcha });
      navigate(paths.order(answer.hash || hash));
    });

  const focusFirstInvalid = useFocusAfterRender(() => document.querySelector<HTMLElement>('.nominal-page [aria-invalid="true"]'));
  const onInvalid = (errors: FieldErrors<NominalFormValues>) => {
    setOpen((current) => current.map((isOpen, index) => isOpen || errors.holders?.[index] !== undefined));
    // After the cards have opened, take the visitor to the first field to fix.
    focusFirstInvalid();
  };

  const total = money(data.demsumma);
  const intro = pickLocalized(data.text, lang) || t('intro');

  return (
    <div className="nominal-page">
      <OrderHeader item={first} lang={lang} />
      <p className="nominal-intro">{intro}</p>
      <form className="nominal-layout" noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
        <div className="nominal-cards">
          {data.response.map((item, index) => (
            <HolderCard
              key={item.id}
              index={index}
              item={item}
              data={data}
              form={form}
              lang={lang}
              today={today}
              open={open[index] ?? true}
              onToggle={() => setOpen((current) => current.map((isOpen, i) => (i === index ? !isOpen : isOpen)))}
              price={money(item.summa)}
              disabled={expired || confirm.busy}
            />
          ))}
        </div>
        <aside className="nominal-summary" aria-label={t('summary.label')}>
          <p className="nominal-summary__total">
            <span>{t('summary.total')}</span>
            <strong>{total}</strong>
          </p>
          {expired ? (
            <div className="nominal-expired" role="alert">
              <p>{t('expired')}</p>
              <Link to={paths.afisha()}>{t('backToAfisha')}</Link>
            </div>
          ) : (
            <>
              <Countdown seconds={secondsLeft} />
              <Consents checkboxes={data.checkboxList} form={form} lang={lang} disabled={confirm.busy} />
              <button
                type="submit"
                className="button button--primary nominal-summary__submit"
                disabled={confirm.busy}
                aria-busy={confirm.busy}
              >
                {confirm.busy ? t('confirming') : t('confirm')}
              </button>
            </>
          )}
        </aside>
      </form>
      <CaptchaDialog {...confirm.dialog} />
    </div>
  );
}
