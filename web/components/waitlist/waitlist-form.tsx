import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../contract/lang.ts';
import { WAITLIST_MAX_PLACES, waitlistJoinRequest } from '../../../contract/waitlist.ts';
import { apiPost, toApiError } from '../../lib/api.ts';
import { TextField } from '../text-field/text-field.tsx';
import './waitlist-form.css';

const joinResponse = () => import('../../../contract/waitlist.ts').then((m) => m.waitlistJoinResponse);

/** A zone (price level) or sector of a seated hall the visitor may ask their seats to be in. */
export type WaitlistPlaceChoice = { id: number; name: string };
export type WaitlistPlaceChoices = { zones: WaitlistPlaceChoice[]; sectors: WaitlistPlaceChoice[] };

type Props = {
  sessionId: number;
  lang: Lang;
  /** The most places one order may hold (the event's limit), at most WAITLIST_MAX_PLACES. */
  maxPlaces: number;
  /**
   * A quantity session's visitor categories with an ordinary price, in the page's order: with two
   * or more, the form asks which one the places are to be held at (the first chosen at first).
   */
  categories?: WaitlistPlaceChoice[];
  /** A seated hall's zones and sectors: the form then asks where the seats side by side may be. */
  placeChoices?: WaitlistPlaceChoices;
  /** The heading's id, for a dialog that the form's heading names. */
  headingId?: string;
};

/** The place select's groups: the zones, then the sectors, each option's value `kind:ID`. */
const PLACE_GROUPS = [
  { group: 'zones', kind: 'zone' },
  { group: 'sectors', kind: 'sector' },
] as const;

/** The place select's value: '' (anywhere), 'zone:ID' or 'sector:ID'. */
function placeFilter(value: string): { zoneId?: number; sectorId?: number } {
  const [kind, id] = value.split(':');
  if (kind === 'zone') return { zoneId: Number(id) };
  if (kind === 'sector') return { sectorId: Number(id) };
  return {};
}

/**
 * The waiting list's form on a sold-out session: an e-mail and how many places, checked with the
 * contract's schema before it is sent (the server checks the same one). The answer says the place
 * in line; a refusal shows the server's text (a second sign-up, too many sign-ups, a session that
 * has places again).
 */
export function WaitlistForm({ sessionId, lang, maxPlaces, categories = [], placeChoices, headingId }: Props) {
  const { t } = useTranslation('waitlist');
  const id = useId();
  const titleId = headingId ?? `${id}-title`;
  const max = Math.max(1, Math.min(WAITLIST_MAX_PLACES, maxPlaces));
  const [email, setEmail] = useState('');
  const [places, setPlaces] = useState(1);
  const [where, setWhere] = useState('');
  const [category, setCategory] = useState(categories[0]?.id);
  const askCategory = categories.length > 1;
  const [errors, setErrors] = useState<{ email?: string; places?: string }>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const [joined, setJoined] = useState<{ position: number; email: string } | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const parsed = waitlistJoinRequest.safeParse({
      sessionId,
      email,
      places,
      ...placeFilter(where),
      ...(askCategory ? { categoryId: category } : {}),
      lang,
    });
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      setErrors({
        email: paths.has('email') ? t('errors.email') : undefined,
        places: paths.has('places') || places > max ? t('errors.places', { max }) : undefined,
      });
      return;
    }
    if (places > max) {
      setErrors({ places: t('errors.places', { max }) });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await apiPost('/api/waitlist/join', parsed.data, joinResponse);
      setJoined({ position: answer.position, email: parsed.data.email });
    } catch (error) {
      const failed = toApiError(error);
      setFailure(failed.text || t('errors.email'));
    } finally {
      setSending(false);
    }
  };

  if (joined) {
    return (
      <section className="waitlist" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('title')}</h2>
        <p role="status" className="waitlist__joined">
          {t('joined', joined)}
        </p>
      </section>
    );
  }

  return (
    <section className="waitlist" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('title')}</h2>
      <p>{t('intro')}</p>
      <form className="waitlist__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          id={`${id}-email`}
          label={t('email')}
          kind="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <div className="waitlist__places">
          <label htmlFor={`${id}-places`}>{t('places')}</label>
          <select
            id={`${id}-places`}
            value={places}
            aria-invalid={errors.places ? true : undefined}
            aria-describedby={errors.places ? `${id}-places-error` : undefined}
            onChange={(event) => setPlaces(Number(event.currentTarget.value))}
          >
            {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {errors.places && (
            <p id={`${id}-places-error`} className="waitlist__error">
              {errors.places}
            </p>
          )}
        </div>
        {askCategory && (
          <div className="waitlist__places">
            <label htmlFor={`${id}-category`}>{t('category')}</label>
            <select id={`${id}-category`} value={category} onChange={(event) => setCategory(Number(event.currentTarget.value))}>
              {categories.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {placeChoices && (
          <div className="waitlist__places">
            <label htmlFor={`${id}-where`}>{t('where')}</label>
            <select id={`${id}-where`} value={where} onChange={(event) => setWhere(event.currentTarget.value)}>
              <option value="">{t('anywhere')}</option>
              {PLACE_GROUPS.map(({ group, kind }) =>
                placeChoices[group].length > 0 ? (
                  <optgroup key={group} label={t(group)}>
                    {placeChoices[group].map((choice) => (
                      <option key={choice.id} value={`${kind}:${choice.id}`}>
                        {choice.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null,
              )}
            </select>
          </div>
        )}
        {failure && (
          <p role="alert" className="waitlist__error">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary waitlist__submit" disabled={sending}>
          {sending ? t('sending') : t('submit')}
        </button>
      </form>
    </section>
  );
}
