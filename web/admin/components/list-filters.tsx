import type { FormEvent, ReactNode } from 'react';

/**
 * A list's state filter: a labelled select over the states the contract names, each shown by its
 * translated label.
 */
export function StateSelect<S extends string>({
  id,
  label,
  states,
  labelOf,
  value,
  onValue,
}: {
  id: string;
  label: string;
  states: readonly S[];
  labelOf: (state: S) => string;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="admin-select" value={value} onChange={(e) => onValue(e.currentTarget.value)}>
        {states.map((s) => (
          <option key={s} value={s}>
            {labelOf(s)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous and next page of a paged list, and which page of how many is shown. */
export function Pager({
  label,
  page,
  pages,
  text,
  previous,
  next,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  text: string;
  previous: string;
  next: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="admin-pager" aria-label={label}>
      <button className="admin-button admin-button--plain" type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </button>
      <span>{text}</span>
      <button className="admin-button admin-button--plain" type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </button>
    </nav>
  );
}

/** A list's search form: its filter fields, then the button that applies them. */
export function SearchForm({ onSearch, find, children }: { onSearch: (event: FormEvent) => void; find: string; children: ReactNode }) {
  return (
    <form className="admin-filters" role="search" onSubmit={onSearch}>
      {children}
      <div className="admin-filters__buttons">
        <button className="admin-button" type="submit">
          {find}
        </button>
      </div>
    </form>
  );
}
