import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../contract/lang.ts';
import { LanguageTabs } from '../../components/language-tabs.tsx';

type Props = {
  /** The card's id, for a link to it. */ id?: string;
  idPrefix: string;
  tab: Lang;
  onTab: (lang: Lang) => void;
  flagged: (lang: Lang) => boolean;
  panel: (lang: Lang) => ReactNode;
};

/** A catalog form's card of texts, one tab a language, in the catalog's own words. */
export function TextTabs({ id, ...props }: Props) {
  const { t } = useTranslation('admin-catalog');
  return (
    <fieldset className="admin-card admin-stack" id={id}>
      <legend>{t('form.texts')}</legend>
      <LanguageTabs {...props} label={t('form.languages')} tabLabel={(l) => t(`form.lang.${l}`)} />
    </fieldset>
  );
}
