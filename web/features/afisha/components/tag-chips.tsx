import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AFISHA } from '../../../../contract/afisha-constants.ts';
import type { TagEntry } from '../../../../contract/afisha.ts';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';

/** Tag chips: 20 shown (6 on a phone) and a toggle for the rest; chosen ones always show. */
export function TagChips({
  tags,
  selected,
  lang,
  onToggle,
}: {
  tags: TagEntry[];
  selected: number[];
  lang: Lang;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation('afisha');
  const mobile = useMediaQuery('(max-width: 767px)');
  const [expanded, setExpanded] = useState(false);
  const limit = mobile ? AFISHA.filterTagsMobile : AFISHA.filterTags;
  const shown = expanded ? tags : tags.filter((tag, index) => index < limit || selected.includes(tag.attr_id));
  const hidden = tags.length - shown.length;
  return (
    <div className="afisha-tags" role="group" aria-label={t('tags')}>
      {shown.map((tag) => (
        <button
          key={tag.attr_id}
          type="button"
          className="choice afisha-chip"
          aria-pressed={selected.includes(tag.attr_id)}
          onClick={() => onToggle(tag.attr_id)}
        >
          {pickLocalized(tag.attrname, lang)}
        </button>
      ))}
      {(hidden > 0 || expanded) && tags.length > limit && (
        <button type="button" className="afisha-link-button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? t('tagsLess') : t('tagsMore', { count: hidden })}
        </button>
      )}
    </div>
  );
}
