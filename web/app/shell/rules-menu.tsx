import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../contract/lang.ts';
import type { Setup } from '../../../contract/setup.ts';
import { useLang } from '../../lib/use-lang.ts';
import { SmartLink } from './smart-link.tsx';
import { useDropdown } from './use-dropdown.ts';

/** The header's rules dropdown: one link per document of setup.db.rules. */
export function RulesMenu({ rules }: { rules: Setup['db']['rules'] }) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const dropdown = useDropdown();
  return (
    <div className="dropdown" {...dropdown.rootProps}>
      <button className="dropdown__button" {...dropdown.buttonProps}>
        <span>{t('rules.button')}</span>
        <span className="dropdown__chevron" aria-hidden="true" />
      </button>
      <ul className="dropdown__menu" {...dropdown.menuProps}>
        {rules.map((rule) => (
          <li key={rule.url}>
            <SmartLink href={rule.url} className="dropdown__item">
              {pickLocalized(rule.infname, lang)}
            </SmartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
