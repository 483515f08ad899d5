import type { ReactNode } from 'react';
import { LANGS, type Lang } from '../../../contract/lang.ts';

type Props = {
  idPrefix: string;
  /** The tab list's accessible name. */
  label: string;
  tab: Lang;
  onTab: (lang: Lang) => void;
  tabLabel: (lang: Lang) => string;
  /** Marks a language whose fields hold an error, so a hidden panel's error is still seen. */
  flagged: (lang: Lang) => boolean;
  panel: (lang: Lang) => ReactNode;
};

/** One tab a storefront language, its fields in the tab's panel; the arrow keys move between tabs. */
export function LanguageTabs({ idPrefix, label, tab, onTab, tabLabel, flagged, panel }: Props) {
  return (
    <>
      <div role="tablist" aria-label={label} className="admin-tabs">
        {LANGS.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${l}`}
            aria-selected={tab === l}
            aria-controls={`${idPrefix}-panel-${l}`}
            tabIndex={tab === l ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => onTab(l)}
            onKeyDown={(e) => {
              const at = LANGS.indexOf(l);
              const to =
                e.key === 'ArrowRight'
                  ? LANGS[(at + 1) % LANGS.length]
                  : e.key === 'ArrowLeft'
                    ? LANGS[(at + LANGS.length - 1) % LANGS.length]
                    : undefined;
              if (to) {
                onTab(to);
                document.getElementById(`${idPrefix}-tab-${to}`)?.focus();
              }
            }}
          >
            {tabLabel(l)}
            {flagged(l) ? ' ⚠' : ''}
          </button>
        ))}
      </div>
      {LANGS.map((l) => (
        <div
          key={l}
          role="tabpanel"
          id={`${idPrefix}-panel-${l}`}
          data-lang={l}
          aria-labelledby={`${idPrefix}-tab-${l}`}
          hidden={tab !== l}
          className="admin-stack"
        >
          {panel(l)}
        </div>
      ))}
    </>
  );
}
