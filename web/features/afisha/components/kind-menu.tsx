import { useTranslation } from 'react-i18next';
import type { KindMenuEntry } from '../../../../contract/afisha.ts';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';

/** The top menu of kinds (museum tickets, concerts, subscriptions...). */
export function KindMenu({
  kinds,
  current,
  lang,
  onSelect,
}: {
  kinds: KindMenuEntry[];
  current: number | undefined;
  lang: Lang;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('afisha');
  return (
    <nav className="afisha-kinds" aria-label={t('kinds')}>
      <ul>
        {kinds.map((kind) => (
          <li key={kind.menukind_id}>
            <button
              type="button"
              className="choice afisha-kinds__item"
              aria-pressed={kind.menukind_id === current}
              onClick={() => onSelect(kind.menukind_id)}
            >
              {pickLocalized(kind.menukindname, lang)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
