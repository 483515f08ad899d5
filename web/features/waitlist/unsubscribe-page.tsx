import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { createPaths } from '../../app/paths.ts';
import { apiPost, toApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';

const unsubscribeResponse = () => import('../../../contract/waitlist.ts').then((m) => m.waitlistUnsubscribeResponse);

/**
 * The waiting list's unsubscribe page (/waitlist/unsubscribe/{token}), opened from the e-mails:
 * no sign-in, the signed token is the proof. Leaving takes a press of the button, never the
 * opening of the page, since mail scanners open links.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('waitlist');
  usePageTitle('waitlist');
  const { token = '' } = useParams();
  const lang = useLang();
  const paths = createPaths(lang);
  const [state, setState] = useState<'ready' | 'sending' | 'done' | 'already'>('ready');
  const [failure, setFailure] = useState('');

  const leave = async () => {
    setState('sending');
    setFailure('');
    try {
      const answer = await apiPost('/api/waitlist/unsubscribe', { token, lang }, unsubscribeResponse);
      setState(answer.unsubscribed ? 'done' : 'already');
    } catch (error) {
      setFailure(toApiError(error).text);
      setState('ready');
    }
  };

  return (
    <section aria-labelledby="waitlist-unsubscribe-title">
      <h1 id="waitlist-unsubscribe-title">{t('unsubscribe.heading')}</h1>
      {state === 'done' || state === 'already' ? (
        <>
          <p role="status">{t(state === 'done' ? 'unsubscribe.done' : 'unsubscribe.already')}</p>
          <Link className="button button--primary" to={paths.afisha()}>
            {t('unsubscribe.toAfisha')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('unsubscribe.text')}</p>
          {failure && <p role="alert">{failure}</p>}
          <button type="button" className="button button--primary" disabled={state === 'sending'} onClick={() => void leave()}>
            {t('unsubscribe.button')}
          </button>
        </>
      )}
    </section>
  );
}
