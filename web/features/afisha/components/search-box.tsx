import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AFISHA } from '../../../../contract/afisha-constants.ts';

/** The text search: typing filters after a 200 ms pause. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('afisha');
  const id = useId();
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  // A reset from outside (reset link, another kind) replaces what is typed.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      latest.current(draft);
    }, AFISHA.debounceMs);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <div className="afisha-search">
      <label htmlFor={id} className="visually-hidden">
        {t('search')}
      </label>
      <input
        id={id}
        type="search"
        className="text-input"
        placeholder={t('searchPlaceholder')}
        value={draft}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
      />
    </div>
  );
}
