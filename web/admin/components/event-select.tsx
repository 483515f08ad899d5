import type { SelectHTMLAttributes } from 'react';
import { type Lang, type Localized, pickLocalized } from '../../../contract/lang.ts';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  events: readonly { id: number; name: Partial<Localized> | null }[] | undefined;
  lang: Lang;
  value: string;
  onValue: (eventId: string) => void;
  /** The first option, standing for no event chosen (any, all or "choose one"). */
  blank: string;
};

/** A choice of one event by its name in the desk's language; the value is the event's id as text, '' for the blank option. */
export function EventSelect({ events, lang, value, onValue, blank, ...select }: Props) {
  return (
    <select className="admin-select" {...select} value={value} onChange={(e) => onValue(e.currentTarget.value)}>
      <option value="">{blank}</option>
      {events?.map((e) => (
        <option key={e.id} value={String(e.id)}>
          {pickLocalized(e.name, lang)}
        </option>
      ))}
    </select>
  );
}
