import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_COUNTRIES, type PhoneCountry, findCountryByTyping } from './phone-countries.ts';

/** Letters typed within this time of each other make one search (WAI-ARIA APG type-ahead). */
const TYPE_AHEAD_MS = 500;
const PAGE = 10;
const LAST = PHONE_COUNTRIES.length - 1;

type Props = {
  country: PhoneCountry;
  onCountry: (country: PhoneCountry) => void;
};

/**
 * The phone's country chooser as the WAI-ARIA APG select-only combobox: one Tab stop that keeps
 * the focus while its list is open (the active option is aria-activedescendant), arrows, Home,
 * End, Page Up/Down and typed letters or digits move through the list, Enter, Space or Tab choose,
 * Escape, a click outside or leaving it close it. The list is the 390 px dropdown.
 */
export function CountryChooser({ country, onCountry }: Props) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const combo = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: -Infinity });
  const chosenIndex = Math.max(
    0,
    PHONE_COUNTRIES.findIndex((c) => c.iso === country.iso),
  );

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!combo.current?.contains(target) && !list.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (open) list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const show = (index: number) => {
    setActive(Math.min(LAST, Math.max(0, index)));
    setOpen(true);
  };
  const choose = (index: number) => {
    const chosen = PHONE_COUNTRIES[index];
    if (chosen) onCountry(chosen);
    setOpen(false);
    combo.current?.focus();
  };
  const typeAhead = (event: KeyboardEvent, from: number) => {
    const previous = typed.current;
    const text = (event.timeStamp - previous.at > TYPE_AHEAD_MS ? '' : previous.text) + event.key;
    typed.current = { text, at: event.timeStamp };
    return findCountryByTyping(text, from) ?? from;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { key } = event;
    const printable = key.length === 1 && key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!open) {
      const at = { ArrowDown: chosenIndex, ArrowUp: chosenIndex, Enter: chosenIndex, ' ': chosenIndex, Home: 0, End: LAST }[key];
      if (at !== undefined) show(at);
      else if (printable) show(typeAhead(event, chosenIndex));
      else return;
      event.preventDefault();
      return;
    }
    switch (key) {
      case 'ArrowDown':
        setActive(Math.min(LAST, active + 1));
        break;
      case 'ArrowUp':
        if (event.altKey) choose(active);
        else setActive(Math.max(0, active - 1));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(LAST);
        break;
      case 'PageDown':
        setActive(Math.min(LAST, active + PAGE));
        break;
      case 'PageUp':
        setActive(Math.max(0, active - PAGE));
        break;
      case 'Enter':
      case ' ':
        choose(active);
        break;
      case 'Escape':
        setOpen(false);
        break;
      case 'Tab':
        // APG: Tab takes the active option and moves on as usual.
        choose(active);
        return;
      default:
        if (!printable) return;
        setActive(typeAhead(event, active));
    }
    event.preventDefault();
  };

  const label = `${country.iso} +${country.dial}`;
  return (
    <>
      <div
        ref={combo}
        role="combobox"
        tabIndex={0}
        className="phone-input__country"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-label={t('phone.country', { country: label })}
        onClick={() => (open ? setOpen(false) : show(chosenIndex))}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!list.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        {label}
      </div>
      {open && (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          className="phone-input__list"
          aria-label={t('phone.countries')}
          // A press on the list keeps the focus on the combobox.
          onMouseDown={(event) => event.preventDefault()}
        >
          {PHONE_COUNTRIES.map((c, index) => (
            <li key={c.iso} id={optionId(index)} role="option" aria-selected={index === active} onClick={() => choose(index)}>
              <span className="phone-input__iso">{c.iso}</span> +{c.dial}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
